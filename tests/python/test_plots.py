"""tinyfair.plots on the plotted data (not pixels): the decision curves'
axis is the scorer's probability p, the scale of thresholds_ and gamma_, so
that each group's ramp rises from 0 at its threshold to 1 at threshold +
gamma_; a margin stays a score, and the axis label says which."""
import matplotlib
import numpy as np
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

import tinyfair
from tinyfair.plots import decision_curves
from tinyfair.postprocessing import HardtPostprocessing, RandomizedThresholdOptimizer
from conftest import two_group_frame

matplotlib.use("Agg")
# The plotted probabilities are the runtime's float32 scores read as p.
FLOAT_TOLERANCE = 1e-6


@pytest.fixture(scope="module")
def fair():
    X, y = two_group_frame(rows=3000)
    scorer = tinyfair.LogisticRegression().fit(X, y, sensitive_features="group", pos_label="yes")
    fitted = RandomizedThresholdOptimizer(scorer, rho=0.3, gamma=0.1).fit(
        X, y, sensitive_features="group", pos_label="yes")
    return fitted, X


def curves(ax):
    """{label: (x, y)} of the plotted lines."""
    return {line.get_label(): (np.asarray(line.get_xdata(), dtype=float),
                               np.asarray(line.get_ydata(), dtype=float)) for line in ax.lines}


def test_decision_curves_are_on_the_probability_scale(fair):
    fitted, X = fair
    ax = decision_curves(fitted, X)
    plotted = curves(ax)
    assert sorted(plotted) == sorted(fitted.model_.group_names)
    assert "probability" in ax.get_xlabel()
    assert sum(len(x) for x, _ in plotted.values()) == len(X)
    for x, _ in plotted.values():
        assert x.min() >= 0.0 and x.max() <= 1.0
        assert np.all(np.diff(x) >= 0)  # sorted by p


def test_each_ramps_knees_sit_at_threshold_and_threshold_plus_gamma(fair):
    fitted, X = fair
    plotted = curves(decision_curves(fitted, X))
    for name, threshold in fitted.thresholds_.items():
        x, y = plotted[name]
        top = threshold + fitted.gamma_
        # Below the lower knee never, above the upper always, between them rising.
        assert np.all(y[x < threshold - FLOAT_TOLERANCE] == 0)
        assert np.all(y[x > top + FLOAT_TOLERANCE] == 1)
        inside = (x > threshold + FLOAT_TOLERANCE) & (x < top - FLOAT_TOLERANCE)
        assert inside.sum() > 50 and np.all((y[inside] > 0) & (y[inside] < 1))
        # The rows nearest each knee, on either side, frame it closely.
        assert x[y == 0].max() <= threshold + FLOAT_TOLERANCE <= x[y > 0].min() + 2 * FLOAT_TOLERANCE
        assert x[y < 1].max() <= top + FLOAT_TOLERANCE <= x[y == 1].min() + 2 * FLOAT_TOLERANCE
        assert x[y > 0].min() - x[y == 0].max() < 0.01
        assert x[y == 1].min() - x[y < 1].max() < 0.01
        # The ramp is linear in p: the rising rows lie on the line between the knees.
        assert np.allclose(y[inside], (x[inside] - threshold) / fitted.gamma_, atol=1e-4)


def test_a_margin_stays_the_score_the_rule_sees():
    X, y = two_group_frame()
    prep = ColumnTransformer([("num", StandardScaler(), ["x", "z"])])
    svm = Pipeline([("pre", prep), ("svm", LinearSVC())]).fit(X, y)
    fitted = HardtPostprocessing(svm, sensitive_features="group").fit(X, y, pos_label="yes")
    ax = decision_curves(fitted, X)
    assert ax.get_xlabel() == "score the rule sees (not a probability)"
    margins = svm.decision_function(X)
    x = np.concatenate([x for x, _ in curves(ax).values()])
    assert np.allclose(np.sort(x), np.sort(margins), atol=1e-4)
    assert x.min() < 0 < x.max()
