// Small groups: the default minimum, the refusal, and the rules merged and
// pooled groups get, recomputed independently on the rows they stand for.
#include "host_tools/postprocessing/small_groups.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "host_tools/common/data_error.h"
#include "host_tools/metrics/wilson_interval.h"
#include "host_tools/postprocessing/randomized_threshold_optimizer.h"

namespace tinyfair::host::postprocessing {
namespace {

const std::vector<std::string> kNames = {"race=A", "race=Native American", "race=C"};

// Group 0: 300 rows, group 1: 8 rows, group 2: 200 rows, scores in [-1, 1].
data::ScoredSample MakeSample() {
  std::mt19937_64 engine(7);
  std::normal_distribution<double> normal;
  data::ScoredSample s;
  const std::pair<uint32_t, size_t> sizes[] = {{0, 300}, {1, 8}, {2, 200}};
  for (const auto& [group, n] : sizes) {
    for (size_t i = 0; i < n; ++i) {
      s.scores.push_back(std::tanh(0.7 * normal(engine) + 0.3 * group - 0.2));
      s.groups.push_back(group);
      s.labels.push_back(i % 3 == 0 ? 1 : 0);
    }
  }
  return s;
}

// The ramp threshold t with mean clamp((f - t) / gamma, 0, 1) = rho over
// `scores`, by bisection (the mean falls as t grows).
double BisectedThreshold(const std::vector<double>& scores, double gamma, double rho) {
  double low = -1.0 - gamma, high = 1.0;
  for (int i = 0; i < 200; ++i) {
    const double t = 0.5 * (low + high);
    double mean = 0.0;
    for (double f : scores) mean += std::clamp((f - t) / gamma, 0.0, 1.0);
    mean /= static_cast<double>(scores.size());
    (mean > rho ? low : high) = t;
  }
  return 0.5 * (low + high);
}

std::vector<double> ScoresOf(const data::ScoredSample& s, std::vector<uint32_t> groups) {
  std::vector<double> scores;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    if (std::find(groups.begin(), groups.end(), s.groups[i]) != groups.end())
      scores.push_back(s.scores[i]);
  }
  return scores;
}

std::vector<double> FitRamps(const data::ScoredSample& s, const FittingGroups& plan,
                             RtoOptions options) {
  return FitPerModelGroup<double>(s, plan, [&](const data::ScoredSample& sample, size_t count) {
    return FitRandomizedThresholdOptimizer(sample.scores, sample.groups, count, options).thresholds;
  });
}

TEST(SmallGroups, DefaultMinimumIsWhereTheWilsonIntervalOfOneHalfIsAtMostPointTwoWide) {
  EXPECT_EQ(kDefaultMinGroupSize, MinimumGroupSizeForWidth(kDefaultRateIntervalWidth));
  // Independently, with the report's own Wilson interval at rate 1/2.
  const metrics::RateInterval at92 = metrics::WilsonInterval(46, 92),
                              at94 = metrics::WilsonInterval(47, 94);
  EXPECT_GT(at92.upper - at92.lower, 0.2);
  EXPECT_LE(at94.upper - at94.lower, 0.2);
  EXPECT_EQ(93u, kDefaultMinGroupSize);
}

TEST(SmallGroups, RefusalNamesEachSmallGroupWithItsCountAndTheFlags) {
  SmallGroupOptions options;
  options.min_group_size = 10;
  try {
    PlanFittingGroups({300, 8, 200}, kNames, "fit.csv", options);
    FAIL() << "a group of 8 rows was accepted";
  } catch (const common::DataError& error) {
    EXPECT_STREQ(
        "fit.csv: 1 group has fewer rows than --min-group-size 10 to fit a rule on: "
        "'race=Native American' 8 rows; give them the rule fitted on all rows (--small-groups "
        "pooled), merge them into a named group (--small-groups merge --merge-groups "
        "'GROUP,GROUP:TARGET'), or lower --min-group-size",
        error.what());
  }
  options.min_group_size = 8;  // at the minimum: fitted on its own
  EXPECT_TRUE(PlanFittingGroups({300, 8, 200}, kNames, "fit.csv", options).identity());
}

TEST(SmallGroups, MergedGroupsShareTheRuleOfTheirMergedRows) {
  const data::ScoredSample s = MakeSample();
  SmallGroupOptions options;
  options.min_group_size = 10;
  options.policy = SmallGroupPolicy::kMerge;
  options.merges = {ParseGroupMerge("race=Native American:race=C", kNames)};
  const FittingGroups plan = PlanFittingGroups(RowsPerGroup(s, 3), kNames, "fit.csv", options);
  EXPECT_EQ(2u, plan.count);
  ASSERT_EQ(1u, plan.notes.size());
  EXPECT_EQ("'race=Native American' 8 rows merged into 'race=C': its rule is fitted on 208 rows",
            plan.notes[0]);
  RtoOptions rto;
  rto.gamma = 0.2;
  rto.rho = 0.4;
  const std::vector<double> t = FitRamps(s, plan, rto);
  ASSERT_EQ(3u, t.size());
  EXPECT_NEAR(BisectedThreshold(ScoresOf(s, {0}), 0.2, 0.4), t[0], 1e-9);
  EXPECT_NEAR(BisectedThreshold(ScoresOf(s, {1, 2}), 0.2, 0.4), t[2], 1e-9);
  EXPECT_EQ(t[2], t[1]);
}

TEST(SmallGroups, PooledGroupsGetTheRuleOfAllRows) {
  const data::ScoredSample s = MakeSample();
  SmallGroupOptions options;
  options.min_group_size = 10;
  options.policy = SmallGroupPolicy::kPooled;
  const FittingGroups plan = PlanFittingGroups(RowsPerGroup(s, 3), kNames, "fit.csv", options);
  EXPECT_TRUE(plan.uses_pooled);
  EXPECT_EQ(FittingGroups::kPooled, plan.of_group[1]);
  ASSERT_EQ(1u, plan.notes.size());
  EXPECT_EQ(
      "'race=Native American' 8 rows: fewer rows than --min-group-size 10, given the pooled rule "
      "fitted on all 508 rows",
      plan.notes[0]);
  RtoOptions rto;
  rto.gamma = 0.1;
  rto.rho = 0.3;
  const std::vector<double> t = FitRamps(s, plan, rto);
  EXPECT_NEAR(BisectedThreshold(ScoresOf(s, {0}), 0.1, 0.3), t[0], 1e-9);
  EXPECT_NEAR(BisectedThreshold(ScoresOf(s, {0, 1, 2}), 0.1, 0.3), t[1], 1e-9);
  EXPECT_NEAR(BisectedThreshold(ScoresOf(s, {2}), 0.1, 0.3), t[2], 1e-9);
}

TEST(SmallGroups, AMergeThatLeavesAGroupSmallIsRefused) {
  SmallGroupOptions options;
  options.min_group_size = 250;
  options.policy = SmallGroupPolicy::kMerge;
  options.merges = {ParseGroupMerge("race=Native American:race=C", kNames)};
  try {
    PlanFittingGroups({300, 8, 200}, kNames, "fit.csv", options);
    FAIL() << "a merged group of 208 rows was accepted with a minimum of 250";
  } catch (const common::DataError& error) {
    EXPECT_STREQ(
        "fit.csv: with --merge-groups, fewer rows than --min-group-size 250 remain to fit a rule "
        "on: 'race=C' 208 rows (merged groups counted with their target); merge into a larger "
        "group, or lower --min-group-size",
        error.what());
  }
}

TEST(SmallGroups, MergeSpecificationsAreChecked) {
  const GroupMerge merge = ParseGroupMerge("race=A,race=Native American:race=C", kNames);
  EXPECT_EQ((std::vector<uint32_t>{0, 1}), merge.sources);
  EXPECT_EQ(2u, merge.target);
  EXPECT_THROW(ParseGroupMerge("race=A", kNames), std::invalid_argument);
  EXPECT_THROW(ParseGroupMerge("race=B:race=C", kNames), std::invalid_argument);
  SmallGroupOptions options;
  options.policy = SmallGroupPolicy::kMerge;
  options.merges = {ParseGroupMerge("race=A:race=C", kNames),
                    ParseGroupMerge("race=C:race=A", kNames)};
  EXPECT_THROW(PlanFittingGroups({300, 8, 200}, kNames, "fit.csv", options), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
