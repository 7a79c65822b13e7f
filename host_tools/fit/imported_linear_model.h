// A linear scorer fitted by another library (the Python package folds a
// scikit-learn pipeline into one) as a finished model: its reference rates
// are the runtime's own decisions on the rows it is given, as every fit's
// are, so that the monitor compares the device with what the device decides.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// Each group's positive rate among the rows the runtime decided (a group
/// without decided rows: 0), with the count of rows decided and refused.
struct DecidedRates {
  std::vector<double> rates;
  std::size_t decided = 0;
  std::size_t refused = 0;
};

/// The runtime decides every row of `rows` with `model` (as evaluate and
/// simulate do); refused rows (a missing value, an unknown category or
/// group) are counted and left out of the rates.
/// @throws common::DataError for a column of `rows` the model cannot read.
DecidedRates RuntimeDecidedRates(const tinyfair::Model& model, const data::ColumnTable& rows);

/// Finishes an imported scorer: reference rates decided on `rows` (null:
/// not measured, every rate 0) and the provenance `made_by` followed by
/// what the rates are.
/// @throws common::DataError as RuntimeDecidedRates.
void FinishImportedModel(const std::string& made_by, const data::ColumnTable* rows,
                         tinyfair::Model& model);

}  // namespace tinyfair::host::fit
