"""Make a scorer's decisions fair without retraining it: `tinyfair
postprocess` from Python.

The scorer is a fitted tinyfair estimator or loaded model, a fitted
scikit-learn linear pipeline (converted by tinyfair.from_sklearn, so the
device computes its scores), or none: then fit takes the scores of any
model. The rule is fitted on the scores the device itself computes, by the
library's Postprocess, so the model equals the CLI's for the same data.
Defaults are the library's (read from it at import).
"""
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.exceptions import NotFittedError
from sklearn.utils.validation import check_is_fitted

from . import _core, _frames
from ._deciding import DecidingMixin
from ._parameter_checks import (MAX_COUNT, MAX_SEED, check_choice, check_flag, check_names,
                                check_real, check_reals, check_text, check_whole)
from ._python_terms import python_terms
from ._progress import fit_progress
from ._training import COMMON_DEFAULTS, emit_notes, refuse_sample_weight
from .models import group_attributes
from .sklearn_import import model_from_sklearn

_DEFAULTS = _core.PostprocessOptions()


def _scorer_model(estimator, sensitive, X):
    """The scorer as a library model: a tinyfair one as it is, a
    scikit-learn one converted; None without an estimator."""
    if estimator is None:
        return None
    model = getattr(estimator, "model_", None)
    if model is not None:
        return model
    return model_from_sklearn(estimator, sensitive, X=_frames.as_frame(X))


def _is_tinyfair(estimator):
    return isinstance(estimator, DecidingMixin)


def _require_fitted(estimator):
    """prefit=True: the estimator must be fitted already (a clone of a
    fitted one is not: clone() un-fits it)."""
    if _is_tinyfair(estimator):
        fitted = getattr(estimator, "model_", None) is not None
    else:
        try:
            check_is_fitted(estimator)
            fitted = True
        except NotFittedError:
            fitted = False
    if not fitted:
        raise _NotFittedScorer(
            f"estimator: this {type(estimator).__name__} is not fitted; with prefit=True give "
            "a fitted estimator, or prefit=False to fit a clone of it in fit (as "
            "cross-validation and GridSearchCV need, since clone() un-fits an estimator)")


class _NotFittedScorer(_core.TinyfairError, NotFittedError):
    """prefit=True with an estimator that is not fitted."""


def _fitted_scorer(estimator, prefit, X, y, sensitive_features, pos_label, provenance):
    """The estimator the rule is fitted over: as it is (prefit), or a clone
    fitted on X and y (a tinyfair one with the groups, a scikit-learn one on
    X as given, the sensitive columns included: a pipeline that must not
    use them selects its columns by name)."""
    if estimator is None:
        return None
    check_flag("prefit", prefit)
    if prefit:
        _require_fitted(estimator)
        return estimator
    fitted = clone(estimator)
    if _is_tinyfair(fitted):
        return fitted.fit(X, y, sensitive_features=sensitive_features, pos_label=pos_label,
                          provenance=provenance)
    return fitted.fit(X, y)


class _Postprocessor(DecidingMixin, ClassifierMixin, BaseEstimator):
    """fit for every post-processor; subclasses fill _method_options."""

    _method = None

    def _options(self, X, sensitive, label, pos_label, score_column):
        options = _core.PostprocessOptions()
        options.data = _frames.data_name(X)
        options.method = self._method
        options.label.label = label
        options.label.positive = _frames.positive_values(pos_label)
        # With a scorer, its own groups unless others are asked for, as the
        # CLI's postprocess without --sensitive.
        scorer_groups = [] if getattr(self, "estimator", None) is None else self._scorer_groups
        options.sensitive = [] if sensitive == scorer_groups else sensitive
        options.score_column = score_column
        self._parameter_options(options)
        return options

    def _parameter_options(self, options):
        """The parameters into options, each checked."""
        options.method = self._method
        options.score_kind = check_text("score_kind", self.score_kind)
        options.small_groups.min_group_size = check_whole("min_group_size", self.min_group_size,
                                                          0, MAX_COUNT)
        options.small_groups.policy = check_text("small_groups", self.small_groups)
        options.small_groups.merges = check_names("merge_groups", self.merge_groups)
        options.strict = check_flag("strict", self.strict)
        check_flag("prefit", self.prefit)
        self._method_options(options)
        with python_terms():
            _core.check_postprocess_options(options)

    def _method_options(self, options):
        pass

    def _table(self, X, y, sensitive_features, scores):
        frame, sensitive = _frames.with_sensitive(X, sensitive_features)
        score_column = ""
        if self.estimator is None:
            if scores is None:
                raise _core.TinyfairError("without an estimator, fit needs scores= (the scores "
                                          "of any model, one per row, or a column of X)")
            if isinstance(scores, str):
                score_column = scores
                _frames.require_finite("scores", frame[scores] if scores in frame else None,
                                       frame.index)
            else:
                score_column = "score"
                frame = frame.copy()
                frame[score_column] = _frames.require_finite("scores", scores, frame.index)
        frame, label = _frames.with_label(frame, y)
        return frame, sensitive, label, score_column

    def fit(self, X, y, *, sensitive_features=None, scores=None, pos_label=None,
            validation=None, sample_weight=None, provenance=_DEFAULTS.provenance):
        """Fits the rule on X's rows, labels y and the groups of
        sensitive_features (column name(s) of X, or values; default: the
        sensitive_features given at construction). With prefit=False, a
        clone of estimator is fitted on X and y first (estimator_). scores:
        without an estimator, the scores (array, or a column name of X).
        validation: (X_val, y_val) or (X_val, y_val, sensitive_features_val)
        to select the ramp on (rto). sample_weight: refused (the rule's fit
        is unweighted). provenance: what the model records of the files X
        (and the scorer's data) were read from: "names" (base names and
        content hashes), "full" (the paths as given) or "none", as
        ``postprocess --provenance``. Returns self."""
        refuse_sample_weight(self, sample_weight)
        sensitive_features = _frames.sensitive_features_for_fit(sensitive_features,
                                                                self.sensitive_features)
        frame, sensitive, label, score_column = self._table(X, y, sensitive_features, scores)
        _frames.require_rows(frame)
        # Every parameter checked before a scorer is fitted.
        checked = _core.PostprocessOptions()
        checked.provenance = check_text("provenance", provenance)
        self._parameter_options(checked)
        scorer_estimator = _fitted_scorer(self.estimator, self.prefit, X, y, sensitive_features,
                                          pos_label, provenance)
        scorer = _scorer_model(scorer_estimator, sensitive, frame)
        self._scorer_groups = [] if scorer is None else group_attributes(scorer)
        options = self._options(X, sensitive, label, pos_label, score_column)
        options.provenance = provenance
        name = _frames.data_name(X)
        rows = {name: frame.index}
        validation_name = validation_columns = None
        if validation is not None:
            validation_frame = self._validation_frame(validation, sensitive_features, label)
            validation_name = _frames.data_name(validation[0], "validation")
            options.validation = validation_name
            validation_columns = _frames.table_columns(validation_frame)
            rows.setdefault(validation_name, validation_frame.index)
        with python_terms(rows), \
                fit_progress(self._shows_progress(validation), type(self).__name__) as progress:
            model, notes, ramp = _core.postprocess(options, name, _frames.table_columns(frame),
                                                   validation_name, validation_columns, scorer,
                                                   progress)
        emit_notes(notes)
        self.estimator_ = scorer_estimator
        self.model_ = model
        self.sensitive_features_ = sensitive
        self._set_classes(y, pos_label)
        self._set_fitted_rule(ramp, validation is not None)
        return self

    def _set_fitted_rule(self, ramp, selected):
        """The fitted rule's attributes (rto's ramp)."""

    def _shows_progress(self, validation):
        """Whether fit shows a progress bar (rto's validation grid)."""
        return False

    def _validation_frame(self, validation, sensitive_features, label):
        if not isinstance(validation, tuple) or len(validation) not in (2, 3):
            raise _core.TinyfairError("validation: (X_val, y_val) or (X_val, y_val, "
                                      "sensitive_features_val)")
        X_val, y_val = validation[0], validation[1]
        sensitive_val = validation[2] if len(validation) == 3 else sensitive_features
        frame, _ = _frames.with_sensitive(X_val, sensitive_val)
        frame, val_label = _frames.with_label(frame, y_val, "y_val")
        if val_label != label:
            raise _core.TinyfairError(f"y_val is named '{val_label}', y '{label}'")
        return frame


def _common_parameters(self, estimator, prefit, sensitive_features, score_kind, min_group_size,
                       small_groups, merge_groups, strict):
    self.estimator = estimator
    self.prefit = prefit
    self.sensitive_features = sensitive_features
    self.score_kind = score_kind
    self.min_group_size = min_group_size
    self.small_groups = small_groups
    self.merge_groups = merge_groups
    self.strict = strict


class RandomizedThresholdOptimizer(_Postprocessor):
    """The randomized threshold optimizer (Alabdulmohsin & Lucic 2021): per
    group a ramp of width gamma around a threshold, so that every group's
    positive rate is rho (within epsilon). constraint: "parity", "conditional"
    (parity within each category of `strata`) or "covariance" (bounded
    covariance with a binary sensitive attribute). With validation data, gamma
    and rho are selected on it over gamma_grid and rho + rho_offsets.
    Fitted: thresholds_, gamma_ (the ramp on the probability scale), rho_
    and, with validation, grid_point_ (the selected gamma and rho).
    verbose: with validation, a progress bar over the grid (a step per
    point fitted and measured), as the train estimators show their
    iterations. `tinyfair postprocess --method rto`."""

    _method = "rto"

    def __init__(self, estimator=None, *, prefit=True, sensitive_features=None,
                 constraint="parity", strata=(),
                 gamma=_DEFAULTS.fit.rto.gamma, rho=_DEFAULTS.rho,
                 epsilon=_DEFAULTS.fit.rto.epsilon, solver=_DEFAULTS.fit.rto.solver,
                 sgd_steps=_DEFAULTS.fit.rto.sgd_steps, seed=_DEFAULTS.fit.rto.seed,
                 gamma_grid=tuple(_DEFAULTS.selection.gammas),
                 rho_offsets=tuple(_DEFAULTS.selection.rho_offsets),
                 max_validation_gap=_DEFAULTS.selection.max_validation_gap,
                 score_kind=_DEFAULTS.score_kind,
                 min_group_size=_DEFAULTS.small_groups.min_group_size,
                 small_groups=_DEFAULTS.small_groups.policy, merge_groups=(), strict=False,
                 verbose=COMMON_DEFAULTS["verbose"]):
        _common_parameters(self, estimator, prefit, sensitive_features, score_kind,
                           min_group_size, small_groups, merge_groups, strict)
        self.constraint = constraint
        self.strata = strata
        self.verbose = verbose
        self.gamma = gamma
        self.rho = rho
        self.epsilon = epsilon
        self.solver = solver
        self.sgd_steps = sgd_steps
        self.seed = seed
        self.gamma_grid = gamma_grid
        self.rho_offsets = rho_offsets
        self.max_validation_gap = max_validation_gap

    def _method_options(self, options):
        check_choice("constraint", self.constraint, ("parity", "conditional", "covariance"))
        if self.constraint == "conditional" and not self.strata:
            raise _core.TinyfairError("strata: constraint 'conditional' needs strata (column "
                                      "names)")
        options.strata = check_names("strata", self.strata)
        options.covariance = self.constraint == "covariance"
        rto = options.fit.rto
        rto.gamma = check_real("gamma", self.gamma)
        rto.epsilon = check_real("epsilon", self.epsilon)
        rto.solver = check_text("solver", self.solver)
        rto.sgd_steps = check_whole("sgd_steps", self.sgd_steps, 1, 2**63 - 1)
        rto.seed = check_whole("seed", self.seed, 0, MAX_SEED)
        options.rho = self.rho if isinstance(self.rho, str) else repr(check_real("rho", self.rho))
        selection = options.selection
        selection.gammas = check_reals("gamma_grid", self.gamma_grid)
        selection.rho_offsets = check_reals("rho_offsets", self.rho_offsets)
        selection.max_validation_gap = check_real("max_validation_gap", self.max_validation_gap)
        check_flag("verbose", self.verbose)

    def _shows_progress(self, validation):
        return self.verbose and validation is not None

    def _set_fitted_rule(self, ramp, selected):
        """thresholds_, gamma_: the ramp on the probability scale (None for a
        margin score): per group, a decision is positive with probability 0
        at the scorer's p = threshold, rising to 1 at threshold + gamma_; rho_: the target positive rate (None under covariance
        control); grid_point_: with validation, the selected gamma (on the
        parameter's scale, to pass back as gamma=) and rho, else None."""
        on_probabilities = self.model_.ramp_probabilities
        self.thresholds_ = None if on_probabilities is None else pd.Series(
            on_probabilities["thresholds"], index=self.model_.group_names, name="threshold")
        self.gamma_ = None if on_probabilities is None else on_probabilities["widths"][0]
        self.rho_ = None if self.constraint == "covariance" else ramp["rho"]
        self.grid_point_ = {"gamma": ramp["gamma"], "rho": self.rho_} if selected else None


class HardtPostprocessing(_Postprocessor):
    """Hardt, Price & Srebro (2016): per group, a randomized mix of two
    thresholds reaching demographic parity ("dp") or equalized odds
    ("eodds") at the least expected error. `tinyfair postprocess --method
    hardt-dp | hardt-eo`."""

    def __init__(self, estimator=None, *, prefit=True, sensitive_features=None, constraint="dp",
                 score_kind=_DEFAULTS.score_kind,
                 min_group_size=_DEFAULTS.small_groups.min_group_size,
                 small_groups=_DEFAULTS.small_groups.policy, merge_groups=(), strict=False):
        _common_parameters(self, estimator, prefit, sensitive_features, score_kind,
                           min_group_size, small_groups, merge_groups, strict)
        self.constraint = constraint

    @property
    def _method(self):
        methods = {constraint: name for name, constraint in _core.postprocessor_constraints()}
        return methods[check_choice("constraint", self.constraint, tuple(methods))]


class RejectOption(_Postprocessor):
    """Reject option classification (Kamiran, Karim & Zhang 2012): in a band
    of half-width theta around 0.5, the unprivileged group is decided
    positive and the other negative, theta the smallest reaching the bias
    target. `tinyfair postprocess --method roc`."""

    _method = "roc"

    def __init__(self, estimator=None, *, prefit=True, sensitive_features=None,
                 bias_target=_DEFAULTS.fit.bias_target,
                 unprivileged=None, score_kind=_DEFAULTS.score_kind,
                 min_group_size=_DEFAULTS.small_groups.min_group_size,
                 small_groups=_DEFAULTS.small_groups.policy, merge_groups=(), strict=False):
        _common_parameters(self, estimator, prefit, sensitive_features, score_kind,
                           min_group_size, small_groups, merge_groups, strict)
        self.bias_target = bias_target
        self.unprivileged = unprivileged

    def _method_options(self, options):
        options.fit.bias_target = check_real("bias_target", self.bias_target)
        options.unprivileged = "" if self.unprivileged is None else \
            check_text("unprivileged", self.unprivileged)


class ShiftInference(_Postprocessor):
    """Per-group thresholds from a prior shift (the scores calibrated to
    source_prior, default the fitting sample's positive rate, moved to each
    group's own). `tinyfair postprocess --method shift`."""

    _method = "shift"

    def __init__(self, estimator=None, *, prefit=True, sensitive_features=None,
                 source_prior=_DEFAULTS.fit.source_prior,
                 score_kind=_DEFAULTS.score_kind,
                 min_group_size=_DEFAULTS.small_groups.min_group_size,
                 small_groups=_DEFAULTS.small_groups.policy, merge_groups=(), strict=False):
        _common_parameters(self, estimator, prefit, sensitive_features, score_kind,
                           min_group_size, small_groups, merge_groups, strict)
        self.source_prior = source_prior

    def _method_options(self, options):
        options.fit.source_prior = None if self.source_prior is None else \
            check_real("source_prior", self.source_prior)
