#include "host_tools/fit/runtime_report.h"

#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::fit {

metrics::ClassificationReport ReportThroughRuntime(const tinyfair::Model& model,
                                                   const data::ColumnTable& table,
                                                   const std::vector<int>& labels) {
  const data::InputEncoder encoder(model.inputs(), table);
  const auto runtime_model = simulate::LoadIntoRuntime(model);
  return metrics::EvaluateDecisions(simulate::DecideRows(*runtime_model, encoder, 1, 0), labels,
                                    GroupNames(model));
}

metrics::ClassificationReport ReportThroughRuntime(const tinyfair::Model& model,
                                                   const ScorerDecisions& decided,
                                                   const std::vector<int>& labels) {
  return metrics::EvaluateDecisions(decided.DecisionsOf(model), labels, GroupNames(model));
}

}  // namespace tinyfair::host::fit
