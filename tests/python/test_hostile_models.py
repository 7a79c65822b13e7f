"""A model from outside reaches the Python package only through the library's
entry check: tinyfair.load (JSON, sealed, signed), Model.from_json and
unpickling (as on a Dask worker) have the runtime judge it first. A model
whose group attribute is past its inputs, or that has no inputs, is refused
with ModelRefused and the runtime's status in a short message, never a crash
of the interpreter; a file without end is refused at the model file's
limit."""
import json
import pickle
import zlib

import pytest

import tinyfair
from conftest import run

# Model.groups (field 8) holding attribute_inputs (field 2, packed) [57]:
# appended to a model's bytes, the protobuf merge adds the attribute 57 to
# the model's own.
ATTRIBUTE_57 = bytes([0x42, 0x03, 0x12, 0x01, 57])


@pytest.fixture(scope="module")
def models(cli, tmp_path_factory):
    """The demo's fair model as JSON (fair.json), sealed (plain.pb) and
    signed (signed.pb)."""
    work = tmp_path_factory.mktemp("hostile_models")
    run([cli, "demo", "--rows", "3000", "--seed", "5", "--out-dir", work])
    run([cli, "train", "--data", work / "train.csv", "--label", "hired", "--sensitive", "group",
         "--out", work / "scorer.json"])
    run([cli, "postprocess", "--model", work / "scorer.json", "--data", work / "fit.csv",
         "--label", "hired", "--gamma", "0.2", "--out", work / "fair.json"])
    run([cli, "export", "--model", work / "fair.json", "--out", work / "plain.pb"])
    run([cli, "keygen", "--out", work / "a.key"])
    run([cli, "export", "--model", work / "plain.pb", "--out", work / "signed.pb", "--sign",
         work / "a.key"])
    return work


def reseal(data):
    """The CRC-32 (bytes 1-4) and FNV-1a 64 content hash (bytes 6-13) of a
    sealed model recomputed over its payload, as the exporter writes them."""
    data = bytearray(data)
    digest = 0xcbf29ce484222325
    for byte in data[14:]:
        digest = ((digest ^ byte) * 0x100000001b3) % (1 << 64)
    data[6:14] = digest.to_bytes(8, "little")
    data[1:5] = zlib.crc32(bytes(data[5:])).to_bytes(4, "little")
    return bytes(data)


def varint(value):
    out = bytearray()
    while True:
        out.append((value & 0x7F) | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def spoilt_json(models, spoil):
    model = json.loads((models / "fair.json").read_text())
    spoil(model)
    return json.dumps(model)


def past_inputs(model):
    model["groups"]["attribute_inputs"] = [57]


def no_inputs(model):
    model["inputs"] = []


def assert_refused(refused, name):
    assert refused.value.status == "invalid_model"
    message = str(refused.value)
    assert message.endswith("the runtime refuses this model: invalid_model"), message
    assert name in message and len(message) < 300, message


@pytest.mark.parametrize("spoil", [past_inputs, no_inputs])
def test_load_refuses_a_spoilt_json_model(models, tmp_path, spoil):
    path = tmp_path / "spoilt.json"
    path.write_text(spoilt_json(models, spoil))
    for read in (tinyfair.load, tinyfair.inspect):
        with pytest.raises(tinyfair.ModelRefused) as refused:
            read(path)
        assert_refused(refused, "spoilt.json")
    with pytest.raises(tinyfair.ModelRefused) as refused:
        tinyfair._core.Model.from_json(spoilt_json(models, spoil), "spoilt text")
    assert_refused(refused, "spoilt text")


def test_load_refuses_a_spoilt_sealed_and_signed_model(models, tmp_path):
    sealed = reseal((models / "plain.pb").read_bytes() + ATTRIBUTE_57)
    (tmp_path / "sealed.pb").write_bytes(sealed)
    # The signed file's layout: 0x0A 0x40 signature, 0x11 key id, 0x1A the
    # model's length and the model (whose signature no longer verifies, which
    # only a key would check).
    signed = (models / "signed.pb").read_bytes()
    assert signed[0] == 0x0A and signed[66] == 0x11 and signed[75] == 0x1A, "signed layout"
    (tmp_path / "signed.pb").write_bytes(signed[:76] + varint(len(sealed)) + sealed)
    for name in ("sealed.pb", "signed.pb"):
        with pytest.raises(tinyfair.ModelRefused) as refused:
            tinyfair.load(tmp_path / name)
        assert_refused(refused, name)
    with pytest.raises(tinyfair.ModelRefused) as refused:
        tinyfair._core.Model.from_sealed(sealed, "sealed bytes")
    assert_refused(refused, "sealed bytes")


class _Spoilt:
    """Pickles as a tinyfair model whose bytes are `state`."""

    def __init__(self, model, state):
        self.model, self.state = model, state

    @property
    def __class__(self):  # what pickle checks the reduction against
        return type(self.model)

    def __reduce_ex__(self, protocol):
        reduced = self.model.__reduce_ex__(protocol)
        return reduced[0], reduced[1], self.state


@pytest.mark.parametrize("form", ["sealed", "unsealed"])
def test_unpickling_refuses_a_spoilt_model(models, form):
    model = tinyfair.load(models / "plain.pb").model_
    assert pickle.loads(pickle.dumps(model)).to_json() == model.to_json()
    state = (models / "plain.pb").read_bytes()
    if form == "sealed":
        state = reseal(state + ATTRIBUTE_57)
    else:
        state = state[5:] + ATTRIBUTE_57  # without the CRC field: a fit's model
    with pytest.raises(tinyfair.ModelRefused) as refused:
        pickle.loads(pickle.dumps(_Spoilt(model, state)))
    assert_refused(refused, "pickled model")
    with pytest.raises(tinyfair.ModelError) as refused:
        pickle.loads(pickle.dumps(_Spoilt(model, b"\xff\xff not a model")))
    assert len(str(refused.value)) < 300


def test_a_file_without_end_is_refused_at_the_model_files_limit():
    for read in (tinyfair.load, tinyfair.codegen):
        with pytest.raises(tinyfair.DataError) as refused:
            read("/dev/zero")
        assert str(refused.value) == ("/dev/zero: larger than a model file can be (67108864 "
                                      "bytes); is it the right file?")
