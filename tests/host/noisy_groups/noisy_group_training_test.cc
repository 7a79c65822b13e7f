// Fairness with noisy groups (Wang et al. 2020) on a fixed synthetic
// problem: the robust worst cases bound the true groups' violations (the
// TV ball when gamma_j bounds TV(p_j, p^_j); soft assignments when the
// noise model is the data's), the TV-ball worst case is no better than any
// reweighting inside the ball, and trained models: naive satisfies the
// noisy groups' constraints but not the true ones; DRO and soft groups
// satisfy the true groups'.
#include <gtest/gtest.h>

#include <random>

#include "host_tools/noisy_groups/dro_training.h"
#include "host_tools/noisy_groups/group_flipping.h"
#include "host_tools/noisy_groups/group_noise_model.h"
#include "host_tools/noisy_groups/robust_lower_bounds.h"
#include "host_tools/noisy_groups/soft_group_assignment.h"
#include "host_tools/noisy_groups/soft_group_ideal.h"
#include "host_tools/noisy_groups/soft_group_reference_adversary.h"

namespace tinyfair::host::noisy_groups {
namespace {

using metrics::FairnessConstraint;

struct Problem {
  NoisyGroupData data;  // groups: the noisy ones
  std::vector<int> true_groups;
};

// Three true groups (shares 0.5, 0.3, 0.2), base rate 0.3; the positives of
// group 2 have a weaker signal, so a plain classifier's TPR is lowest there.
// Features: two numbers and the one-hot noisy group; `rate` of the groups
// flipped.
Problem MakeProblem(int n, double rate, uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  Problem p;
  std::vector<double> signal;
  p.data.labels.resize(n);
  for (int i = 0; i < n; ++i) {
    const double u = uniform(engine);
    const int g = u < 0.5 ? 0 : (u < 0.8 ? 1 : 2);
    const double y = uniform(engine) < 0.3 ? 1.0 : 0.0;
    p.true_groups.push_back(g);
    p.data.labels[i] = y;
    signal.push_back(y * (g == 2 ? 0.6 : 2.0) + normal(engine));
  }
  p.data.groups = FlipGroups(p.true_groups, 3, rate, seed + 1);
  p.data.group_count = 3;
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < n; ++i) {
    entries.emplace_back(i, 0, signal[static_cast<size_t>(i)]);
    entries.emplace_back(i, 1, normal(engine));
    entries.emplace_back(i, 2 + p.data.groups[static_cast<size_t>(i)], 1.0);
  }
  p.data.features.resize(n, 5);
  p.data.features.setFromTriplets(entries.begin(), entries.end());
  return p;
}

// A random linear scorer's scores (weights and offset normal).
Eigen::VectorXd RandomLinearScores(const Problem& p, std::mt19937_64& engine,
                                   std::normal_distribution<double>& normal) {
  Eigen::VectorXd w(5);
  for (int k = 0; k < 5; ++k) w[k] = normal(engine);
  return (p.data.features * w).array() + 0.3 * normal(engine);
}

std::vector<double> TrueViolations(const Problem& p, const Eigen::VectorXd& scores,
                                   FairnessConstraint constraint, double alpha) {
  return RateViolations(CountCells(scores, p.data.labels, p.true_groups, 3), constraint, alpha);
}

// Theorem: if TV(p_j, p^_j) <= gamma_j the true group's constraint is
// implied by the robust one. On the empirical laws, the bound radii hold,
// so each worst case is at least the true group's violation, for any
// scorer; likewise the soft-assignment worst case with the data's own
// noise model (the true assignment is one of W(theta)).
TEST(NoisyGroupRobustness, WorstCasesBoundTheTrueGroups) {
  const Problem p = MakeProblem(3000, 0.3, 7);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  std::mt19937_64 engine(9);
  std::normal_distribution<double> normal;
  int true_positive = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Eigen::VectorXd scores = RandomLinearScores(p, engine, normal);
    for (FairnessConstraint c :
         {FairnessConstraint::kEqualOpportunity, FairnessConstraint::kEqualizedOdds}) {
      const auto truth = TrueViolations(p, scores, c, 0.05);
      const auto dro = TvBallWorstViolations(scores, p.data, noise.BoundRadii(), c, 0.05);
      const auto soft = SoftGroupWorstViolations(scores, p.data, noise.TrueGivenNoisy(), c, 0.05);
      ASSERT_EQ(truth.size(), dro.size());
      ASSERT_EQ(truth.size(), soft.size());
      for (size_t k = 0; k < truth.size(); ++k) {
        EXPECT_GE(dro[k], truth[k] - 1e-12) << "constraint " << k;
        EXPECT_GE(soft[k], truth[k] - 1e-9) << "constraint " << k;
        if (truth[k] > 0.0) ++true_positive;
      }
    }
  }
  EXPECT_GT(true_positive, 10);  // the bound was tested where it matters
}

// No reweighting of the rows inside the TV ball lowers a group's TPR below
// the exact worst case (random points of the ball on a small data set).
TEST(NoisyGroupRobustness, TvBallWorstCaseBeatsRandomReweightings) {
  const Problem p = MakeProblem(14, 0.3, 21);
  Eigen::VectorXd scores(14);
  for (int i = 0; i < 14; ++i) scores[i] = (i % 3 == 0) ? -1.0 : 1.0;
  const double gamma = 0.2;
  const Eigen::VectorXd radii = Eigen::Vector3d::Constant(gamma);
  const auto worst =
      TvBallWorstViolations(scores, p.data, radii, FairnessConstraint::kEqualizedOdds, 0.0);
  const GroupCells cells = CountCells(scores, p.data.labels, p.data.groups, 3);
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  std::mt19937_64 engine(2);
  std::exponential_distribution<double> exponential;
  std::uniform_real_distribution<double> uniform;
  for (int j = 0; j < 3; ++j) {
    Eigen::VectorXd center = Eigen::VectorXd::Zero(14);
    for (int i = 0; i < 14; ++i) center[i] = p.data.groups[static_cast<size_t>(i)] == j;
    if (center.sum() == 0.0) continue;
    center /= center.sum();
    for (int k = 0; k < 20000; ++k) {
      Eigen::VectorXd q(14);
      for (int i = 0; i < 14; ++i) q[i] = exponential(engine);
      q /= q.sum();
      const double t = uniform(engine);  // a point between the center and q
      const Eigen::VectorXd r = center + t * (q - center);
      if ((r - center).lpNorm<1>() > 2.0 * gamma) continue;
      double tp = 0, pos = 0, fp = 0, neg = 0;
      for (int i = 0; i < 14; ++i) {
        const bool yhat = scores[i] > 0.0, y = p.data.labels[i] > 0.5;
        (y ? pos : neg) += r[i];
        if (yhat) (y ? tp : fp) += r[i];
      }
      if (pos > 0) {
        EXPECT_LE(tpr - tp / pos, worst[static_cast<size_t>(j)] + 1e-12);
      }
      if (neg > 0) {
        EXPECT_LE(fp / neg - fpr, worst[static_cast<size_t>(3 + j)] + 1e-12);
      }
    }
  }
}

NoisyGroupOptions TestOptions() {
  NoisyGroupOptions options;
  options.constraint = FairnessConstraint::kEqualOpportunity;
  options.alpha = 0.05;
  options.iterations = 750;
  options.hinge_slack = 0.0;
  options.theta_rate = 0.01;
  options.lambda_rate = 0.25;
  options.weight_rate = 0.01;
  return options;
}

TEST(NoisyGroupTrainingExperiment, NaiveMissesTheTrueGroupsRobustMethodsDoNot) {
  const Problem p = MakeProblem(4000, 0.3, 7);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  NoisyGroupOptions options = TestOptions();

  const NoisyGroupFit unconstrained = TrainUnconstrained(p.data, options);
  const Eigen::VectorXd plain = unconstrained.scorer.Scores(p.data.features);
  EXPECT_GT(MaxOf(TrueViolations(p, plain, options.constraint, options.alpha)), 0.1);

  const NoisyGroupFit naive = TrainNaive(p.data, options);
  const Eigen::VectorXd naive_scores = naive.scorer.Scores(p.data.features);
  ASSERT_TRUE(naive.feasible) << naive.train_violation;
  EXPECT_LE(MaxOf(NoisyGroupViolations(naive_scores, p.data, options.constraint, options.alpha)),
            0.0);
  const double naive_true =
      MaxOf(TrueViolations(p, naive_scores, options.constraint, options.alpha));
  EXPECT_GT(naive_true, 0.05);

  const NoisyGroupFit dro = TrainDro(p.data, noise.BoundRadii(), options);
  ASSERT_TRUE(dro.feasible) << dro.train_violation << " error " << dro.train_error;
  EXPECT_LE(MaxOf(TrueViolations(p, dro.scorer.Scores(p.data.features), options.constraint,
                                 options.alpha)),
            0.0);

  const NoisyGroupFit soft = TrainSoftGroups(p.data, noise.TrueGivenNoisy(), options);
  ASSERT_TRUE(soft.feasible) << soft.train_violation << " error " << soft.train_error;
  EXPECT_LE(MaxOf(TrueViolations(p, soft.scorer.Scores(p.data.features), options.constraint,
                                 options.alpha)),
            0.0);
  // Robustness costs accuracy; soft assignments less than the TV balls,
  // whose radii here (0.30 to 0.46) leave DRO near the trivial classifier.
  EXPECT_GT(soft.train_error, naive.train_error);
  EXPECT_LT(soft.train_error, dro.train_error);
}

// Algorithm 1 returns the uniform mixture of its T x Q inner iterates; the
// rate constraints are linear in the mixture weights, so the mixture's
// violation is the members' mean per constraint. The multipliers respond
// to the violated robust constraints and pull the mixture's true-group
// violation far below the unconstrained model's.
TEST(NoisyGroupTrainingExperiment, IdealAlgorithmMixture) {
  const Problem p = MakeProblem(4000, 0.3, 7);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  NoisyGroupOptions options = TestOptions();
  options.lambda_rate = 1.0;
  IdealOptions ideal;
  ideal.rounds = 8;
  ideal.inner = 2;
  ideal.oracle_steps = 100;
  const IdealFit fit = TrainSoftGroupsIdeal(p.data, noise.TrueGivenNoisy(), options, ideal);
  ASSERT_EQ(fit.members.size(), 16u);
  double lambda_sum = 0.0;
  for (double l : fit.lambda) lambda_sum += l;
  EXPECT_GT(lambda_sum, 0.0);
  std::vector<double> mixture(3, 0.0);
  for (const auto& member : fit.members) {
    const auto v =
        TrueViolations(p, member.Scores(p.data.features), options.constraint, options.alpha);
    for (size_t k = 0; k < 3; ++k) mixture[k] += v[k] / 16.0;
  }
  const NoisyGroupFit plain = TrainUnconstrained(p.data, options);
  const double unconstrained = MaxOf(
      TrueViolations(p, plain.scorer.Scores(p.data.features), options.constraint, options.alpha));
  EXPECT_LT(MaxOf(mixture), unconstrained - 0.1);
}

// The reference code's checks (robust_lower_bounds.h) never judge a scorer
// worse than the exact worst cases: any table of W(theta) (the independent
// one, the LP adversary's) is one the exact check maximizes over, and the
// sampled points of the TV balls lie (nearly) inside them. With no noise
// and radius 0 both reduce to the noisy groups' own violations.
TEST(RobustLowerBounds, NeverAboveTheExactWorstCases) {
  const Problem p = MakeProblem(3000, 0.3, 7);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  const Eigen::MatrixXd conditional = noise.TrueGivenNoisy();
  std::mt19937_64 engine(11);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  int strictly_below = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd scores = RandomLinearScores(p, engine, normal);
    for (FairnessConstraint c :
         {FairnessConstraint::kEqualOpportunity, FairnessConstraint::kEqualizedOdds}) {
      const auto exact_soft = SoftGroupWorstViolations(scores, p.data, conditional, c, 0.05);
      const auto exact_dro = TvBallWorstViolations(scores, p.data, noise.PaperRadii(), c, 0.05);
      std::vector<double> lambda(exact_soft.size());
      for (double& l : lambda) l = uniform(engine) / static_cast<double>(lambda.size());
      const GroupCells cells = CountCells(scores, p.data.labels, p.data.groups, 3);
      const auto independent =
          AssignedTableViolations(scores, p.data, IndependentAssignment(conditional), c, 0.05);
      const auto adversary = AssignedTableViolations(
          scores, p.data, WorstCaseAssignment(cells, conditional, lambda, c, 0.05), c, 0.05);
      const auto sampled =
          TvBallSampledViolations(scores, p.data, noise.PaperRadii(), c, 0.05, 20, trial);
      ASSERT_EQ(independent.size(), exact_soft.size());
      ASSERT_EQ(sampled.size(), exact_dro.size());
      for (size_t k = 0; k < exact_soft.size(); ++k) {
        EXPECT_LE(independent[k], exact_soft[k] + 1e-9) << "constraint " << k;
        EXPECT_LE(adversary[k], exact_soft[k] + 1e-9) << "constraint " << k;
        EXPECT_LE(sampled[k], exact_dro[k] + 1e-12) << "constraint " << k;
        if (sampled[k] < exact_dro[k] - 0.05) ++strictly_below;
      }
    }
  }
  EXPECT_GT(strictly_below, 20);  // the exact check is the stricter one

  const Problem clean = MakeProblem(2000, 0.0, 5);
  const Eigen::VectorXd scores = clean.data.features.col(0).toDense().array() - 0.8;
  for (FairnessConstraint c :
       {FairnessConstraint::kEqualOpportunity, FairnessConstraint::kEqualizedOdds}) {
    const auto own = NoisyGroupViolations(scores, clean.data, c, 0.05);
    const auto table = AssignedTableViolations(
        scores, clean.data, IndependentAssignment(Eigen::Matrix3d::Identity()), c, 0.05);
    const auto sampled =
        TvBallSampledViolations(scores, clean.data, Eigen::Vector3d::Zero(), c, 0.05, 3, 1);
    ASSERT_EQ(own.size(), table.size());
    for (size_t k = 0; k < own.size(); ++k) {
      EXPECT_NEAR(table[k], own[k], 1e-12) << "constraint " << k;
      EXPECT_NEAR(sampled[k], own[k], 1e-12) << "constraint " << k;
    }
  }
}

// Soft-group training keeps the adversary's table with every candidate (the
// reference code judged candidates with it): non-negative rows summing to
// 1, four per noisy group; DRO's candidates carry none.
TEST(RobustLowerBounds, SoftGroupCandidatesCarryTheirTables) {
  const Problem p = MakeProblem(1500, 0.2, 3);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  NoisyGroupOptions options;
  options.iterations = 100;
  options.hinge_slack = 0.0;
  const NoisyGroupFit fit = TrainSoftGroups(p.data, noise.TrueGivenNoisy(), options);
  ASSERT_EQ(fit.candidates.size(), 4U);
  for (const Candidate& candidate : fit.candidates) {
    ASSERT_EQ(candidate.assignment.rows(), 12);
    ASSERT_EQ(candidate.assignment.cols(), 3);
    EXPECT_LE((candidate.assignment.rowwise().sum().array() - 1.0).abs().maxCoeff(), 1e-9);
    EXPECT_GE(candidate.assignment.minCoeff(), -1e-12);
  }
  const NoisyGroupFit dro = TrainDro(p.data, noise.PaperRadii(), options);
  for (const Candidate& candidate : dro.candidates) EXPECT_EQ(candidate.assignment.size(), 0);
}

// The table gradient the released code's adversary ascends is the
// derivative of sum_c lambda_c surrogate_c (central differences).
TEST(ReferenceCodeTableAdversary, TableGradientMatchesDifferences) {
  const Problem p = MakeProblem(800, 0.3, 13);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  const Eigen::VectorXd scores = p.data.features.col(0).toDense().array() * 0.7 - 0.4 +
                                 p.data.features.col(1).toDense().array() * 0.3;
  std::mt19937_64 engine(3);
  std::uniform_real_distribution<double> uniform(0.1, 0.9);
  SoftAssignment table(12, 3);
  for (Eigen::Index r = 0; r < 12; ++r) {
    for (int j = 0; j < 3; ++j) table(r, j) = uniform(engine);
  }
  const std::vector<double> lambda = {0.1, 0.3, 0.05, 0.2, 0.15, 0.2};
  const FairnessConstraint c = FairnessConstraint::kEqualizedOdds;
  const SoftAssignment gradient =
      SoftAssignmentTableGradient(SoftAssignmentSums(scores, p.data), table, lambda, c);
  auto lagrangian = [&](const SoftAssignment& t) {
    const SurrogateConstraints s = SoftAssignmentSurrogates(scores, p.data, t, 3, c, 0.0);
    double sum = 0.0;
    for (size_t k = 0; k < lambda.size(); ++k) sum += lambda[k] * s.value[k];
    return sum;
  };
  for (Eigen::Index r = 0; r < 12; ++r) {
    for (int j = 0; j < 3; ++j) {
      SoftAssignment up = table, down = table;
      up(r, j) += 1e-6;
      down(r, j) -= 1e-6;
      EXPECT_NEAR(gradient(r, j), (lagrangian(up) - lagrangian(down)) / 2e-6, 1e-6)
          << "entry " << r << ", " << j;
    }
  }
  EXPECT_GT(gradient.cwiseAbs().maxCoeff(), 1e-3);
}

// Dykstra's projection lands in W(theta) (with enough rounds), leaves a
// table of W(theta) where it is, and the code's adversary's tables stay
// (nearly) in W(theta) during training.
TEST(ReferenceCodeTableAdversary, ProjectsOntoTheAssignments) {
  const Problem p = MakeProblem(1500, 0.2, 3);
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(p.true_groups, p.data.groups, 3, 3);
  const Eigen::MatrixXd conditional = noise.TrueGivenNoisy();
  const Eigen::VectorXd scores = p.data.features.col(0).toDense().array() - 0.5;
  const GroupCells cells = CountCells(scores, p.data.labels, p.data.groups, 3);
  auto distance_to_w = [&](const SoftAssignment& t) {
    double worst = std::max(0.0, -t.minCoeff());
    worst = std::max(worst, (t.rowwise().sum().array() - 1.0).abs().maxCoeff());
    for (int k = 0; k < 3; ++k) {
      const Cells& c = cells.group[static_cast<size_t>(k)];
      const double total = c[0] + c[1] + c[2] + c[3];
      for (int j = 0; j < 3; ++j) {
        double mass = 0.0;
        for (int cell = 0; cell < 4; ++cell) mass += t(4 * k + cell, j) * c[cell] / total;
        worst = std::max(worst, std::abs(mass - conditional(j, k)));
      }
    }
    return worst;
  };
  std::mt19937_64 engine(8);
  std::normal_distribution<double> normal;
  SoftAssignment start(12, 3);
  for (Eigen::Index r = 0; r < 12; ++r) {
    for (int j = 0; j < 3; ++j) start(r, j) = normal(engine);
  }
  EXPECT_GT(distance_to_w(start), 0.5);
  EXPECT_LT(distance_to_w(AssignmentProjection(cells, conditional)(start, 2000)), 1e-6);
  const SoftAssignment inside = IndependentAssignment(conditional);
  EXPECT_LT((AssignmentProjection(cells, conditional)(inside, 20) - inside).norm(), 1e-9);

  NoisyGroupOptions options;
  options.iterations = 100;
  options.hinge_slack = 0.0;
  options.adversary = NoisyGroupOptions::Adversary::kReferenceCode;
  const NoisyGroupFit fit = TrainSoftGroups(p.data, conditional, options);
  ASSERT_EQ(fit.candidates.size(), 4U);
  for (const Candidate& candidate : fit.candidates) {
    EXPECT_LE((candidate.assignment.rowwise().sum().array() - 1.0).abs().maxCoeff(), 0.05);
    EXPECT_GE(candidate.assignment.minCoeff(), -1e-12);
  }
}

TEST(RateConstraints, RefuseAConstraintOtherThanTheRatesByName) {
  EXPECT_EQ(ConstraintCount(FairnessConstraint::kEqualOpportunity, 3), 3);
  EXPECT_EQ(ConstraintCount(FairnessConstraint::kEqualizedOdds, 3), 6);
  try {
    ConstraintCount(FairnessConstraint::kDemographicParity, 3);
    ADD_FAILURE() << "demographic parity was counted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ("noisy groups fits constraint eopp | eodds, not 'dp'", e.what());
  }
}

}  // namespace
}  // namespace tinyfair::host::noisy_groups
