"""Fit and decide over a dask.dataframe: the data stays in its partitions.

Each partition is summarised on a worker by the library code the CLI's
``postprocess --stream`` runs on a block of its file (the runtime scores the
rows, ScoreHistograms holds them per group); the summaries travel as bytes
and are merged in partition order, and the ramp is fitted on the merged
histograms by the same library call. The reference rates are a second pass,
summed the same way.

Decisions: a refused row takes no draw, so each partition is first decided
to count its draws, then decided again with PCG32 moved ahead by the draws of
the partitions before it. Row i of the whole frame then gets the draw it gets
in ``tinyfair simulate --seed S`` on the concatenated rows, however the frame
is partitioned and however many workers there are.

DaskLogisticRegression fits ``train --method logistic`` by Newton on the
partitions' merged loss, gradient and Gram matrix sums (_dask_logistic).
"""
import time

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd

from . import _core, _frames, metrics
from ._dask_logistic import DaskLogisticRegression  # noqa: F401
from ._dask_summaries import merged_in_order, partition_columns
from ._deciding import records_frame
from ._training import emit_notes
from .models import group_attributes
from .postprocessing import RandomizedThresholdOptimizer, _scorer_model


_columns = partition_columns


def _summarise(model, name, part, label, positive):
    return _core.summarise_scores(model, name, _columns(part), label, positive)


def _merge_pair(first, second):
    """Two neighbouring summaries, the first's examples first."""
    merged = _core.ScoreHistograms(first[0].group_count)
    merged.merge(first[0])
    merged.merge(second[0])
    return merged, first[1] + second[1], first[2] + second[2]


def _rate_sums(model, name, part):
    return _core.expected_rate_sums(model, name, _columns(part))


def _rates_from_sums(parts_sums):
    """ExpectedPositiveRateSums.Rates over the parts, sums added in order."""
    sums = np.zeros(len(parts_sums[0][0]))
    counts = np.zeros(len(parts_sums[0][1]))
    for part_sums, part_counts in parts_sums:
        for g in range(len(sums)):  # in order, one addition at a time
            sums[g] += part_sums[g]
            counts[g] += part_counts[g]
    return [float(s / c) if c > 0.0 else 0.0 for s, c in zip(sums, counts)]


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
        if not isinstance(y, str):
            raise _core.TinyfairError("y: the name of the label column of the Dask frame")
        sensitive = ([sensitive_features] if isinstance(sensitive_features, str)
                     else list(sensitive_features))
        if self.estimator is None:
            raise _core.TinyfairError("a Dask fit needs the scorer (estimator=)")
        start = time.perf_counter()
        sample = X.head(5, npartitions=-1)
        scorer = _scorer_model(self.estimator, sensitive, sample.drop(columns=[y]))
        self._scorer_groups = group_attributes(scorer)
        options = self._options(X, sensitive, y, pos_label, "")
        model = _core.histogram_scoring_model(options, scorer)
        name = options.data
        label, positive = options.label.label, list(options.label.positive)
        parts = X.to_delayed()
        summaries = [dask.delayed(_summarise)(model, name, part, label, positive)
                     for part in parts]
        histograms, rows, refused = dask.compute(merged_in_order(summaries, _merge_pair))[0]

        def rates_of(finished):
            sums = dask.compute(*[dask.delayed(_rate_sums)(finished, name, part)
                                  for part in parts])
            return _rates_from_sums(sums)

        fitted, notes = _core.fit_rto_from_histograms(
            options, model, histograms, rows, refused, time.perf_counter() - start, rates_of)
        emit_notes(notes)
        self.model_ = fitted
        self.sensitive_features_ = sensitive
        self.classes_ = np.array([0, 1]) if pos_label is None else None
        return self


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
    decided = _core.decide(model, name, _frames.table_columns(_with_sensitive(part, sensitive)))
    return int(sum(1 for status in decided["status"] if status == "ok"))


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


def _report_columns(records, part, y, sensitive):
    """What the report needs of a partition's decided rows."""
    decided = (records["status"] == "ok").to_numpy()
    frame = part[[y, *sensitive]].reset_index(drop=True)[decided]
    frame["positive"] = records["positive"].to_numpy()[decided].astype(np.int64)
    frame["probability"] = records["probability"].to_numpy()[decided].astype(np.float64)
    return frame


def group_report(estimator, X, y, *, sensitive_features=None, pos_label=None, random_state=1,
                 stream=0):
    """metrics.group_report of the runtime's decisions on the Dask frame X
    (label column y), refused rows left out: decided on the workers as
    decision_records decides, the report computed from each decided row's
    outcome, probability, label and group, gathered in the client (a few
    bytes a row: the report itself is not merged from partition summaries)."""
    if sensitive_features is None:
        sensitive_features = getattr(estimator, "sensitive_features_", None)
    sensitive = ([sensitive_features] if isinstance(sensitive_features, str)
                 else list(sensitive_features))
    decided = _decided_parts(estimator, X, sensitive, random_state, stream)
    frame = pd.concat(dask.compute(*[
        dask.delayed(_report_columns)(records, part, y, sensitive)
        for records, part in zip(decided, X.to_delayed())]), ignore_index=True)
    return metrics.group_report(frame[y], frame["positive"], frame[sensitive],
                                y_prob=frame["probability"], pos_label=pos_label)
