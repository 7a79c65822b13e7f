"""Fair classification and regression by reduction to a sequence of cost-
sensitive problems (exponentiated gradient, Agarwal et al. 2018 and 2019),
the library's one core for both (docs/reductions.md, docs/fair_regression.md).
The fitted model is a mixture the device samples a member from per decision."""
from sklearn.base import ClassifierMixin, RegressorMixin

from ._training import train_estimator_class

ExponentiatedGradient = train_estimator_class(
    "ExponentiatedGradient", "reduction",
    "Exponentiated-gradient reduction for demographic parity (dp) or equalized odds (eodds).",
    __name__, mixin=ClassifierMixin)

FairRegression = train_estimator_class(
    "FairRegression", "fair-regression",
    "Fair regression: statistical parity (sp) or bounded group loss (bgl); y in [0, 1].",
    __name__, mixin=RegressorMixin)
