// The logistic regression over a table's parts (a Dask frame's
// partitions): the per-part summaries (column summaries, (group, label)
// counts, the Newton sums at a point), picklable through their
// serialisation, and the fit in the client from their merged sums.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds the classes ColumnSummaries and LogisticSums, summarise_columns,
/// logistic_parts_model, group_label_counts, logistic_cell_weights,
/// part_logistic_sums, fit_logistic_over_parts and finish_trained_model.
void AddLogisticSumsFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
