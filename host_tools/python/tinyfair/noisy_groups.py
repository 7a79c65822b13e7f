"""Fairness when the groups the data names are noisy (Wang et al. 2020): the
naive fit on the noisy groups, distributionally robust optimisation over the
groups the noise allows (dro), or soft group assignments (soft-groups)."""
from typing import Optional, Sequence

from sklearn.base import ClassifierMixin

from ._training import COMMON_DEFAULTS, TrainedEstimator, TrainMethod
from ._types import SensitiveFeatures


_NOISY_GROUPS = TrainMethod("naive", "dro", "soft-groups")


class NoisyGroupsClassifier(ClassifierMixin, TrainedEstimator):
    """Equal opportunity (eopp) or equalized odds (eodds) under noisy groups; ``method`` chooses
    naive, dro or soft-groups.

    ``tinyfair train --method naive | dro | soft-groups``; every default is the library's.

    Parameters
    ----------
    sensitive_features : str, list of str or None, default=None
        The column(s) of X forming the groups, found in X at ``fit``, ``predict`` and ``score``
        (so that cross-validation and GridSearchCV need no fit parameter); ``fit``'s own
        ``sensitive_features``, when given, is used instead.
    method : str, default='naive'
        The train method: 'naive', 'dro', 'soft-groups'.
    constraint : str, default='eopp'
        The fairness constraint: 'eopp', 'eodds'.
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
    noisy_group : str, default=''
        naive/dro/soft-groups: the observed group column (default and must be: the sensitive
        column; several sensitive columns form the observed group together).
    true_group : str, default=''
        dro/soft-groups: an auxiliary true group column, used only to estimate the noise (the
        library refuses it as a feature of the model).
    noise_rate : float, default=-1.0
        dro/soft-groups: fraction of rows whose group was moved to another one.
    noise_model : str, default=''
        dro/soft-groups: CSV of P(G=row | G^=column): a first column naming the true groups, one
        column per observed group (the sensitive column's category; with several columns the
        group's name, 'sex=F & race=b').
    gamma_rule : str, default='bound'
        dro: TV radius per group: bound = max(P(G^!=j|G=j), P(G!=j|G^=j)) (holds without equal
        marginals) | paper = P(G^!=j|G=j). One of 'bound', 'paper'.
    alpha : float, default=0.05
        naive/dro/soft-groups: the rate constraints' slack.
    hinge_slack : float, default=-1.0
        naive/dro/soft-groups: slack of the hinge surrogates (default: 1 for naive and dro, 0
        for soft-groups).
    learning_rate : float, default=0.01
        naive/dro/soft-groups: Adam rate of theta.
    lambda_rate : float, default=0.5
        naive/dro/soft-groups: Adam rate of lambda.
    weight_rate : float, default=0.01
        dro: Adam rate of the adversary's weights; soft-groups with adversary='reference-code':
        the table's Adam rate.
    adversary : str, default='exact'
        dro/soft-groups: 'exact' = DRO's weights projected exactly onto the TV ball, soft
        groups' table the exact LP maximizer; 'reference-code' = as the paper's released code
        (DRO: weights from 0, clipped l1 projection; soft groups: 5 Adam steps of rate
        weight_rate and Dykstra's projection per iteration), weaker, to reproduce its numbers.
    lambda_radius : float, default=1.0
        naive/dro/soft-groups: bound R on the sum of the multipliers.
    ideal : bool, default=False
        soft-groups: the ideal algorithm (Algorithm 1): a uniform mixture of T x Q linear
        models, one drawn per decision.
    ideal_rounds : int, default=8
        soft-groups with ideal=True: T, lambda steps.
    ideal_inner : int, default=2
        soft-groups with ideal=True: Q, best-response iterates per lambda step.
    oracle_steps : int, default=100
        soft-groups with ideal=True: Adam steps of the theta oracle per iterate.
    table_rate : float, default=0.1
        soft-groups with ideal=True: ascent rate of the soft-assignment tables.

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

    _train_method = _NOISY_GROUPS

    def __init__(self, *,
                 sensitive_features: Optional[SensitiveFeatures] = None,
                 method: str = _NOISY_GROUPS.names[0],
                 constraint: str = _NOISY_GROUPS.constraints[0],
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
                 noisy_group: str = _NOISY_GROUPS.defaults["noisy_group"],
                 true_group: str = _NOISY_GROUPS.defaults["true_group"],
                 noise_rate: float = _NOISY_GROUPS.defaults["noise_rate"],
                 noise_model: str = _NOISY_GROUPS.defaults["noise_model"],
                 gamma_rule: str = _NOISY_GROUPS.defaults["gamma_rule"],
                 alpha: float = _NOISY_GROUPS.defaults["alpha"],
                 hinge_slack: float = _NOISY_GROUPS.defaults["hinge_slack"],
                 learning_rate: float = _NOISY_GROUPS.defaults["learning_rate"],
                 lambda_rate: float = _NOISY_GROUPS.defaults["lambda_rate"],
                 weight_rate: float = _NOISY_GROUPS.defaults["weight_rate"],
                 adversary: str = _NOISY_GROUPS.defaults["adversary"],
                 lambda_radius: float = _NOISY_GROUPS.defaults["lambda_radius"],
                 ideal: bool = _NOISY_GROUPS.defaults["ideal"],
                 ideal_rounds: int = _NOISY_GROUPS.defaults["ideal_rounds"],
                 ideal_inner: int = _NOISY_GROUPS.defaults["ideal_inner"],
                 oracle_steps: int = _NOISY_GROUPS.defaults["oracle_steps"],
                 table_rate: float = _NOISY_GROUPS.defaults["table_rate"]) -> None:
        self.sensitive_features = sensitive_features
        self.method = method
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
        self.noisy_group = noisy_group
        self.true_group = true_group
        self.noise_rate = noise_rate
        self.noise_model = noise_model
        self.gamma_rule = gamma_rule
        self.alpha = alpha
        self.hinge_slack = hinge_slack
        self.learning_rate = learning_rate
        self.lambda_rate = lambda_rate
        self.weight_rate = weight_rate
        self.adversary = adversary
        self.lambda_radius = lambda_radius
        self.ideal = ideal
        self.ideal_rounds = ideal_rounds
        self.ideal_inner = ideal_inner
        self.oracle_steps = oracle_steps
        self.table_rate = table_rate
