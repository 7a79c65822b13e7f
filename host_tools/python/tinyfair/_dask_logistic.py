"""``tinyfair train --method logistic`` on a dask.dataframe: Newton on the
merged sums of the partitions, computed on the workers by the library.

Passes over the frame: the column summaries the inputs come from (numeric
offset and scale from merged sums, categories from merged counts); the rows
per (group, label) cell (the class weights of the start point, and the
Kamiran-Calders weights with reweigh=True); then one per point the Newton
iteration evaluates, each giving the loss, gradient and Gram matrix sums at
the point (one per Newton step whose full step is accepted, one more per step
halving, one at the start); and one for the reference rates. Every merge is
in partition order, so the fit does not depend on the workers; it equals the
single-process fit on the concatenated rows within rounding.
"""
import dask
import numpy as np

from . import LogisticRegression, _core, _frames
from ._dask_summaries import merged_in_order, partition_columns, reference_rates, set_classes
from ._training import emit_notes


_OPTION_FIELDS = ("data", "id", "unknown_group", "method", "constraint", "sensitive",
                  "categorical", "numeric", "ignore", "l2", "min_category_count", "iterations",
                  "use_sensitive", "strict")


def _option_fields(options):
    """TrainOptions as plain values, for the workers (the struct does not pickle)."""
    fields = {field: getattr(options, field) for field in _OPTION_FIELDS}
    fields["label"] = (options.label.label, list(options.label.positive))
    return fields


def _options(fields):
    options = _core.TrainOptions()
    for field in _OPTION_FIELDS:
        setattr(options, field, fields[field])
    label = _core.LabelOptions()
    label.label, label.positive = fields["label"]
    options.label = label
    return options


def _summarise_columns(fields, name, part):
    return _core.summarise_columns(_options(fields), name, partition_columns(part))


def _merged_columns(first, second):
    merged = _core.ColumnSummaries()
    merged.merge(first)
    merged.merge(second)
    return merged


def _counts(model, fields, name, part):
    return _core.group_label_counts(model, _options(fields), name, partition_columns(part))


def _sums(model, fields, name, part, cell_weights, beta, intercept):
    return _core.part_logistic_sums(model, _options(fields), name, partition_columns(part),
                                    cell_weights, beta, intercept)


def _merged_sums(first, second):
    merged = _core.LogisticSums()
    merged.merge(first)
    merged.merge(second)
    return merged


def _counts_in_order(parts_counts):
    total = np.zeros(len(parts_counts[0]))
    for counts in parts_counts:
        total += np.asarray(counts)  # integers: exact in any order
    return total.tolist()


class DaskLogisticRegression(LogisticRegression):
    """LogisticRegression fitted on a dask.dataframe: each Newton step sums
    the loss, gradient and Gram matrix of every partition on the workers (the
    library's LogisticSums) and merges them in partition order; the client
    steps. The model is the one ``tinyfair train --method logistic`` writes
    for the concatenated rows (the same coefficients within rounding), so it
    exports and decides on the device; decide over a Dask frame with
    tinyfair.dask.decision_records and group_report. Takes the parameters of
    LogisticRegression; categorical columns hold at most
    ColumnSummaries' limit of distinct values (others are refused)."""

    def fit(self, X, y, *, sensitive_features, pos_label=None):
        """X: a dask DataFrame holding the features, the label column named
        y and the sensitive columns (names). Returns self."""
        if not isinstance(y, str):
            raise _core.TinyfairError("y: the name of the label column of the Dask frame")
        sensitive = ([sensitive_features] if isinstance(sensitive_features, str)
                     else list(sensitive_features))
        options = self._train_options(X, sensitive, y, pos_label)
        options.method = "logistic"
        reweigh = bool(self.reweigh)
        name = options.data
        fields = _option_fields(options)
        parts = X.to_delayed()
        header = [str(c) for c in X.columns]

        summaries = [dask.delayed(_summarise_columns)(fields, name, part) for part in parts]
        columns = dask.compute(merged_in_order(summaries, _merged_columns))[0]
        model, notes = _core.logistic_parts_model(options, header, columns)
        emit_notes(notes)
        counts = _counts_in_order(dask.compute(
            *[dask.delayed(_counts)(model, fields, name, part) for part in parts]))
        cell_weights = _core.logistic_cell_weights(options, reweigh, counts)

        def sums_at(beta, intercept):
            sums = [dask.delayed(_sums)(model, fields, name, part, cell_weights, beta, intercept)
                    for part in parts]
            return dask.compute(merged_in_order(sums, _merged_sums))[0]

        fitted, provenance, notes = _core.fit_logistic_over_parts(
            options, reweigh, model, counts, cell_weights, sums_at)
        emit_notes(notes)
        rates = reference_rates(fitted, name, parts)
        self.model_ = _core.finish_trained_model(fitted, rates, provenance)
        self.sensitive_features_ = sensitive
        self.feature_names_in_ = np.asarray([c for c in header if c != y], dtype=object)
        self.n_features_in_ = len(self.feature_names_in_)
        set_classes(self, X, y, pos_label)
        return self
