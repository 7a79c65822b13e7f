#include "host_tools/fit/prediction_report.h"

#include <stdexcept>
#include <string>

#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::fit {

metrics::ClassificationReport ReportOfPredictions(const Predictions& predictions,
                                                  const data::GroupIndex& groups) {
  const size_t rows = predictions.labels.size();
  if (predictions.positive.size() != rows || predictions.probability.size() != rows ||
      groups.rows().size() != rows) {
    throw std::invalid_argument("labels, decisions, probabilities and groups differ in length");
  }
  std::vector<runtime::Decision> decisions(rows);
  for (size_t i = 0; i < rows; ++i) {
    const float probability = predictions.probability[i];
    if (!(probability >= 0.0f && probability <= 1.0f)) {
      throw std::invalid_argument("row " + std::to_string(i) + ": a probability outside [0, 1]");
    }
    runtime::Decision& d = decisions[i];
    d.status = runtime::Status::kOk;
    d.group = groups.rows()[i];
    d.positive = predictions.positive[i] != 0;
    d.probability = probability;
  }
  return metrics::EvaluateDecisions(decisions, predictions.labels, groups.names());
}

}  // namespace tinyfair::host::fit
