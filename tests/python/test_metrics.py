"""group_report and evaluate give the numbers `tinyfair evaluate --json`
prints, checked against counts and Wilson intervals computed here."""
import json
import math

import numpy as np
import pandas as pd
import pytest

import tinyfair
from conftest import run
from tinyfair.reductions import FairRegression


def wilson(successes, trials, z=1.959963984540054):
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2))
    return centre - half, centre + half


def test_group_report_counts_rates_and_intervals():
    rng = np.random.default_rng(3)
    rows = 1000
    groups = pd.Series(rng.choice(["x", "y", "z"], size=rows), name="team")
    y_true = rng.integers(0, 2, size=rows)
    y_pred = (rng.uniform(size=rows) < np.where(groups == "x", 0.6, 0.3)).astype(int)
    report = tinyfair.metrics.group_report(y_true, y_pred, groups)
    assert list(report.index) == ["team=x", "team=y", "team=z"]
    for name, rows_of in pd.DataFrame({"g": groups, "t": y_true, "p": y_pred}).groupby("g"):
        row = report.loc[f"team={name}"]
        n, positives = len(rows_of), rows_of["p"].sum()
        assert row["n"] == n
        assert row["positive_rate"] == pytest.approx(positives / n, abs=1e-6)
        low, high = wilson(positives, n)
        assert row["positive_rate_low"] == pytest.approx(low, abs=2e-6)
        assert row["positive_rate_high"] == pytest.approx(high, abs=2e-6)
        label1 = rows_of[rows_of["t"] == 1]
        assert row["tpr"] == pytest.approx(label1["p"].mean(), abs=1e-6)
        label0 = rows_of[rows_of["t"] == 0]
        assert row["fpr"] == pytest.approx(label0["p"].mean(), abs=1e-6)
    summary = report.attrs["summary"]
    rates = report["positive_rate"]
    assert summary["dp_gap"] == pytest.approx(rates.max() - rates.min(), abs=2e-6)
    assert summary["dp_gap_low"] < summary["dp_gap"] < summary["dp_gap_high"]
    assert summary["accuracy"] == pytest.approx((y_true == y_pred).mean(), abs=1e-6)


def test_intersectional_groups_are_the_models(adult_parts):
    train = tinyfair.read_csv(adult_parts["train"])
    model = tinyfair.LogisticRegression().fit(train.drop(columns="Y"), train["Y"],
                                              sensitive_features=["sex", "race"], pos_label=">50K")
    report = tinyfair.metrics.group_report(train["Y"], model.predict(train.drop(columns="Y"),
                                                                     random_state=1),
                                           train[["sex", "race"]], pos_label=">50K")
    assert list(report.index) == [n for n in model.model_.group_names if n in report.index]
    assert len(report) == len(model.model_.group_names)


def test_reports_equal_evaluate_json(cli, adult_parts, adult_cli_models):
    printed = json.loads(run([cli, "evaluate", "--model", adult_cli_models["model.pb"], "--data",
                              adult_parts["test"], "--label", "Y", "--positive", ">50K",
                              "--seed", 5, "--json"]).stdout)
    model = tinyfair.load(adult_cli_models["model.pb"])
    test = tinyfair.read_csv(adult_parts["test"])
    X, y = test.drop(columns="Y"), test["Y"]
    evaluated = tinyfair.metrics.evaluate(model, X, y, pos_label=">50K", random_state=5)
    records = model.decision_records(X, random_state=5)
    reported = tinyfair.metrics.group_report(y, records["positive"], X["sex"], pos_label=">50K",
                                             y_prob=records["probability"])
    for report in (evaluated, reported):
        for group in printed["groups"]:
            row = report.loc[group["name"]]
            for key in ("n", "positive_rate", "expected_positive_rate", "tpr", "fpr", "precision"):
                assert row[key] == pytest.approx(group[key], abs=1e-9), (group["name"], key)
            assert [row["tpr_low"], row["tpr_high"]] == pytest.approx(group["tpr_ci"], abs=1e-9)
        summary = report.attrs["summary"]
        for key in ("accuracy", "dp_gap", "eo_gap", "expected_dp_gap"):
            assert summary[key] == pytest.approx(printed[key], abs=1e-9), key
        assert [summary["dp_gap_low"], summary["dp_gap_high"]] == pytest.approx(printed["dp_gap_ci"])
    assert evaluated.attrs["summary"]["auc"] == pytest.approx(printed["auc"], abs=1e-9)


def test_evaluate_of_a_regression_model_equals_evaluate_json(cli, tmp_path):
    """A regression model's report: the CLI's, number for number, from the
    same rows (RMSE, log loss and the KS disparity under the mixture)."""
    rng = np.random.default_rng(8)
    rows = 800
    x = rng.normal(size=rows)
    X = pd.DataFrame({"x": x, "z": rng.normal(size=rows),
                      "group": rng.choice(["a", "b"], size=rows)})
    y = pd.Series(np.clip(0.5 + 0.2 * x + np.where(X["group"] == "a", 0.1, 0.0)
                          + 0.05 * rng.normal(size=rows), 0.0, 1.0), name="y")
    model = FairRegression(sensitive_features="group", max_iter=10, verbose=False).fit(X, y)
    model.export(tmp_path / "model.pb")
    X.assign(y=y).to_csv(tmp_path / "data.csv", index=False, float_format="%.17g")
    printed = json.loads(run([cli, "evaluate", "--model", tmp_path / "model.pb", "--data",
                              tmp_path / "data.csv", "--label", "y", "--json"]).stdout)
    evaluated = tinyfair.metrics.evaluate(model, X, y)
    summary = evaluated.attrs["summary"]
    assert summary["members"] == printed["members"] and summary["rows"] == rows
    for key in ("rmse", "ks_disparity", "dkw_half_width"):
        assert summary[key] == pytest.approx(printed[key], abs=1e-9), key
    assert list(evaluated.index) == [group["name"] for group in printed["groups"]]
    for group in printed["groups"]:
        row = evaluated.loc[group["name"]]
        for key in ("n", "rmse", "mean_prediction", "ks_disparity"):
            assert row[key] == pytest.approx(group[key], abs=1e-9), (group["name"], key)
