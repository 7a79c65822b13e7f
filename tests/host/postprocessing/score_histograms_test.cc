// The labels each cell of the score histograms holds: counted as added,
// added up by the merge, and kept by the bytes.
#include "host_tools/postprocessing/score_histograms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>
#include <string>

namespace tinyfair::host::postprocessing {
namespace {

struct Example {
  double score;
  uint32_t group;
  int label;
};

std::vector<Example> MakeExamples(size_t n, uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> uniform;
  std::vector<Example> examples;
  for (size_t i = 0; i < n; ++i) {
    // Few distinct scores, so that cells hold several examples of both labels.
    const double score = std::round((uniform(engine) * 2.0 - 1.0) * 50.0) / 50.0;
    const uint32_t group = uniform(engine) < 0.4 ? 1 : 0;
    const int label = uniform(engine) < (score + 1.0) / 2.0 ? 1 : 0;
    examples.push_back({score, group, label});
  }
  return examples;
}

size_t HistogramCellOf(double score) {
  return std::min(ScoreHistograms::kBins - 1,
                  static_cast<size_t>((score + 1.0) / 2.0 * ScoreHistograms::kBins));
}

// Per group and cell, (examples, positives), counted from the examples.
std::map<std::pair<uint32_t, size_t>, std::pair<uint64_t, uint64_t>> Counted(
    const std::vector<Example>& examples) {
  std::map<std::pair<uint32_t, size_t>, std::pair<uint64_t, uint64_t>> counted;
  for (const Example& e : examples) {
    auto& cell = counted[{e.group, HistogramCellOf(e.score)}];
    ++cell.first;
    cell.second += e.label == 1 ? 1 : 0;
  }
  return counted;
}

void ExpectCells(const ScoreHistograms& histograms, const std::vector<Example>& examples) {
  const auto counted = Counted(examples);
  for (uint32_t g = 0; g < 2; ++g) {
    const auto cells = histograms.OccupiedCells(g);
    size_t c = 0;
    for (const auto& [key, want] : counted) {
      if (key.first != g) continue;
      ASSERT_LT(c, cells.size());
      EXPECT_EQ(cells[c].count, want.first);
      EXPECT_EQ(cells[c].positives, want.second);
      ++c;
    }
    EXPECT_EQ(c, cells.size());
  }
}

TEST(ScoreHistograms, EachCellCountsItsPositives) {
  const std::vector<Example> examples = MakeExamples(4000, 1);
  ScoreHistograms histograms(2);
  for (const Example& e : examples) histograms.Add(e.score, e.group, e.label);
  ExpectCells(histograms, examples);
  ScoreHistograms unlabelled(1);
  unlabelled.Add(0.5, 0, -1);
  EXPECT_EQ(unlabelled.OccupiedCells(0)[0].positives, 0u);
}

TEST(ScoreHistograms, MergedPositivesAreTheWholeSamples) {
  const std::vector<Example> examples = MakeExamples(6000, 2);
  ScoreHistograms first(2), second(2);
  for (size_t i = 0; i < examples.size(); ++i) {
    const Example& e = examples[i];
    (i % 3 == 0 ? first : second).Add(e.score, e.group, e.label);
  }
  first.Merge(second);
  ExpectCells(first, examples);
}

TEST(ScoreHistograms, BytesKeepEachCellsPositives) {
  const std::vector<Example> examples = MakeExamples(3000, 3);
  ScoreHistograms histograms(2);
  for (const Example& e : examples) histograms.Add(e.score, e.group, e.label);
  const std::string bytes = histograms.Serialise();
  ExpectCells(ScoreHistograms::Parse(bytes), examples);
  // The first cell's word: the tag, the group count, then the first group's
  // examples, positives and occupied cells. A positives count above the
  // cell's examples is refused.
  std::string corrupt = bytes;
  const size_t first_cell = std::string("tinyfair-score-histograms-2").size() + 4 * 8;
  corrupt[first_cell + 7] = static_cast<char>(0x7F);
  EXPECT_THROW(ScoreHistograms::Parse(corrupt), std::invalid_argument);
  // Bytes of the former layout (no positives per cell) are not read as these.
  std::string former = bytes;
  former[std::string("tinyfair-score-histograms-").size()] = '1';
  EXPECT_THROW(ScoreHistograms::Parse(former), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
