"""The error catalogue's Python cases read in Python's terms: the parameter's
name (never a flag of the command line), rows by DataFrame index label
(never a CSV line), short, and never the data."""
import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair.postprocessing import RandomizedThresholdOptimizer
from tinyfair.reductions import ExponentiatedGradient


def frame(rows=400, seed=0, index=None):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=rows)
    index = pd.RangeIndex(1000, 1000 + rows) if index is None else index
    X = pd.DataFrame({"x": x, "group": rng.choice(["a", "b"], size=rows)}, index=index)
    y = pd.Series((x + rng.normal(size=rows) > 0).astype(int), index=index, name="label")
    return X, y


@pytest.fixture(scope="module")
def scorer():
    X, y = frame()
    return tinyfair.LogisticRegression().fit(X, y, sensitive_features="group")


def refused(call, error=tinyfair.TinyfairError):
    with pytest.raises(error) as raised:
        call()
    message = str(raised.value)
    assert "--" not in message, message
    assert len(message) < 600, message
    return message


@pytest.mark.parametrize("rho, shown", [(2.0, "2"), (-0.5, "-0.5")])
def test_rho_outside_0_1(scorer, rho, shown):
    X, y = frame()
    message = refused(lambda: RandomizedThresholdOptimizer(scorer, rho=rho).fit(
        X, y, sensitive_features="group"))
    assert message.startswith(f"rho: {shown} is outside [0, 1]"), message


def test_a_nan_score_names_its_row_by_index_label():
    X, y = frame()
    scores = np.linspace(0.01, 0.99, len(X))
    scores[3] = np.nan
    message = refused(lambda: RandomizedThresholdOptimizer(rho=0.5).fit(
        X, y, sensitive_features="group", scores=scores))
    assert message.startswith("scores: row 1003 is not a finite number"), message
    X = X.assign(s=scores)
    message = refused(lambda: RandomizedThresholdOptimizer(rho=0.5).fit(
        X, y, sensitive_features="group", scores="s"))
    assert message.startswith("scores: row 1003"), message


def test_an_empty_frame_says_0_rows(scorer):
    X, y = frame()
    for fit in (lambda: tinyfair.LogisticRegression().fit(X.iloc[:0], y.iloc[:0],
                                                          sensitive_features="group"),
                lambda: RandomizedThresholdOptimizer(scorer, rho=0.5).fit(
                    X.iloc[:0], y.iloc[:0], sensitive_features="group")):
        assert refused(fit).startswith("X: 0 rows"), refused(fit)


def test_an_empty_gamma_grid_names_gamma_grid(scorer):
    X, y = frame()
    message = refused(lambda: RandomizedThresholdOptimizer(scorer, gamma_grid=()).fit(
        X, y, sensitive_features="group", validation=(X, y)))
    assert message.startswith("gamma_grid: an empty grid"), message


def test_group_values_where_names_are_expected_are_not_printed():
    X, y = frame()
    values = [f"member-{g}" for g in X["group"]]
    message = refused(lambda: tinyfair.LogisticRegression().fit(
        X[["x"]], y, sensitive_features=values))
    assert "member-" not in message, message
    assert message.startswith("sensitive_features: a list of 400 str"), message
    assert "Series" in message
    # A misspelt name is still named.
    message = refused(lambda: tinyfair.LogisticRegression().fit(X, y, sensitive_features="grup"))
    assert "'grup'" in message


def test_flags_are_named_as_parameters(scorer):
    X, y = frame()
    message = refused(lambda: tinyfair.LogisticRegression().fit(
        X, y.map({0: "no", 1: "yes"}), sensitive_features="group"), tinyfair.DataError)
    assert "with pos_label" in message, message
    message = refused(lambda: RandomizedThresholdOptimizer(scorer, rho=0.5, min_group_size=300)
                      .fit(X, y, sensitive_features="group"), tinyfair.DataError)
    assert "fewer rows than min_group_size 300" in message, message
    assert "small_groups='pooled'" in message, message
    message = refused(lambda: tinyfair.LogisticRegression().fit(
        X.assign(empty=np.nan), y, sensitive_features="group"), tinyfair.DataError)
    assert "numeric column 'empty' has no values; drop from X empty" in message, message
    message = refused(lambda: ExponentiatedGradient(epsilon=-1.0).fit(
        X, y, sensitive_features="group"))
    assert message == "epsilon: -1.0 is outside [0, inf)", message


@pytest.mark.parametrize("index, label", [(pd.RangeIndex(1000, 1400), "1003"),
                                          ([f"id{i}" for i in range(400)], "'id3'")])
def test_rows_are_located_by_index_label(scorer, index, label):
    X, y = frame(index=index)
    bad = X.copy()
    bad.iloc[3, 0] = np.inf
    message = refused(lambda: tinyfair.LogisticRegression().fit(bad, y, sensitive_features="group"),
                      tinyfair.DataError)
    assert message.startswith(f"DataFrame, row {label}: column 'x': not a finite number"), message
    bad.iloc[3, 0] = np.nan
    model = tinyfair.LogisticRegression().fit(X, y, sensitive_features="group")
    message = refused(lambda: model.predict(bad, random_state=1), tinyfair.DataError)
    assert f"non_finite_input: 1; row {label})" in message, message
    unknown = X.copy()
    unknown.iloc[3, 1] = "c"
    message = refused(lambda: model.predict(unknown, random_state=1), tinyfair.DataError)
    assert message.startswith(f"DataFrame, row {label}: column 'group': group 'c'"), message
    assert "unknown_group='fallback:NAME'" in message, message
