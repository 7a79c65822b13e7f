// The tally a cluster merges: parts merged in order report what the whole
// reports, and the bytes that carry it between processes read back exactly.
#include "host_tools/metrics/decision_tally.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/metrics/metrics.h"

namespace tinyfair::host::metrics {
namespace {

struct Rows {
  std::vector<runtime::Decision> decisions;
  std::vector<int> labels;
};

// Random decisions of three groups (one of them never decided), some refused,
// probabilities on a 1/256 grid so that every sum is exact in any order.
Rows RandomRows(size_t n, unsigned seed) {
  std::mt19937 random(seed);
  Rows rows;
  for (size_t i = 0; i < n; ++i) {
    runtime::Decision d;
    d.status = random() % 17 == 0 ? runtime::Status::kUnknownCategory : runtime::Status::kOk;
    d.group = random() % 2;
    d.probability = static_cast<float>(random() % 257) / 256.0f;
    d.positive = random() % 2 == 1;
    rows.decisions.push_back(d);
    rows.labels.push_back(static_cast<int>(random() % 2));
  }
  return rows;
}

DecisionTally TallyOf(const Rows& rows, size_t begin, size_t end) {
  DecisionTally tally(3);
  for (size_t i = begin; i < end; ++i) tally.Add(rows.decisions[i], rows.labels[i]);
  return tally;
}

const std::vector<std::string> kNames = {"a", "b", "never"};

TEST(DecisionTally, ReportIsEvaluateDecisions) {
  const Rows rows = RandomRows(1000, 1);
  const std::string expected = ReportJson(EvaluateDecisions(rows.decisions, rows.labels, kNames));
  EXPECT_EQ(expected, ReportJson(TallyOf(rows, 0, 1000).Report(kNames)));
}

TEST(DecisionTally, PartsMergedInOrderReportTheWhole) {
  const Rows rows = RandomRows(1000, 2);
  const ClassificationReport whole = EvaluateDecisions(rows.decisions, rows.labels, kNames);
  DecisionTally merged(3);
  const std::vector<size_t> cuts = {0, 1, 250, 251, 999, 1000};  // parts of 1 row and more
  for (size_t part = 0; part + 1 < cuts.size(); ++part) {
    merged.Merge(TallyOf(rows, cuts[part], cuts[part + 1]));
  }
  const ClassificationReport parts = merged.Report(kNames);
  EXPECT_EQ(ReportJson(whole), ReportJson(parts));
  EXPECT_EQ(whole.refused, parts.refused);
  EXPECT_EQ(1000u, parts.rows);
  EXPECT_EQ(0u, parts.groups[2].n);
  // The grid makes every sum exact: the parts give the whole's bits.
  EXPECT_EQ(whole.expected_accuracy, parts.expected_accuracy);
  EXPECT_EQ(whole.groups[1].expected_fpr, parts.groups[1].expected_fpr);
}

TEST(DecisionTally, BytesReadBackBitForBit) {
  Rows rows = RandomRows(300, 3);
  rows.decisions[5].probability = 0.1f;  // not on the grid: a sum with rounding
  const DecisionTally tally = TallyOf(rows, 0, 300);
  const std::string bytes = tally.Serialise();
  EXPECT_EQ(bytes, DecisionTally::Parse(bytes).Serialise());
  EXPECT_EQ(ReportJson(tally.Report(kNames)),
            ReportJson(DecisionTally::Parse(bytes).Report(kNames)));
}

TEST(DecisionTally, RefusesBytesItDidNotWrite) {
  const std::string bytes = TallyOf(RandomRows(50, 4), 0, 50).Serialise();
  EXPECT_THROW(DecisionTally::Parse(bytes.substr(0, bytes.size() - 1)), std::invalid_argument);
  EXPECT_THROW(DecisionTally::Parse(bytes + "x"), std::invalid_argument);
  EXPECT_THROW(DecisionTally::Parse("tinyfair-score-histograms-1" + bytes), std::invalid_argument);
  std::string huge_count = bytes;
  // The refused-status count (after the tag and five words) claims 2^40 entries.
  const size_t at = std::string("tinyfair-decision-tally-1").size() + 5 * 8;
  huge_count[at + 5] = 1;
  EXPECT_THROW(DecisionTally::Parse(huge_count), std::invalid_argument);
}

TEST(DecisionTally, MergeRefusesOtherGroupCounts) {
  DecisionTally two(2);
  EXPECT_THROW(two.Merge(DecisionTally(3)), std::invalid_argument);
  EXPECT_THROW(two.Report(kNames), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::metrics
