"""Fairness when the groups the data names are noisy (Wang et al. 2020): the
naive fit on the noisy groups, distributionally robust optimisation over the
groups the noise allows (dro), or soft group assignments (soft-groups)."""
from sklearn.base import ClassifierMixin

from ._training import train_estimator_class

NoisyGroupsClassifier = train_estimator_class(
    "NoisyGroupsClassifier", "naive",
    "Equal opportunity (eopp) or equalized odds (eodds) under noisy groups; `method` chooses "
    "naive, dro or soft-groups.",
    __name__, mixin=ClassifierMixin, methods=["naive", "dro", "soft-groups"])
