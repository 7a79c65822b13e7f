#include "host_tools/scored_sample.h"

#include <cmath>

#include "host_tools/decision_runner.h"
#include "host_tools/group_formation.h"
#include "host_tools/input_encoder.h"

namespace tinyfair::host {

void PrepareScoringModel(const std::vector<std::string>& attributes, tinyfair::Model& model) {
  if (model.scorer().link() == tinyfair::LinearScorer::LOGISTIC) {
    model.mutable_scorer()->set_link(tinyfair::LinearScorer::SIGNED_LOGISTIC);
  }
  if (!attributes.empty()) {
    // New groups have new indices: a fallback group of the old ones no
    // longer means anything, so unknown groups are refused.
    FormGroups(attributes, "refuse", model);
  }
  const size_t groups = model.dimensions().group_count();
  SetRampRule(std::vector<double>(groups, 0.0), 1.0, model);
}

ScoredSample ScoreThroughRuntime(const tinyfair::Model& model, const CsvTable& table,
                                 const std::string& label,
                                 const std::vector<std::string>& positive) {
  InputEncoder encoder(model.inputs(), table);
  CheckCategoriesKnown(model, table);
  const auto runtime_model = LoadIntoRuntime(model);
  const auto decisions = DecideRows(*runtime_model, encoder, 1, 0);
  std::vector<int> labels;
  if (!label.empty()) labels = ReadLabels(table, label, positive);
  ScoredSample sample;
  for (size_t r = 0; r < decisions.size(); ++r) {
    if (!runtime::IsOk(decisions[r].status)) {
      ++sample.refused;
      continue;
    }
    sample.scores.push_back(decisions[r].score);
    sample.groups.push_back(decisions[r].group);
    if (!labels.empty()) sample.labels.push_back(labels[r]);
  }
  return sample;
}

void RequireEveryGroup(const ScoredSample& sample, const tinyfair::Model& model,
                       const std::string& path, const std::string& both_labels_for) {
  const size_t group_count = model.dimensions().group_count();
  std::vector<size_t> count(group_count, 0), positives(group_count, 0);
  for (size_t i = 0; i < sample.groups.size(); ++i) {
    if (sample.groups[i] >= group_count) continue;
    ++count[sample.groups[i]];
    if (!sample.labels.empty()) positives[sample.groups[i]] += sample.labels[i] == 1 ? 1 : 0;
  }
  for (size_t g = 0; g < group_count; ++g) {
    const std::string name = "group '" +
                             (static_cast<int>(g) < model.groups().group_names_size()
                                  ? model.groups().group_names(static_cast<int>(g))
                                  : std::to_string(g)) +
                             "'";
    if (count[g] == 0) {
      throw DataError(path, 0, 0,
                      name +
                          " has no example in the fitting data; every group of the model "
                          "needs examples to fit its rule");
    }
    if (both_labels_for.empty() || sample.labels.empty()) continue;
    if (positives[g] == 0 || positives[g] == count[g]) {
      throw DataError(path, 0, 0,
                      name + " has " + std::to_string(count[g]) + " example" +
                          (count[g] == 1 ? "" : "s") + " in the fitting data, all " +
                          (positives[g] == 0 ? "negative" : "positive") + "; " + both_labels_for +
                          " needs both labels in every group");
    }
  }
}

void SetRampRule(const std::vector<double>& thresholds, double gamma, tinyfair::Model& model) {
  auto* ramp = model.mutable_ramp();
  ramp->Clear();
  for (double t : thresholds) {
    ramp->add_threshold(static_cast<float>(t));
    ramp->add_width(static_cast<float>(gamma));
  }
  model.clear_reference_positive_rate();
  for (size_t g = 0; g < thresholds.size(); ++g) model.add_reference_positive_rate(0.0f);
}

void SetThresholdRule(const std::vector<double>& thresholds, tinyfair::Model& model) {
  auto* rule = model.mutable_threshold();
  rule->Clear();
  for (double t : thresholds) {
    // The smallest float >= t: for every float score f, f >= it exactly when
    // f >= t, so the device decides as the fit did.
    float threshold = static_cast<float>(t);
    if (static_cast<double>(threshold) < t) threshold = std::nextafter(threshold, HUGE_VALF);
    rule->add_threshold(threshold);
  }
  model.clear_reference_positive_rate();
  for (size_t g = 0; g < thresholds.size(); ++g) model.add_reference_positive_rate(0.0f);
}

void SetTwoThresholdRule(const std::vector<TwoThresholdGroup>& groups, tinyfair::Model& model) {
  auto* rule = model.mutable_two_threshold();
  rule->Clear();
  bool constant = false;
  for (const auto& g : groups) constant = constant || g.ignore != 0.0;
  for (const auto& g : groups) {
    rule->add_threshold0(static_cast<float>(g.t0));
    rule->add_probability0(static_cast<float>(g.p0));
    rule->add_threshold1(static_cast<float>(g.t1));
    rule->add_probability1(static_cast<float>(g.p1));
    if (constant) {
      rule->add_ignore(static_cast<float>(g.ignore));
      rule->add_constant(static_cast<float>(g.constant));
    }
  }
  model.clear_reference_positive_rate();
  for (size_t g = 0; g < groups.size(); ++g) model.add_reference_positive_rate(0.0f);
}

std::vector<double> AsProbabilities(const std::vector<double>& scores) {
  std::vector<double> p;
  p.reserve(scores.size());
  for (double f : scores) p.push_back((f + 1.0) / 2.0);
  return p;
}

std::vector<double> ExpectedPositiveRates(const tinyfair::Model& model, const CsvTable& table) {
  InputEncoder encoder(model.inputs(), table);
  const auto runtime_model = LoadIntoRuntime(model);
  ExpectedPositiveRateSums sums(model.dimensions().group_count());
  sums.Add(DecideRows(*runtime_model, encoder, 1, 0));
  return sums.Rates();
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

}  // namespace tinyfair::host
