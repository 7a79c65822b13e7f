"""Debias the training data before any model sees it: `tinyfair debias-data`
from Python.

MaxEntDebiaser learns the maximum-entropy distribution closest to the data
that meets representation and statistical-rate targets (Celis, Keswani,
Vishnoi, ICML 2020) with the library's own fit, then samples synthetic rows
from it, the same rows the CLI writes for the same seed. Defaults are the
library's (read from it at import).
"""
import json
import numbers

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.utils.validation import check_is_fitted

from . import _core, _frames
from ._parameter_checks import check_flag, check_real, check_text, check_whole
from ._python_terms import python_terms
from ._training import emit_notes

_DEFAULTS = _core.DebiasOptions()


def _bin_specs(bins):
    """--bins' specs ("column=e1,e2,...") from a dict {column: edges} or
    from the specs themselves."""
    if bins is None:
        return []
    if isinstance(bins, dict):
        return [f"{column}=" + ",".join(repr(float(edge)) for edge in edges)
                for column, edges in bins.items()]
    if isinstance(bins, str):
        return [bins]
    return [str(spec) for spec in bins]


def _names(columns, what):
    """A list of column names from one name or several."""
    if columns is None:
        return []
    if isinstance(columns, str):
        return [columns]
    names = list(columns)
    if not all(isinstance(name, str) for name in names):
        raise _core.TinyfairError(f"{what}: expected column names, got {names!r}")
    return names


def _typed_column(cells):
    """A synthetic column as the CLI's CSV reads back: float64 when every
    cell is a number (ordinal columns, the 0/1 label), else its text."""
    try:
        return np.array([float(cell) for cell in cells], dtype=np.float64)
    except ValueError:
        return list(cells)


class MaxEntDebiaser(BaseEstimator):
    """Maximum-entropy debiasing (Celis, Keswani, Vishnoi 2020): a synthetic
    training set drawn from the distribution of maximum entropy, relative to
    a prior mixing the uniform distribution (weight prior_weight) with the
    data (prior "w": reweighted to statistical rate tau; "d": as it is),
    whose marginals meet the targets theta ("w": the reweighted data's
    means, "b": the data's with the protected groups balanced, "d": the
    data's, "prior": the prior's own). The domain is the label, the one
    binary sensitive feature and the columns named in categorical, bins
    ({column: edges} or "column=e1,e2,...") and ordinal; other columns are
    left out. n_rows (None: as many as the data) and random_state are the
    sample fit reports on and sample draws by default. A fitted debiaser
    does not pickle (the library's fit has no serialisation): keep its
    samples, or fit again. `tinyfair debias-data`."""

    def __init__(self, *, tau=_DEFAULTS.tau, prior_weight=_DEFAULTS.prior_weight,
                 prior=_DEFAULTS.prior, theta=_DEFAULTS.theta, categorical=(), bins=None,
                 ordinal=(), protected_zero=None, solver=_DEFAULTS.solver,
                 sampler=_DEFAULTS.sampler, gradient_tolerance=_DEFAULTS.gradient_tolerance,
                 max_iter=_DEFAULTS.max_iterations, n_rows=None, random_state=_DEFAULTS.seed,
                 strict=_DEFAULTS.strict):
        self.tau = tau
        self.prior_weight = prior_weight
        self.prior = prior
        self.theta = theta
        self.categorical = categorical
        self.bins = bins
        self.ordinal = ordinal
        self.protected_zero = protected_zero
        self.solver = solver
        self.sampler = sampler
        self.gradient_tolerance = gradient_tolerance
        self.max_iter = max_iter
        self.n_rows = n_rows
        self.random_state = random_state
        self.strict = strict

    def _options(self, X, sensitive, label, pos_label):
        options = _core.DebiasOptions()
        options.data = _frames.data_name(X)
        options.label.label = label
        options.label.positive = _frames.positive_values(pos_label)
        options.protected_attribute = sensitive
        options.protected_zero = "" if self.protected_zero is None else str(self.protected_zero)
        options.categorical = _names(self.categorical, "categorical")
        options.bins = _bin_specs(self.bins)
        options.ordinal = _names(self.ordinal, "ordinal")
        options.tau = check_real("tau", self.tau)
        options.prior_weight = check_real("prior_weight", self.prior_weight)
        options.prior, options.theta = check_text("prior", self.prior), check_text("theta",
                                                                                   self.theta)
        options.solver = check_text("solver", self.solver)
        options.sampler = check_text("sampler", self.sampler)
        options.gradient_tolerance = check_real("gradient_tolerance", self.gradient_tolerance)
        options.max_iterations = check_whole("max_iter", self.max_iter, 0, 2**31 - 1)
        options.strict = check_flag("strict", self.strict)
        return options

    def fit(self, X, y, *, sensitive_features, pos_label=None):
        """Learns the distribution from X's rows, labels y and the binary
        protected attribute sensitive_features (a column name of X, or its
        values); pos_label: the label value(s) meaning positive (None: y is
        0/1). Reports on a sample of n_rows drawn with random_state
        (report_, params_: the CLI's --report-out and --params-out). Returns
        self."""
        if self.n_rows is not None:
            check_whole("n_rows", self.n_rows, 0, 2**63 - 1)
        _frames.seed_of(self.random_state)  # refused here rather than after the fit
        frame, sensitive = _frames.with_sensitive(X, sensitive_features)
        if len(sensitive) != 1:
            raise _core.TinyfairError(f"sensitive_features: one binary column, got {sensitive}")
        _frames.require_rows(frame)
        frame, label = _frames.with_label(frame, y)
        options = self._options(X, sensitive[0], label, pos_label)
        name = _frames.data_name(X)
        with python_terms({name: frame.index}):
            fitted, notes = _core.maxent_fit(options, name, _frames.table_columns(frame))
        emit_notes(notes)
        self.maxent_ = fitted
        self.sensitive_features_ = sensitive[0]
        self.label_ = label
        self.n_features_in_ = _frames.as_frame(X).shape[1]
        columns, report, params = self._draw(None, None)
        self._fit_sample = columns
        self.report_ = json.loads(report)
        self.params_ = json.loads(params)
        return self

    def _draw(self, n_rows, random_state):
        rows = self.n_rows if n_rows is None else n_rows
        rows = 0 if rows is None else rows
        if not isinstance(rows, (numbers.Integral, np.integer)) or isinstance(rows, bool) \
                or rows < 0:
            raise _core.TinyfairError(f"n_rows: a positive integer or None, got {rows!r}")
        state = self.random_state if random_state is None else random_state
        return _core.maxent_sample(self.maxent_, int(rows), _frames.seed_of(state))

    @staticmethod
    def _frame(columns):
        return pd.DataFrame({name: _typed_column(cells) for name, cells in columns})

    def sample(self, n_rows=None, random_state=None):
        """Synthetic rows drawn from the fitted distribution as a DataFrame:
        the domain's columns in X's order and the label, each cell as the
        CLI writes it (bins as their intervals, the label 0/1), numeric
        columns as float64. n_rows, random_state: None for the estimator's."""
        check_is_fitted(self, "maxent_")
        columns, _, _ = self._draw(n_rows, random_state)
        return self._frame(columns)

    def fit_sample(self, X, y, *, sensitive_features, pos_label=None):
        """fit, then the sample report_ describes (n_rows rows drawn with
        random_state)."""
        self.fit(X, y, sensitive_features=sensitive_features, pos_label=pos_label)
        return self._frame(self._fit_sample)
