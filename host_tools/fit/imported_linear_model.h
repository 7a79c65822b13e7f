// A linear scorer fitted by another library (the Python package describes
// a scikit-learn pipeline's) as a finished model, formed as `train` forms
// one: the estimator folded through its pipeline's features into one
// weight per input (fit::MarginOverInputs), inputs in the data's column
// order, categories in the CLI's order, groups by data::FormGroups, weights
// rounded to float32 once, and reference rates that are the runtime's own
// decisions on the rows given, so that the monitor compares the device with
// what the device decides.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/imported_margin.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// One input of the scorer as the other library describes it; its weights
/// are the estimator's margin over it (a numeric input's on its raw value:
/// offset 0, scale 1).
struct ImportedInput {
  std::string name;
  bool numeric = true;
  /// A categorical input's categories, in any order.
  std::vector<std::string> categories;
  /// Unknown values weigh 0: a last category kOtherCategory of weight 0
  /// (never on a group attribute, whose unknown values are unknown groups).
  bool unknown_as_other = false;
};

/// The scorer: margin = the estimator's margin over the inputs; positive
/// iff link(margin) >= threshold.
struct ImportedScorer {
  /// Checked by model::RequireModelIdFits, and not empty.
  std::string model_id;
  /// In the other library's order (the rows' column order comes first).
  std::vector<ImportedInput> inputs;
  /// The columns whose categories form the groups, first most significant;
  /// one that is no input becomes a categorical input of weight 0 with the
  /// categories of the rows' column.
  std::vector<std::string> group_attributes;
  ImportedEstimator estimator;
  /// A LinearScorer.Link name: "IDENTITY" or "LOGISTIC".
  std::string link = "IDENTITY";
  double threshold = 0.0;
  /// How the scorer was made, for the provenance; the model adds its
  /// decision rule (", positive iff score >= threshold").
  std::string made_by;
};

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

/// The model of `scorer`, judged by the runtime as a model from outside.
/// `rows` (null: none) give the input order (theirs first), the categories
/// of a group attribute the scorer does not read, and, when they hold every
/// input, the reference rates (FinishImportedModel).
/// @throws std::invalid_argument for a model id that is empty or does not
///         fit, a feature made of no input as the scorer lists it, an
///         estimator MarginOverInputs refuses, a weight beyond
///         float32, an unknown link, a group attribute that is numeric or
///         without categories;
///         common::DataError for a missing or "(other)" group value in the
///         rows; model::ModelRefused when the runtime refuses the model.
tinyfair::Model ImportedLinearModel(const ImportedScorer& scorer, const data::ColumnTable* rows);

}  // namespace tinyfair::host::fit
