// The sums of the logistic regression's Newton steps: parts merged in order
// give the sums of the whole; the bytes round trip; the Newton driver on
// sums merged from parts fits what FitLogisticRegression fits.
#include "host_tools/learn/logistic_sums.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/learn/logistic_newton.h"
#include "host_tools/learn/logistic_regression.h"

namespace tinyfair::host::learn {
namespace {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

struct Rows {
  MatrixXd X;
  VectorXd y;
  VectorXd w;
};

// Two numeric columns and a one-hot category of three, labels from a
// logistic model, weights in [0.5, 2].
Rows MakeRows(Index n, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  Rows rows{MatrixXd::Zero(n, 5), VectorXd(n), VectorXd(n)};
  for (Index i = 0; i < n; ++i) {
    rows.X(i, 0) = normal(random);
    rows.X(i, 1) = normal(random);
    rows.X(i, 2 + static_cast<Index>(random() % 3)) = 1.0;
    const double z = 0.8 * rows.X(i, 0) - 1.2 * rows.X(i, 1) + 0.5 * rows.X(i, 3) - 0.2;
    rows.y(i) = uniform(random) < 1.0 / (1.0 + std::exp(-z)) ? 1.0 : 0.0;
    rows.w(i) = 0.5 + 1.5 * uniform(random);
  }
  return rows;
}

// The rows [first, end) of `rows`' sums at a point.
LogisticSums PartSums(const Rows& rows, Index first, Index end, const VectorXd& beta,
                      double intercept) {
  const Index n = end - first;
  return SumLogistic(rows.X.middleRows(first, n), rows.y.segment(first, n),
                     rows.w.segment(first, n), beta, intercept, true, true);
}

TEST(LogisticSums, SumsOfTheWholeAreTheDefinitions) {
  const Rows rows = MakeRows(50, 1);
  VectorXd beta(5);
  beta << 0.3, -0.4, 0.1, 0.0, -0.2;
  const double intercept = 0.25;
  const LogisticSums sums = PartSums(rows, 0, 50, beta, intercept);
  // Written out from the definitions, with the plain formulas.
  double weight = 0.0, loss = 0.0;
  VectorXd gradient = VectorXd::Zero(6);
  MatrixXd gram = MatrixXd::Zero(6, 6);
  for (Index i = 0; i < 50; ++i) {
    VectorXd x(6);
    x << rows.X.row(i).transpose(), 1.0;
    const double z = x.head(5).dot(beta) + intercept;
    const double p = 1.0 / (1.0 + std::exp(-z));
    weight += rows.w(i);
    loss += rows.w(i) * (rows.y(i) == 1.0 ? -std::log(p) : -std::log(1.0 - p));
    gradient += rows.w(i) * (p - rows.y(i)) * x;
    gram += rows.w(i) * p * (1.0 - p) * x * x.transpose();
  }
  EXPECT_EQ(sums.rows, 50U);
  EXPECT_NEAR(sums.weight, weight, 1e-12);
  EXPECT_NEAR(sums.loss, loss, 1e-10);
  for (Index a = 0; a < 6; ++a) {
    EXPECT_NEAR(sums.gradient(a), gradient(a), 1e-10) << a;
    for (Index b = 0; b < 6; ++b) {
      EXPECT_NEAR(sums.gram_lower(a, b), b <= a ? gram(a, b) : 0.0, 1e-10) << a << "," << b;
    }
  }
}

TEST(LogisticSums, PartsMergedInOrderAreTheSumsOfTheWhole) {
  const Rows rows = MakeRows(300, 2);
  VectorXd beta(5);
  beta << -0.5, 0.7, 0.2, -0.1, 0.4;
  const LogisticSums whole = PartSums(rows, 0, 300, beta, -0.3);
  LogisticSums merged;  // no rows yet: takes the first part's shape
  for (const auto& [first, end] :
       std::vector<std::pair<Index, Index>>{{0, 17}, {17, 17}, {17, 160}, {160, 161}, {161, 300}}) {
    merged.Merge(PartSums(rows, first, end, beta, -0.3));
  }
  EXPECT_EQ(merged.rows, 300U);
  EXPECT_NEAR(merged.weight, whole.weight, 1e-12 * whole.weight);
  EXPECT_NEAR(merged.loss, whole.loss, 1e-12 * whole.loss);
  EXPECT_LE((merged.gradient - whole.gradient).norm(), 1e-12 * whole.gradient.norm());
  EXPECT_LE((merged.gram_lower - whole.gram_lower).norm(), 1e-12 * whole.gram_lower.norm());
}

TEST(LogisticSums, MergeRefusesSumsOfAnotherShape) {
  const Rows rows = MakeRows(10, 3);
  LogisticSums with_intercept = PartSums(rows, 0, 10, VectorXd::Zero(5), 0.0);
  const LogisticSums without = SumLogistic(rows.X, rows.y, rows.w, VectorXd::Zero(5), 0.0,
                                           /*with_intercept=*/false, true);
  EXPECT_THROW(with_intercept.Merge(without), std::invalid_argument);
}

TEST(LogisticSums, SerialiseParseIsBitExact) {
  const Rows rows = MakeRows(40, 4);
  VectorXd beta(5);
  beta << 0.1, 0.2, 0.3, 0.4, 0.5;
  for (const bool with_gram : {true, false}) {
    const LogisticSums sums = SumLogistic(rows.X, rows.y, rows.w, beta, 1.0 / 3.0, true, with_gram);
    const std::string bytes = sums.Serialise();
    const LogisticSums back = LogisticSums::Parse(bytes);
    EXPECT_EQ(back.rows, sums.rows);
    // Bit patterns, not values within a tolerance.
    EXPECT_EQ(std::memcmp(&back.weight, &sums.weight, sizeof(double)), 0);
    EXPECT_EQ(std::memcmp(&back.loss, &sums.loss, sizeof(double)), 0);
    ASSERT_EQ(back.gradient.size(), sums.gradient.size());
    EXPECT_EQ(std::memcmp(back.gradient.data(), sums.gradient.data(),
                          sizeof(double) * static_cast<size_t>(sums.gradient.size())),
              0);
    ASSERT_EQ(back.gram_lower.size(), sums.gram_lower.size());
    if (with_gram) {
      EXPECT_EQ(std::memcmp(back.gram_lower.data(), sums.gram_lower.data(),
                            sizeof(double) * static_cast<size_t>(sums.gram_lower.size())),
                0);
    }
    EXPECT_EQ(back.Serialise(), bytes);
  }
}

TEST(LogisticSums, ParseRefusesBytesItDidNotWrite) {
  const Rows rows = MakeRows(8, 5);
  const std::string bytes = PartSums(rows, 0, 8, VectorXd::Zero(5), 0.0).Serialise();
  EXPECT_THROW(LogisticSums::Parse(""), std::invalid_argument);
  EXPECT_THROW(LogisticSums::Parse("tinyfair-score-histograms-1" + bytes.substr(24)),
               std::invalid_argument);
  EXPECT_THROW(LogisticSums::Parse(bytes.substr(0, bytes.size() - 1)), std::invalid_argument);
  EXPECT_THROW(LogisticSums::Parse(bytes.substr(0, bytes.size() - 8)), std::invalid_argument);
  EXPECT_THROW(LogisticSums::Parse(bytes + std::string(8, '\0')), std::invalid_argument);
  std::string bad_shape = bytes;
  bad_shape[24 + 8] = '\x7f';  // the gradient's size
  EXPECT_THROW(LogisticSums::Parse(bad_shape), std::invalid_argument);
}

TEST(LogisticSums, RefusesBadRows) {
  Rows rows = MakeRows(6, 6);
  rows.y(2) = 0.5;
  EXPECT_THROW(PartSums(rows, 0, 6, VectorXd::Zero(5), 0.0), std::invalid_argument);
  rows = MakeRows(6, 6);
  rows.w(1) = -1.0;
  EXPECT_THROW(PartSums(rows, 0, 6, VectorXd::Zero(5), 0.0), std::invalid_argument);
  rows = MakeRows(6, 6);
  rows.X(3, 1) = std::nan("");
  EXPECT_THROW(PartSums(rows, 0, 6, VectorXd::Zero(5), 0.0), std::invalid_argument);
}

// The driver's source: the rows in parts, each point's sums merged in order.
class PartsSource : public LogisticSumSource {
 public:
  PartsSource(const Rows& rows, std::vector<Index> bounds) : rows_(rows), bounds_(bounds) {}
  void ClassWeights(double& positive, double& negative) override {
    positive = rows_.w.dot(rows_.y);
    negative = rows_.w.sum() - positive;
  }
  LogisticSums At(const VectorXd& beta, double intercept) override {
    ++passes;
    LogisticSums merged;
    for (size_t k = 0; k + 1 < bounds_.size(); ++k) {
      merged.Merge(PartSums(rows_, bounds_[k], bounds_[k + 1], beta, intercept));
    }
    return merged;
  }
  void AddGram(const VectorXd&, double, LogisticSums&) override {
    FAIL() << "the parts sum the Gram matrix with the rest";
  }
  int passes = 0;

 private:
  const Rows& rows_;
  std::vector<Index> bounds_;
};

TEST(LogisticNewton, DriverOnMergedSumsFitsWhatFitLogisticRegressionFits) {
  const Rows rows = MakeRows(400, 7);
  LogisticOptions options;
  options.l2 = 1e-3;
  const LogisticFit whole = FitLogisticRegression(rows.X, rows.y, rows.w, options);
  ASSERT_TRUE(whole.converged);
  for (const auto& bounds :
       std::vector<std::vector<Index>>{{0, 400}, {0, 100, 250, 400}, {0, 1, 2, 3, 200, 399, 400}}) {
    PartsSource source(rows, bounds);
    const LogisticFit parts = FitLogisticFromSums(source, 5, options);
    EXPECT_TRUE(parts.converged);
    EXPECT_EQ(parts.iterations, whole.iterations);
    EXPECT_LE((parts.coefficients - whole.coefficients).lpNorm<Eigen::Infinity>(), 1e-9);
    EXPECT_NEAR(parts.intercept, whole.intercept, 1e-9);
    EXPECT_NEAR(parts.objective, whole.objective, 1e-12);
    // One pass at the start and one per step (no step halved here).
    EXPECT_EQ(source.passes, 1 + parts.iterations);
  }
}

TEST(LogisticNewton, RefusesSumsOfNoWeight) {
  Rows rows = MakeRows(20, 8);
  rows.w.setZero();
  PartsSource source(rows, {0, 20});
  LogisticOptions options;
  options.fit_intercept = false;
  EXPECT_THROW(FitLogisticFromSums(source, 5, options), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::learn
