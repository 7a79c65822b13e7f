#include "host_tools/metrics/decision_tally.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "host_tools/common/word_stream.h"

namespace tinyfair::host::metrics {
namespace {

constexpr char kSerialisedTag[] = "tinyfair-decision-tally-1";

double Ratio(double sum, uint64_t count) { return sum / static_cast<double>(count); }

}  // namespace

DecisionTally::DecisionTally(size_t group_count) : groups_(group_count) {}

void DecisionTally::Add(const runtime::Decision& decision, int label) {
  ++rows_;
  if (!runtime::IsOk(decision.status)) {
    ++refused_[runtime::StatusName(decision.status)];
    return;
  }
  ++decided_;
  const double p = decision.probability;
  const int y = label == 1 ? 1 : 0;
  correct_ += (decision.positive ? 1 : 0) == label ? 1 : 0;
  expected_correct_ += y == 1 ? p : 1.0 - p;
  const double clipped = std::clamp(p, 1e-15, 1.0 - 1e-15);
  log_loss_ -= std::log(y == 1 ? clipped : 1.0 - clipped);
  if (decision.group >= groups_.size()) return;
  Group& group = groups_[decision.group];
  const uint64_t positive = decision.positive ? 1 : 0;
  ++group.n;
  group.positives += positive;
  ++group.rows_by_label[y];
  group.positives_by_label[y] += positive;
  group.expected += p;
  group.expected_by_label[y] += p;
}

void DecisionTally::Merge(const DecisionTally& other) {
  if (other.groups_.size() != groups_.size()) {
    throw std::invalid_argument("decision tallies of " + std::to_string(groups_.size()) + " and " +
                                std::to_string(other.groups_.size()) + " groups cannot be merged");
  }
  rows_ += other.rows_;
  decided_ += other.decided_;
  correct_ += other.correct_;
  expected_correct_ += other.expected_correct_;
  log_loss_ += other.log_loss_;
  for (const auto& [status, count] : other.refused_) refused_[status] += count;
  for (size_t g = 0; g < groups_.size(); ++g) {
    Group& mine = groups_[g];
    const Group& theirs = other.groups_[g];
    mine.n += theirs.n;
    mine.positives += theirs.positives;
    mine.expected += theirs.expected;
    for (int y = 0; y < 2; ++y) {
      mine.rows_by_label[y] += theirs.rows_by_label[y];
      mine.positives_by_label[y] += theirs.positives_by_label[y];
      mine.expected_by_label[y] += theirs.expected_by_label[y];
    }
  }
}

ClassificationReport DecisionTally::Report(const std::vector<std::string>& group_names) const {
  if (group_names.size() != groups_.size()) {
    throw std::invalid_argument("a tally of " + std::to_string(groups_.size()) +
                                " groups reported with " + std::to_string(group_names.size()) +
                                " names");
  }
  ClassificationReport report;
  report.rows = rows_;
  report.decided = decided_;
  report.refused.insert(refused_.begin(), refused_.end());
  if (decided_ > 0) {
    report.accuracy = Ratio(static_cast<double>(correct_), decided_);
    report.expected_accuracy = Ratio(expected_correct_, decided_);
    report.decision_log_loss = Ratio(log_loss_, decided_);
  }
  report.groups.resize(groups_.size());
  for (size_t g = 0; g < groups_.size(); ++g) {
    const Group& tally = groups_[g];
    GroupReport& group = report.groups[g];
    group.name = group_names[g];
    group.n = tally.n;
    group.positives = tally.positives;
    group.label0 = tally.rows_by_label[0];
    group.label1 = tally.rows_by_label[1];
    group.false_positives = tally.positives_by_label[0];
    group.true_positives = tally.positives_by_label[1];
    if (group.n == 0) continue;
    group.positive_rate = Ratio(static_cast<double>(tally.positives), tally.n);
    group.expected_positive_rate = Ratio(tally.expected, tally.n);
    if (group.label1 > 0) {
      group.tpr = Ratio(static_cast<double>(tally.positives_by_label[1]), group.label1);
      group.expected_tpr = Ratio(tally.expected_by_label[1], group.label1);
    }
    if (group.label0 > 0) {
      group.fpr = Ratio(static_cast<double>(tally.positives_by_label[0]), group.label0);
      group.expected_fpr = Ratio(tally.expected_by_label[0], group.label0);
    }
  }
  SetGapsAndIntervals(report);
  return report;
}

std::string DecisionTally::Serialise() const {
  common::WordWriter out(kSerialisedTag);
  for (uint64_t word : {rows_, decided_, correct_}) out.Word(word);
  out.Double(expected_correct_);
  out.Double(log_loss_);
  out.Word(refused_.size());
  for (const auto& [status, count] : refused_) {
    out.Text(status);
    out.Word(count);
  }
  out.Word(groups_.size());
  for (const Group& group : groups_) {
    for (uint64_t word : {group.n, group.positives, group.rows_by_label[0], group.rows_by_label[1],
                          group.positives_by_label[0], group.positives_by_label[1]}) {
      out.Word(word);
    }
    for (double sum : {group.expected, group.expected_by_label[0], group.expected_by_label[1]}) {
      out.Double(sum);
    }
  }
  return out.bytes();
}

DecisionTally DecisionTally::Parse(const std::string& bytes) {
  common::WordReader in(bytes, kSerialisedTag, "decision tally");
  DecisionTally tally(0);
  tally.rows_ = in.Word();
  tally.decided_ = in.Word();
  tally.correct_ = in.Word();
  tally.expected_correct_ = in.Double();
  tally.log_loss_ = in.Double();
  const uint64_t statuses = in.Count(16);
  for (uint64_t s = 0; s < statuses; ++s) {
    std::string status = in.Text();
    tally.refused_[status] = in.Word();
  }
  const uint64_t groups = in.Count(9 * 8);
  tally.groups_.resize(groups);
  for (Group& group : tally.groups_) {
    for (uint64_t* word :
         {&group.n, &group.positives, &group.rows_by_label[0], &group.rows_by_label[1],
          &group.positives_by_label[0], &group.positives_by_label[1]}) {
      *word = in.Word();
    }
    for (double* sum :
         {&group.expected, &group.expected_by_label[0], &group.expected_by_label[1]}) {
      *sum = in.Double();
    }
  }
  in.ExpectEnd();
  return tally;
}

}  // namespace tinyfair::host::metrics
