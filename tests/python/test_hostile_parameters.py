"""Parameters checked at the edge in Python as on the command line: a
probability outside [0, 1] and an out-of-range rho are refused naming the
parameter and its range; an empty public key path is an error; a wrong
argument type gives a short TypeError that never prints the data."""
import numpy as np
import pandas as pd
import pytest

import tinyfair
from conftest import run
from tinyfair import _core, metrics
from tinyfair.postprocessing import RandomizedThresholdOptimizer


@pytest.mark.parametrize("bad", [7.5, -0.1, float("nan"), float("inf")])
def test_group_report_refuses_a_probability_outside_0_1(bad):
    groups = pd.Series(["a", "b", "a", "b"])
    with pytest.raises(tinyfair.TinyfairError, match=r"y_prob \(row 1\): .* is outside \[0, 1\]"):
        metrics.group_report([0, 1, 1, 0], [0, 1, 0, 0], groups, y_prob=[0.1, bad, 0.2, 0.3])


def test_a_wrong_argument_type_does_not_print_the_data():
    cells = ["secret-cell-%d" % i for i in range(20000)]
    with pytest.raises(TypeError) as error:
        _core.report_predictions(np.zeros(5), np.zeros(5), cells, 3, [cells], "l", [])
    assert "secret-cell" not in str(error.value)
    assert len(str(error.value)) < 2000
    assert "report_predictions()" in str(error.value)


@pytest.fixture(scope="module")
def hiring(cli, tmp_path_factory):
    """The CLI's synthetic hiring data and a scorer trained on it."""
    work = tmp_path_factory.mktemp("hiring")
    run([cli, "demo", "--rows", 3000, "--seed", 7, "--parts", "train=0.6,fit=0.4",
         "--out-dir", work])
    run([cli, "train", "--data", work / "train.csv", "--label", "hired", "--sensitive", "group",
         "--out", work / "scorer.json"])
    return work


@pytest.mark.parametrize("settings, message", [
    ({"rho": 2}, r"rho: 2 is outside \[0, 1\]"),
    ({"rho": -1}, r"rho: -1 is outside \[0, 1\]"),
    ({"rho": 1e308}, r"rho: 1e\+308 is outside \[0, 1\]"),
    ({"rho": float("nan")}, r"rho: nan is outside \[0, 1\]"),
    ({"gamma": 0.0}, r"gamma: 0 is outside \(0, inf\)"),
    ({"epsilon": -0.5}, r"epsilon: -0.5 is outside \[0, 1\]"),
    ({"gamma_grid": ()}, r"gamma_grid: an empty grid"),
])
def test_postprocessing_refuses_what_the_cli_refuses(hiring, settings, message):
    """The library checks the range, for both front ends: the same message."""
    fit = tinyfair.read_csv(hiring / "fit.csv")
    estimator = RandomizedThresholdOptimizer(tinyfair.load(hiring / "scorer.json"), **settings)
    if "gamma_grid" in settings:
        estimator.set_params(rho="auto")
        validation = (fit.drop(columns="hired"), fit["hired"])
        kwargs = {"validation": validation}
    else:
        kwargs = {}
    with pytest.raises(tinyfair.TinyfairError, match=message):
        estimator.fit(fit.drop(columns="hired"), fit["hired"], sensitive_features="group", **kwargs)


@pytest.mark.parametrize("l2", [-1.0, float("nan"), float("inf")])
def test_training_refuses_an_l2_outside_its_range(hiring, l2):
    train = tinyfair.read_csv(hiring / "train.csv")
    with pytest.raises(tinyfair.TinyfairError, match=r"l2: .* is outside \[0, inf\)"):
        tinyfair.LogisticRegression(l2=l2).fit(train.drop(columns="hired"), train["hired"],
                                               sensitive_features="group")
