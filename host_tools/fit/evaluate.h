// What `tinyfair evaluate` does between reading its files and printing, for
// every front end: a model judged by the runtime's own decisions on a
// labelled table, a classification report (rates, intervals, gaps, the
// scorer's quality) or, for a regression model, a regression report (RMSE,
// log loss, the KS disparity under the mixture).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/label_options.h"
#include "host_tools/metrics/metrics.h"
#include "host_tools/metrics/regression_metrics.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

struct EvaluateOptions {
  LabelOptions label;
  /// The runtime draws from Pcg32(seed, stream) in row order.
  uint64_t seed = 1, stream = 0;
};

/// One of the two reports, as the model's rule decides.
struct Evaluation {
  std::optional<metrics::ClassificationReport> classification;
  std::optional<metrics::RegressionReport> regression;
};

/// The report of `model` on `table`: the runtime decides every row (a
/// regression model: every member's output), refused rows are counted, not
/// measured. Notes ("evaluate: ...") what the data holds that the model
/// does not list, label values counted as negative, refused rows.
/// @throws common::DataError for a missing column, an unknown group or a bad label.
Evaluation Evaluate(const tinyfair::Model& model, const data::ColumnTable& table,
                    const EvaluateOptions& options);

/// What `evaluate --json` prints.
std::string EvaluationJson(const Evaluation& evaluation);

/// What `evaluate` prints without --json.
std::string EvaluationTable(const Evaluation& evaluation);

}  // namespace tinyfair::host::fit
