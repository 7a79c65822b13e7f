#include "host_tools/learn/logistic_regression.h"

#include <Eigen/Core>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace tinyfair::host::learn {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct Data {
  MatrixXd X;
  VectorXd y;
};

// Labels drawn from a logistic model with coefficients `beta` (and `bias`)
// on standard normal features.
Data MakeLogisticData(int n, const VectorXd& beta, double bias, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  Data data{MatrixXd(n, beta.size()), VectorXd(n)};
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < beta.size(); ++j) data.X(i, j) = normal(rng);
    const double z = data.X.row(i).dot(beta) + bias;
    data.y(i) = uniform(rng) < 1.0 / (1.0 + std::exp(-z)) ? 1.0 : 0.0;
  }
  return data;
}

// Gradient of the objective, written out independently of the library.
VectorXd ReferenceGradient(const MatrixXd& X, const VectorXd& y, const VectorXd& w,
                           const LogisticFit& fit, double l2) {
  const int p = static_cast<int>(X.cols());
  VectorXd g = VectorXd::Zero(p + 1);
  const double total = w.sum();
  for (int i = 0; i < X.rows(); ++i) {
    double z = fit.intercept;
    for (int j = 0; j < p; ++j) z += X(i, j) * fit.coefficients(j);
    const double r = w(i) / total * (1.0 / (1.0 + std::exp(-z)) - y(i));
    for (int j = 0; j < p; ++j) g(j) += r * X(i, j);
    g(p) += r;
  }
  for (int j = 0; j < p; ++j) g(j) += l2 * fit.coefficients(j);
  return g;
}

std::string FitError(const MatrixXd& X, const VectorXd& y, const VectorXd& w,
                     const LogisticOptions& options = {}) {
  try {
    FitLogisticRegression(X, y, w, options);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "no std::invalid_argument";
  return "";
}

const double kSigmoidMinus2 = 1.0 / (1.0 + std::exp(2.0));

TEST(LogisticRegressionTest, GradientAtSolutionIsBelowTolerance) {
  VectorXd beta(5);
  beta << 1.0, -2.0, 0.5, 0.0, 3.0;
  const Data data = MakeLogisticData(500, beta, -0.7, 1);
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> uniform(0.0, 3.0);
  VectorXd w(500);
  for (int i = 0; i < 500; ++i) w(i) = uniform(rng);
  LogisticOptions options;
  options.l2 = 1e-3;
  const LogisticFit fit = FitLogisticRegression(data.X, data.y, w, options);
  EXPECT_TRUE(fit.converged);
  EXPECT_LE(fit.gradient_norm, options.gradient_tolerance);
  EXPECT_LE(ReferenceGradient(data.X, data.y, w, fit, options.l2).norm(),
            options.gradient_tolerance);
}

// Points x = +1 (y = 1) and x = -1 (y = 0): the objective is
// log(1 + e^-beta) + (l2/2) beta^2, whose minimum satisfies
// sigmoid(-beta) = l2 * beta, so l2 = sigmoid(-2) / 2 puts it at beta = 2;
// by symmetry the intercept is 0.
TEST(LogisticRegressionTest, MatchesHandCheckedProblem) {
  MatrixXd X(2, 1);
  X << 1.0, -1.0;
  VectorXd y(2);
  y << 1.0, 0.0;
  LogisticOptions options;
  options.l2 = kSigmoidMinus2 / 2.0;
  options.gradient_tolerance = 1e-15;
  for (const bool fit_intercept : {true, false}) {
    options.fit_intercept = fit_intercept;
    const LogisticFit fit = FitLogisticRegression(X, y, VectorXd(), options);
    EXPECT_TRUE(fit.converged);
    EXPECT_NEAR(fit.coefficients(0), 2.0, 1e-12);
    EXPECT_NEAR(fit.intercept, 0.0, 1e-12);
    EXPECT_NEAR(fit.objective, std::log1p(std::exp(-2.0)) + options.l2 / 2.0 * 4.0, 1e-15);
  }
}

// With no features the fit is the log-odds of the weighted base rate.
TEST(LogisticRegressionTest, InterceptOnlyModelFitsLogOdds) {
  const MatrixXd X(4, 0);
  VectorXd y(4);
  y << 1.0, 1.0, 1.0, 0.0;
  const LogisticFit fit = FitLogisticRegression(X, y, VectorXd(), {});
  EXPECT_TRUE(fit.converged);
  EXPECT_NEAR(fit.intercept, std::log(3.0), 1e-14);
  EXPECT_NEAR(fit.objective, -(0.75 * std::log(0.75) + 0.25 * std::log(0.25)), 1e-15);

  VectorXd w(4);
  w << 1.0, 1.0, 1.0, 6.0;  // Base rate 1/3.
  EXPECT_NEAR(FitLogisticRegression(X, y, w, {}).intercept, std::log(0.5), 1e-14);
}

TEST(LogisticRegressionTest, SampleWeightsEqualDuplicatedRows) {
  VectorXd beta(3);
  beta << 0.8, -1.2, 0.3;
  const Data data = MakeLogisticData(200, beta, 0.4, 3);
  std::mt19937_64 rng(4);
  std::uniform_int_distribution<int> count(0, 3);
  VectorXd w(200);
  std::vector<int> copies;
  for (int i = 0; i < 200; ++i) {
    w(i) = count(rng);
    for (int k = 0; k < w(i); ++k) copies.push_back(i);
  }
  MatrixXd X_dup(copies.size(), 3);
  VectorXd y_dup(copies.size());
  for (size_t r = 0; r < copies.size(); ++r) {
    X_dup.row(r) = data.X.row(copies[r]);
    y_dup(r) = data.y(copies[r]);
  }
  LogisticOptions options;
  options.l2 = 1e-2;
  const LogisticFit weighted = FitLogisticRegression(data.X, data.y, w, options);
  const LogisticFit duplicated = FitLogisticRegression(X_dup, y_dup, VectorXd(), options);
  ASSERT_TRUE(weighted.converged);
  ASSERT_TRUE(duplicated.converged);
  for (int j = 0; j < 3; ++j) {
    EXPECT_NEAR(weighted.coefficients(j), duplicated.coefficients(j), 1e-10);
  }
  EXPECT_NEAR(weighted.intercept, duplicated.intercept, 1e-10);
  EXPECT_NEAR(weighted.objective, duplicated.objective, 1e-14);

  // Only relative weights matter.
  const LogisticFit scaled = FitLogisticRegression(data.X, data.y, 1000.0 * w, options);
  for (int j = 0; j < 3; ++j) {
    EXPECT_NEAR(weighted.coefficients(j), scaled.coefficients(j), 1e-10);
  }
}

TEST(LogisticRegressionTest, SeparableDataConvergesWithPenalty) {
  MatrixXd X(6, 2);
  X << 1.0, 2.0,   //
      2.0, 1.0,    //
      3.0, 3.0,    //
      -1.0, -2.0,  //
      -2.0, -1.0,  //
      -3.0, -3.0;
  VectorXd y(6);
  y << 1.0, 1.0, 1.0, 0.0, 0.0, 0.0;
  LogisticOptions options;
  options.l2 = 1e-4;
  const LogisticFit fit = FitLogisticRegression(X, y, VectorXd(), options);
  EXPECT_TRUE(fit.converged);
  EXPECT_TRUE(fit.coefficients.allFinite());
  EXPECT_GT(fit.coefficients.minCoeff(), 0.0);
  const VectorXd p = PredictProbability(fit, X);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(p(i) > 0.5, y(i) == 1.0);

  // Without a penalty there is no minimum: the coefficients grow until the
  // gradient vanishes, staying finite.
  options.l2 = 0.0;
  const LogisticFit unpenalised = FitLogisticRegression(X, y, VectorXd(), options);
  EXPECT_TRUE(unpenalised.coefficients.allFinite());
  EXPECT_LT(unpenalised.objective, 1e-8);
  EXPECT_GT(unpenalised.coefficients.minCoeff(), fit.coefficients.maxCoeff());

  // With a zero tolerance the solver stops once steps no longer change the
  // parameters, well before max_iterations, without claiming convergence.
  options.gradient_tolerance = 0.0;
  options.max_iterations = 10000;
  const LogisticFit exhausted = FitLogisticRegression(X, y, VectorXd(), options);
  EXPECT_FALSE(exhausted.converged);
  EXPECT_LT(exhausted.iterations, 1000);
  EXPECT_TRUE(exhausted.coefficients.allFinite());
}

// Without a penalty the Hessian of collinear features is singular; the fit
// must still reach a minimum (any split of the shared coefficient is one).
TEST(LogisticRegressionTest, CollinearFeaturesWithoutPenaltyConverge) {
  VectorXd beta(1);
  beta << 1.5;
  const Data data = MakeLogisticData(300, beta, 0.0, 10);
  MatrixXd X(300, 3);
  X << data.X, data.X, MatrixXd::Zero(300, 1);
  LogisticOptions options;
  options.l2 = 0.0;
  const LogisticFit collinear = FitLogisticRegression(X, data.y, VectorXd(), options);
  const LogisticFit single = FitLogisticRegression(data.X, data.y, VectorXd(), options);
  ASSERT_TRUE(collinear.converged);
  EXPECT_NEAR(collinear.coefficients(0) + collinear.coefficients(1), single.coefficients(0), 1e-8);
  EXPECT_NEAR(collinear.intercept, single.intercept, 1e-8);
  EXPECT_NEAR(collinear.objective, single.objective, 1e-14);
}

TEST(LogisticRegressionTest, LargeProblemConvergesQuickly) {
  VectorXd beta(20);
  for (int j = 0; j < 20; ++j) beta(j) = (j % 2 == 0 ? 1.0 : -1.0) * j / 10.0;
  const Data data = MakeLogisticData(20000, beta, 0.5, 5);
  const LogisticFit fit = FitLogisticRegression(data.X, data.y, VectorXd(), LogisticOptions());
  EXPECT_TRUE(fit.converged);
  EXPECT_LT(fit.iterations, 15);
  // The fit recovers the generating model up to sampling noise.
  EXPECT_LT((fit.coefficients - beta).cwiseAbs().maxCoeff(), 0.15);
  EXPECT_NEAR(fit.intercept, 0.5, 0.1);
}

TEST(LogisticRegressionTest, ReportsProgressWithDecreasingObjective) {
  VectorXd beta(4);
  beta << 2.0, -1.0, 0.5, 1.5;
  const Data data = MakeLogisticData(1000, beta, 0.0, 6);
  std::vector<int> iterations;
  std::vector<double> objectives;
  const LogisticFit fit = FitLogisticRegression(
      data.X, data.y, VectorXd(), {}, [&](int iteration, double objective, double gradient_norm) {
        iterations.push_back(iteration);
        objectives.push_back(objective);
        EXPECT_GE(gradient_norm, 0.0);
      });
  ASSERT_EQ(iterations.size(), static_cast<size_t>(fit.iterations) + 1);
  for (size_t k = 0; k < iterations.size(); ++k) {
    EXPECT_EQ(iterations[k], static_cast<int>(k));
  }
  for (size_t k = 1; k < objectives.size(); ++k) {
    EXPECT_LE(objectives[k], objectives[k - 1] + 1e-12);
  }
  EXPECT_EQ(objectives.back(), fit.objective);
}

TEST(LogisticRegressionTest, IsDeterministic) {
  VectorXd beta(3);
  beta << 1.0, 2.0, -1.0;
  const Data data = MakeLogisticData(300, beta, 0.1, 7);
  const LogisticFit a = FitLogisticRegression(data.X, data.y, VectorXd(), {});
  const LogisticFit b = FitLogisticRegression(data.X, data.y, VectorXd(), {});
  EXPECT_EQ(a.coefficients, b.coefficients);
  EXPECT_EQ(a.intercept, b.intercept);
  EXPECT_EQ(a.iterations, b.iterations);
}

TEST(LogisticRegressionTest, HonoursFitInterceptAndMaxIterations) {
  VectorXd beta(2);
  beta << 1.0, -1.0;
  const Data data = MakeLogisticData(300, beta, 2.0, 8);
  LogisticOptions options;
  options.fit_intercept = false;
  const LogisticFit no_intercept = FitLogisticRegression(data.X, data.y, VectorXd(), options);
  EXPECT_TRUE(no_intercept.converged);
  EXPECT_EQ(no_intercept.intercept, 0.0);

  options.fit_intercept = true;
  options.max_iterations = 0;
  const LogisticFit start = FitLogisticRegression(data.X, data.y, VectorXd(), options);
  EXPECT_EQ(start.iterations, 0);
  EXPECT_FALSE(start.converged);
  EXPECT_EQ(start.coefficients, VectorXd::Zero(2));
  EXPECT_NEAR(start.intercept, std::log(data.y.sum() / (300 - data.y.sum())), 1e-12);
}

TEST(LogisticRegressionTest, PredictionsAndLossAreStable) {
  LogisticFit fit;
  fit.coefficients = VectorXd::Constant(1, 1000.0);
  fit.intercept = 0.0;
  MatrixXd X(2, 1);
  X << 1.0, -1.0;
  const VectorXd p = PredictProbability(fit, X);
  EXPECT_EQ(p(0), 1.0);
  EXPECT_EQ(p(1), 0.0);
  VectorXd y(2);
  y << 0.0, 1.0;  // Both confidently wrong.
  EXPECT_DOUBLE_EQ(LogisticLoss(fit, X, y, VectorXd()), 1000.0);
  y << 1.0, 0.0;
  EXPECT_EQ(LogisticLoss(fit, X, y, VectorXd()), 0.0);
  VectorXd w(2);
  w << 3.0, 1.0;
  y << 1.0, 1.0;
  EXPECT_DOUBLE_EQ(LogisticLoss(fit, X, y, w), 250.0);
  EXPECT_THROW(PredictProbability(fit, MatrixXd(2, 2)), std::invalid_argument);
}

TEST(LogisticRegressionTest, LossMatchesFitObjective) {
  VectorXd beta(3);
  beta << 0.5, -0.5, 1.0;
  const Data data = MakeLogisticData(400, beta, 0.0, 9);
  LogisticOptions options;
  options.l2 = 1e-2;
  const LogisticFit fit = FitLogisticRegression(data.X, data.y, VectorXd(), options);
  EXPECT_NEAR(LogisticLoss(fit, data.X, data.y, VectorXd()) +
                  options.l2 / 2.0 * fit.coefficients.squaredNorm(),
              fit.objective, 1e-14);
  const VectorXd z = DecisionFunction(fit, data.X);
  EXPECT_NEAR(z(0), data.X.row(0).dot(fit.coefficients) + fit.intercept, 1e-14);
}

TEST(LogisticRegressionTest, RejectsBadInputs) {
  MatrixXd X(3, 2);
  X << 1.0, 2.0, 3.0, 4.0, 5.0, 6.0;
  VectorXd y(3);
  y << 0.0, 1.0, 1.0;
  const VectorXd none;

  EXPECT_EQ(FitError(MatrixXd(0, 2), VectorXd(0), none), "FitLogisticRegression: X has no rows");
  EXPECT_EQ(FitError(X, VectorXd::Zero(2), none),
            "FitLogisticRegression: y has 2 entries but X has 3 rows");
  EXPECT_EQ(FitError(X, y, VectorXd::Ones(2)),
            "FitLogisticRegression: sample_weight has 2 entries but X has 3 "
            "rows (pass an empty vector for unit weights)");

  VectorXd bad_y = y;
  bad_y(1) = 2.0;
  EXPECT_EQ(FitError(X, bad_y, none), "FitLogisticRegression: y(1) = 2; labels must be 0 or 1");
  bad_y(1) = std::nan("");
  EXPECT_PRED2(Contains, FitError(X, bad_y, none), "labels must be 0 or 1");

  VectorXd w = VectorXd::Ones(3);
  w(2) = -0.5;
  EXPECT_EQ(FitError(X, y, w),
            "FitLogisticRegression: sample_weight(2) = -0.5; weights must be "
            "finite and non-negative");
  w(2) = std::numeric_limits<double>::infinity();
  EXPECT_PRED2(Contains, FitError(X, y, w), "finite and non-negative");
  EXPECT_EQ(FitError(X, y, VectorXd::Zero(3)), "FitLogisticRegression: sample weights sum to zero");
  EXPECT_EQ(FitError(X, y, VectorXd::Constant(3, 1e308)),
            "FitLogisticRegression: sum of sample weights overflows");

  MatrixXd bad_X = X;
  bad_X(2, 1) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(FitError(bad_X, y, none),
            "FitLogisticRegression: X(2, 1) = nan; features must be finite");

  // With an intercept, one class alone has no finite optimum; zero weight
  // on the only negative counts as absent.
  EXPECT_PRED2(Contains, FitError(X, VectorXd::Ones(3), none),
               "only one class has positive weight");
  w << 0.0, 1.0, 1.0;
  EXPECT_PRED2(Contains, FitError(X, y, w), "only one class");
  LogisticOptions options;
  options.fit_intercept = false;
  EXPECT_TRUE(FitLogisticRegression(X, VectorXd::Ones(3), none, options).converged);

  options = LogisticOptions();
  options.l2 = -1.0;
  EXPECT_EQ(FitError(X, y, none, options),
            "FitLogisticRegression: l2 = -1; it must be finite and "
            "non-negative");
  options = LogisticOptions();
  options.max_iterations = -1;
  EXPECT_PRED2(Contains, FitError(X, y, none, options), "max_iterations");
  options = LogisticOptions();
  options.gradient_tolerance = std::nan("");
  EXPECT_PRED2(Contains, FitError(X, y, none, options), "gradient_tolerance");

  LogisticFit fit;
  fit.coefficients = VectorXd::Zero(2);
  EXPECT_THROW(LogisticLoss(fit, X, bad_y, none), std::invalid_argument);
  EXPECT_THROW(LogisticLoss(fit, MatrixXd(3, 3), y, none), std::invalid_argument);
}

// A warm start (the optimum of nearby weights) reaches the same optimum as
// the default start, in fewer Newton steps: what the reductions rely on.
TEST(LogisticRegressionTest, WarmStartReachesTheSameOptimumInFewerSteps) {
  VectorXd beta(4);
  beta << 1.0, -0.5, 0.25, 2.0;
  const Data data = MakeLogisticData(2000, beta, -0.3, 21);
  VectorXd first(2000), second(2000);
  for (int i = 0; i < 2000; ++i) {
    first(i) = 1.0 + 0.5 * std::sin(0.01 * i);
    second(i) = first(i) * (1.0 + 0.05 * std::cos(0.03 * i));
  }
  LogisticOptions options;
  options.l2 = 1e-3;
  const LogisticFit nearby = FitLogisticRegression(data.X, data.y, first, options);
  const LogisticFit cold = FitLogisticRegression(data.X, data.y, second, options);
  LogisticOptions warm_options = options;
  warm_options.initial_coefficients = nearby.coefficients;
  warm_options.initial_intercept = nearby.intercept;
  const LogisticFit warm = FitLogisticRegression(data.X, data.y, second, warm_options);
  ASSERT_TRUE(cold.converged);
  ASSERT_TRUE(warm.converged);
  EXPECT_LT(warm.iterations, cold.iterations);
  EXPECT_LT((warm.coefficients - cold.coefficients).cwiseAbs().maxCoeff(), 1e-6);
  EXPECT_NEAR(warm.intercept, cold.intercept, 1e-6);
  // A start of the wrong width is refused.
  warm_options.initial_coefficients = VectorXd::Zero(3);
  EXPECT_THROW(FitLogisticRegression(data.X, data.y, second, warm_options), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::learn
