"""group_report's own metrics, as fairlearn's MetricFrame takes them: each
called per group on that group's rows, a rate() among them with the
report's Wilson interval over its rows' count (checked against the
library's own rates and intervals, which are computed the same way)."""
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score, recall_score

import tinyfair
from tinyfair.metrics import group_report, rate


@pytest.fixture(scope="module")
def decisions():
    generator = np.random.default_rng(11)
    rows = 900
    groups = pd.Series(generator.choice(["x", "y", "z"], size=rows), name="team",
                       index=np.arange(rows) * 3 + 5)  # an index that is not 0..n-1
    y_true = pd.Series(generator.integers(0, 2, size=rows), index=groups.index, name="y")
    y_pred = pd.Series((generator.uniform(size=rows) < np.where(groups == "x", 0.6, 0.3))
                       .astype(int), index=groups.index, name="decision")
    return y_true, y_pred, groups


def test_a_selection_rate_is_the_librarys_positive_rate_and_interval(decisions):
    y_true, y_pred, groups = decisions
    report = group_report(y_true, y_pred, groups,
                          metrics={"selection": rate(lambda t, p: float(np.mean(p)))})
    for column in ("", "_low", "_high"):
        np.testing.assert_allclose(report["selection" + column], report["positive_rate" + column],
                                   atol=1e-6)


def test_a_recall_over_the_positive_rows_is_the_librarys_tpr_and_interval(decisions):
    y_true, y_pred, groups = decisions
    report = group_report(y_true, y_pred, groups,
                          metrics={"recall": rate(recall_score, over=lambda t, p: t == 1)})
    for column in ("", "_low", "_high"):
        np.testing.assert_allclose(report["recall" + column], report["tpr" + column], atol=1e-6)


def test_a_metric_that_is_no_rate_is_a_column_without_interval(decisions):
    y_true, y_pred, groups = decisions
    report = group_report(y_true, y_pred, groups, metrics={"f1": f1_score})
    assert "f1_low" not in report.columns and "f1_high" not in report.columns
    frame = pd.DataFrame({"g": groups, "t": y_true, "p": y_pred})
    for name, rows in frame.groupby("g"):
        assert report.loc[f"team={name}", "f1"] == pytest.approx(f1_score(rows["t"], rows["p"]))


def test_each_group_gets_its_own_rows_in_the_callers_type(decisions):
    y_true, y_pred, groups = decisions
    seen = {}

    def record(t, p):
        seen[len(seen)] = (t, p)
        return 0.0

    report = group_report(y_true, y_pred, groups, metrics={"seen": record})
    assert len(seen) == len(report) == 3
    for index, (t, p) in seen.items():
        assert isinstance(t, pd.Series) and isinstance(p, pd.Series)
        group = report.index[index].split("=", 1)[1]
        assert (groups.loc[t.index] == group).all()  # the caller's index labels kept
        assert t.index.equals(p.index) and len(t) == report.iloc[index]["n"]


def test_arrays_give_arrays(decisions):
    y_true, y_pred, groups = decisions
    kinds = set()
    group_report(y_true.to_numpy(), y_pred.to_numpy(), groups.to_numpy(),
                 metrics={"kind": lambda t, p: kinds.add(type(t)) or 0.0})
    assert kinds == {np.ndarray}


@pytest.mark.parametrize("metrics,message", [
    ({"third": rate(lambda t, p: 1 / 3 + 1e-4)}, "is not a fraction of"),
    ({"big": rate(lambda t, p: 1.5)}, "is not a fraction of"),
    ({"tpr": f1_score}, "is a column of the report already"),
    ([f1_score], "a dict of name -> callable"),
    ({"f1": "f1_score"}, "a dict of name -> callable"),
])
def test_refused_metrics_name_the_problem(decisions, metrics, message):
    y_true, y_pred, groups = decisions
    with pytest.raises(tinyfair.TinyfairError, match=message):
        group_report(y_true, y_pred, groups, metrics=metrics)


def test_rate_takes_callables_only():
    with pytest.raises(tinyfair.TinyfairError, match="callables"):
        rate(f1_score, over="label")
