"""Fit and decide over a dask.dataframe: the data stays in its partitions.

Each partition is summarised on a worker by the library code the CLI's
``postprocess --stream`` runs on a block of its file (the runtime scores the
rows, ScoreHistograms holds them per group); the summaries travel as bytes
and are merged in partition order, and the rule is fitted on the merged
histograms by the same library call: the ramp (DaskRandomizedThresholdOptimizer,
``--method rto``) or Hardt's two thresholds per group (DaskHardtPostprocessing,
``--method hardt-dp | hardt-eo``, the per-cell positives giving each cell
boundary's true and false positives). The reference rates are a second pass,
summed the same way.

Decisions: a refused row takes no draw, so each partition is first decided
to count its draws, then decided again with PCG32 moved ahead by the draws of
the partitions before it. Row i of the whole frame then gets the draw it gets
in ``tinyfair simulate --seed S`` on the concatenated rows, however the frame
is partitioned and however many workers there are.

DaskLogisticRegression fits ``train --method logistic`` by Newton on the
partitions' merged loss, gradient and Gram matrix sums (_dask_logistic).
"""
import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd

from . import _core, _frames, metrics
from ._dask_hardt import DaskHardtPostprocessing  # noqa: F401
from ._dask_logistic import DaskLogisticRegression  # noqa: F401
from ._dask_summaries import fit_on_partitions, merged_in_order, partition_columns, rates_from_sums
from ._deciding import records_frame
from .postprocessing import RandomizedThresholdOptimizer


_columns = partition_columns
_rates_from_sums = rates_from_sums


class DaskRandomizedThresholdOptimizer(RandomizedThresholdOptimizer):
    """RandomizedThresholdOptimizer fitted on a dask.dataframe as
    ``tinyfair postprocess --stream`` fits on a file: the exact solver on
    per-group score histograms (each group on its own, --small-groups
    refuse), the rate-error bound in the notes. Needs the scorer (estimator)
    and takes no validation, strata other than the groups', or covariance.
    Decisions (predict, decision_records) are the pandas estimator's; for a
    Dask frame use decision_records() and group_report() of this module."""

    def fit(self, X, y, *, sensitive_features, pos_label=None):
        """X: a dask DataFrame holding the features, the label column named
        y and the sensitive columns (names). Returns self."""
        return fit_on_partitions(self, X, y, sensitive_features, pos_label)


def _model_of(estimator):
    model = getattr(estimator, "model_", None)
    if model is None:
        return estimator._fitted_model()
    return model


def _with_sensitive(part, sensitive):
    frame, _ = _frames.with_sensitive(part.reset_index(drop=True), sensitive)
    return frame


def _draws(model, name, part, sensitive):
    """The draws the partition's rows take: one per decided row."""
    decided = _core.decide_columns(model, name,
                                   _frames.table_columns(_with_sensitive(part, sensitive)))
    return int(decided["decided"])


def _records(model, name, part, sensitive, seed, stream, draws_before):
    decided = _core.decide(model, name, _frames.table_columns(_with_sensitive(part, sensitive)),
                           seed=seed, stream=stream, draws_before=draws_before)
    frame = records_frame(model, decided, index=part.index)
    frame.attrs["log"] = decided["log"]
    return frame


def _draws_before(model, name, parts, sensitive):
    counts = dask.compute(*[dask.delayed(_draws)(model, name, part, sensitive) for part in parts])
    return np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.uint64).tolist()


def _decided_parts(estimator, X, sensitive_features, random_state, stream):
    model = _model_of(estimator)
    if sensitive_features is None:
        sensitive_features = getattr(estimator, "sensitive_features_", None)
    seed = _frames.seed_of(random_state)
    name = _frames.data_name(X)
    parts = X.to_delayed()
    offsets = _draws_before(model, name, parts, sensitive_features)
    return [dask.delayed(_records)(model, name, part, sensitive_features, seed, stream, int(first))
            for part, first in zip(parts, offsets)]


def decision_records(estimator, X, *, sensitive_features=None, random_state=1, stream=0):
    """The device's decision record of every row of the Dask frame X (a
    lazy dask DataFrame, partitioned as X): the columns of the estimator's
    decision_records, each row decided with the draw it gets in one pass over
    the whole frame (``tinyfair simulate --seed random_state``)."""
    model = _model_of(estimator)
    columns = {"status": object, "group": np.uint32, "group_name": object,
               "score": np.float32, "probability": np.float32, "draw": np.uint32,
               "positive": bool}
    if model.rule == "mixture":
        columns["member"] = np.uint32
    if model.rule == "regression":
        columns["value"] = np.float32
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in columns.items()},
                        index=X._meta.index)
    return dd.from_delayed(_decided_parts(estimator, X, sensitive_features, random_state, stream),
                           meta=meta, divisions=X.divisions)


def _log_of(records):
    return records.attrs["log"]


def decision_log(estimator, X, *, sensitive_features=None, random_state=1, stream=0):
    """The decision log ``tinyfair simulate --seed random_state`` writes for
    X's rows in order, each partition decided on a worker."""
    parts = _decided_parts(estimator, X, sensitive_features, random_state, stream)
    logs = dask.compute(*[dask.delayed(_log_of)(part) for part in parts])
    header, _, _ = logs[0].partition("\n")
    return header + "\n" + "".join(log.partition("\n")[2] for log in logs)


def _tally(model, name, part, sensitive, label, positive, seed, stream, draws_before):
    return _core.tally_decisions(model, name,
                                 _frames.table_columns(_with_sensitive(part, sensitive)),
                                 label, positive, seed, stream, draws_before)


def _merge_tallies(first, second):
    merged = _core.DecisionTally(first.group_count)
    merged.merge(first)
    merged.merge(second)
    return merged


def group_report(estimator, X, y, *, sensitive_features=None, pos_label=None, random_state=1,
                 stream=0):
    """The report of the runtime's decisions on the Dask frame X (label
    column y), groups named by the model, refused rows counted in
    attrs["summary"]["refused"]: each partition decided on a worker as
    decision_records decides it and tallied there (counts and probability
    sums per group and label), the tallies merged in partition order; only
    the tallies travel, a few hundred bytes each. Equals metrics.group_report
    of the same decisions (counts exactly, expected rates within rounding)."""
    model = _model_of(estimator)
    if sensitive_features is None:
        sensitive_features = getattr(estimator, "sensitive_features_", None)
    seed = _frames.seed_of(random_state)
    name = _frames.data_name(X)
    parts = X.to_delayed()
    offsets = _draws_before(model, name, parts, sensitive_features)
    positive = _frames.positive_values(pos_label)
    tallies = [dask.delayed(_tally)(model, name, part, sensitive_features, y, positive, seed,
                                    stream, int(first))
               for part, first in zip(parts, offsets)]
    tally = dask.compute(merged_in_order(tallies, _merge_tallies))[0]
    return metrics._report_frame(_core.report_of_tally(tally, model))
