"""tinyfair: fair, randomized, auditable decisions on microcontrollers.

Fit a model under a fairness constraint (or make an existing scikit-learn
model fair), check it, and export the sealed model.pb the device loads. Every
decision made here is made by the device's own runtime code through the same
PRNG, so a seed gives the same decisions as ``tinyfair simulate`` and the
device. See docs/python.md.
"""
from . import _core
from ._short_errors import shorten_type_errors

__version__ = _core.__version__  # the project's version, as CMake's project() gives it

shorten_type_errors(_core)  # before any module binds a name of it

from . import _frames, metrics, noisy_groups, plots, postprocessing, preprocessing, reductions  # noqa: F401
from ._core import DataError, FitNotAccepted, ModelError, ModelRefused, TinyfairError
from ._frames import read_csv
from ._commands import export, monitor_report, parity, sweep  # noqa: F401
from ._logistic_models import FairRobustLogLoss, LogisticRegression
from .models import LoadedModel, codegen, group_attributes, inspect, load
from .sklearn_import import ConversionError, model_from_sklearn, model_json_from_sklearn  # noqa: F401


def from_sklearn(pipeline, sensitive_features, X=None, model_id="sklearn"):
    """A fitted scikit-learn linear pipeline as a tinyfair model that decides
    (and that every post-processor takes as its estimator): the device
    computes the pipeline's score (see sklearn_import). sensitive_features:
    the column name(s) forming the groups; X: data holding them when the
    pipeline does not encode them. Raises ConversionError naming the step it
    cannot convert."""
    names = [sensitive_features] if isinstance(sensitive_features, str) else sensitive_features
    X = None if X is None else _frames.as_frame(X)  # an array's columns named x0, x1, ...
    return LoadedModel(model_from_sklearn(pipeline, names, X=X, model_id=model_id), list(names))


__all__ = ["ConversionError", "DataError", "FairRobustLogLoss", "FitNotAccepted", "LoadedModel",
           "LogisticRegression", "ModelError", "ModelRefused", "TinyfairError", "codegen",
           "from_sklearn", "group_attributes", "inspect", "load", "metrics", "noisy_groups", "plots",
           "postprocessing", "preprocessing", "read_csv", "reductions"]
