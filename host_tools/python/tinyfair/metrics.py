"""Per-group reports with the numbers ``tinyfair evaluate --json`` prints:
counts, positive rate, TPR, FNR, FPR and precision per group with 95 %
Wilson intervals, and the parity gap with Newcombe's interval, the
equalized-odds gap and its two terms, accuracy. Computed by the library's
one metrics code, never again here; the only numbers Python computes are the
caller's own metrics (group_report's `metrics`, as fairlearn's MetricFrame
takes them), per group as the library forms the groups, and a rate among
them gets the report's Wilson interval from the library."""
import json

import numpy as np
import pandas as pd

from . import _core, _frames
from ._notes import emit_notes


def _binary(values, what, pos_label=None):
    values = np.asarray(values.to_numpy() if isinstance(values, pd.Series) else values)
    if values.ndim != 1:
        raise _core.TinyfairError(f"{what}: expected one value per row (1-D)")
    if pos_label is not None:
        return (values == pos_label).astype(np.int32)
    if values.dtype == bool:
        return values.astype(np.int32)
    if not np.issubdtype(values.dtype, np.number) or not np.isin(values, (0, 1)).all():
        found = sorted({str(v) for v in values[:1000]})[:5]
        raise _core.TinyfairError(f"{what}: expected 0/1 (or pass pos_label); found {found}")
    return values.astype(np.int32)


def _decisions(y_pred, pos_label):
    """Decisions as 0/1: y_pred in y's values (what predict returns with
    pos_label) compared with pos_label; 0/1 decisions as they are when
    pos_label is a label value other than 0 or 1 (the runtime's records)."""
    values = np.asarray(y_pred.to_numpy() if isinstance(y_pred, pd.Series) else y_pred)
    zero_one = (values.dtype == bool or np.issubdtype(values.dtype, np.number)) and \
        np.isin(values, (0, 1)).all()
    if pos_label is None or (zero_one and pos_label not in (0, 1)):
        return _binary(values, "y_pred")
    return _binary(values, "y_pred", pos_label)


def _report_frame(report_json):
    """The report as a DataFrame (one row per group) whose attrs["summary"]
    holds the rest: accuracy, the gaps and their intervals, refused rows."""
    report = json.loads(report_json)
    rows = []
    for group in report.pop("groups"):
        row = {}
        for key, value in group.items():
            if key.endswith("_ci"):
                row[key[:-3] + "_low"], row[key[:-3] + "_high"] = value
            else:
                row[key] = np.nan if value is None else value
        rows.append(row)
    frame = pd.DataFrame(rows).set_index("name")
    frame.index.name = "group"
    if "dp_gap_ci" in report:  # a classification report
        report["dp_gap_low"], report["dp_gap_high"] = report.pop("dp_gap_ci")
    frame.attrs["summary"] = report
    return frame


class RateMetric:
    """A metric of the caller's that is a rate: the fraction of a group's
    rows (or of the rows `over` selects) where something holds. Made by
    rate()."""

    def __init__(self, metric, over=None):
        self.metric, self.over = metric, over

    def __call__(self, y_true, y_pred):
        return self.metric(y_true, y_pred)


def rate(metric, over=None):
    """Marks metric(y_true, y_pred) as a rate for group_report, which then
    adds its 95 % Wilson interval over the count of rows it is a fraction of.
    over: None (every row of the group: a selection rate, an accuracy) or a
    callable(y_true, y_pred) giving a boolean mask of those rows (a recall:
    the rows whose label is positive)."""
    if not callable(metric) or (over is not None and not callable(over)):
        raise _core.TinyfairError("rate: metric and over must be callables (y_true, y_pred)")
    return RateMetric(metric, over)


def group_report(y_true, y_pred, sensitive_features, *, y_prob=None, pos_label=None,
                 metrics=None):
    """The report of decisions y_pred (0/1, or y's values as predict returns
    them with pos_label) against labels y_true, per group
    of sensitive_features (a Series, array, or a DataFrame of several columns:
    their product, as the CLI's --sensitive a,b). y_prob: each decision's
    probability for the expected rates (default: y_pred). Groups are named and
    ordered as a model fitted on the same data names them.

    metrics: your own, as fairlearn's MetricFrame takes them: a dict of name
    -> callable(y_true, y_pred), called per group with that group's y_true
    and y_pred as given (Series stay Series); each adds a column `name`. A
    metric marked rate(...) also gets `name_low` and `name_high`: Wilson's
    95 % interval (the library's, as for every rate of the report) of
    round(value x n) successes in n, n the group's rows (or those `over`
    selects); a value that is no such fraction is refused."""
    truth = _binary(y_true, "y_true", pos_label)
    outcome = _decisions(y_pred, pos_label)
    probability = outcome.astype(np.float64) if y_prob is None else np.asarray(y_prob, np.float64)
    if isinstance(sensitive_features, str):
        raise _core.TinyfairError("sensitive_features: give the values (a Series or an array), "
                                  "not a column name")
    frame, names = _frames.with_sensitive(pd.DataFrame(index=range(len(truth))),
                                          _reindexed(sensitive_features))
    label = "(label)" if "y_true" in names else "y_true"
    frame, label = _frames.with_label(frame, pd.Series(truth, name=label))
    columns = _frames.table_columns(frame)
    report = _report_frame(_core.report_predictions(truth, outcome, probability,
                                                    "sensitive_features", columns, label, names))
    if metrics is not None:
        group_names, rows = _core.groups_of_rows("sensitive_features", columns, label, names)
        _add_own_metrics(report, metrics, y_true, y_pred, group_names, np.asarray(rows))
    return report


def _add_own_metrics(report, metrics, y_true, y_pred, group_names, rows):
    """The caller's metrics per group as columns of the report."""
    if not isinstance(metrics, dict) or not all(callable(m) for m in metrics.values()):
        raise _core.TinyfairError("metrics: a dict of name -> callable(y_true, y_pred)")
    for name, metric in metrics.items():
        if not isinstance(name, str) or name in report.columns:
            raise _core.TinyfairError(f"metrics: {name!r} is not a text or is a column of the "
                                      "report already; name it otherwise")
        values, intervals = {}, {}
        for index, group in enumerate(group_names):
            rows_of_group = np.flatnonzero(rows == index)
            truth, decided = _rows(y_true, rows_of_group), _rows(y_pred, rows_of_group)
            values[group] = float(metric(truth, decided))
            if isinstance(metric, RateMetric):
                intervals[group] = _rate_interval(name, metric, values[group], truth, decided)
        report[name] = pd.Series(values)
        if isinstance(metric, RateMetric):
            report[name + "_low"] = pd.Series({g: low for g, (low, _) in intervals.items()})
            report[name + "_high"] = pd.Series({g: high for g, (_, high) in intervals.items()})


def _rows(values, positions):
    """The rows at positions, in the caller's type (a Series stays one)."""
    if isinstance(values, (pd.Series, pd.DataFrame)):
        return values.iloc[positions]
    return np.asarray(values)[positions]


def _rate_interval(name, metric, value, truth, decided):
    """The Wilson interval of a rate metric's value over its rows' count."""
    trials = len(truth) if metric.over is None else \
        int(np.count_nonzero(np.asarray(metric.over(truth, decided), dtype=bool)))
    if trials == 0:
        return np.nan, np.nan  # no rows: no rate
    successes = value * trials
    if not np.isfinite(value) or not 0.0 <= value <= 1.0 or \
            abs(successes - round(successes)) > 1e-6 * trials:
        raise _core.TinyfairError(
            f"metrics[{name!r}]: {value:.6g} is not a fraction of {trials} rows, so rate() "
            "has no interval for it; give over= the rows it is a fraction of, or leave it "
            "unmarked")
    _, low, high = _core.report_interval(int(round(successes)), trials)
    return low, high


def _reindexed(values):
    if isinstance(values, (pd.Series, pd.DataFrame)):
        return values.reset_index(drop=True)
    return values


def evaluate(estimator, X, y, *, sensitive_features=None, pos_label=None, random_state=1,
             stream=0):
    """`tinyfair evaluate --json` for a fitted estimator (or tinyfair.load's
    model) on X and labels y: the runtime decides every row with the seed.
    A regression model's report (y in [0, 1]) has RMSE, log loss, mean
    prediction and the KS disparity per group, as the CLI's."""
    model = estimator._fitted_model()
    if sensitive_features is None:
        sensitive_features = getattr(estimator, "sensitive_features_", None)
    frame, _ = _frames.with_sensitive(X, sensitive_features)
    frame, label = _frames.with_label(frame, y)
    report, notes = _core.evaluate(model, _frames.data_name(X), _frames.table_columns(frame),
                                   label, _frames.positive_values(pos_label),
                                   seed=_frames.seed_of(random_state), stream=stream)
    emit_notes(notes)
    return _report_frame(report)
