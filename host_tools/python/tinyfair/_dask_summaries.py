"""Partition summaries of a dask.dataframe, computed on the workers and
merged in partition order: the merge the Dask fits share, and the fit from
the merged per-group score histograms that ``postprocess --stream`` runs
(the estimator's method: rto, hardt-dp or hardt-eo)."""
import time

import dask
import numpy as np

from . import _core, _frames
from ._training import emit_notes
from .models import group_attributes
from .postprocessing import _scorer_model


def partition_columns(part):
    """A partition's columns as the library's table reads them."""
    return _frames.table_columns(part.reset_index(drop=True))


def merged_in_order(summaries, merge_pair):
    """The delayed summaries merged pairwise in partition order, a binary
    tree whose shape depends only on their number: the same additions in the
    same order whatever worker computed each, and a worker holds a few
    summaries at a time (the tree is reduced as its leaves arrive), not one
    per partition. merge_pair(first, second) keeps first's examples first."""
    level = list(summaries)
    while len(level) > 1:
        level = [dask.delayed(merge_pair)(level[i], level[i + 1]) if i + 1 < len(level)
                 else level[i] for i in range(0, len(level), 2)]
    return level[0]


def _summarise(model, name, part, label, positive):
    return _core.summarise_scores(model, name, partition_columns(part), label, positive)


def _merge_pair(first, second):
    """Two neighbouring summaries, the first's examples first."""
    merged = _core.ScoreHistograms(first[0].group_count)
    merged.merge(first[0])
    merged.merge(second[0])
    return merged, first[1] + second[1], first[2] + second[2]


def _rate_sums(model, name, part):
    return _core.expected_rate_sums(model, name, partition_columns(part))


def rates_from_sums(parts_sums):
    """ExpectedPositiveRateSums.Rates over the parts, sums added in order."""
    sums = np.zeros(len(parts_sums[0][0]))
    counts = np.zeros(len(parts_sums[0][1]))
    for part_sums, part_counts in parts_sums:
        for g in range(len(sums)):  # in order, one addition at a time
            sums[g] += part_sums[g]
            counts[g] += part_counts[g]
    return [float(s / c) if c > 0.0 else 0.0 for s, c in zip(sums, counts)]


def set_classes(estimator, X, y, pos_label):
    """classes_ as the in-memory estimators set them (DecidingMixin's
    _set_classes): the label column's two sorted values when pos_label
    names one of them, else [0, 1]. Its distinct values are read only then,
    a pass over that one column."""
    names_one = pos_label is not None and not isinstance(pos_label, (list, tuple))
    values = X[y].dropna().unique().compute().to_numpy() if names_one else []
    estimator._set_classes(values, pos_label)


def reference_rates(model, name, parts):
    """ExpectedPositiveRates of the finished model over the delayed
    partitions: each partition's sums on a worker, added in order."""
    return rates_from_sums(dask.compute(
        *[dask.delayed(_rate_sums)(model, name, part) for part in parts]))


def _first_rows(X, n=5):
    """A few rows for a scikit-learn scorer's conversion, from the first
    partition that holds any: head(npartitions=-1) computes every partition
    and keeps each one's head, a view that holds the whole partition, until
    all are read, so a worker's memory grew with the row count."""
    for index in range(X.npartitions):
        rows = X.get_partition(index).head(n, npartitions=1, compute=True)
        if len(rows):
            return rows
    return X._meta


def fit_on_partitions(estimator, X, y, sensitive_features, pos_label):
    """Fits `estimator` (a post-processor with its scorer) on the Dask frame
    X as ``postprocess --stream --method <its method>`` fits on a file: the
    partitions summarised on the workers, merged in order, the fit and the
    reference rates' pass by the library. Returns the estimator."""
    if not isinstance(y, str):
        raise _core.TinyfairError("y: the name of the label column of the Dask frame")
    sensitive = ([sensitive_features] if isinstance(sensitive_features, str)
                 else list(sensitive_features))
    if estimator.estimator is None:
        raise _core.TinyfairError("a Dask fit needs the scorer (estimator=)")
    start = time.perf_counter()
    scorer = _scorer_model(estimator.estimator, sensitive, _first_rows(X).drop(columns=[y]))
    estimator._scorer_groups = group_attributes(scorer)
    options = estimator._options(X, sensitive, y, pos_label, "")
    model = _core.histogram_scoring_model(options, scorer)
    name = options.data
    label, positive = options.label.label, list(options.label.positive)
    parts = X.to_delayed()
    summaries = [dask.delayed(_summarise)(model, name, part, label, positive) for part in parts]
    histograms, rows, refused = dask.compute(merged_in_order(summaries, _merge_pair))[0]

    def rates_of(finished):
        return reference_rates(finished, name, parts)

    fitted, notes = _core.fit_from_histograms(
        options, model, histograms, rows, refused, time.perf_counter() - start, rates_of)
    emit_notes(notes)
    estimator.notes_ = list(notes)  # the fit's notes, its stated bound among them
    estimator.model_ = fitted
    estimator.sensitive_features_ = sensitive
    set_classes(estimator, X, y, pos_label)
    return estimator
