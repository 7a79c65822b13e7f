"""Models on disk from Python: export, codegen and inspect write what the CLI
writes for the same model; load verifies what it reads."""
import hashlib
import json
import pickle
import subprocess
import zlib

import pytest

import tinyfair
from conftest import run


def sha256(data):
    return hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("options", [
    {},
    {"model_id": "adult-v2", "monitor_alpha": 0.05, "monitor_tolerance": 0.03,
     "monitor_window": 500},
    {"provenance": "names"},
    {"provenance": "none"},
])
def test_export_writes_the_clis_bytes(cli, adult_cli_models, tmp_path, options):
    flags = {"model_id": "--id", "monitor_alpha": "--monitor-alpha",
             "monitor_tolerance": "--monitor-tolerance", "monitor_window": "--monitor-window",
             "provenance": "--provenance"}
    args = [a for key, value in options.items() for a in (flags[key], value)]
    run([cli, "export", "--model", adult_cli_models["fair.json"], "--out", tmp_path / "cli.pb",
         *args])
    model = tinyfair.load(adult_cli_models["fair.json"])
    written = model.export(tmp_path / "python.pb", **options)
    assert sha256(written) == sha256((tmp_path / "cli.pb").read_bytes())
    assert (tmp_path / "python.pb").read_bytes() == written


def test_the_fit_decides_the_provenance_and_export_keeps_it(adult_cli_models, fit_frame):
    folder = str(adult_cli_models["fair.json"].parent)
    fair = tinyfair.load(adult_cli_models["fair.json"])
    # The CLI's fits recorded base names (the default), and export kept them.
    assert folder not in adult_cli_models["fair.json"].read_text()
    assert fair.export() == adult_cli_models["model.pb"].read_bytes()
    X, y = fit_frame.drop(columns="Y"), fit_frame["Y"]

    def provenance(**detail):
        fitted = tinyfair.LogisticRegression(verbose=False).fit(
            X, y, sensitive_features="sex", pos_label=">50K", **detail)
        return json.loads(fitted.model_.to_json()).get("provenance", "")

    names = provenance()
    assert '"fit.csv" sha256 ' in names and folder not in names
    assert names == provenance(provenance="names")
    assert f'"{folder}/fit.csv" sha256 ' in provenance(provenance="full")
    assert provenance(provenance="none") == ""
    with pytest.raises(ValueError, match="none of names, full, none"):
        provenance(provenance="paths")
    with pytest.raises(ValueError, match="'full' is chosen when fitting"):
        fair.export(provenance="full")


@pytest.mark.parametrize("language,tables", [("c++", False), ("c", False), ("c++", True),
                                             ("c", True)])
def test_codegen_writes_the_clis_header(cli, adult_cli_models, tmp_path, language, tables):
    args = ["--language", language] + (["--tables"] if tables else [])
    run([cli, "codegen", "--model", adult_cli_models["model.pb"], "--name", "AdultModel",
         "--out", tmp_path / "cli.h", *args])
    header = tinyfair.codegen(adult_cli_models["model.pb"], tmp_path / "python.h",
                              name="AdultModel", language=language, tables=tables)
    assert header == (tmp_path / "cli.h").read_text()
    assert (tmp_path / "python.h").read_text() == header


def test_codegen_never_writes_over_its_model(adult_cli_models, tmp_path):
    model = tmp_path / "model.pb"
    model.write_bytes(adult_cli_models["model.pb"].read_bytes())
    (tmp_path / "link.pb").symlink_to(model)
    for path in (model, tmp_path / "." / "model.pb", tmp_path / "link.pb"):
        with pytest.raises(tinyfair.DataError, match="same file as the input model"):
            tinyfair.codegen(model, path)
    assert model.read_bytes() == adult_cli_models["model.pb"].read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pb", "model.pb"]


def test_inspect_is_the_clis_json(cli, adult_cli_models):
    printed = run([cli, "inspect", adult_cli_models["model.pb"]]).stdout
    assert tinyfair.inspect(adult_cli_models["model.pb"]) == json.loads(printed)


def test_load_refuses_a_corrupt_model(adult_cli_models, tmp_path):
    sealed = adult_cli_models["model.pb"].read_bytes()
    # The stored CRC (bytes 1-4, after the field tag) no longer matches.
    wrong_crc = bytearray(sealed)
    wrong_crc[1] ^= 0x01
    (tmp_path / "crc.pb").write_bytes(bytes(wrong_crc))
    with pytest.raises(tinyfair.ModelError, match="CRC|crc"):
        tinyfair.load(tmp_path / "crc.pb")
    # Every single-bit flip in the payload is refused (by the CRC, or by the
    # parse when the flip breaks the encoding first), never loaded.
    for position in range(5, len(sealed), max(1, len(sealed) // 64)):
        flipped = bytearray(sealed)
        flipped[position] ^= 0x10
        (tmp_path / "bad.pb").write_bytes(bytes(flipped))
        with pytest.raises(tinyfair.ModelError):
            tinyfair.load(tmp_path / "bad.pb")
    assert issubclass(tinyfair.ModelError, ValueError)


def reseal(data):
    """Writes FNV-1a 64 of the payload after the hash field (bytes 6-13) and
    the CRC-32 of every byte after the CRC field (bytes 1-4), as the exporter
    does: the header's first fields are the CRC (5 bytes) and the hash (9)."""
    digest = 0xcbf29ce484222325
    for byte in data[14:]:
        digest = ((digest ^ byte) * 0x100000001b3) % (1 << 64)
    data[6:14] = digest.to_bytes(8, "little")
    data[1:5] = zlib.crc32(bytes(data[5:])).to_bytes(4, "little")
    return bytes(data)


def test_every_reader_refuses_what_the_device_refuses(cli, adult_cli_models, tmp_path):
    sealed = bytearray(adult_cli_models["model.pb"].read_bytes())
    assert sealed[0] == 0x0D and sealed[5] == 0x11 and sealed[14] == 0x18, "header layout"
    assert tinyfair.load(adult_cli_models["model.pb"]) is not None
    # schema_major 2, sealed with a correct CRC and hash: the device refuses it.
    sealed[15] = 2
    (tmp_path / "schema2.pb").write_bytes(reseal(sealed))
    with pytest.raises(tinyfair.ModelError, match="the runtime refuses this model: "
                                                   "unsupported_version"):
        tinyfair.load(tmp_path / "schema2.pb")
    for command in (["inspect", tmp_path / "schema2.pb"],
                    ["codegen", "--model", tmp_path / "schema2.pb", "--out", tmp_path / "m.h"],
                    ["codegen", "--model", tmp_path / "schema2.pb", "--tables",
                     "--out", tmp_path / "m.h"],
                    ["export", "--model", tmp_path / "schema2.pb", "--out", tmp_path / "m.pb"]):
        result = subprocess.run([str(a) for a in [cli, *command]], capture_output=True, text=True)
        assert result.returncode != 0, command
        assert "the runtime refuses this model: unsupported_version" in result.stderr, command
    assert not (tmp_path / "m.h").exists() and not (tmp_path / "m.pb").exists()
    # The same model as JSON is sealed as it states itself, not as schema 1.
    model = json.loads(run([cli, "inspect", adult_cli_models["model.pb"]]).stdout)
    model["schema_major"] = 2
    model.pop("crc32", None)
    (tmp_path / "schema2.json").write_text(json.dumps(model))
    result = subprocess.run([str(cli), "export", "--model", str(tmp_path / "schema2.json"),
                             "--out", str(tmp_path / "m.pb")], capture_output=True, text=True)
    assert result.returncode != 0
    assert "unsupported_version" in result.stderr


def test_export_writes_a_sealed_model_unchanged(cli, adult_cli_models, tmp_path):
    sealed = adult_cli_models["model.pb"].read_bytes()
    run([cli, "export", "--model", adult_cli_models["model.pb"], "--out", tmp_path / "same.pb"])
    assert (tmp_path / "same.pb").read_bytes() == sealed
    assert tinyfair.load(adult_cli_models["model.pb"]).export() == sealed
    result = subprocess.run([str(cli), "export", "--model", str(adult_cli_models["model.pb"]),
                             "--out", str(tmp_path / "other.pb"), "--id", "other"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "sealed" in result.stderr
    assert not (tmp_path / "other.pb").exists()


def test_a_loaded_model_pickles_and_decides_the_same(adult_parts, adult_cli_models):
    model = tinyfair.load(adult_cli_models["model.pb"])
    copy = pickle.loads(pickle.dumps(model))
    test = tinyfair.read_csv(adult_parts["test"])
    assert copy.export() == model.export()
    assert copy.decision_records(test, random_state=3).equals(
        model.decision_records(test, random_state=3))
