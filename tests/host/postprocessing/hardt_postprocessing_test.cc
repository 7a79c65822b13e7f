// Hardt et al. post-processing: the constraints hold exactly for the
// returned rules, and the exact solution is at least as accurate as
// fairlearn's grid search and as any deterministic rule that is fair.
#include "host_tools/postprocessing/hardt_postprocessing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "tests/host/postprocessing/three_group_sample.h"

namespace tinyfair::host::postprocessing {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
using Constraint = metrics::FairnessConstraint;

using Sample = ThreeGroupSample;

// The three-group sample; `step` > 0 rounds the scores so that many of them
// tie.
Sample MakeSample(size_t n, uint64_t seed, double step = 0.0) {
  return MakeThreeGroupSample(n, seed, [step](double latent) {
    return step > 0.0 ? std::round(latent / step) * step : latent;
  });
}

struct Rates {
  std::vector<double> selection, tpr, fpr;
  double accuracy = 0.0;
};

// Expected rates of the rules, computed example by example.
Rates ExpectedRates(const Sample& s, const std::vector<HardtGroupRule>& rules) {
  const size_t k = rules.size();
  Rates r;
  std::vector<double> n(k), pos(k), neg(k);
  r.selection.assign(k, 0.0);
  r.tpr.assign(k, 0.0);
  r.fpr.assign(k, 0.0);
  for (size_t i = 0; i < s.scores.size(); ++i) {
    const uint32_t g = s.groups[i];
    const double p = HardtProbability(rules[g], s.scores[i]);
    n[g] += 1;
    r.selection[g] += p;
    if (s.labels[i] == 1) {
      pos[g] += 1;
      r.tpr[g] += p;
    } else {
      neg[g] += 1;
      r.fpr[g] += p;
    }
    r.accuracy += s.labels[i] == 1 ? p : 1.0 - p;
  }
  for (size_t g = 0; g < k; ++g) {
    r.selection[g] /= n[g];
    r.tpr[g] /= pos[g];
    r.fpr[g] /= neg[g];
  }
  r.accuracy /= static_cast<double>(s.scores.size());
  return r;
}

double Spread(const std::vector<double>& v) {
  return *std::max_element(v.begin(), v.end()) - *std::min_element(v.begin(), v.end());
}

void ExpectValidRules(const HardtFit& fit) {
  for (const HardtGroupRule& r : fit.rules) {
    EXPECT_GE(r.p0, 0.0);
    EXPECT_GE(r.p1, 0.0);
    EXPECT_NEAR(1.0, r.p0 + r.p1, 1e-15);
    EXPECT_GE(r.ignore, 0.0);
    EXPECT_LE(r.ignore, 1.0);
    EXPECT_GE(r.constant, 0.0);
    EXPECT_LE(r.constant, 1.0);
    EXPECT_FALSE(std::isnan(r.t0));
    EXPECT_FALSE(std::isnan(r.t1));
  }
}

Sample GroupOf(const Sample& s, uint32_t g) {
  Sample out;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    if (s.groups[i] != g) continue;
    out.scores.push_back(s.scores[i]);
    out.labels.push_back(s.labels[i]);
    out.groups.push_back(0);
  }
  return out;
}

// fairlearn 0.9's grid search (grid_size 1000, flip off), written from its
// description: upper hull by monotone chain on points sorted by (x, y), each
// hull interpolated on the grid, best grid point.
struct Point {
  double x, y;
};

std::vector<Point> FairlearnHull(std::vector<Point> points) {
  std::sort(points.begin(), points.end(),
            [](const Point& a, const Point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  std::vector<Point> selected;
  for (const Point& r2 : points) {
    while (selected.size() >= 2) {
      const Point r1 = selected.back(), r0 = selected[selected.size() - 2];
      if ((r1.y - r0.y) * (r2.x - r0.x) <= (r2.y - r0.y) * (r1.x - r0.x)) {
        selected.pop_back();
      } else {
        break;
      }
    }
    selected.push_back(r2);
  }
  return selected;
}

double HullAt(const std::vector<Point>& hull, double x) {
  double best = -kInf;
  for (size_t i = 0; i < hull.size(); ++i) {
    if (hull[i].x == x) best = std::max(best, hull[i].y);
    if (i + 1 < hull.size() && hull[i].x < x && x < hull[i + 1].x) {
      const double w = (hull[i + 1].x - x) / (hull[i + 1].x - hull[i].x);
      best = std::max(best, w * hull[i].y + (1 - w) * hull[i + 1].y);
    }
  }
  return best;
}

double FairlearnGridAccuracy(const Sample& s, size_t group_count, Constraint constraint) {
  const int grid_size = 1000;
  std::vector<std::vector<Point>> hulls;
  std::vector<double> weights;
  double positives = 0;
  for (int y : s.labels) positives += y;
  for (uint32_t g = 0; g < group_count; ++g) {
    const Sample group = GroupOf(s, g);
    std::vector<Point> points;
    for (const HardtOperatingPoint& p : HardtOperatingPoints(group.scores, group.labels)) {
      if (constraint == Constraint::kDemographicParity) {
        points.push_back({p.selection_rate, p.accuracy});
      } else {
        points.push_back({p.false_positive_rate, p.true_positive_rate});
      }
    }
    hulls.push_back(FairlearnHull(points));
    weights.push_back(static_cast<double>(group.scores.size()) /
                      static_cast<double>(s.scores.size()));
  }
  const double positive_share = positives / static_cast<double>(s.scores.size());
  double best = -kInf;
  for (int i = 0; i <= grid_size; ++i) {
    const double x = static_cast<double>(i) / grid_size;
    double value = 0.0;
    if (constraint == Constraint::kDemographicParity) {
      for (size_t g = 0; g < group_count; ++g) value += weights[g] * HullAt(hulls[g], x);
    } else {
      double lowest = kInf;
      for (const auto& hull : hulls) lowest = std::min(lowest, HullAt(hull, x));
      value = (1 - positive_share) * (1 - x) + positive_share * lowest;
    }
    best = std::max(best, value);
  }
  return best;
}

TEST(HardtPostprocessing, DemographicParityEqualizesExpectedSelectionRates) {
  for (double step : {0.0, 0.05}) {
    const Sample s = MakeSample(20000, 1, step);
    const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 3, HardtOptions{});
    ExpectValidRules(fit);
    const Rates r = ExpectedRates(s, fit.rules);
    EXPECT_LT(Spread(r.selection), 1e-9) << step;
    for (size_t g = 0; g < 3; ++g) {
      EXPECT_NEAR(r.selection[g], fit.selection_rates[g], 1e-12);
      EXPECT_NEAR(r.tpr[g], fit.true_positive_rates[g], 1e-12);
      EXPECT_NEAR(r.fpr[g], fit.false_positive_rates[g], 1e-12);
      EXPECT_DOUBLE_EQ(0.0, fit.rules[g].ignore);
    }
    EXPECT_NEAR(r.accuracy, fit.accuracy, 1e-12);
  }
}

TEST(HardtPostprocessing, EqualizedOddsEqualizesExpectedTprAndFpr) {
  for (double step : {0.0, 0.05}) {
    const Sample s = MakeSample(20000, 2, step);
    HardtOptions options;
    options.constraint = Constraint::kEqualizedOdds;
    const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 3, options);
    ExpectValidRules(fit);
    const Rates r = ExpectedRates(s, fit.rules);
    EXPECT_LT(Spread(r.tpr), 1e-9) << step;
    EXPECT_LT(Spread(r.fpr), 1e-9) << step;
    EXPECT_NEAR(r.accuracy, fit.accuracy, 1e-12);
    // Something better than a constant prediction on this problem.
    EXPECT_GT(r.tpr[0], r.fpr[0] + 0.1);
  }
}

TEST(HardtPostprocessing, RefusesAConstraintItDoesNotFitByName) {
  const Sample s = MakeSample(2000, 3, 0.0);
  HardtOptions options;
  options.constraint = Constraint::kEqualOpportunity;
  try {
    FitHardtPostprocessing(s.scores, s.labels, s.groups, 3, options);
    ADD_FAILURE() << "equal opportunity was fitted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ("hardt fits constraint dp | eodds, not 'eopp'", e.what());
  }
}

TEST(HardtPostprocessing, AtLeastAsAccurateAsFairlearnsGrid) {
  for (uint64_t seed : {3, 4, 5}) {
    const Sample s = MakeSample(5000, seed, seed == 5 ? 0.1 : 0.0);
    for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
      HardtOptions options;
      options.constraint = c;
      const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 3, options);
      const double grid = FairlearnGridAccuracy(s, 3, c);
      EXPECT_GE(fit.accuracy, grid - 1e-12) << seed;
      // The grid is fine enough to come close.
      EXPECT_LT(fit.accuracy - grid, 2e-3) << seed;
    }
  }
}

// Two groups of equal size with few distinct scores: every pair of
// deterministic thresholds that satisfies the constraint exactly is at most
// as accurate as the fit.
TEST(HardtPostprocessing, AtLeastAsAccurateAsEveryFairDeterministicPair) {
  std::mt19937_64 engine(6);
  std::uniform_int_distribution<int> score(0, 7);
  std::uniform_real_distribution<double> uniform;
  for (int trial = 0; trial < 50; ++trial) {
    Sample s;
    for (uint32_t g = 0; g < 2; ++g) {
      for (int i = 0; i < 12; ++i) {
        const double f = score(engine);
        s.scores.push_back(f);
        s.labels.push_back(uniform(engine) < (f + 1 + 2.0 * g) / 11.0 ? 1 : 0);
        s.groups.push_back(g);
      }
      // Both labels in every group.
      s.labels[12 * g] = 0;
      s.labels[12 * g + 1] = 1;
    }
    std::vector<double> thresholds = {kInf, -kInf};
    for (int t = 0; t < 8; ++t) thresholds.push_back(t);
    for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
      HardtOptions options;
      options.constraint = c;
      const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 2, options);
      double best_fair = -1.0;
      for (double t0 : thresholds) {
        for (double t1 : thresholds) {
          // Integer counts, so equality is exact.
          int selected[2] = {0, 0}, tp[2] = {0, 0}, fp[2] = {0, 0}, pos[2] = {0, 0}, correct = 0;
          for (size_t i = 0; i < s.scores.size(); ++i) {
            const uint32_t g = s.groups[i];
            const bool positive = s.scores[i] > (g == 0 ? t0 : t1);
            selected[g] += positive;
            pos[g] += s.labels[i];
            (s.labels[i] == 1 ? tp : fp)[g] += positive;
            correct += positive == (s.labels[i] == 1);
          }
          const bool fair = c == Constraint::kDemographicParity
                                ? selected[0] == selected[1]
                                : tp[0] * pos[1] == tp[1] * pos[0] &&
                                      fp[0] * (12 - pos[1]) == fp[1] * (12 - pos[0]);
          if (fair) best_fair = std::max(best_fair, correct / 24.0);
        }
      }
      ASSERT_GE(best_fair, 0.0);  // all-negative is always fair
      EXPECT_GE(fit.accuracy, best_fair - 1e-12) << trial;
    }
  }
}

// Group A (labels 1, 0, 0, 1 at scores 1..4) has the selection-accuracy hull
// (0, 1/2), (1/4, 3/4), (1, 1/2); group B (labels 0, 0, 1, 1) the tent peaking
// at (1/2, 1). Their equal-weight sum peaks at selection 1/2, a vertex of B
// only, so A randomizes: score 4 always, scores 1-3 with probability 1/3.
TEST(HardtPostprocessing, HandCheckedDemographicParity) {
  const Sample s = {{1, 2, 3, 4, 1, 2, 3, 4}, {1, 0, 0, 1, 0, 0, 1, 1}, {0, 0, 0, 0, 1, 1, 1, 1}};
  const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 2, HardtOptions{});
  EXPECT_NEAR(5.0 / 6.0, fit.accuracy, 1e-15);
  const HardtGroupRule& a = fit.rules[0];
  EXPECT_EQ(3.0, a.t0);
  EXPECT_NEAR(2.0 / 3.0, a.p0, 1e-15);
  EXPECT_EQ(-kInf, a.t1);
  EXPECT_NEAR(1.0 / 3.0, a.p1, 1e-15);
  const HardtGroupRule& b = fit.rules[1];
  EXPECT_EQ(2.0, b.t0);
  EXPECT_EQ(1.0, b.p0);
  EXPECT_NEAR(0.5, fit.selection_rates[0], 1e-15);
  EXPECT_NEAR(0.5, fit.selection_rates[1], 1e-15);
  // Better than any common deterministic selection rate (1/4 or 1/2: 0.75).
  EXPECT_GT(fit.accuracy, 0.75 + 0.08);
}

// A (labels 0, 0, 0, 1) is separable: ROC hull (0, 1)-(1, 1). B (labels
// 0, 1, 0, 1) has the hull (0, 1/2), (1/2, 1), (1, 1), the lower one, so the
// common point is on B's hull. With 5 negatives and 3 positives overall the
// accuracy 5/8 (1 - x) + 3/8 U_B(x) peaks at x = 0, y = 1/2: A keeps its
// separating threshold but answers the constant 0 half of the time.
TEST(HardtPostprocessing, HandCheckedEqualizedOdds) {
  const Sample s = {{1, 2, 3, 4, 1, 2, 3, 4}, {0, 0, 0, 1, 0, 1, 0, 1}, {0, 0, 0, 0, 1, 1, 1, 1}};
  HardtOptions options;
  options.constraint = Constraint::kEqualizedOdds;
  const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 2, options);
  EXPECT_NEAR(13.0 / 16.0, fit.accuracy, 1e-15);
  EXPECT_EQ(3.0, fit.rules[0].t0);
  EXPECT_EQ(1.0, fit.rules[0].p0);
  EXPECT_NEAR(0.5, fit.rules[0].ignore, 1e-15);
  EXPECT_EQ(0.0, fit.rules[0].constant);
  EXPECT_EQ(3.0, fit.rules[1].t0);
  EXPECT_EQ(1.0, fit.rules[1].p0);
  EXPECT_EQ(0.0, fit.rules[1].ignore);
  for (size_t g = 0; g < 2; ++g) {
    EXPECT_NEAR(0.5, fit.true_positive_rates[g], 1e-15);
    EXPECT_NEAR(0.0, fit.false_positive_rates[g], 1e-15);
  }
}

// When one group's scores carry no information its ROC hull is the diagonal,
// so equalized odds forces every group onto the diagonal; with more
// negatives than positives the best point is (0, 0), which the separable
// group reaches only through the constant prediction.
TEST(HardtPostprocessing, UninformativeGroupForcesTheConstantPrediction) {
  const Sample s = {{1, 2, 3, 4, 0, 0, 0, 0}, {0, 0, 1, 1, 0, 0, 0, 1}, {0, 0, 0, 0, 1, 1, 1, 1}};
  HardtOptions options;
  options.constraint = Constraint::kEqualizedOdds;
  const HardtFit fit = FitHardtPostprocessing(s.scores, s.labels, s.groups, 2, options);
  EXPECT_EQ(1.0, fit.rules[0].ignore);
  EXPECT_EQ(0.0, fit.rules[0].constant);
  for (double f : {-10.0, 1.0, 2.5, 4.0, 10.0}) EXPECT_EQ(0.0, HardtProbability(fit.rules[0], f));
  EXPECT_EQ(kInf, fit.rules[1].t0);
  EXPECT_NEAR(5.0 / 8.0, fit.accuracy, 1e-15);

  // More positives than negatives: everybody positive instead.
  const Sample t = {{1, 2, 3, 4, 0, 0, 0, 0}, {0, 0, 1, 1, 1, 1, 1, 0}, {0, 0, 0, 0, 1, 1, 1, 1}};
  const HardtFit all = FitHardtPostprocessing(t.scores, t.labels, t.groups, 2, options);
  for (size_t g = 0; g < 2; ++g) {
    EXPECT_NEAR(1.0, all.selection_rates[g], 1e-15);
  }
}

TEST(HardtPostprocessing, DemographicParityWithIdenticalGroupsKeepsTheBestThreshold) {
  // The same data in both groups: parity costs nothing, and the rule is the
  // unconstrained best threshold in each group.
  Sample s = MakeSample(3000, 7);
  Sample twice = s;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    twice.scores.push_back(s.scores[i]);
    twice.labels.push_back(s.labels[i]);
  }
  twice.groups.assign(s.scores.size(), 0);
  twice.groups.resize(twice.scores.size(), 1);
  for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
    HardtOptions options;
    options.constraint = c;
    const HardtFit fit =
        FitHardtPostprocessing(twice.scores, twice.labels, twice.groups, 2, options);
    double best = 0.0;
    for (const HardtOperatingPoint& p : HardtOperatingPoints(s.scores, s.labels)) {
      best = std::max(best, p.accuracy);
    }
    EXPECT_NEAR(best, fit.accuracy, 1e-12);
    EXPECT_EQ(fit.rules[0].t0, fit.rules[1].t0);
    EXPECT_EQ(0.0, fit.rules[0].ignore);
  }
}

TEST(HardtPostprocessing, InvariantUnderIncreasingTransformOfScores) {
  const Sample s = MakeSample(5000, 8, 0.05);
  Sample t = s;
  for (double& f : t.scores) f = std::exp(f) * 3.0 - 2.0;
  for (Constraint c : {Constraint::kDemographicParity, Constraint::kEqualizedOdds}) {
    HardtOptions options;
    options.constraint = c;
    const HardtFit a = FitHardtPostprocessing(s.scores, s.labels, s.groups, 3, options);
    const HardtFit b = FitHardtPostprocessing(t.scores, t.labels, t.groups, 3, options);
    EXPECT_NEAR(a.accuracy, b.accuracy, 1e-12);
    for (size_t g = 0; g < 3; ++g) {
      EXPECT_NEAR(a.selection_rates[g], b.selection_rates[g], 1e-12);
      EXPECT_NEAR(a.rules[g].p0, b.rules[g].p0, 1e-12);
      EXPECT_NEAR(a.rules[g].ignore, b.rules[g].ignore, 1e-12);
      for (auto [x, y] :
           {std::pair{a.rules[g].t0, b.rules[g].t0}, std::pair{a.rules[g].t1, b.rules[g].t1}}) {
        if (std::isinf(x)) {
          EXPECT_EQ(x, y);
        } else {
          EXPECT_EQ(std::exp(x) * 3.0 - 2.0, y);
        }
      }
    }
  }
}

TEST(HardtPostprocessing, OperatingPointsRunFromNobodyToEverybody) {
  const std::vector<double> scores = {0.5, 2.0, 0.5, -1.0, 2.0};
  const std::vector<int> labels = {1, 1, 0, 0, 0};
  const std::vector<HardtOperatingPoint> points = HardtOperatingPoints(scores, labels);
  // +inf, then one point per distinct score.
  ASSERT_EQ(4u, points.size());
  EXPECT_EQ(kInf, points[0].threshold);
  EXPECT_EQ(0.0, points[0].selection_rate);
  EXPECT_EQ(0.5, points[1].threshold);  // selects the two 2.0s
  EXPECT_DOUBLE_EQ(0.4, points[1].selection_rate);
  EXPECT_DOUBLE_EQ(0.5, points[1].true_positive_rate);
  EXPECT_DOUBLE_EQ(1.0 / 3.0, points[1].false_positive_rate);
  EXPECT_DOUBLE_EQ(0.6, points[1].accuracy);
  EXPECT_EQ(-1.0, points[2].threshold);
  EXPECT_EQ(-kInf, points[3].threshold);
  EXPECT_EQ(1.0, points[3].selection_rate);
  EXPECT_DOUBLE_EQ(0.4, points[3].accuracy);
}

TEST(HardtPostprocessing, RejectsBadInput) {
  const HardtOptions o;
  const std::vector<double> f = {0.1, 0.2, 0.3, 0.4};
  const std::vector<int> y = {0, 1, 0, 1};
  const std::vector<uint32_t> g = {0, 0, 1, 1};
  EXPECT_THROW(FitHardtPostprocessing(f, {0, 1, 0}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing(f, y, {0, 0, 1}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing(f, y, g, 3, o), std::invalid_argument);  // empty group 2
  EXPECT_THROW(FitHardtPostprocessing(f, y, {0, 0, 1, 2}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing(f, {0, 1, 1, 1}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing(f, {0, 1, 2, 1}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing({0.1, std::nan(""), 0.3, 0.4}, y, g, 2, o),
               std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing({0.1, kInf, 0.3, 0.4}, y, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitHardtPostprocessing(f, y, g, 0, o), std::invalid_argument);
  try {
    FitHardtPostprocessing(f, {0, 1, 1, 1}, g, 2, o);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("group 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
