// Fair robust log loss: the multiplier search against the spec's test
// vectors and a bisection oracle, the exact gradient against finite
// differences, the training constraint, convexity from several starts, the
// kink, and the spec's acceptance tests (../shared/specs/
// fair_robust_log_loss.md, Sec. 10).
#include "host_tools/frll/fair_robust_log_loss.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

#include "host_tools/learn/logistic_regression.h"

namespace tinyfair::host::frll {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using metrics::FairnessConstraint;
using metrics::FairnessConstraintName;

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
  bool Bernoulli(double p) { return Uniform() < p; }

 private:
  std::mt19937_64 engine_;
};

struct Data {
  MatrixXd X;  // x1, x2, a (the protected attribute is a feature, as in the paper)
  VectorXd y, a;
};

// a ~ Bernoulli(1/2), y | a ~ Bernoulli(rate[a]), x | (a, y) ~ N(mean[a][y], I).
Data Gaussians(uint64_t seed, int n, const double mean[2][2][2], const double rate[2]) {
  Rng rng(seed);
  Data d{MatrixXd(n, 3), VectorXd(n), VectorXd(n)};
  for (int i = 0; i < n; ++i) {
    const int a = rng.Bernoulli(0.5) ? 1 : 0;
    const int y = rng.Bernoulli(rate[a]) ? 1 : 0;
    d.X(i, 0) = mean[a][y][0] + rng.Normal();
    d.X(i, 1) = mean[a][y][1] + rng.Normal();
    d.X(i, 2) = a;
    d.y(i) = y;
    d.a(i) = a;
  }
  return d;
}

// The spec's Sec. 6 generator: group 0 has the higher base rate.
Data Figure3Data() {
  const double mean[2][2][2] = {{{-1.0, -1.0}, {1.0, 1.0}}, {{-0.5, -1.5}, {1.5, 0.0}}};
  const double rate[2] = {0.65, 0.35};
  return Gaussians(2024, 2000, mean, rate);
}

// Means in [-1.5, 1.5]^2 and base rates in [0.3, 0.7], from the seed.
Data RandomGaussians(uint64_t seed, int n) {
  Rng rng(seed * 7919 + 1);
  double mean[2][2][2], rate[2];
  for (auto& by_a : mean) {
    for (auto& by_y : by_a) {
      for (auto& m : by_y) m = 3.0 * rng.Uniform() - 1.5;
    }
  }
  for (auto& r : rate) r = 0.3 + 0.4 * rng.Uniform();
  return Gaussians(seed, n, mean, rate);
}

const FairnessConstraint kConstraints[] = {FairnessConstraint::kDemographicParity,
                                           FairnessConstraint::kEqualOpportunity,
                                           FairnessConstraint::kEqualizedOdds};

FrllOptions Options(std::optional<FairnessConstraint> constraint) {
  FrllOptions options;
  options.constraint = constraint;
  options.l2 = 0.01;
  return options;
}

double Clamp(double v, double lo, double hi) { return std::min(std::max(v, lo), hi); }

// Mean clipped probability of a group at lambda (spec (P11)), group 1 or 0.
double ClippedMean(const std::vector<double>& e, size_t n1, size_t n0, size_t n, double lambda,
                   int group) {
  const double c = group == 1 ? lambda * static_cast<double>(n) / static_cast<double>(n1)
                              : -lambda * static_cast<double>(n) / static_cast<double>(n0);
  double sum = 0.0;
  for (double v : e) sum += Clamp(v, CellLower(c), CellUpper(c));
  return sum / static_cast<double>(e.size());
}

// The spec's test oracle: bisection on s = 1 / lambda, on which the gap is
// non-decreasing, independently of the sweep.
double OracleLambda(const std::vector<double>& e1, const std::vector<double>& e0, size_t n) {
  double m1 = 0.0, m0 = 0.0;
  for (double v : e1) m1 += v / static_cast<double>(e1.size());
  for (double v : e0) m0 += v / static_cast<double>(e0.size());
  if (m1 == m0) return 0.0;
  const bool swapped = m1 < m0;
  const auto& g1 = swapped ? e0 : e1;
  const auto& g0 = swapped ? e1 : e0;
  const double p1 = static_cast<double>(g1.size()) / static_cast<double>(n);
  const double p0 = static_cast<double>(g0.size()) / static_cast<double>(n);
  auto h = [&](double s) {
    double a = 0.0, b = 0.0;
    for (double v : g1) a += std::min(v, p1 * s);
    for (double v : g0) b += std::max(v, 1.0 - p0 * s);
    return a / static_cast<double>(g1.size()) - b / static_cast<double>(g0.size());
  };
  double lo = 0.0, hi = std::max(1.0 / p1, 1.0 / p0);
  for (int k = 0; k < 200; ++k) {
    const double mid = 0.5 * (lo + hi);
    (h(mid) < 0.0 ? lo : hi) = mid;
  }
  const double lambda = 2.0 / (lo + hi);
  return swapped ? -lambda : lambda;
}

// --- The multiplier search ---------------------------------------------------

TEST(FairRobustLogLossLambda, SpecVectorTv1DemographicParity) {
  const std::vector<double> e1 = {0.9, 0.8, 0.6}, e0 = {0.1, 0.3};
  const double lambda = SolveFairnessMultiplier(e1, e0, 5);
  EXPECT_NEAR(1.0, lambda, 1e-12);
  const double c1 = lambda / 0.6, c0 = -lambda / 0.4;
  EXPECT_NEAR(5.0 / 3.0, c1, 1e-12);
  EXPECT_NEAR(-2.5, c0, 1e-12);
  EXPECT_NEAR(0.6, CellUpper(c1), 1e-12);
  EXPECT_NEAR(0.6, CellLower(c0), 1e-12);
  EXPECT_NEAR(0.6, ClippedMean(e1, 3, 2, 5, lambda, 1), 1e-12);
  EXPECT_NEAR(0.6, ClippedMean(e0, 3, 2, 5, lambda, 0), 1e-12);
}

TEST(FairRobustLogLossLambda, SpecVectorTv2SwappedGroups) {
  const std::vector<double> e1 = {0.1, 0.3}, e0 = {0.9, 0.8, 0.6};
  const double lambda = SolveFairnessMultiplier(e1, e0, 5);
  EXPECT_NEAR(-1.0, lambda, 1e-12);
  const double c1 = lambda / 0.4, c0 = -lambda / 0.6;
  EXPECT_NEAR(-2.5, c1, 1e-12);
  EXPECT_NEAR(5.0 / 3.0, c0, 1e-12);
  EXPECT_NEAR(0.6, CellLower(c1), 1e-12);
  EXPECT_NEAR(0.6, CellUpper(c0), 1e-12);
}

TEST(FairRobustLogLossLambda, SpecVectorTv3EqualOpportunitySlice) {
  const std::vector<double> e1 = {0.9, 0.7, 0.65, 0.2}, e0 = {0.5, 0.4, 0.3};
  const double lambda = SolveFairnessMultiplier(e1, e0, 10);
  EXPECT_NEAR(12.0 / 19.0, lambda, 1e-12);
  const double c1 = lambda / 0.4, c0 = -lambda / 0.3;
  EXPECT_NEAR(1.5789473684, c1, 1e-10);
  EXPECT_NEAR(-2.1052631579, c0, 1e-10);
  EXPECT_NEAR(0.633333333333, CellUpper(c1), 1e-10);
  EXPECT_NEAR(0.525, CellLower(c0), 1e-12);
  EXPECT_NEAR(0.525, ClippedMean(e1, 4, 3, 10, lambda, 1), 1e-12);
  EXPECT_NEAR(0.525, ClippedMean(e0, 4, 3, 10, lambda, 0), 1e-12);
}

TEST(FairRobustLogLossLambda, SpecVectorTv4AlreadyFair) {
  EXPECT_EQ(0.0, SolveFairnessMultiplier({0.2, 0.6}, {0.4, 0.4}, 4));
}

TEST(FairRobustLogLossLambda, MatchesTheBisectionOracleOnRandomInstances) {
  Rng rng(17);
  for (int trial = 0; trial < 1000; ++trial) {
    const size_t n1 = 1 + static_cast<size_t>(rng.Uniform() * 60);
    const size_t n0 = 1 + static_cast<size_t>(rng.Uniform() * 60);
    const size_t n = n1 + n0 + static_cast<size_t>(rng.Uniform() * 40);  // plus samples in no group
    // Groups of different levels, some values saturated at 0 or 1.
    const double shift = rng.Uniform() - 0.5;
    std::vector<double> e1(n1), e0(n0);
    for (auto& v : e1) v = rng.Uniform() < 0.05 ? 1.0 : Clamp(rng.Uniform() + shift, 0.0, 1.0);
    for (auto& v : e0) v = rng.Uniform() < 0.05 ? 0.0 : rng.Uniform();
    const double lambda = SolveFairnessMultiplier(e1, e0, n);
    const double oracle = OracleLambda(e1, e0, n);
    ASSERT_NEAR(oracle, lambda, 1e-9 * std::max(1.0, std::abs(oracle))) << "trial " << trial;
    EXPECT_NEAR(ClippedMean(e1, n1, n0, n, lambda, 1), ClippedMean(e0, n1, n0, n, lambda, 0), 1e-9)
        << "trial " << trial;
    // Smoothed: the gap is mu lambda instead of 0.
    const double mu = 1e-3;
    const double smoothed = SolveFairnessMultiplier(e1, e0, n, mu);
    EXPECT_NEAR(mu * smoothed,
                ClippedMean(e1, n1, n0, n, smoothed, 1) - ClippedMean(e0, n1, n0, n, smoothed, 0),
                1e-12)
        << "trial " << trial;
  }
}

TEST(FairRobustLogLossLambda, RejectsAnEmptyGroup) {
  EXPECT_THROW(SolveFairnessMultiplier({}, {0.5}, 3), std::invalid_argument);
  EXPECT_THROW(SolveFairnessMultiplier({0.5}, {0.5}, 1), std::invalid_argument);
}

// --- Cells and inference -------------------------------------------------------

TEST(FairRobustLogLossInference, ApproximatorIsOneAtTheCapAndZeroAtTheFloor) {
  for (double c = -10.0; c <= 10.0; c += 0.0625) {
    if (c > 1.0) {
      const double cap = CellUpper(c);
      EXPECT_NEAR(1.0, cap * (1.0 + c * (1.0 - cap)), 1e-15) << c;
    }
    if (c < -1.0) {
      const double floor = CellLower(c);
      EXPECT_NEAR(0.0, floor * (1.0 + c * (1.0 - floor)), 1e-15) << c;
    }
    double previous = 0.0;
    for (double pe = 0.0; pe <= 1.0; pe += 1.0 / 1024.0) {
      const double p = Clamp(pe, CellLower(c), CellUpper(c));
      const double q = CellApproximator(p, c);
      EXPECT_GE(q, 0.0);
      EXPECT_LE(q, 1.0);
      EXPECT_GE(q, previous - 1e-15) << "Q is monotone in Pe for c = " << c;
      previous = q;
    }
  }
}

TEST(FairRobustLogLossInference, SpecEqualOpportunityExamples) {
  FrllFit fit;
  fit.constraint = FairnessConstraint::kEqualOpportunity;
  fit.cell[1][1] = 30.0 / 19.0;   // TV3's c(gamma1)
  fit.cell[0][1] = -40.0 / 19.0;  // TV3's c(gamma0)
  EXPECT_NEAR(0.633333, FrllProbability(fit, 0.8, 1), 1e-6);
  EXPECT_NEAR(0.473276, FrllProbability(fit, 0.45, 0), 1e-6);
  EXPECT_NEAR(0.8, FrllProbability(fit, 0.8, 0), 1e-9);
  // Demographic parity is the clamp alone.
  fit.constraint = FairnessConstraint::kDemographicParity;
  fit.cell[1][0] = fit.cell[1][1] = 5.0 / 3.0;
  EXPECT_NEAR(0.6, FrllProbability(fit, 0.9, 1), 1e-12);
  EXPECT_NEAR(0.3, FrllProbability(fit, 0.3, 1), 1e-12);
}

// --- The objective and its gradient --------------------------------------------

// Central differences of J (lambda re-solved at every point) against the
// gradient the objective returns.
VectorXd FiniteDifferences(const Data& d, const FrllOptions& options, const VectorXd& theta,
                           double smoothing) {
  const double h = 1e-5;
  VectorXd g(theta.size());
  for (Eigen::Index k = 0; k < theta.size(); ++k) {
    VectorXd plus = theta, minus = theta;
    plus(k) += h;
    minus(k) -= h;
    g(k) = (EvaluateFairRobustLogLoss(d.X, d.y, d.a, options, plus, smoothing).objective -
            EvaluateFairRobustLogLoss(d.X, d.y, d.a, options, minus, smoothing).objective) /
           (2.0 * h);
  }
  return g;
}

TEST(FairRobustLogLossGradient, ExactGradientMatchesFiniteDifferences) {
  const Data d = Figure3Data();
  Rng rng(5);
  for (FairnessConstraint constraint : kConstraints) {
    // The coefficient of a sets which group has the higher mean, so both
    // signs of lambda occur.
    for (double a_weight : {-1.5, 1.5}) {
      FrllOptions options = Options(constraint);
      VectorXd theta(4);
      theta << rng.Uniform() - 0.5, rng.Uniform() - 0.5, a_weight, rng.Uniform() - 0.5;
      for (double smoothing : {0.0, 1e-3}) {
        const FrllEvaluation ev =
            EvaluateFairRobustLogLoss(d.X, d.y, d.a, options, theta, smoothing);
        for (double lambda : ev.lambda) EXPECT_NE(0.0, lambda);
        const VectorXd fd = FiniteDifferences(d, options, theta, smoothing);
        EXPECT_LT((fd - ev.gradient).lpNorm<Eigen::Infinity>(), 1e-6)
            << FairnessConstraintName(constraint) << " a weight " << a_weight << " mu " << smoothing
            << "\nfd    " << fd.transpose() << "\nexact " << ev.gradient.transpose();
      }
      // The slice of y = 1 gets the sign a_weight gives it.
      const FrllEvaluation ev = EvaluateFairRobustLogLoss(d.X, d.y, d.a, options, theta);
      EXPECT_GT(ev.lambda[0] * a_weight, 0.0) << FairnessConstraintName(constraint);
    }
  }
}

TEST(FairRobustLogLossGradient, PaperGradientIsNotTheGradient) {
  // The paper's eq. (71) holds lambda fixed: it misses c Pe (1 - Pe) on the
  // unclipped members of the comparison groups.
  const Data d = Figure3Data();
  VectorXd theta(4);
  theta << 0.3, -0.2, 1.5, 0.1;
  for (FairnessConstraint constraint : kConstraints) {
    FrllOptions options = Options(constraint);
    options.gradient = FrllGradient::kPaper;
    const VectorXd paper = EvaluateFairRobustLogLoss(d.X, d.y, d.a, options, theta).gradient;
    const VectorXd fd = FiniteDifferences(d, options, theta, 0.0);
    EXPECT_GT((fd - paper).lpNorm<Eigen::Infinity>(), 1e-2) << FairnessConstraintName(constraint);
  }
}

// --- Fitting -------------------------------------------------------------------

TEST(FairRobustLogLossFit, ConstraintHoldsOnTheTrainingSample) {
  const Data d = Figure3Data();
  for (FairnessConstraint constraint : kConstraints) {
    const FrllFit fit = FitFairRobustLogLoss(d.X, d.y, d.a, Options(constraint));
    EXPECT_TRUE(fit.converged) << FairnessConstraintName(constraint) << " " << fit.stop;
    EXPECT_LE(fit.gradient_norm, 1e-6);
    ASSERT_EQ(constraint == FairnessConstraint::kEqualizedOdds ? 2U : 1U, fit.slices.size());
    // Recompute the label-conditional means from the stored cells.
    const VectorXd z = d.X * fit.coefficients + VectorXd::Constant(d.X.rows(), fit.intercept);
    for (const FrllSlice& slice : fit.slices) {
      double sum[2] = {0.0, 0.0}, count[2] = {0.0, 0.0};
      for (Eigen::Index i = 0; i < z.size(); ++i) {
        if (slice.label >= 0 && d.y(i) != slice.label) continue;
        const int a = static_cast<int>(d.a(i)), y = static_cast<int>(d.y(i));
        const double c = fit.cell[a][y];
        sum[a] += Clamp(1.0 / (1.0 + std::exp(-z(i))), CellLower(c), CellUpper(c));
        count[a] += 1.0;
      }
      const double gap = sum[1] / count[1] - sum[0] / count[0];
      EXPECT_LE(std::abs(gap), 1e-8)
          << FairnessConstraintName(constraint) << " slice " << slice.label;
      EXPECT_NEAR(slice.residual, gap, 1e-12);
      EXPECT_EQ(slice.n_group1, static_cast<size_t>(count[1]));
      EXPECT_EQ(slice.n_group0, static_cast<size_t>(count[0]));
      EXPECT_DOUBLE_EQ(count[1] / 2000.0, slice.p_group1);
    }
    EXPECT_LE(fit.constraint_residual, 1e-8);
    // The cells follow [S8] from lambda and the training frequencies.
    for (const FrllSlice& slice : fit.slices) {
      for (int y = 0; y < 2; ++y) {
        if (slice.label >= 0 && slice.label != y) continue;
        EXPECT_DOUBLE_EQ(slice.lambda / slice.p_group1, fit.cell[1][y]);
        EXPECT_DOUBLE_EQ(-slice.lambda / slice.p_group0, fit.cell[0][y]);
      }
    }
    if (constraint == FairnessConstraint::kEqualOpportunity) {
      EXPECT_EQ(0.0, fit.cell[0][0]);
      EXPECT_EQ(0.0, fit.cell[1][0]);
    }
    double frequencies = 0.0;
    for (const auto& by_a : fit.cell_frequency) frequencies += by_a[0] + by_a[1];
    EXPECT_NEAR(1.0, frequencies, 1e-12);
  }
}

TEST(FairRobustLogLossFit, ConvexThreeStartsReachOneObjective) {
  // Figure 3's data (clipping at the optimum) and random data whose optima
  // lie on the kink of J, where the exact objective alone stalls.
  const Data datasets[] = {Figure3Data(), RandomGaussians(1, 1000), RandomGaussians(3, 1000)};
  for (const Data& d : datasets) {
    for (FairnessConstraint constraint : kConstraints) {
      Rng rng(99);
      std::vector<FrllFit> fits;
      for (double scale : {0.0, 1.0, 6.0}) {
        FrllOptions options = Options(constraint);
        options.initial_theta = VectorXd(4);
        for (int k = 0; k < 4; ++k) options.initial_theta(k) = scale * (rng.Uniform() - 0.5);
        fits.push_back(FitFairRobustLogLoss(d.X, d.y, d.a, options));
      }
      for (const FrllFit& fit : fits) {
        EXPECT_LE(fit.gradient_norm, 2e-6) << FairnessConstraintName(constraint);
        EXPECT_NEAR(fits[0].objective, fit.objective, 1e-5 * std::abs(fits[0].objective))
            << FairnessConstraintName(constraint);
        EXPECT_LT((fit.coefficients - fits[0].coefficients).lpNorm<Eigen::Infinity>(), 1e-4);
        EXPECT_LE(fit.constraint_residual, 1e-8);
      }
    }
  }
}

TEST(FairRobustLogLossFit, SmoothingConvergesWhereTheExactObjectiveStallsOnTheKink) {
  // Here theta = 0 balances the groups (every Pe is 1/2): J has a kink at
  // the start and again at its minimum.
  const Data d = RandomGaussians(3, 1000);
  FrllOptions exact = Options(FairnessConstraint::kDemographicParity);
  exact.smoothing_start = 0.0;
  const FrllFit stalled = FitFairRobustLogLoss(d.X, d.y, d.a, exact);
  const FrllFit fit =
      FitFairRobustLogLoss(d.X, d.y, d.a, Options(FairnessConstraint::kDemographicParity));
  EXPECT_FALSE(stalled.converged);
  EXPECT_TRUE(fit.converged) << fit.stop;
  EXPECT_LT(fit.objective, stalled.objective - 1e-3);
  // On the kink nothing is clipped: the multiplier lies inside the interval
  // where the clamps do nothing, and the logistic means are balanced.
  EXPECT_LT(std::abs(fit.cell[1][1]), 1.0);
  EXPECT_LT(std::abs(fit.cell[0][1]), 1.0);
  EXPECT_NE(0.0, fit.slices[0].lambda);
  EXPECT_LE(fit.constraint_residual, 1e-8);
}

TEST(FairRobustLogLossFit, WithoutAConstraintItIsLogisticRegression) {
  const Data d = Figure3Data();
  FrllOptions options = Options(std::nullopt);
  options.penalize_intercept = false;  // as FitLogisticRegression
  const FrllFit fit = FitFairRobustLogLoss(d.X, d.y, d.a, options);
  learn::LogisticOptions logistic;
  logistic.l2 = options.l2;
  const learn::LogisticFit reference = learn::FitLogisticRegression(d.X, d.y, VectorXd(), logistic);
  EXPECT_NEAR(reference.objective, fit.objective, 1e-6);
  EXPECT_LT((reference.coefficients - fit.coefficients).lpNorm<Eigen::Infinity>(), 1e-4);
  EXPECT_NEAR(reference.intercept, fit.intercept, 1e-4);
  EXPECT_TRUE(fit.slices.empty());
  EXPECT_EQ(0.0, fit.cell[0][0]);
  EXPECT_EQ(0.0, fit.cell[1][1]);
}

TEST(FairRobustLogLossFit, AlreadyFairDataNeedsNoMultiplier) {
  // Every sample twice, once in each group: by symmetry the unconstrained
  // logistic probabilities are fair and the multiplier is 0. (A penalised
  // intercept would leak into the coefficient of a, which the constraint
  // then holds at 0 with a small multiplier.)
  const Data half = RandomGaussians(8, 500);
  Data d{MatrixXd(1000, 3), VectorXd(1000), VectorXd(1000)};
  for (int i = 0; i < 500; ++i) {
    for (int a = 0; a < 2; ++a) {
      d.X.row(2 * i + a) << half.X(i, 0), half.X(i, 1), a;
      d.y(2 * i + a) = half.y(i);
      d.a(2 * i + a) = a;
    }
  }
  for (FairnessConstraint constraint : kConstraints) {
    FrllOptions options = Options(constraint);
    options.penalize_intercept = false;
    const FrllFit fit = FitFairRobustLogLoss(d.X, d.y, d.a, options);
    for (const FrllSlice& slice : fit.slices) EXPECT_LT(std::abs(slice.lambda), 1e-5);
    for (const auto& by_a : fit.cell) {
      EXPECT_LT(std::abs(by_a[0]), 1e-4);
      EXPECT_LT(std::abs(by_a[1]), 1e-4);
    }
    EXPECT_NEAR(0.0, fit.coefficients(2), 1e-6);
  }
  // The exact search returns 0 for balanced groups.
  const FrllEvaluation ev = EvaluateFairRobustLogLoss(
      d.X, d.y, d.a, Options(FairnessConstraint::kDemographicParity), VectorXd::Zero(4));
  EXPECT_EQ(0.0, ev.lambda[0]);
}

TEST(FairRobustLogLossFit, Figure3DataFloorsGroupOneAndCapsGroupZero) {
  const Data d = Figure3Data();
  const FrllFit fit =
      FitFairRobustLogLoss(d.X, d.y, d.a, Options(FairnessConstraint::kDemographicParity));
  EXPECT_LT(fit.slices[0].lambda, 0.0);
  EXPECT_LT(fit.cell[1][1], -1.0);  // a floor for A = 1
  EXPECT_GT(fit.cell[0][1], 1.0);   // a cap for A = 0
  // The training rates of the decision rule (label-independent here) agree.
  const VectorXd p = FrllPredictProbability(fit, d.X, d.a);
  double rate[2] = {0.0, 0.0}, count[2] = {0.0, 0.0};
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    rate[static_cast<int>(d.a(i))] += p(i);
    count[static_cast<int>(d.a(i))] += 1.0;
  }
  EXPECT_NEAR(rate[1] / count[1], rate[0] / count[0], 1e-8);
}

TEST(FairRobustLogLossFit, RefusesEmptyComparisonGroupsAndWarnsOfSmallOnes) {
  Data d = Figure3Data();
  // No positive in group 0: equal opportunity is undefined.
  Data no_positive = d;
  for (Eigen::Index i = 0; i < d.y.size(); ++i) {
    if (d.a(i) == 0.0) no_positive.y(i) = 0.0;
  }
  EXPECT_THROW(FitFairRobustLogLoss(no_positive.X, no_positive.y, no_positive.a,
                                    Options(FairnessConstraint::kEqualOpportunity)),
               std::invalid_argument);
  // Demographic parity still is defined.
  EXPECT_NO_THROW(FitFairRobustLogLoss(no_positive.X, no_positive.y, no_positive.a,
                                       Options(FairnessConstraint::kDemographicParity)));
  // Three positives in group 0.
  Data few = no_positive;
  int kept = 0;
  for (Eigen::Index i = 0; i < d.y.size() && kept < 3; ++i) {
    if (d.a(i) == 0.0 && d.y(i) == 1.0) {
      few.y(i) = 1.0;
      ++kept;
    }
  }
  const FrllFit fit =
      FitFairRobustLogLoss(few.X, few.y, few.a, Options(FairnessConstraint::kEqualOpportunity));
  ASSERT_FALSE(fit.warnings.empty());
  EXPECT_NE(std::string::npos, fit.warnings[0].find("only 3"));
  // Labels and attributes must be 0/1.
  Data bad = d;
  bad.a(0) = 2.0;
  EXPECT_THROW(
      FitFairRobustLogLoss(bad.X, bad.y, bad.a, Options(FairnessConstraint::kDemographicParity)),
      std::invalid_argument);
}

TEST(FairRobustLogLossFit, RefusesTheRegressionConstraintsByName) {
  const Data d = Figure3Data();
  for (FairnessConstraint regression :
       {FairnessConstraint::kStatisticalParity, FairnessConstraint::kBoundedGroupLoss}) {
    try {
      FitFairRobustLogLoss(d.X, d.y, d.a, Options(regression));
      ADD_FAILURE() << FairnessConstraintName(regression) << " was fitted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string("frll fits constraint dp | eopp | eodds, not '") +
                    FairnessConstraintName(regression) + "'",
                e.what());
    }
  }
}

}  // namespace
}  // namespace tinyfair::host::frll
