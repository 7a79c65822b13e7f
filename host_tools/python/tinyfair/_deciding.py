"""Decisions by the device's own runtime for every fitted tinyfair estimator.

A fitted estimator holds its model as ``model_`` (the library's message);
predict and the others pass the rows to the runtime code the device runs,
drawing from PCG32(seed, stream) in row order as ``tinyfair simulate --seed
S --stream T`` does, so equal seeds give equal decisions on the host, in the
CLI and on the device.
"""
from typing import Optional

import numpy as np
import pandas as pd
from sklearn.exceptions import NotFittedError
from sklearn.utils.metaestimators import available_if

from . import _core, _frames
from ._notes import emit_notes
from ._python_terms import python_message, python_terms
from ._types import ArrayLike, PathLike, RandomState, SensitiveFeatures


def _distinct_sorted(values):
    """np.unique(values); for a column of str (no None or NaN) from the
    distinct str the core finds in one pass, rather than a sort of every
    row."""
    if values.dtype == object and values.ndim == 1:
        coded = _core.code_strings(values)
        if coded is not None and not (coded[0] == -1).any():
            return np.unique(np.array(coded[1], dtype=object))
    return np.unique(values)


def _classifies(estimator):
    return getattr(estimator, "_estimator_type", "classifier") != "regressor"


class DecidingMixin:
    """predict, predict_proba, decision_probability, decision_records,
    export and codegen."""

    def _set_classes(self, y, pos_label):
        """classes_, and which of them a positive decision is: [0, 1] for a
        0/1 label (or several positive values); y's two values, sorted, when
        pos_label names one of them, so that predict returns y's values."""
        self.classes_, self._positive_index = np.array([0, 1]), 1
        if pos_label is None or isinstance(pos_label, (list, tuple)):
            return
        try:
            values = _distinct_sorted(np.asarray(y))
        except TypeError:  # values of mixed types: no order
            return
        if len(values) == 2 and pos_label in values.tolist():
            self.classes_ = values
            self._positive_index = values.tolist().index(pos_label)

    def _as_classes(self, positive):
        """0/1 decisions as classes_ values."""
        classes = getattr(self, "classes_", None)
        index = getattr(self, "_positive_index", 1)
        if classes is None or (index == 1 and classes.tolist() == [0, 1]):
            return positive
        return classes[np.where(positive == 1, index, 1 - index)]

    def _decide(self, X, sensitive_features, random_state, stream, records=False):
        """The runtime's decisions on X's rows: with records, every record,
        the log and the vectors file (_core.decide); without, only the arrays
        (_core.decide_columns), so that predict builds no log."""
        model = self._fitted_model()
        if sensitive_features is None:
            sensitive_features = getattr(self, "sensitive_features_", None)
        frame, _ = _frames.with_sensitive(X, sensitive_features)
        name = _frames.data_name(X)
        decide = _core.decide if records else _core.decide_columns
        extra = {"vectors": True} if records else {}
        with python_terms({name: frame.index}):
            decided = decide(model, name, _frames.table_columns(frame),
                             seed=_frames.seed_of(random_state), stream=stream, **extra)
        decided["rows"] = frame.index
        return decided

    def _fitted_model(self):
        model = getattr(self, "model_", None)
        if model is None:
            raise _NotFitted(f"this {type(self).__name__} is not fitted yet: call fit first")
        return model

    def predict(self, X: ArrayLike, *, sensitive_features: Optional[SensitiveFeatures] = None,
                random_state: RandomState = None, stream: int = 0) -> np.ndarray:
        """The randomized decisions (0/1) the device makes for X's rows (for
        a regression model, the output of the member the draw chose).

        sensitive_features: as at fit (default: the columns named at fit,
        read from X). random_state: the PCG32 seed (int), a numpy generator
        to draw it from, or None for a fresh one. A row the runtime refuses
        raises, naming it; decision_records shows each row's status instead.
        """
        records = self._decide(X, sensitive_features, random_state, stream)
        raise_refused(records, _frames.data_name(X))
        if self._fitted_model().rule == "regression":
            return records["value"].astype(np.float64)  # the output of the sampled member
        return self._as_classes(records["positive"].astype(np.int64))

    @available_if(_classifies)
    def predict_proba(self, X: ArrayLike, *,
                      sensitive_features: Optional[SensitiveFeatures] = None) -> np.ndarray:
        """Per row, the probability of each of classes_: the decision
        probability the device computes (its draw decides positive with
        it), so that the two columns sum to 1."""
        positive = self.decision_probability(X, sensitive_features=sensitive_features)
        index = getattr(self, "_positive_index", 1)
        columns = [1.0 - positive, positive] if index == 1 else [positive, 1.0 - positive]
        return np.column_stack(columns)

    def decision_probability(self, X: ArrayLike, *,
                             sensitive_features: Optional[SensitiveFeatures] = None) -> np.ndarray:
        """Each row's probability of a positive decision, as the device computes it."""
        records = self._decide(X, sensitive_features, 0, 0)
        raise_refused(records, _frames.data_name(X))
        return records["probability"].astype(np.float64)

    def decision_records(self, X: ArrayLike, *,
                         sensitive_features: Optional[SensitiveFeatures] = None,
                         random_state: RandomState = None, stream: int = 0) -> pd.DataFrame:
        """The device's decision record of every row, as a DataFrame: status,
        group, group name, score, probability, draw (32 bits), positive; the
        frame's attrs hold the model hash, the log `tinyfair simulate` writes
        for the same seed ("log") and the vectors file `simulate --vectors`
        writes, for the device to decide the same rows ("vectors")."""
        records = self._decide(X, sensitive_features, random_state, stream, records=True)
        emit_notes(records["notes"])
        frame = records_frame(self._fitted_model(), records)
        # The first 16 hex digits of the SHA-256 of the sealed model the runtime loaded.
        frame.attrs["model_hash"] = f"{records['model_hash']:016x}"
        frame.attrs["log"] = records["log"]
        frame.attrs["vectors"] = records["vectors"]
        return frame

    def export(self, path: PathLike = None, *, model_id: Optional[str] = None,
               monitor_alpha: Optional[float] = None, monitor_tolerance: Optional[float] = None,
               monitor_window: Optional[int] = None,
               provenance: Optional[str] = None) -> bytes:
        """The sealed model.pb `tinyfair export` writes (bytes; also written to path).

        provenance: None keeps what the fit recorded (its provenance=), so
        that the file decides with this estimator's model hash; "names" or
        "none" record less, as `tinyfair export --provenance`."""
        settings = _core.ExportSettings()
        settings.model_id = model_id or ""
        settings.monitor_alpha = monitor_alpha
        settings.monitor_tolerance = monitor_tolerance
        settings.monitor_window = monitor_window
        settings.provenance = provenance
        return self._fitted_model().export("" if path is None else str(path), settings)

    def codegen(self, path: PathLike = None, *, name: str = "Model", language: str = "c++",
                tables: bool = False, source: str = "model.pb") -> str:
        """The firmware header `tinyfair codegen` writes for the exported model."""
        return codegen(self.export(), path, name=name, language=language, tables=tables,
                       source=source)


def records_frame(model, records, index=None):
    """The runtime's records (_core.decide) as a DataFrame: status, group,
    group name, score, probability, draw, positive; the member for a mixture,
    the value for a regression."""
    names = model.group_names
    frame = pd.DataFrame({
        "status": records["status"],
        "group": records["group"],
        "group_name": [names[g] if s == "ok" else "" for g, s in
                       zip(records["group"], records["status"])],
        "score": records["score"],
        "probability": records["probability"],
        "draw": records["draw"],
        "positive": records["positive"],
    }, index=index)
    if model.rule == "mixture":
        frame["member"] = records["member"]
    if model.rule == "regression":
        frame["value"] = records["value"]
    return frame


class _NotFitted(_core.TinyfairError, NotFittedError):
    """Raised by a method that needs a fitted model: scikit-learn's NotFittedError."""


def raise_refused(records, name):
    refused = records["refused"]
    if refused:
        located = python_message(refused, {name: records["rows"]})
        raise _core.DataError(f"{located} (decision_records gives each row's status)")


def codegen(model, path=None, *, name="Model", language="c++", tables=False, source="model.pb"):
    """The header for firmware from a sealed model (bytes, a path, or a fitted
    estimator), as `tinyfair codegen` writes it; written to path when given."""
    model_path = ""
    request = _core.HeaderRequest()
    request.name, request.language, request.tables = name, language, tables
    if hasattr(model, "export"):
        request.source = source
        header = _core.Model.header(model.export(), request)
    elif isinstance(model, (bytes, bytearray)):
        request.source = source
        header = _core.Model.header(bytes(model), request)
    else:
        # Read by the library, with the model file's size limit.
        model_path = str(model)
        request.source = model_path.replace("\\", "/").rsplit("/", 1)[-1]
        header = _core.Model.header_of_file(model_path, request)
    if path is not None:
        _core.write_output(str(path), header, model_path)
    return header
