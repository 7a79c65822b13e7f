// Hardt post-processing fitted from score histograms against the row fit
// on the same examples: equal bit for bit when every cell holds one score
// value, rates exact on the examples, and accuracy within the stated bound
// (computed here from the examples themselves).
#include "host_tools/postprocessing/hardt_from_histograms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>

#include "tests/host/postprocessing/three_group_sample.h"

namespace tinyfair::host::postprocessing {
namespace {

using Constraint = metrics::FairnessConstraint;
constexpr size_t kGroups = 3;

using Sample = ThreeGroupSample;

size_t CellOf(double score) {
  return std::min(ScoreHistograms::kBins - 1,
                  static_cast<size_t>((score + 1.0) / 2.0 * ScoreHistograms::kBins));
}

// Scores on the centres of every `stride`-th cell: one value per cell.
Sample OneValuePerCell(size_t n, uint64_t seed, size_t stride) {
  return MakeThreeGroupSample(n, seed, [stride](double latent) {
    const double f = std::tanh(latent / 3.0);
    const size_t cell = CellOf(f) / stride * stride;
    return (static_cast<double>(cell) + 0.5) * 2.0 / ScoreHistograms::kBins - 1.0;
  });
}

// Continuous scores in a band a few hundred cells wide: most cells hold
// several values.
Sample Crowded(size_t n, uint64_t seed) {
  return MakeThreeGroupSample(n, seed, [](double latent) { return std::tanh(latent) * 0.005; });
}

ScoreHistograms HistogramsOf(const Sample& s) {
  ScoreHistograms histograms(kGroups);
  for (size_t i = 0; i < s.scores.size(); ++i) {
    histograms.Add(s.scores[i], s.groups[i], s.labels[i]);
  }
  return histograms;
}

HardtOptions With(Constraint c) {
  HardtOptions options;
  options.constraint = c;
  return options;
}

void ExpectSameBits(const HardtFit& a, const HardtFit& b) {
  ASSERT_EQ(a.rules.size(), b.rules.size());
  for (size_t g = 0; g < a.rules.size(); ++g) {
    EXPECT_EQ(a.rules[g].t0, b.rules[g].t0) << g;
    EXPECT_EQ(a.rules[g].p0, b.rules[g].p0) << g;
    EXPECT_EQ(a.rules[g].t1, b.rules[g].t1) << g;
    EXPECT_EQ(a.rules[g].p1, b.rules[g].p1) << g;
    EXPECT_EQ(a.rules[g].ignore, b.rules[g].ignore) << g;
    EXPECT_EQ(a.rules[g].constant, b.rules[g].constant) << g;
    EXPECT_EQ(a.selection_rates[g], b.selection_rates[g]) << g;
    EXPECT_EQ(a.true_positive_rates[g], b.true_positive_rates[g]) << g;
    EXPECT_EQ(a.false_positive_rates[g], b.false_positive_rates[g]) << g;
    EXPECT_EQ(a.group_sizes[g], b.group_sizes[g]) << g;
  }
  EXPECT_EQ(a.accuracy, b.accuracy);
}

TEST(HardtFromHistograms, OneValuePerCellIsTheRowFitBitForBit) {
  for (size_t stride : {size_t{1}, size_t{97}}) {
    const Sample s = OneValuePerCell(30000, 11 + stride, stride);
    const ScoreHistograms histograms = HistogramsOf(s);
    for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
      const HistogramHardtFit streamed = FitHardtPostprocessing(histograms, With(c));
      const HardtFit rows = FitHardtPostprocessing(s.scores, s.labels, s.groups, kGroups, With(c));
      ExpectSameBits(streamed.fit, rows);
      EXPECT_EQ(streamed.accuracy_bound, 0.0);
    }
  }
}

// The rates of the rules computed example by example.
HardtFit RatesOnTheExamples(const Sample& s, const std::vector<HardtGroupRule>& rules) {
  HardtFit r;
  std::vector<double> pos(kGroups, 0.0), neg(kGroups, 0.0);
  r.selection_rates.assign(kGroups, 0.0);
  r.true_positive_rates.assign(kGroups, 0.0);
  r.false_positive_rates.assign(kGroups, 0.0);
  double correct = 0.0;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    const uint32_t g = s.groups[i];
    const double p = HardtProbability(rules[g], s.scores[i]);
    r.selection_rates[g] += p;
    (s.labels[i] == 1 ? r.true_positive_rates : r.false_positive_rates)[g] += p;
    (s.labels[i] == 1 ? pos : neg)[g] += 1.0;
    correct += s.labels[i] == 1 ? p : 1.0 - p;
  }
  for (size_t g = 0; g < kGroups; ++g) {
    r.selection_rates[g] /= pos[g] + neg[g];
    r.true_positive_rates[g] /= pos[g];
    r.false_positive_rates[g] /= neg[g];
  }
  r.accuracy = correct / static_cast<double>(s.scores.size());
  return r;
}

TEST(HardtFromHistograms, RatesOnTheExamplesAreTheReportedRates) {
  for (uint64_t seed : {21, 22}) {
    const Sample s = Crowded(20000, seed);
    for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
      const HardtFit fit = FitHardtPostprocessing(HistogramsOf(s), With(c)).fit;
      const HardtFit on_rows = RatesOnTheExamples(s, fit.rules);
      for (size_t g = 0; g < kGroups; ++g) {
        EXPECT_NEAR(on_rows.selection_rates[g], fit.selection_rates[g], 1e-12);
        EXPECT_NEAR(on_rows.true_positive_rates[g], fit.true_positive_rates[g], 1e-12);
        EXPECT_NEAR(on_rows.false_positive_rates[g], fit.false_positive_rates[g], 1e-12);
        // A finite threshold is the top score of its group's cell: it
        // splits none of the group's cells.
        for (double t : {fit.rules[g].t0, fit.rules[g].t1}) {
          if (!std::isfinite(t)) continue;
          for (size_t i = 0; i < s.scores.size(); ++i) {
            if (s.groups[i] != g) continue;
            EXPECT_FALSE(CellOf(s.scores[i]) == CellOf(t) && s.scores[i] > t);
          }
        }
      }
      EXPECT_NEAR(on_rows.accuracy, fit.accuracy, 1e-12);
      // The constraint holds on the examples.
      const auto& rates = c == Constraint::kDemographicParity ? on_rows.selection_rates
                                                              : on_rows.true_positive_rates;
      const auto [low, high] = std::minmax_element(rates.begin(), rates.end());
      EXPECT_LT(*high - *low, 1e-9);
    }
  }
}

// The bound of hardt_from_histograms.h from the examples: per group, over
// the cells holding more than one distinct score, the largest
// 2 pos neg / m (parity) or pos (odds).
double BoundFromTheExamples(const Sample& s, Constraint c) {
  struct Cell {
    std::set<double> values;
    double count = 0.0, positives = 0.0;
  };
  std::vector<std::map<size_t, Cell>> cells(kGroups);
  std::vector<double> group_positives(kGroups, 0.0);
  double positives = 0.0;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    Cell& cell = cells[s.groups[i]][CellOf(s.scores[i])];
    cell.values.insert(s.scores[i]);
    cell.count += 1.0;
    cell.positives += s.labels[i];
    group_positives[s.groups[i]] += s.labels[i];
    positives += s.labels[i];
  }
  const double n = static_cast<double>(s.scores.size());
  double parity = 0.0, odds = 0.0;
  for (size_t g = 0; g < kGroups; ++g) {
    double largest_parity = 0.0, largest_odds = 0.0;
    for (const auto& [index, cell] : cells[g]) {
      if (cell.values.size() < 2) continue;
      const double negatives = cell.count - cell.positives;
      largest_parity = std::max(largest_parity, 2.0 * cell.positives * negatives / cell.count);
      largest_odds = std::max(largest_odds, cell.positives / group_positives[g]);
    }
    parity += largest_parity / n;
    odds = std::max(odds, largest_odds);
  }
  return c == Constraint::kDemographicParity ? parity : positives / n * odds;
}

TEST(HardtFromHistograms, AccuracyWithinTheBoundOfTheRowFit) {
  bool coarser_somewhere = false;
  for (uint64_t seed : {31, 32, 33, 34}) {
    const Sample s = Crowded(seed == 34 ? 3000 : 20000, seed);
    const ScoreHistograms histograms = HistogramsOf(s);
    for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
      const HistogramHardtFit streamed = FitHardtPostprocessing(histograms, With(c));
      const HardtFit rows = FitHardtPostprocessing(s.scores, s.labels, s.groups, kGroups, With(c));
      const double bound = BoundFromTheExamples(s, c);
      EXPECT_NEAR(streamed.accuracy_bound, bound, 1e-15) << seed;
      EXPECT_GT(bound, 0.0);
      const double loss = rows.accuracy - streamed.fit.accuracy;
      EXPECT_GE(loss, -1e-12) << seed;
      EXPECT_LE(loss, bound + 1e-12) << seed;
      coarser_somewhere = coarser_somewhere || loss > 1e-9;
      std::printf("seed %d %s: accuracy loss %.3g, bound %.3g\n", static_cast<int>(seed),
                  c == Constraint::kDemographicParity ? "dp" : "eo", loss, bound);
    }
  }
  // The data are crowded enough for the cells to cost accuracy.
  EXPECT_TRUE(coarser_somewhere);
}

TEST(HardtFromHistograms, RefusesAGroupOfOneLabel) {
  ScoreHistograms histograms(2);
  histograms.Add(0.5, 0, 1);
  histograms.Add(-0.5, 0, 0);
  histograms.Add(0.25, 1, 1);
  EXPECT_THROW(FitHardtPostprocessing(histograms, HardtOptions{}), std::invalid_argument);
  histograms.Add(0.75, 1, 0);
  EXPECT_NO_THROW(FitHardtPostprocessing(histograms, HardtOptions{}));
  EXPECT_THROW(FitHardtPostprocessing(ScoreHistograms(2), HardtOptions{}), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
