"""The base of the estimators over `tinyfair train`'s methods.

Each estimator (LogisticRegression, FairRobustLogLoss, ExponentiatedGradient,
FairRegression, NoisyGroupsClassifier) is a class written out with its
parameters; its defaults are read from the library's option binding when the
package is imported (COMMON_DEFAULTS, TrainMethod.defaults), so that each
default is written once, in C++. fit runs the library's Train on the table X,
y and the sensitive features make, exactly as the CLI trains on a CSV, and
the fitted model decides through the runtime (DecidingMixin).
"""
from typing import Any, Optional

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.utils.metaestimators import available_if

from . import _core, _frames
from ._deciding import DecidingMixin, raise_refused
from ._notes import emit_notes
from ._progress import fit_progress
from ._parameter_checks import (MAX_COUNT, check_choice, check_flag, check_names, check_text,
                                check_whole)
from ._python_terms import python_terms
from ._types import ArrayLike, SensitiveFeatures

# The options every estimator exposes: parameter -> the library's option
# (fit::BindSharedTrainOptions; the TrainOptions field is its name with
# underscores). Their defaults and help are the library's.
COMMON_OPTIONS = {
    "l2": "l2",
    "max_iter": "iterations",
    "min_category_count": "min-category-count",
    "use_sensitive": "use-sensitive",
    "unknown_group": "unknown-group",
    "categorical": "categorical",
    "numeric": "numeric",
    "model_id": "id",
    "strict": "strict",
}


def _text(value):
    """A parameter as the library's option text."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_text(v) for v in value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _default(option):
    """An option's default as a Python value, from the library's text."""
    text, kind = option["default"], option["kind"]
    if kind == "flag":
        return text == "true"
    if kind == "number":
        return float(text)
    if kind in ("integer", "count"):
        return int(text)
    if kind == "numbers":
        return tuple(float(v) for v in text.split(",") if v)
    if kind == "texts":
        return tuple(v for v in text.split(",") if v)
    return text


def parameter_name(option_name):
    return option_name.replace("-", "_")


def _field(option_name):
    return option_name.replace("-", "_")


def _common_defaults():
    """The shared parameters' defaults, as the library binds them."""
    described = {o["name"]: o for o in _core.shared_train_options()}
    defaults = {parameter: _default(described[name]) for parameter, name in COMMON_OPTIONS.items()}
    defaults["model_id"] = None  # the method's name, as train gives it
    defaults["verbose"] = True  # the package's own: a progress bar where someone watches
    return defaults


COMMON_DEFAULTS = _common_defaults()

# What a fitted model records of the data file X was read from (its base
# name and content hash by default), as the fits' --provenance; a frame not
# read from a file is recorded by its name alone ("DataFrame").
PROVENANCE_DEFAULT = _core.TrainOptions().provenance


class TrainMethod:
    """One train method of the library (or several a `method` parameter
    chooses among) as its estimator sees it: names, the constraints it
    takes (the first is the default), and its own options' library names
    and defaults by parameter name."""

    def __init__(self, *names):
        described = {m["name"]: m for m in _core.train_methods()}
        self.names = names
        self.constraints = tuple(described[names[0]]["constraints"])
        options = {parameter_name(o["name"]): o for name in names
                   for o in described[name]["options"]}
        self.option_names = {parameter: o["name"] for parameter, o in options.items()}
        self.defaults = {parameter: _default(o) for parameter, o in options.items()}


class TrainedEstimator(DecidingMixin, BaseEstimator):
    """fit for every train method; a subclass sets _train_method and
    writes its parameters out in __init__."""

    _train_method = None  # TrainMethod

    def _train_options(self, X, sensitive, label, pos_label):
        options = _core.TrainOptions()
        options.data = _frames.data_name(X)
        options.method = self._chosen_method()
        options.constraint = getattr(self, "constraint", "") or ""
        options.label.label = label
        options.label.positive = _frames.positive_values(pos_label)
        options.sensitive = sensitive
        for parameter, name in COMMON_OPTIONS.items():
            value = getattr(self, parameter)
            if value is None:
                continue
            if parameter in ("categorical", "numeric"):
                value = check_names(parameter, value)
            setattr(options, _field(name), list(value) if isinstance(value, tuple) else value)
        return options

    def _check_parameters(self):
        """The common parameters as the options take them; the library
        checks the ranges of its own (l2 and each method's options)."""
        check_whole("max_iter", self.max_iter, 0, 2**31 - 1)
        check_whole("min_category_count", self.min_category_count, 0, MAX_COUNT)
        check_flag("use_sensitive", self.use_sensitive)
        check_flag("strict", self.strict)
        check_flag("verbose", self.verbose)
        check_text("unknown_group", self.unknown_group)
        check_names("categorical", self.categorical)
        check_names("numeric", self.numeric)
        if self.model_id is not None:
            check_text("model_id", self.model_id)
        check_choice("method", self._chosen_method(), self._train_method.names)
        if self._train_method.constraints:
            check_choice("constraint", getattr(self, "constraint", None),
                         self._train_method.constraints)

    def _chosen_method(self):
        return getattr(self, "method", self._train_method.names[0])

    def fit(self, X: ArrayLike, y: ArrayLike, *,
            sensitive_features: Optional[SensitiveFeatures] = None, pos_label: Any = None,
            sample_weight: Optional[ArrayLike] = None,
            provenance: str = PROVENANCE_DEFAULT) -> "TrainedEstimator":
        """Fits on X (DataFrame or array), labels y and the groups of
        sensitive_features (column name(s) of X, or values; default: the
        sensitive_features given at construction); pos_label: the label
        value(s) meaning positive (default: y is 0/1). sample_weight: each
        row's weight in the fit (finite, >= 0, a positive sum), as ``train
        --weight-column``; the methods that take none refuse it. The
        reference rates stay the rates of the rows as decided, unweighted.
        provenance: what the
        model records of the file X was read from (tinyfair.read_csv):
        "names" (its base name and content hash), "full" (the path as
        given) or "none", as ``train --provenance``. Returns self."""
        self._check_parameters()
        sensitive_features = _frames.sensitive_features_for_fit(sensitive_features,
                                                                self.sensitive_features)
        frame, sensitive = _frames.with_sensitive(X, sensitive_features)
        _frames.require_rows(frame)
        frame, label = _frames.with_label(frame, y)
        frame, weight_column = _frames.with_row_weights(frame, sample_weight)
        options = self._train_options(X, sensitive, label, pos_label)
        options.weight_column = weight_column
        options.provenance = check_text("provenance", provenance)
        # Only what differs from the library's default, which it sets itself.
        method = self._train_method
        own = [(name, _text(getattr(self, p))) for p, name in method.option_names.items()
               if getattr(self, p) != method.defaults[p]]
        name = _frames.data_name(X)
        with python_terms({name: frame.index}), \
                fit_progress(self.verbose, type(self).__name__) as progress:
            model, notes = _core.train(options, own, name, _frames.table_columns(frame), progress)
        emit_notes(notes)
        self.model_ = model
        self.sensitive_features_ = sensitive
        self.feature_names_in_ = np.asarray([str(c) for c in _frames.as_frame(X).columns],
                                            dtype=object)
        self.n_features_in_ = len(self.feature_names_in_)
        if self._estimator_type == "classifier":
            self._set_classes(y, pos_label)
        return self

    def _is_scorer(self):
        return self._train_method.names == ("logistic",)

    @available_if(_is_scorer)
    def decision_function(self, X: ArrayLike, *,
                          sensitive_features: Optional[SensitiveFeatures] = None) -> np.ndarray:
        """Each row's score as the device's scorer computes it (the
        probability p of the logistic link; positive iff p >= 0.5)."""
        records = self._decide(X, sensitive_features, 0, 0)
        raise_refused(records, _frames.data_name(X))
        return records["score"].astype(np.float64)


def refuse_sample_weight(estimator, sample_weight):
    """Row weights: no fit of the library takes them, so they are refused
    rather than ignored."""
    if sample_weight is not None:
        raise _core.TinyfairError(
            f"sample_weight: {type(estimator).__name__}'s fit takes no row weights (the "
            "library fits every row with weight 1); leave it None")
