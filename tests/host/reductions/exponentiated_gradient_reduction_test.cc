// The exponentiated-gradient reduction: the returned Q's training violation
// within the paper's bound (Theorem 1: epsilon + (1 + 2 nu) / B) and
// shrinking with epsilon, the unconstrained limit, the Caratheodory
// reduction keeping Q's error and moments, and the exported mixture deciding
// through the runtime exactly as Q's expected decisions say.
#include "host_tools/reductions/exponentiated_gradient_reduction.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/data/group_formation.h"
#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::reductions {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using Eigen::VectorXi;
using metrics::FairnessConstraint;

// mt19937_64's raw output is fixed by the standard, its distributions are
// not; these draws are the same with every standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  double Uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double Normal() {
    const double u = 1.0 - Uniform(), v = Uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
  }

 private:
  std::mt19937_64 engine_;
};

// Two features shifted by group, the group itself as the third, and base
// rates 0.3 (a = 0) and 0.6 (a = 1): logistic regression is far from fair.
struct Sample {
  MatrixXd X;
  VectorXd y;
  VectorXi a;
};

Sample MakeSample(int n, uint64_t seed) {
  Rng rng(seed);
  Sample s{MatrixXd(n, 3), VectorXd(n), VectorXi(n)};
  for (int i = 0; i < n; ++i) {
    const int a = rng.Uniform() < 0.4 ? 1 : 0;
    const double y = rng.Uniform() < (a == 1 ? 0.6 : 0.3) ? 1.0 : 0.0;
    s.a[i] = a;
    s.y[i] = y;
    s.X(i, 0) = (y == 1.0 ? 1.0 : -1.0) + 0.5 * a + rng.Normal();
    s.X(i, 1) = 0.5 * y - 0.5 * a + rng.Normal();
    s.X(i, 2) = a;
  }
  return s;
}

// Recomputed here from the definitions, independently of the fit's code.
double DemographicParityGap(const VectorXd& h, const VectorXi& a) {
  double sum[2] = {0, 0}, count[2] = {0, 0};
  for (Eigen::Index i = 0; i < h.size(); ++i) {
    sum[a[i]] += h[i];
    count[a[i]] += 1;
  }
  return std::abs(sum[1] / count[1] - sum[0] / count[0]);
}

// max over y, a of |E[h | a, y] - E[h | y]|: the largest moment.
double LargestOddsMoment(const VectorXd& h, const VectorXd& y, const VectorXi& a) {
  double largest = 0.0;
  for (int label = 0; label < 2; ++label) {
    double sum[2] = {0, 0}, count[2] = {0, 0};
    for (Eigen::Index i = 0; i < h.size(); ++i) {
      if (y[i] != label) continue;
      sum[a[i]] += h[i];
      count[a[i]] += 1;
    }
    const double all = (sum[0] + sum[1]) / (count[0] + count[1]);
    for (int g = 0; g < 2; ++g) largest = std::max(largest, std::abs(sum[g] / count[g] - all));
  }
  return largest;
}

double Error(const VectorXd& h, const VectorXd& y) { return (h - y).cwiseAbs().mean(); }

ReductionOptions Options(FairnessConstraint constraint, double epsilon) {
  ReductionOptions options;
  options.constraint = constraint;
  options.epsilon = epsilon;
  options.learner.l2 = 1e-3;
  return options;
}

TEST(ExponentiatedGradientReduction, DemographicParityWithinBoundAndShrinkingWithEpsilon) {
  const Sample s = MakeSample(800, 11);
  learn::LogisticOptions plain;
  plain.l2 = 1e-3;
  const learn::LogisticFit logistic = learn::FitLogisticRegression(s.X, s.y, VectorXd(), plain);
  const VectorXd logistic_h =
      (learn::DecisionFunction(logistic, s.X).array() >= 0.0).cast<double>();
  // With A = 0 the largest moment is |E[h|a] - E[h]| = p(other group) * gap.
  const double unconstrained = DemographicParityGap(logistic_h, s.a);
  ASSERT_GT(unconstrained, 0.3);

  double previous_gap = unconstrained;
  for (const double epsilon : {0.1, 0.03, 0.01}) {
    const ReductionFit fit =
        FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), Options({}, epsilon));
    const VectorXd q = MixtureExpectedDecisions(fit, s.X);
    const double moment =
        ReductionMoments(FairnessConstraint::kDemographicParity, q, s.y, s.a, VectorXd())
            .cwiseAbs()
            .maxCoeff();
    SCOPED_TRACE(epsilon);
    EXPECT_NEAR(moment, fit.violation, 1e-9);
    EXPECT_NEAR(Error(q, s.y), fit.error, 1e-9);
    EXPECT_LE(fit.violation, epsilon + (1.0 + 2.0 * fit.nu) / fit.bound);
    EXPECT_DOUBLE_EQ(fit.violation_bound, epsilon + (1.0 + 2.0 * fit.nu) / fit.bound);
    // Q's weights are a distribution over at most rank([err; gamma; 1]) = 3
    // classifiers (the two groups' moments are dependent).
    double total = 0.0;
    for (const auto& member : fit.members) total += member.weight;
    EXPECT_NEAR(total, 1.0, 1e-12);
    EXPECT_LE(fit.members.size(), 3u);
    const double gap = DemographicParityGap(q, s.a);
    EXPECT_LT(gap, previous_gap);
    previous_gap = gap;
  }
  EXPECT_LT(previous_gap, 0.05);
}

TEST(ExponentiatedGradientReduction, EqualizedOddsWithinBound) {
  const Sample s = MakeSample(800, 12);
  double previous = 1.0;
  for (const double epsilon : {0.1, 0.01}) {
    const ReductionFit fit = FitExponentiatedGradient(
        s.X, s.y, s.a, VectorXd(), Options(FairnessConstraint::kEqualizedOdds, epsilon));
    const VectorXd q = MixtureExpectedDecisions(fit, s.X);
    const double moment = LargestOddsMoment(q, s.y, s.a);
    SCOPED_TRACE(epsilon);
    EXPECT_NEAR(moment, fit.violation, 1e-9);
    EXPECT_LE(fit.violation, fit.violation_bound);
    EXPECT_LT(moment, previous);
    previous = moment;
  }
}

TEST(ExponentiatedGradientReduction, LooseConstraintGivesTheUnconstrainedClassifier) {
  const Sample s = MakeSample(400, 13);
  ReductionOptions options = Options({}, 1.0);
  options.bound = 1.0;
  const ReductionFit fit = FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), options);
  learn::LogisticOptions plain;
  plain.l2 = 1e-3;
  const learn::LogisticFit logistic = learn::FitLogisticRegression(s.X, s.y, VectorXd(), plain);
  const VectorXd logistic_h =
      (learn::DecisionFunction(logistic, s.X).array() >= 0.0).cast<double>();
  EXPECT_TRUE(fit.converged);
  // No moment can exceed 1 = epsilon, so every multiplier decays and the
  // best response is the error minimiser.
  EXPECT_NEAR(fit.error, Error(logistic_h, s.y), 1e-12);
}

TEST(ExponentiatedGradientReduction, SampleWeightsActAsRepeatedRows) {
  const Sample s = MakeSample(300, 14);
  VectorXd weight = VectorXd::Ones(300);
  for (int i = 0; i < 300; i += 3) weight[i] = 2.0;
  MatrixXd X(400, 3);
  VectorXd y(400);
  VectorXi a(400);
  int r = 0;
  for (int i = 0; i < 300; ++i) {
    for (int copy = 0; copy < weight[i]; ++copy, ++r) {
      X.row(r) = s.X.row(i);
      y[r] = s.y[i];
      a[r] = s.a[i];
    }
  }
  // nu fixed: the automatic one depends on the row count.
  ReductionOptions options = Options({}, 0.02);
  options.nu = 1e-3;
  const ReductionFit weighted = FitExponentiatedGradient(s.X, s.y, s.a, weight, options);
  const ReductionFit repeated = FitExponentiatedGradient(X, y, a, VectorXd(), options);
  EXPECT_NEAR(weighted.error, repeated.error, 1e-6);
  EXPECT_NEAR(weighted.violation, repeated.violation, 1e-6);
}

// Three groups: the third a copy of group 1's distribution, so that DP has
// two independent moments.
VectorXi ThreeGroups(const Sample& s) {
  VectorXi a = s.a;
  for (Eigen::Index i = 0; i < a.size(); i += 3) {
    if (a[i] == 1) a[i] = 2;
  }
  return a;
}

TEST(ExponentiatedGradientReduction, RefusesAConstraintItDoesNotFitByName) {
  const Sample s = MakeSample(200, 4);
  try {
    FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(),
                             Options(FairnessConstraint::kEqualOpportunity, 0.01));
    ADD_FAILURE() << "equal opportunity was fitted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ("reduction fits constraint dp | eodds, not 'eopp'", e.what());
  }
  EXPECT_THROW(MaxReductionMembers(FairnessConstraint::kStatisticalParity, 2),
               std::invalid_argument);
}

TEST(ExponentiatedGradientReduction, MembersWithinTheBoundKnownBeforeFitting) {
  // rank([err; gamma; 1]): DP on G groups has G - 1 independent moments,
  // equalized odds 2 (G - 1).
  EXPECT_EQ(MaxReductionMembers(FairnessConstraint::kDemographicParity, 2), 3);
  EXPECT_EQ(MaxReductionMembers(FairnessConstraint::kDemographicParity, 3), 4);
  EXPECT_EQ(MaxReductionMembers(FairnessConstraint::kEqualizedOdds, 2), 4);
  EXPECT_EQ(MaxReductionMembers(FairnessConstraint::kEqualizedOdds, 3), 6);
  const Sample s = MakeSample(600, 16);
  const VectorXi three = ThreeGroups(s);
  for (const auto constraint :
       {FairnessConstraint::kDemographicParity, FairnessConstraint::kEqualizedOdds}) {
    for (const double epsilon : {0.05, 0.01}) {
      const ReductionFit fit =
          FitExponentiatedGradient(s.X, s.y, three, VectorXd(), Options(constraint, epsilon));
      SCOPED_TRACE(epsilon);
      EXPECT_GE(fit.members_before_reduction, static_cast<int>(fit.members.size()));
      EXPECT_LE(static_cast<int>(fit.members.size()), MaxReductionMembers(constraint, 3));
    }
  }
}

// max_a |E[h | a] - E[h]|, from the definition.
double LargestParityMoment(const VectorXd& h, const VectorXi& a) {
  const double all = h.mean();
  double largest = 0.0;
  for (int g = 0; g <= a.maxCoeff(); ++g) {
    double sum = 0.0, count = 0.0;
    for (Eigen::Index i = 0; i < h.size(); ++i) {
      if (a[i] != g) continue;
      sum += h[i];
      count += 1.0;
    }
    largest = std::max(largest, std::abs(sum / count - all));
  }
  return largest;
}

TEST(ExponentiatedGradientReduction, ReportsAnIterationLimitAsNotConverged) {
  const Sample s = MakeSample(600, 17);
  ReductionOptions options = Options({}, 0.001);
  options.max_iterations = 3;
  const ReductionFit fit = FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), options);
  const EgConvergence& c = fit.convergence;
  EXPECT_FALSE(c.converged);
  EXPECT_EQ(c.stopped_by, "iteration limit");
  EXPECT_EQ(c.iterations, 3);
  EXPECT_EQ(c.gap, fit.gap);
  EXPECT_EQ(c.nu, fit.nu);
  EXPECT_EQ(c.epsilon, 0.001);
  EXPECT_DOUBLE_EQ(c.guarantee, 0.001 + (1.0 + 2.0 * fit.nu) / fit.bound);
  EXPECT_NEAR(c.violation, LargestParityMoment(MixtureExpectedDecisions(fit, s.X), s.a), 1e-9);
  EXPECT_FALSE(c.Accepted());
  EXPECT_NE(c.Summary().find("(NOT converged)"), std::string::npos);
  EXPECT_GT(c.gap, c.nu);
  EXPECT_NE(c.Summary().find("stopped by iteration limit after 3 iterations; best duality gap"),
            std::string::npos)
      << c.Summary();
}

TEST(ExponentiatedGradientReduction, ReportsAConvergedGame) {
  const Sample s = MakeSample(600, 18);
  // A constraint no classifier violates: the game converges.
  ReductionOptions options = Options({}, 1.0);
  options.bound = 1.0;
  const ReductionFit fit = FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), options);
  const EgConvergence& c = fit.convergence;
  ASSERT_TRUE(c.converged);
  EXPECT_EQ(c.stopped_by, "duality gap <= nu");
  EXPECT_LE(c.gap, c.nu);
  EXPECT_LT(c.iterations, 50);
  EXPECT_NEAR(c.violation, LargestParityMoment(MixtureExpectedDecisions(fit, s.X), s.a), 1e-9);
  EXPECT_TRUE(c.Accepted());
}

// The LP step over the classifiers found reaches a tight epsilon that
// Algorithm 1's average alone does not reach in the same iterations; the
// returned Q's violation is recounted from its decisions.
TEST(ExponentiatedGradientReduction, LpStepConvergesAtATightEpsilon) {
  const Sample s = MakeSample(800, 11);
  ReductionOptions options = Options({}, 0.001);
  const ReductionFit fit = FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), options);
  ASSERT_TRUE(fit.convergence.converged);
  EXPECT_TRUE(fit.convergence.Accepted());
  EXPECT_LE(fit.gap, fit.nu);
  const double moment = LargestParityMoment(MixtureExpectedDecisions(fit, s.X), s.a);
  EXPECT_NEAR(moment, fit.violation, 1e-9);
  EXPECT_LE(moment, fit.violation_bound);

  options.lp_step = false;
  const ReductionFit average = FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), options);
  EXPECT_FALSE(average.convergence.converged);
  EXPECT_GT(average.gap, fit.gap);
  EXPECT_LT(fit.iterations, average.iterations);
}

TEST(ExponentiatedGradientReduction, RefusesAGroupWithoutRowsOfALabel) {
  Sample s = MakeSample(200, 15);
  for (Eigen::Index i = 0; i < s.y.size(); ++i) {
    if (s.a[i] == 1) s.y[i] = 0.0;
  }
  EXPECT_THROW(FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(),
                                        Options(FairnessConstraint::kEqualizedOdds, 0.01)),
               std::invalid_argument);
  EXPECT_THROW(FitExponentiatedGradient(s.X, s.y, s.a, VectorXd(), Options({}, -1.0)),
               std::invalid_argument);
}

// The mixture as `train --method reduction` writes it, on inputs x1, x2 and
// the categorical group g (the design's third column is g's category).
tinyfair::Model MixtureModel(const ReductionFit& fit) {
  tinyfair::Model model;
  for (const char* name : {"x1", "x2"}) {
    auto* input = model.add_inputs();
    input->set_name(name);
    input->set_kind(tinyfair::Input::NUMERIC);
    input->set_scale(1.0f);
  }
  auto* g = model.add_inputs();
  g->set_name("g");
  g->set_kind(tinyfair::Input::CATEGORICAL);
  g->add_categories("0");
  g->add_categories("1");
  g->set_category_count(2);
  data::FormGroups({"g"}, "refuse", model);
  auto* scorer = model.mutable_scorer();
  for (int i = 0; i < 3; ++i) scorer->add_weights(0.0f);
  for (int c = 0; c < 2; ++c) scorer->add_category_weights(0.0f);
  scorer->set_link(tinyfair::LinearScorer::LOGISTIC);
  auto* rule = model.mutable_mixture();
  rule->set_member_output(tinyfair::MixtureRule::CLASSIFY);
  for (const auto& member : fit.members) {
    const VectorXd& w = member.classifier.coefficients;
    rule->add_probability(static_cast<float>(member.weight));
    rule->add_bias(static_cast<float>(member.classifier.intercept));
    rule->add_weights(static_cast<float>(w[0]));
    rule->add_weights(static_cast<float>(w[1]));
    rule->add_weights(0.0f);
    rule->add_category_weights(0.0f);
    rule->add_category_weights(static_cast<float>(w[2]));
    rule->add_threshold(0.5f);
  }
  for (int group = 0; group < 2; ++group) model.add_reference_positive_rate(0.0f);
  return model;
}

TEST(ExponentiatedGradientReduction, RuntimeMixtureDecidesAsQ) {
  const Sample s = MakeSample(600, 16);
  const ReductionFit fit = FitExponentiatedGradient(
      s.X, s.y, s.a, VectorXd(), Options(FairnessConstraint::kEqualizedOdds, 0.01));
  ASSERT_GE(fit.members.size(), 2u);
  const auto model = simulate::LoadIntoRuntime(MixtureModel(fit));
  runtime::Pcg32 rng(2024, 7);
  std::vector<double> drawn(fit.members.size(), 0.0);
  size_t compared = 0;
  for (int pass = 0; pass < 20; ++pass) {
    for (Eigen::Index i = 0; i < s.X.rows(); ++i) {
      const float row[3] = {static_cast<float>(s.X(i, 0)), static_cast<float>(s.X(i, 1)),
                            static_cast<float>(s.a[i])};
      runtime::DecisionInput input;
      input.values = row;
      input.count = 3;
      runtime::Decision decision;
      ASSERT_EQ(model->Decide(input, rng, decision), runtime::Status::kOk);
      ASSERT_LT(decision.member, fit.members.size());
      drawn[decision.member] += 1.0;
      // A member whose margin is within float rounding of 0 may decide
      // either way in float; no row of this sample comes that close.
      float expected = 0.0f;
      bool near_zero = false;
      for (size_t j = 0; j < fit.members.size(); ++j) {
        const auto& c = fit.members[j].classifier;
        const double z = s.X.row(i).dot(c.coefficients) + c.intercept;
        near_zero = near_zero || std::abs(z) < 1e-4;
        if (z >= 0.0) expected += static_cast<float>(fit.members[j].weight);
        if (j == decision.member) {
          EXPECT_EQ(decision.positive, z >= 0.0);
        }
      }
      ASSERT_FALSE(near_zero);
      EXPECT_NEAR(decision.probability, expected, 1e-6f);
      ++compared;
    }
  }
  // The draw picks member j with its weight (4 standard deviations).
  for (size_t j = 0; j < fit.members.size(); ++j) {
    const double w = fit.members[j].weight;
    const double n = static_cast<double>(compared);
    EXPECT_NEAR(drawn[j] / n, w, 4.0 * std::sqrt(w * (1 - w) / n));
  }
}

}  // namespace
}  // namespace tinyfair::host::reductions
