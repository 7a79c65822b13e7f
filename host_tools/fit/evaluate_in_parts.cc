#include "host_tools/fit/evaluate_in_parts.h"

#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::fit {

metrics::DecisionTally TallyThroughRuntime(const tinyfair::Model& model,
                                           const data::ColumnTable& part,
                                           const EvaluateOptions& options, uint64_t draws_before) {
  const data::InputEncoder encoder(model.inputs(), part);
  data::CheckGroupsKnown(model, part);
  const auto runtime_model = simulate::LoadIntoRuntime(model);
  const auto labels = data::ReadLabels(part, options.label.label, options.label.positive);
  const auto decisions = simulate::DecideRows(*runtime_model, encoder, options.seed, options.stream,
                                              nullptr, draws_before);
  metrics::DecisionTally tally(GroupNames(model).size());
  for (size_t i = 0; i < decisions.size(); ++i) tally.Add(decisions[i], labels[i]);
  return tally;
}

std::string TallyReportJson(const metrics::DecisionTally& tally, const tinyfair::Model& model) {
  return metrics::ReportJson(tally.Report(GroupNames(model)));
}

}  // namespace tinyfair::host::fit
