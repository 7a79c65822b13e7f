"""tinyfair.load(path, public_key=..., minimum_version=...): a model signed
by the key (by `tinyfair export --sign`) loads and decides as the unsigned
model does; another key's signature, an unsigned file (sealed or JSON) and a
lower version are refused with ModelRefused naming the runtime's status, as
`tinyfair inspect --public-key` refuses them."""
import subprocess

import numpy as np
import pytest

import tinyfair
from conftest import run


@pytest.fixture(scope="module")
def models(cli, tmp_path_factory):
    """The demo's model at version 5: unsigned (plain.pb, fair.json), signed
    by key a (signed.pb) and by key b (other.pb); a's public key; test data."""
    work = tmp_path_factory.mktemp("trust")
    run([cli, "demo", "--rows", "6000", "--seed", "7", "--out-dir", work])
    run([cli, "train", "--data", work / "train.csv", "--label", "hired", "--sensitive", "group",
         "--out", work / "scorer.json"])
    run([cli, "postprocess", "--model", work / "scorer.json", "--data", work / "fit.csv",
         "--label", "hired", "--gamma", "0.2", "--out", work / "fair.json"])
    run([cli, "export", "--model", work / "fair.json", "--out", work / "plain.pb",
         "--model-version", "5"])
    for key, name in (("a.key", "signed.pb"), ("b.key", "other.pb")):
        run([cli, "keygen", "--out", work / key])
        run([cli, "export", "--model", work / "plain.pb", "--out", work / name, "--sign",
             work / key])
    return work


def test_a_model_signed_by_the_key_decides_as_the_unsigned_one(models):
    plain = tinyfair.load(models / "plain.pb")
    signed = tinyfair.load(models / "signed.pb", public_key=models / "a.key.pub",
                           minimum_version=5)
    test = tinyfair.read_csv(models / "test.csv").drop(columns="hired")
    expected = plain.predict(test, random_state=3)
    assert len(expected) == len(test) and 0 < np.mean(expected) < 1
    np.testing.assert_array_equal(expected, signed.predict(test, random_state=3))
    assert signed.export() == plain.export() == (models / "plain.pb").read_bytes()
    assert tinyfair.inspect(models / "signed.pb", public_key=str(models / "a.key.pub")) == \
        tinyfair.inspect(models / "plain.pb")
    # Without a key a signed file reads as before; a version alone checks the version.
    assert tinyfair.load(models / "signed.pb").export() == plain.export()
    assert tinyfair.load(models / "plain.pb", minimum_version=5).export() == plain.export()


@pytest.mark.parametrize("name, public_key, minimum_version, status", [
    ("other.pb", "a.key.pub", 0, "bad_signature"),
    ("plain.pb", "a.key.pub", 0, "unsigned_model"),
    ("fair.json", "a.key.pub", 0, "unsigned_model"),
    ("signed.pb", "a.key.pub", 6, "rolled_back"),
    ("plain.pb", None, 6, "rolled_back"),
    ("fair.json", None, 6, "rolled_back"),
])
def test_refusals_name_the_runtime_status_as_the_cli_does(cli, models, name, public_key,
                                                          minimum_version, status):
    key = None if public_key is None else models / public_key
    for read in (tinyfair.load, tinyfair.inspect):
        with pytest.raises(tinyfair.ModelRefused) as refused:
            read(models / name, public_key=key, minimum_version=minimum_version)
        assert refused.value.status == status
        assert f"the runtime refuses this model: {status}" in str(refused.value)
        assert isinstance(refused.value, tinyfair.ModelError)
    flags = ["--minimum-version", str(minimum_version)]
    if key is not None:
        flags += ["--public-key", str(key)]
    result = subprocess.run([str(cli), "inspect", str(models / name), *flags],
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert result.stderr.rstrip().endswith(f"the runtime refuses this model: {status}")


def test_a_bad_public_key_file_is_refused(models, tmp_path):
    short = tmp_path / "short.pub"
    short.write_text((models / "a.key.pub").read_text()[:40] + "\n")
    with pytest.raises(tinyfair.TinyfairError):
        tinyfair.load(models / "signed.pb", public_key=short)
    with pytest.raises(tinyfair.TinyfairError):
        tinyfair.load(models / "signed.pb", public_key=tmp_path / "absent.pub")


@pytest.mark.parametrize("read", [tinyfair.load, tinyfair.inspect])
def test_an_empty_public_key_path_is_an_error_not_no_key(models, read):
    """As `--public-key ""` is in the CLI: an empty path never skips the check."""
    with pytest.raises(ValueError, match="public_key: an empty path"):
        read(models / "signed.pb", public_key="")


def test_a_private_key_file_is_refused_as_public_key(models):
    with pytest.raises(tinyfair.TinyfairError, match="a private key file"):
        tinyfair.load(models / "signed.pb", public_key=models / "a.key")
