// The post-processor registry: every entry is found by its name, each Fit
// returns the rule its own fitter computes, and reject option
// classification favours, by default, the group the scorer selects least on
// the sample it is fitted on, whatever other data would say.
#include "host_tools/postprocessing/postprocessor_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>

namespace tinyfair::host::postprocessing {
namespace {

FittingGroups Identity(size_t groups, const data::ScoredSample& sample) {
  SmallGroupOptions options;
  options.min_group_size = 1;
  return PlanFittingGroups(RowsPerGroup(sample, groups), {"a", "b"}, "fit.csv", options);
}

// Two groups; the scorer (positive iff f >= 0) selects group `low` less:
// its scores are shifted down. Labels follow the scores with noise.
data::ScoredSample TwoGroupScoredSample(uint32_t low, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0.0, 0.35);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  data::ScoredSample sample;
  for (int i = 0; i < 2000; ++i) {
    const uint32_t g = static_cast<uint32_t>(i % 2);
    const double f = std::clamp(noise(rng) + (g == low ? -0.2 : 0.2), -1.0, 1.0);
    sample.scores.push_back(f);
    sample.groups.push_back(g);
    sample.labels.push_back(uniform(rng) < (f + 1.0) / 2.0 ? 1 : 0);
  }
  return sample;
}

// The share of each group the scorer selects, counted here.
double SelectedShare(const data::ScoredSample& sample, uint32_t group) {
  double selected = 0.0, count = 0.0;
  for (size_t i = 0; i < sample.scores.size(); ++i) {
    if (sample.groups[i] != group) continue;
    count += 1.0;
    selected += sample.scores[i] >= 0.0 ? 1.0 : 0.0;
  }
  return selected / count;
}

TEST(PostprocessorRegistry, EveryEntryIsFoundByItsUniqueName) {
  std::set<std::string> names;
  for (const Postprocessor& p : Postprocessors()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_EQ(&p, &FindPostprocessor(p.name));
  }
  EXPECT_EQ(names, (std::set<std::string>{"rto", "hardt-dp", "hardt-eo", "roc", "shift"}));
  EXPECT_THROW(FindPostprocessor("hardt"), std::invalid_argument);
}

TEST(PostprocessorRegistry, DefaultUnprivilegedGroupIsTheOneSelectedLeast) {
  for (uint32_t low : {0u, 1u}) {
    const data::ScoredSample sample = TwoGroupScoredSample(low, 7 + low);
    ASSERT_LT(SelectedShare(sample, low), SelectedShare(sample, 1 - low));
    EXPECT_EQ(DefaultUnprivilegedGroup(sample), low);
  }
  data::ScoredSample tie;  // equal shares: group 0
  tie.scores = {0.5, -0.5, 0.5, -0.5};
  tie.groups = {0, 0, 1, 1};
  EXPECT_EQ(DefaultUnprivilegedGroup(tie), 0u);
  tie.groups = {0, 0, 0, 0};
  EXPECT_THROW(DefaultUnprivilegedGroup(tie), std::invalid_argument);
}

// The rule is fitted on the fitting sample alone: a validation sample that
// selects the other group less (as the sweep once read it from) changes
// nothing. The band's lower edge belongs to the favoured group.
TEST(PostprocessorRegistry, RejectOptionFavoursTheGroupSelectedLeastOnTheFittingSample) {
  const data::ScoredSample fitting = TwoGroupScoredSample(1, 3);
  const data::ScoredSample validation = TwoGroupScoredSample(0, 4);
  ASSERT_NE(DefaultUnprivilegedGroup(fitting), DefaultUnprivilegedGroup(validation));
  const Postprocessor& roc = FindPostprocessor("roc");
  const PostprocessorFit fit = roc.fit(fitting, Identity(2, fitting), PostprocessorOptions{});
  EXPECT_EQ(fit.unprivileged_group, 1u);
  const auto& thresholds = std::get<model::ThresholdRuleFit>(fit.rule).thresholds;
  ASSERT_EQ(thresholds.size(), 2u);
  // On p: the favoured group from 0.5 - theta, the other above 0.5 + theta.
  EXPECT_DOUBLE_EQ(thresholds[1], 2.0 * (0.5 - fit.roc.theta) - 1.0);
  EXPECT_GT(thresholds[0], 2.0 * (0.5 + fit.roc.theta) - 1.0 - 1e-12);
  // Named explicitly, the other group is favoured instead.
  PostprocessorOptions options;
  options.unprivileged = 0;
  EXPECT_EQ(roc.fit(fitting, Identity(2, fitting), options).unprivileged_group, 0u);
}

TEST(PostprocessorRegistry, RejectOptionRefusesMergedOrPooledGroups) {
  const data::ScoredSample sample = TwoGroupScoredSample(0, 5);
  FittingGroups plan = Identity(2, sample);
  plan.notes.push_back("'b' pooled");
  EXPECT_THROW(FindPostprocessor("roc").fit(sample, plan, PostprocessorOptions{}),
               std::invalid_argument);
}

// The ramp reaches the target rate in every group: recounted here from the
// thresholds as the device decides, clamp((f - t) / gamma, 0, 1).
TEST(PostprocessorRegistry, RtoRampMeetsTheTargetRateInEachGroup) {
  const data::ScoredSample sample = TwoGroupScoredSample(0, 6);
  PostprocessorOptions options;
  options.rto.gamma = 0.2;
  options.rto.rho = 0.4;
  const PostprocessorFit fit = FindPostprocessor("rto").fit(sample, Identity(2, sample), options);
  const auto& ramp = std::get<model::RampRuleFit>(fit.rule);
  EXPECT_EQ(ramp.gamma, 0.2);
  for (uint32_t g : {0u, 1u}) {
    double positive = 0.0, count = 0.0;
    for (size_t i = 0; i < sample.scores.size(); ++i) {
      if (sample.groups[i] != g) continue;
      positive += std::clamp((sample.scores[i] - ramp.thresholds[g]) / 0.2, 0.0, 1.0);
      count += 1.0;
    }
    EXPECT_NEAR(positive / count, 0.4, 1e-9) << "group " << g;
  }
}

// Hardt et al. through the registry: the two-threshold rule of each group
// as its own fitter computes it, and the expected accuracy recounted.
TEST(PostprocessorRegistry, HardtEntriesReturnTheFittersRules) {
  const data::ScoredSample sample = TwoGroupScoredSample(1, 8);
  for (auto [name, constraint] :
       {std::pair{"hardt-dp", metrics::FairnessConstraint::kDemographicParity},
        std::pair{"hardt-eo", metrics::FairnessConstraint::kEqualizedOdds}}) {
    EXPECT_EQ(FindPostprocessor(name).constraint, constraint) << name;
    HardtOptions options;
    options.constraint = constraint;
    const HardtFit direct =
        FitHardtPostprocessing(sample.scores, sample.labels, sample.groups, 2, options);
    const PostprocessorFit fit =
        FindPostprocessor(name).fit(sample, Identity(2, sample), PostprocessorOptions{});
    const auto& groups = std::get<model::TwoThresholdRuleFit>(fit.rule).groups;
    ASSERT_EQ(groups.size(), 2u);
    double correct = 0.0;
    for (size_t g = 0; g < 2; ++g) {
      EXPECT_EQ(groups[g].t0, direct.rules[g].t0);
      EXPECT_EQ(groups[g].p0, direct.rules[g].p0);
      EXPECT_EQ(groups[g].t1, direct.rules[g].t1);
      EXPECT_EQ(groups[g].p1, direct.rules[g].p1);
      EXPECT_EQ(fit.selection_rates[g], direct.selection_rates[g]);
    }
    for (size_t i = 0; i < sample.scores.size(); ++i) {
      const auto& r = groups[sample.groups[i]];
      const double h =
          (1.0 - r.ignore) * (r.p0 * (sample.scores[i] > r.t0) + r.p1 * (sample.scores[i] > r.t1)) +
          r.ignore * r.constant;
      correct += sample.labels[i] == 1 ? h : 1.0 - h;
    }
    EXPECT_NEAR(fit.accuracy, correct / static_cast<double>(sample.scores.size()), 1e-12);
  }
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
