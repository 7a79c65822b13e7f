// The randomized threshold optimizer fitted from score histograms against
// the in-memory fit on the same examples.
#include "host_tools/postprocessing/streamed_rto_fit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>

#include "host_tools/postprocessing/randomized_threshold_optimizer.h"

namespace tinyfair::host::postprocessing {
namespace {

// The tolerance stated in docs/stress.md for thresholds on continuous
// scores: a few grid cells (2 / 65536 each).
constexpr double kThresholdTolerance = 1e-4;

struct StreamedSample {
  std::vector<double> scores;
  std::vector<uint32_t> groups;
};

// Three groups of continuous scores; `digits` > 0 rounds them to that many
// decimals (few distinct values, as from a tree or k-NN scorer).
StreamedSample MakeStreamedSample(size_t n, uint64_t seed, int digits = 0) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  StreamedSample s;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t g = uniform(engine) < 0.3 ? 1 : (uniform(engine) < 0.5 ? 2 : 0);
    const double shift = g == 1 ? -0.6 : (g == 2 ? 0.3 : 0.0);
    double f = std::tanh(0.8 * normal(engine) + shift);
    if (digits > 0) f = std::round(f * std::pow(10.0, digits)) / std::pow(10.0, digits);
    s.scores.push_back(f);
    s.groups.push_back(g);
  }
  return s;
}

ScoreHistograms HistogramsOf(const StreamedSample& s, size_t group_count) {
  ScoreHistograms histograms(group_count);
  for (size_t i = 0; i < s.scores.size(); ++i) histograms.Add(s.scores[i], s.groups[i], -1);
  return histograms;
}

// The group's scores, sorted, for RampMean on the examples themselves.
std::vector<double> SortedScoresOf(const StreamedSample& s, uint32_t group) {
  std::vector<double> scores;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    if (s.groups[i] == group) scores.push_back(s.scores[i]);
  }
  std::sort(scores.begin(), scores.end());
  return scores;
}

TEST(StreamedRto, ContinuousScoresAgreeWithTheInMemoryFitWithinTheBound) {
  const StreamedSample s = MakeStreamedSample(30000, 11);
  const ScoreHistograms histograms = HistogramsOf(s, 3);
  for (double gamma : {0.01, 0.1, 0.5}) {
    for (double rho : {0.1, 0.35, 0.8}) {
      for (double epsilon : {0.0, 0.05}) {
        RtoOptions options;
        options.gamma = gamma;
        options.rho = rho;
        options.epsilon = epsilon;
        const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
        const StreamedRtoFit streamed = FitRandomizedThresholdOptimizer(histograms, options);
        for (uint32_t k = 0; k < 3; ++k) {
          SCOPED_TRACE("gamma " + std::to_string(gamma) + " rho " + std::to_string(rho) +
                       " epsilon " + std::to_string(epsilon) + " group " + std::to_string(k));
          EXPECT_NEAR(streamed.fit.thresholds[k], exact.thresholds[k], kThresholdTolerance);
          EXPECT_EQ(streamed.fit.group_sizes[k], exact.group_sizes[k]);
          // The bound holds on the examples themselves.
          const double on_examples =
              RampMean(SortedScoresOf(s, k), streamed.fit.thresholds[k], gamma);
          EXPECT_LE(std::fabs(on_examples - streamed.fit.positive_rates[k]),
                    streamed.rate_error_bounds[k] + 1e-12);
          EXPECT_LT(streamed.rate_error_bounds[k], 1e-3);
          if (epsilon == 0.0) {
            EXPECT_NEAR(on_examples, rho, streamed.rate_error_bounds[k] + 1e-9);
          }
        }
      }
    }
  }
}

TEST(StreamedRto, FewDistinctScoresAreFittedExactly) {
  // Every cell holds one score value: the histograms are the sample.
  const StreamedSample s = MakeStreamedSample(30000, 12, 2);
  const ScoreHistograms histograms = HistogramsOf(s, 3);
  for (double gamma : {0.01, 0.2}) {
    for (double rho : {0.2, 0.5}) {
      RtoOptions options;
      options.gamma = gamma;
      options.rho = rho;
      const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
      const StreamedRtoFit streamed = FitRandomizedThresholdOptimizer(histograms, options);
      for (size_t k = 0; k < 3; ++k) {
        EXPECT_NEAR(streamed.fit.thresholds[k], exact.thresholds[k], 1e-12) << gamma << " " << rho;
        EXPECT_NEAR(streamed.fit.positive_rates[k], exact.positive_rates[k], 1e-12);
        EXPECT_EQ(streamed.rate_error_bounds[k], 0.0);
      }
    }
  }
}

TEST(StreamedRto, SgdOnTheHistogramsReachesTheExactThresholds) {
  const StreamedSample s = MakeStreamedSample(20000, 3);
  RtoOptions options;
  options.gamma = 0.2;
  options.rho = 0.35;
  const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
  options.solver = RtoOptions::Solver::kSgd;
  options.sgd_steps = 4000000;
  const StreamedRtoFit sgd = FitRandomizedThresholdOptimizer(HistogramsOf(s, 3), options);
  for (size_t k = 0; k < 3; ++k) EXPECT_NEAR(exact.thresholds[k], sgd.fit.thresholds[k], 3e-3);
}

TEST(StreamedRto, LabelsAreCountedPerGroup) {
  ScoreHistograms histograms(2);
  histograms.Add(0.5, 0, 1);
  histograms.Add(-0.5, 0, 0);
  histograms.Add(0.25, 1, 1);
  histograms.Add(1.0, 1, -1);
  EXPECT_EQ(histograms.examples(0), 2u);
  EXPECT_EQ(histograms.positives(0), 1u);
  EXPECT_EQ(histograms.examples(1), 2u);
  EXPECT_EQ(histograms.positives(1), 1u);
  const auto cells = histograms.OccupiedCells(1);
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[1].lowest, 1.0);  // the top score falls in the last cell
}

TEST(StreamedRto, RefusesBadScoresGroupsAndEmptyGroups) {
  ScoreHistograms histograms(2);
  EXPECT_THROW(histograms.Add(1.5, 0, -1), std::invalid_argument);
  EXPECT_THROW(histograms.Add(std::nan(""), 0, -1), std::invalid_argument);
  EXPECT_THROW(histograms.Add(0.0, 2, -1), std::invalid_argument);
  histograms.Add(0.0, 0, -1);
  EXPECT_THROW(FitRandomizedThresholdOptimizer(histograms, RtoOptions{}), std::invalid_argument);
  histograms.Add(0.1, 1, -1);
  RtoOptions bad;
  bad.gamma = 0.0;
  EXPECT_THROW(FitRandomizedThresholdOptimizer(histograms, bad), std::invalid_argument);
}

// Per cell, the count, range and sum the examples give, computed from the
// examples themselves (sum in the order given), for the merge's checks.
struct CellFromExamples {
  uint64_t count = 0;
  double sum = 0.0, lowest = 2.0, highest = -2.0;
};

TEST(StreamedRto, MergedPartsHoldTheWholeSamplesCounts) {
  const StreamedSample s = MakeStreamedSample(9000, 21);
  StreamedSample first, second;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    StreamedSample& part = i % 3 == 0 ? first : second;  // interleaved, not a prefix
    part.scores.push_back(s.scores[i]);
    part.groups.push_back(s.groups[i]);
  }
  ScoreHistograms merged = HistogramsOf(first, 3);
  merged.Merge(HistogramsOf(second, 3));
  for (uint32_t k = 0; k < 3; ++k) {
    // The expected cells, from the examples: first part's sum, then second's.
    std::map<size_t, CellFromExamples> first_cells, second_cells;
    for (const StreamedSample* part : {&first, &second}) {
      auto& cells = part == &first ? first_cells : second_cells;
      for (size_t i = 0; i < part->scores.size(); ++i) {
        if (part->groups[i] != k) continue;
        const double f = part->scores[i];
        const size_t bin = std::min(ScoreHistograms::kBins - 1,
                                    static_cast<size_t>((f + 1.0) / 2.0 * ScoreHistograms::kBins));
        CellFromExamples& cell = cells[bin];
        ++cell.count;
        cell.sum += f;
        cell.lowest = std::min(cell.lowest, f);
        cell.highest = std::max(cell.highest, f);
      }
    }
    std::map<size_t, CellFromExamples> expected = first_cells;
    for (const auto& [bin, cell] : second_cells) {
      auto [it, fresh] = expected.emplace(bin, cell);
      if (fresh) continue;
      it->second.count += cell.count;
      it->second.sum += cell.sum;
      it->second.lowest = std::min(it->second.lowest, cell.lowest);
      it->second.highest = std::max(it->second.highest, cell.highest);
    }
    const auto cells = merged.OccupiedCells(k);
    ASSERT_EQ(cells.size(), expected.size());
    size_t c = 0;
    uint64_t examples = 0;
    for (const auto& [bin, want] : expected) {
      EXPECT_EQ(cells[c].count, want.count);
      EXPECT_EQ(cells[c].sum, want.sum);  // bit for bit: the same additions
      EXPECT_EQ(cells[c].lowest, want.lowest);
      EXPECT_EQ(cells[c].highest, want.highest);
      examples += want.count;
      ++c;
    }
    EXPECT_EQ(merged.examples(k), examples);
  }
}

TEST(StreamedRto, MergingIntoEmptyHistogramsChangesNoBit) {
  const StreamedSample s = MakeStreamedSample(5000, 22);
  const ScoreHistograms whole = HistogramsOf(s, 3);
  ScoreHistograms merged(3);
  merged.Merge(whole);
  EXPECT_EQ(merged.Serialise(), whole.Serialise());
  ScoreHistograms other_groups(2);
  EXPECT_THROW(merged.Merge(other_groups), std::invalid_argument);
}

TEST(StreamedRto, SerialisedHistogramsParseToTheSameFit) {
  const StreamedSample s = MakeStreamedSample(5000, 23);
  ScoreHistograms histograms(3);
  for (size_t i = 0; i < s.scores.size(); ++i) {
    histograms.Add(s.scores[i], s.groups[i], static_cast<int>(i % 2));
  }
  const std::string bytes = histograms.Serialise();
  // Occupied cells only: five words a cell, not the 2^16 cells of a group.
  EXPECT_LT(bytes.size(), 5000u * 40u + 200u);
  const ScoreHistograms parsed = ScoreHistograms::Parse(bytes);
  EXPECT_EQ(parsed.Serialise(), bytes);
  RtoOptions options;
  options.rho = 0.4;
  const StreamedRtoFit a = FitRandomizedThresholdOptimizer(histograms, options);
  const StreamedRtoFit b = FitRandomizedThresholdOptimizer(parsed, options);
  for (uint32_t k = 0; k < 3; ++k) {
    EXPECT_EQ(parsed.positives(k), histograms.positives(k));
    EXPECT_EQ(a.fit.thresholds[k], b.fit.thresholds[k]);
  }
  EXPECT_THROW(ScoreHistograms::Parse("not histograms"), std::invalid_argument);
  EXPECT_THROW(ScoreHistograms::Parse(bytes.substr(0, bytes.size() - 3)), std::invalid_argument);
  EXPECT_THROW(ScoreHistograms::Parse(bytes + "x"), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
