"""Models on disk: load, inspect and the firmware header.

``tinyfair.load`` reads a model.pb (verified: CRC, hash, and the runtime's
own checks) or a model JSON and returns an object that decides like any
fitted estimator; ``tinyfair.inspect`` returns the model as a dict (the JSON
``tinyfair inspect`` prints).
"""
import json

from . import _core
from ._deciding import DecidingMixin, codegen  # noqa: F401  (tinyfair.codegen)


class LoadedModel(DecidingMixin):
    """A model read from a file: predict, decision_records, export, codegen."""

    def __init__(self, model, sensitive_features=None):
        self.model_ = model
        self.sensitive_features_ = sensitive_features or group_attributes(model)

    def __repr__(self):
        return f"LoadedModel(id={self.model_.model_id!r}, rule={self.model_.rule!r}, " \
               f"groups={self.model_.group_names})"


def group_attributes(model):
    """The names of the inputs whose categories form the model's groups."""
    description = json.loads(model.to_json())
    inputs = description.get("inputs", [])
    groups = description.get("groups", {})
    return [inputs[i]["name"] for i in groups.get("attribute_inputs", [])]


def _read(path, public_key, minimum_version):
    # An empty path is a mistake, never "no key": the CLI refuses it too.
    if public_key is not None and str(public_key) == "":
        raise ValueError("public_key: an empty path; give the public key file "
                         "(tinyfair keygen's .pub), or None to load without verifying")
    return _core.Model.read(str(path), "" if public_key is None else str(public_key),
                            minimum_version)


def load(path, public_key=None, minimum_version=0):
    """The model at path (.pb or .json) as an object that decides.

    With public_key (a public key file, as `tinyfair keygen` writes it) or
    minimum_version, the model is loaded only as a device holding that key and
    that minimum would load it, as `tinyfair simulate --public-key FILE
    --minimum-version N` does; otherwise ModelRefused is raised, its status
    the runtime's name for the reason (unsigned_model, bad_signature,
    rolled_back)."""
    return LoadedModel(_read(path, public_key, minimum_version))


def inspect(path, public_key=None, minimum_version=0):
    """The model at path as a dict: the JSON `tinyfair inspect` prints
    (public_key and minimum_version as for load)."""
    return json.loads(_read(path, public_key, minimum_version).to_json())
