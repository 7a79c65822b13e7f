#include "host_tools/simulate/score_through_runtime.h"

#include <utility>

#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::simulate {

data::ScoredSample ScoreThroughRuntime(const tinyfair::Model& model, const data::CsvTable& table,
                                       const std::string& label,
                                       const std::vector<std::string>& positive) {
  return ScoreThroughRuntime(model, data::ColumnTableFromCsv(table), label, positive);
}

data::ScoredSample ScoreThroughRuntime(const tinyfair::Model& model, const data::ColumnTable& table,
                                       const std::string& label,
                                       const std::vector<std::string>& positive,
                                       std::vector<runtime::Decision>* records) {
  data::InputEncoder encoder(model.inputs(), table);
  data::CheckGroupsKnown(model, table);
  const auto runtime_model = LoadIntoRuntime(model);
  auto decisions = DecideRows(*runtime_model, encoder, 1, 0);
  std::vector<int> labels;
  if (!label.empty()) labels = data::ReadLabels(table, label, positive);
  data::ScoredSample sample;
  for (size_t r = 0; r < decisions.size(); ++r) {
    if (!runtime::IsOk(decisions[r].status)) {
      ++sample.refused;
      continue;
    }
    sample.scores.push_back(decisions[r].score);
    sample.groups.push_back(decisions[r].group);
    if (!labels.empty()) sample.labels.push_back(labels[r]);
  }
  if (records != nullptr) *records = std::move(decisions);
  return sample;
}

void RequireEveryGroup(const data::ScoredSample& sample, const tinyfair::Model& model,
                       const std::string& path, const std::string& both_labels_for) {
  const size_t group_count = model.dimensions().group_count();
  std::vector<size_t> count(group_count, 0), positives(group_count, 0);
  for (size_t i = 0; i < sample.groups.size(); ++i) {
    if (sample.groups[i] >= group_count) continue;
    ++count[sample.groups[i]];
    if (!sample.labels.empty()) positives[sample.groups[i]] += sample.labels[i] == 1 ? 1 : 0;
  }
  RequireEveryGroup(count, positives, model, path,
                    sample.labels.empty() ? std::string() : both_labels_for);
}

void RequireEveryGroup(const std::vector<size_t>& count, const std::vector<size_t>& positives,
                       const tinyfair::Model& model, const std::string& path,
                       const std::string& both_labels_for) {
  const size_t group_count = model.dimensions().group_count();
  for (size_t g = 0; g < group_count; ++g) {
    const std::string name = "group '" +
                             (static_cast<int>(g) < model.groups().group_names_size()
                                  ? model.groups().group_names(static_cast<int>(g))
                                  : std::to_string(g)) +
                             "'";
    if (count[g] == 0) {
      throw common::DataError(path, 0, 0,
                              name +
                                  " has no example in the fitting data; every group of the model "
                                  "needs examples to fit its rule");
    }
    if (both_labels_for.empty()) continue;
    if (positives[g] == 0 || positives[g] == count[g]) {
      throw common::DataError(path, 0, 0,
                              name + " has " + std::to_string(count[g]) + " example" +
                                  (count[g] == 1 ? "" : "s") + " in the fitting data, all " +
                                  (positives[g] == 0 ? "negative" : "positive") + "; " +
                                  both_labels_for + " needs both labels in every group");
    }
  }
}

std::vector<double> ExpectedPositiveRates(const tinyfair::Model& model,
                                          const data::CsvTable& table) {
  return ExpectedPositiveRates(model, data::ColumnTableFromCsv(table));
}

std::vector<double> ExpectedPositiveRates(const tinyfair::Model& model,
                                          const data::ColumnTable& table) {
  return ExpectedPositiveRateSumsOf(model, table).Rates();
}

ExpectedPositiveRateSums ExpectedPositiveRateSumsOf(const tinyfair::Model& model,
                                                    const data::ColumnTable& table) {
  const data::InputEncoder encoder(model.inputs(), table);
  const auto runtime_model = LoadIntoRuntime(model);
  ExpectedPositiveRateSums sums(model.dimensions().group_count());
  sums.Add(DecideRows(*runtime_model, encoder, 1, 0));
  return sums;
}

void ExpectedPositiveRateSums::Add(const std::vector<runtime::Decision>& decisions) {
  for (const auto& d : decisions) {
    if (!runtime::IsOk(d.status)) continue;
    sum_[d.group] += d.probability;
    count_[d.group] += 1.0;
  }
}

std::vector<double> ExpectedPositiveRateSums::Rates() const {
  std::vector<double> rates(sum_.size(), 0.0);
  for (size_t g = 0; g < rates.size(); ++g) {
    if (count_[g] > 0.0) rates[g] = sum_[g] / count_[g];
  }
  return rates;
}

}  // namespace tinyfair::host::simulate
