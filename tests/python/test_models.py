"""Models on disk from Python: export, codegen and inspect write what the CLI
writes for the same model; load verifies what it reads."""
import hashlib
import json
import pickle

import pytest

import tinyfair
from conftest import run


def sha256(data):
    return hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("options", [
    {},
    {"model_id": "adult-v2", "monitor_alpha": 0.05, "monitor_tolerance": 0.03,
     "monitor_window": 500},
])
def test_export_writes_the_clis_bytes(cli, adult_cli_models, tmp_path, options):
    flags = {"model_id": "--id", "monitor_alpha": "--monitor-alpha",
             "monitor_tolerance": "--monitor-tolerance", "monitor_window": "--monitor-window"}
    args = [a for key, value in options.items() for a in (flags[key], value)]
    run([cli, "export", "--model", adult_cli_models["fair.json"], "--out", tmp_path / "cli.pb",
         *args])
    model = tinyfair.load(adult_cli_models["fair.json"])
    written = model.export(tmp_path / "python.pb", **options)
    assert sha256(written) == sha256((tmp_path / "cli.pb").read_bytes())
    assert (tmp_path / "python.pb").read_bytes() == written


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


def test_a_loaded_model_pickles_and_decides_the_same(adult_parts, adult_cli_models):
    model = tinyfair.load(adult_cli_models["model.pb"])
    copy = pickle.loads(pickle.dumps(model))
    test = tinyfair.read_csv(adult_parts["test"])
    assert copy.export() == model.export()
    assert copy.decision_records(test, random_state=3).equals(
        model.decision_records(test, random_state=3))
