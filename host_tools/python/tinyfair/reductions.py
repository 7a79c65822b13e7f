"""Fair classification and regression by reduction to a sequence of cost-
sensitive problems (exponentiated gradient, Agarwal et al. 2018 and 2019),
the library's one core for both (docs/reductions.md, docs/fair_regression.md).
The fitted model is a mixture the device samples a member from per decision."""
from typing import Optional, Sequence

from sklearn.base import ClassifierMixin, RegressorMixin

from ._training import COMMON_DEFAULTS, TrainedEstimator, TrainMethod
from ._types import SensitiveFeatures


_REDUCTION = TrainMethod("reduction")


class ExponentiatedGradient(ClassifierMixin, TrainedEstimator):
    """Exponentiated-gradient reduction for demographic parity (dp) or equalized odds (eodds).

    ``tinyfair train --method reduction``; every default is the library's.

    Parameters
    ----------
    sensitive_features : str, list of str or None, default=None
        The column(s) of X forming the groups, found in X at ``fit``, ``predict`` and ``score``
        (so that cross-validation and GridSearchCV need no fit parameter); ``fit``'s own
        ``sensitive_features``, when given, is used instead.
    constraint : str, default='dp'
        The fairness constraint: 'dp', 'eodds'.
    l2 : float, default=0.0001
        L2 penalty on the weights (mean loss + l2/2 |w|^2).
    max_iter : int, default=0
        Iterations (or their cap) of an iterative method; 0: the method's own.
    min_category_count : int, default=0
        Fold categories of fewer training rows into '(other)'; 0: off.
    use_sensitive : bool, default=False
        Let the scorer use the sensitive columns.
    unknown_group : str, default='refuse'
        What the device does with an unknown group: 'refuse' or 'fallback:NAME'.
    categorical : tuple of str, default=()
        Columns to treat as categorical (default: detected).
    numeric : tuple of str, default=()
        Columns to treat as numeric (default: detected).
    model_id : str or None, default=None
        The model's id (at most 31 characters; default: the method's name).
    strict : bool, default=False
        Raise FitNotAccepted unless the fit converged within its bound.
    verbose : bool, default=True
        A progress bar over an iterative fit's iterations (tqdm: a widget in a notebook, a bar
        on a terminal; none when stderr is not a terminal outside a notebook).
    epsilon : float, default=0.01
        Allowed constraint violation epsilon.
    bound : float, default=0.0
        L1 bound B on the multipliers (0: 1 / epsilon).

    Attributes
    ----------
    model_ : tinyfair._core.Model
        The fitted model, which the runtime decides with (``export`` writes it).
    sensitive_features_ : list of str
        The columns forming the groups, as found at ``fit``.
    feature_names_in_ : ndarray of str
        The columns of X at ``fit``.
    n_features_in_ : int
        Their count.
    classes_ : ndarray
        The two classes, the positive one where ``predict`` decides positive: y's values
        when ``pos_label`` names one of them, else ``[0, 1]``.
    """

    _train_method = _REDUCTION

    def __init__(self, *,
                 sensitive_features: Optional[SensitiveFeatures] = None,
                 constraint: str = _REDUCTION.constraints[0],
                 l2: float = COMMON_DEFAULTS["l2"],
                 max_iter: int = COMMON_DEFAULTS["max_iter"],
                 min_category_count: int = COMMON_DEFAULTS["min_category_count"],
                 use_sensitive: bool = COMMON_DEFAULTS["use_sensitive"],
                 unknown_group: str = COMMON_DEFAULTS["unknown_group"],
                 categorical: Sequence[str] = COMMON_DEFAULTS["categorical"],
                 numeric: Sequence[str] = COMMON_DEFAULTS["numeric"],
                 model_id: Optional[str] = COMMON_DEFAULTS["model_id"],
                 strict: bool = COMMON_DEFAULTS["strict"],
                 verbose: bool = COMMON_DEFAULTS["verbose"],
                 epsilon: float = _REDUCTION.defaults["epsilon"],
                 bound: float = _REDUCTION.defaults["bound"]) -> None:
        self.sensitive_features = sensitive_features
        self.constraint = constraint
        self.l2 = l2
        self.max_iter = max_iter
        self.min_category_count = min_category_count
        self.use_sensitive = use_sensitive
        self.unknown_group = unknown_group
        self.categorical = categorical
        self.numeric = numeric
        self.model_id = model_id
        self.strict = strict
        self.verbose = verbose
        self.epsilon = epsilon
        self.bound = bound


_FAIR_REGRESSION = TrainMethod("fair-regression")


class FairRegression(RegressorMixin, TrainedEstimator):
    """Fair regression: statistical parity (sp) or bounded group loss (bgl); y in [0, 1].

    ``tinyfair train --method fair-regression``; every default is the library's.

    Parameters
    ----------
    sensitive_features : str, list of str or None, default=None
        The column(s) of X forming the groups, found in X at ``fit``, ``predict`` and ``score``
        (so that cross-validation and GridSearchCV need no fit parameter); ``fit``'s own
        ``sensitive_features``, when given, is used instead.
    constraint : str, default='sp'
        The fairness constraint: 'sp', 'bgl'.
    l2 : float, default=0.0001
        L2 penalty on the weights (mean loss + l2/2 |w|^2).
    max_iter : int, default=0
        Iterations (or their cap) of an iterative method; 0: the method's own.
    min_category_count : int, default=0
        Fold categories of fewer training rows into '(other)'; 0: off.
    use_sensitive : bool, default=False
        Let the scorer use the sensitive columns.
    unknown_group : str, default='refuse'
        What the device does with an unknown group: 'refuse' or 'fallback:NAME'.
    categorical : tuple of str, default=()
        Columns to treat as categorical (default: detected).
    numeric : tuple of str, default=()
        Columns to treat as numeric (default: detected).
    model_id : str or None, default=None
        The model's id (at most 31 characters; default: the method's name).
    strict : bool, default=False
        Raise FitNotAccepted unless the fit converged within its bound.
    verbose : bool, default=True
        A progress bar over an iterative fit's iterations (tqdm: a widget in a notebook, a bar
        on a terminal; none when stderr is not a terminal outside a notebook).
    regression_loss : str, default='squared'
        The regressors' loss: 'squared' or 'logistic'.
    regression_oracle : str, default='ls'
        The best response under sp: 'ls' (least squares), 'lr' (logistic) or 'cs'
        (cost-sensitive on the n x N augmented rows, small data).
    grid_size : int, default=40
        Grid size N under sp.
    sp_slack : tuple of float, default=(0.05,)
        Slack eps per group under sp (one value: all groups).
    bgl_bound : tuple of float, default=()
        Bound zeta on each group's mean loss under bgl (one value: all groups).
    dual_bound : float, default=0.0
        B, bound on the multipliers (0: 1 / smallest slack).
    gap_tolerance : float, default=0.001
        The duality gap nu at which the fit stops.
    theory_step : bool, default=False
        Step nu/(8B) (sp) or nu/(2B) (bgl) instead of 2/B, shrinking.
    eg_step : float, default=0.0
        Under sp, eta0 of the step eta0 / B (0: 2); under bgl, the first step's move on the
        worst group (0: 1).
    max_members : int, default=0
        Most mixture members (0: what the device holds).
    no_lp_step : bool, default=False
        Under sp, return Algorithm 1's average over the iterates, not the LP re-weighting of
        every hypothesis found.
    grid_value : str, default='midpoint'
        The value sp outputs per grid cell: 'floor' (j/N) or 'midpoint' (of the cell).
    regression_predictor : str, default='mixture'
        What is exported: 'mixture' (the fair randomized predictor) or 'member-mean-not-fair'
        (one regressor averaging the members: NOT fair).
    regression_l2 : float, default=1e-06
        Ridge penalty of the oracles.

    Attributes
    ----------
    model_ : tinyfair._core.Model
        The fitted model, which the runtime decides with (``export`` writes it).
    sensitive_features_ : list of str
        The columns forming the groups, as found at ``fit``.
    feature_names_in_ : ndarray of str
        The columns of X at ``fit``.
    n_features_in_ : int
        Their count.
    """

    _train_method = _FAIR_REGRESSION

    def __init__(self, *,
                 sensitive_features: Optional[SensitiveFeatures] = None,
                 constraint: str = _FAIR_REGRESSION.constraints[0],
                 l2: float = COMMON_DEFAULTS["l2"],
                 max_iter: int = COMMON_DEFAULTS["max_iter"],
                 min_category_count: int = COMMON_DEFAULTS["min_category_count"],
                 use_sensitive: bool = COMMON_DEFAULTS["use_sensitive"],
                 unknown_group: str = COMMON_DEFAULTS["unknown_group"],
                 categorical: Sequence[str] = COMMON_DEFAULTS["categorical"],
                 numeric: Sequence[str] = COMMON_DEFAULTS["numeric"],
                 model_id: Optional[str] = COMMON_DEFAULTS["model_id"],
                 strict: bool = COMMON_DEFAULTS["strict"],
                 verbose: bool = COMMON_DEFAULTS["verbose"],
                 regression_loss: str = _FAIR_REGRESSION.defaults["regression_loss"],
                 regression_oracle: str = _FAIR_REGRESSION.defaults["regression_oracle"],
                 grid_size: int = _FAIR_REGRESSION.defaults["grid_size"],
                 sp_slack: Sequence[float] = _FAIR_REGRESSION.defaults["sp_slack"],
                 bgl_bound: Sequence[float] = _FAIR_REGRESSION.defaults["bgl_bound"],
                 dual_bound: float = _FAIR_REGRESSION.defaults["dual_bound"],
                 gap_tolerance: float = _FAIR_REGRESSION.defaults["gap_tolerance"],
                 theory_step: bool = _FAIR_REGRESSION.defaults["theory_step"],
                 eg_step: float = _FAIR_REGRESSION.defaults["eg_step"],
                 max_members: int = _FAIR_REGRESSION.defaults["max_members"],
                 no_lp_step: bool = _FAIR_REGRESSION.defaults["no_lp_step"],
                 grid_value: str = _FAIR_REGRESSION.defaults["grid_value"],
                 regression_predictor: str = _FAIR_REGRESSION.defaults["regression_predictor"],
                 regression_l2: float = _FAIR_REGRESSION.defaults["regression_l2"]) -> None:
        self.sensitive_features = sensitive_features
        self.constraint = constraint
        self.l2 = l2
        self.max_iter = max_iter
        self.min_category_count = min_category_count
        self.use_sensitive = use_sensitive
        self.unknown_group = unknown_group
        self.categorical = categorical
        self.numeric = numeric
        self.model_id = model_id
        self.strict = strict
        self.verbose = verbose
        self.regression_loss = regression_loss
        self.regression_oracle = regression_oracle
        self.grid_size = grid_size
        self.sp_slack = sp_slack
        self.bgl_bound = bgl_bound
        self.dual_bound = dual_bound
        self.gap_tolerance = gap_tolerance
        self.theory_step = theory_step
        self.eg_step = eg_step
        self.max_members = max_members
        self.no_lp_step = no_lp_step
        self.grid_value = grid_value
        self.regression_predictor = regression_predictor
        self.regression_l2 = regression_l2
