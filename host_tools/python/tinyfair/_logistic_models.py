"""The logistic estimators: the scorer post-processors make fair, and fair
robust log loss (`tinyfair train --method logistic | frll`)."""
from typing import Optional, Sequence

from sklearn.base import ClassifierMixin

from ._training import COMMON_DEFAULTS, TrainedEstimator, TrainMethod
from ._types import SensitiveFeatures


_LOGISTIC = TrainMethod("logistic")


class LogisticRegression(ClassifierMixin, TrainedEstimator):
    """L2-regularised logistic regression (Newton), positive iff p >= 0.5 in every group: the
    scorer a post-processor makes fair.

    ``tinyfair train --method logistic``; every default is the library's.

    Parameters
    ----------
    sensitive_features : str, list of str or None, default=None
        The column(s) of X forming the groups, found in X at ``fit``, ``predict`` and ``score``
        (so that cross-validation and GridSearchCV need no fit parameter); ``fit``'s own
        ``sensitive_features``, when given, is used instead.
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
    reweigh : bool, default=False
        Weight each (group, label) cell by P(group) P(label) / P(group, label) (Kamiran-Calders
        reweighing).

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

    _train_method = _LOGISTIC

    def __init__(self, *,
                 sensitive_features: Optional[SensitiveFeatures] = None,
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
                 reweigh: bool = _LOGISTIC.defaults["reweigh"]) -> None:
        self.sensitive_features = sensitive_features
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
        self.reweigh = reweigh


_FRLL = TrainMethod("frll")


class FairRobustLogLoss(ClassifierMixin, TrainedEstimator):
    """Fairness for robust log loss (Rezaei et al. 2020): a truncated logistic rule fair under
    demographic parity (dp), equal opportunity (eopp) or equalized odds (eodds).

    ``tinyfair train --method frll``; every default is the library's.

    Parameters
    ----------
    sensitive_features : str, list of str or None, default=None
        The column(s) of X forming the groups, found in X at ``fit``, ``predict`` and ``score``
        (so that cross-validation and GridSearchCV need no fit parameter); ``fit``'s own
        ``sensitive_features``, when given, is used instead.
    constraint : str, default='dp'
        The fairness constraint: 'dp', 'eopp', 'eodds'.
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

    _train_method = _FRLL

    def __init__(self, *,
                 sensitive_features: Optional[SensitiveFeatures] = None,
                 constraint: str = _FRLL.constraints[0],
                 l2: float = COMMON_DEFAULTS["l2"],
                 max_iter: int = COMMON_DEFAULTS["max_iter"],
                 min_category_count: int = COMMON_DEFAULTS["min_category_count"],
                 use_sensitive: bool = COMMON_DEFAULTS["use_sensitive"],
                 unknown_group: str = COMMON_DEFAULTS["unknown_group"],
                 categorical: Sequence[str] = COMMON_DEFAULTS["categorical"],
                 numeric: Sequence[str] = COMMON_DEFAULTS["numeric"],
                 model_id: Optional[str] = COMMON_DEFAULTS["model_id"],
                 strict: bool = COMMON_DEFAULTS["strict"],
                 verbose: bool = COMMON_DEFAULTS["verbose"]) -> None:
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
