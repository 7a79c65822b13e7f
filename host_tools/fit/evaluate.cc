#include "host_tools/fit/evaluate.h"

#include <Eigen/Dense>

#include "host_tools/data/input_encoder.h"
#include "host_tools/data/numeric_labels.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/model/mixture_outputs.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::fit {
namespace {

// RMSE, log loss and the KS disparity under Q, from every member's output
// as the runtime computes it.
metrics::RegressionReport RegressionEvaluation(const tinyfair::Model& model,
                                               const data::ColumnTable& table,
                                               const data::InputEncoder& encoder,
                                               const runtime::Model& runtime_model,
                                               const EvaluateOptions& options) {
  const Eigen::VectorXd all_labels =
      data::ReadUnitIntervalLabels(table, options.label.label, options.label.positive);
  const model::MemberOutputs members = model::RegressionMemberOutputs(runtime_model, encoder);
  Eigen::VectorXd labels(static_cast<Eigen::Index>(members.rows.size()));
  for (size_t i = 0; i < members.rows.size(); ++i) {
    const auto row = static_cast<Eigen::Index>(members.rows[i]);
    labels[static_cast<Eigen::Index>(i)] = all_labels[row];
  }
  if (members.rows.size() != table.row_count()) {
    Note("evaluate: " + std::to_string(table.row_count() - members.rows.size()) + " of " +
         std::to_string(table.row_count()) + " rows refused by the model");
  }
  return metrics::EvaluateRegression(members.outputs, members.probability, labels, members.group,
                                     GroupNames(model));
}

// Rates, intervals and gaps of the runtime's decisions, and the scorer's
// quality from the scores the runtime computed.
metrics::ClassificationReport ClassificationEvaluation(const tinyfair::Model& model,
                                                       const data::ColumnTable& table,
                                                       const data::InputEncoder& encoder,
                                                       const runtime::Model& runtime_model,
                                                       const EvaluateOptions& options) {
  const auto labels = data::ReadLabels(table, options.label.label, options.label.positive);
  NoteNegativeLabelValues("evaluate", table, options.label);
  const auto decisions = simulate::DecideRows(runtime_model, encoder, options.seed, options.stream);
  const std::string refused = simulate::RefusedRowsSummary(decisions, table);
  if (!refused.empty()) Note("evaluate: " + refused);
  auto report = metrics::EvaluateDecisions(decisions, labels, GroupNames(model));
  report.scores = metrics::EvaluateScores(
      decisions, labels, metrics::ScoreMeaningOf(model.scorer()), model.has_mixture());
  return report;
}

}  // namespace

Evaluation Evaluate(const tinyfair::Model& model, const data::ColumnTable& table,
                    const EvaluateOptions& options) {
  const data::InputEncoder encoder(model.inputs(), table);
  CheckTableForModel("evaluate", model, table);
  const auto runtime_model = simulate::LoadIntoRuntime(model);
  Evaluation evaluation;
  if (model::IsRegressionModel(*runtime_model)) {
    evaluation.regression = RegressionEvaluation(model, table, encoder, *runtime_model, options);
  } else {
    evaluation.classification =
        ClassificationEvaluation(model, table, encoder, *runtime_model, options);
  }
  return evaluation;
}

std::string EvaluationJson(const Evaluation& evaluation) {
  return evaluation.regression ? metrics::RegressionReportJson(*evaluation.regression)
                               : metrics::ReportJson(*evaluation.classification);
}

std::string EvaluationTable(const Evaluation& evaluation) {
  return evaluation.regression ? metrics::RegressionReportTable(*evaluation.regression)
                               : metrics::ReportTable(*evaluation.classification);
}

}  // namespace tinyfair::host::fit
