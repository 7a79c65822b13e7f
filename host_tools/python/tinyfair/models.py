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


def load(path):
    """The model at path (.pb or .json) as an object that decides."""
    return LoadedModel(_core.Model.read(str(path)))


def inspect(path):
    """The model at path as a dict: the JSON `tinyfair inspect` prints."""
    return json.loads(_core.Model.read(str(path)).to_json())
