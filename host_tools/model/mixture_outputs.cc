#include "host_tools/model/mixture_outputs.h"

#include <stdexcept>

#include "tinyfair_runtime/decision_tables.h"

namespace tinyfair::host::model {

bool IsRegressionModel(const runtime::Model& model) {
  const runtime::DecisionTables& t = model.tables();
  return t.rule == runtime::RuleKind::kRegression ||
         (t.rule == runtime::RuleKind::kMixture && t.mixture_or_regression.mixture.regress);
}

MemberOutputs RegressionMemberOutputs(const runtime::Model& model,
                                      const data::InputEncoder& encoder) {
  if (!IsRegressionModel(model)) throw std::invalid_argument("the model is not a regression model");
  const runtime::DecisionTables& t = model.tables();
  const bool mixture = t.rule == runtime::RuleKind::kMixture;
  const uint32_t members = mixture ? t.mixture_or_regression.mixture.member_count : 1;
  // Member j is drawn for bound[j-1] <= draw < bound[j].
  std::vector<uint64_t> first(members, 0), end(members, uint64_t{1} << 32U);
  MemberOutputs out;
  for (uint32_t j = 0; j < members; ++j) {
    if (mixture) {
      first[j] = j == 0 ? 0 : t.mixture_or_regression.mixture.draw_bound[j - 1];
      end[j] = t.mixture_or_regression.mixture.draw_bound[j];
    }
    out.probability.push_back(
        first[j] < end[j] ? static_cast<double>(end[j] - first[j]) / 4294967296.0 : 0.0);
  }
  std::vector<std::vector<double>> values;
  std::vector<float> row;
  for (size_t r = 0; r < encoder.row_count(); ++r) {
    encoder.DeviceRow(r, row);
    runtime::DecisionInput input;
    input.values = row.data();
    input.count = row.size();
    std::vector<double> outputs(members, 0.0);
    runtime::Decision decision;
    bool decided = true;
    for (uint32_t j = 0; j < members && decided; ++j) {
      if (first[j] >= end[j]) continue;
      decided =
          runtime::IsOk(model.DecideWithDraw(input, static_cast<uint32_t>(first[j]), decision));
      outputs[j] = decision.value;
    }
    if (!decided) continue;
    out.rows.push_back(r);
    out.group.push_back(static_cast<int>(decision.group));
    values.push_back(std::move(outputs));
  }
  out.outputs.resize(static_cast<Eigen::Index>(values.size()), members);
  for (size_t i = 0; i < values.size(); ++i) {
    for (uint32_t j = 0; j < members; ++j) {
      out.outputs(static_cast<Eigen::Index>(i), j) = values[i][j];
    }
  }
  return out;
}

}  // namespace tinyfair::host::model
