#include "host_tools/learn/logistic_sums.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/word_stream.h"
#include "host_tools/learn/logistic_link.h"

namespace tinyfair::host::learn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

constexpr char kTag[] = "tinyfair-logistic-sums-1";

[[noreturn]] void FailSums(const std::string& message) {
  throw std::invalid_argument("logistic sums: " + message);
}

void CheckRows(const MatrixXd& X, const VectorXd& y, const VectorXd& w, const VectorXd& beta) {
  if (y.size() != X.rows()) FailSums("y and X differ in rows");
  if (w.size() != 0 && w.size() != X.rows()) FailSums("the weights and X differ in rows");
  if (beta.size() != X.cols()) FailSums("the coefficients and X differ in columns");
  for (Index i = 0; i < X.rows(); ++i) {
    if (y(i) != 0.0 && y(i) != 1.0) FailSums("labels must be 0 or 1");
    if (w.size() != 0 && (!std::isfinite(w(i)) || w(i) < 0.0)) {
      FailSums("weights must be finite and non-negative");
    }
  }
  if (!X.allFinite()) FailSums("features must be finite");
}

}  // namespace

void LogisticSums::Merge(const LogisticSums& other) {
  if (other.rows == 0 && other.gradient.size() == 0) return;
  if (rows == 0 && gradient.size() == 0) {
    *this = other;
    return;
  }
  if (gradient.size() != other.gradient.size() || gram_lower.rows() != other.gram_lower.rows()) {
    FailSums("merging sums of different shapes");
  }
  rows += other.rows;
  weight += other.weight;
  loss += other.loss;
  gradient += other.gradient;
  gram_lower += other.gram_lower;
}

std::string LogisticSums::Serialise() const {
  common::WordWriter out(kTag);
  out.Word(rows);
  out.Word(static_cast<uint64_t>(gradient.size()));
  out.Word(gram_lower.size() != 0 ? 1 : 0);
  out.Double(weight);
  out.Double(loss);
  for (Index a = 0; a < gradient.size(); ++a) out.Double(gradient(a));
  for (Index a = 0; a < gram_lower.rows(); ++a) {
    for (Index b = 0; b <= a; ++b) out.Double(gram_lower(a, b));
  }
  return out.bytes();
}

LogisticSums LogisticSums::Parse(const std::string& bytes) {
  common::WordReader in(bytes, kTag, "logistic sums");
  LogisticSums sums;
  sums.rows = in.Word();
  const uint64_t size = in.Word();
  const uint64_t with_gram = in.Word();
  if (with_gram > 1 || size > in.left() / 8) FailSums("bad shape");
  const uint64_t gram_entries = with_gram == 1 ? size * (size + 1) / 2 : 0;
  if (2 + size + gram_entries != in.left() / 8 || in.left() % 8 != 0) {
    FailSums("the bytes do not hold sums of their shape");
  }
  sums.weight = in.Double();
  sums.loss = in.Double();
  const auto n = static_cast<Index>(size);
  sums.gradient.resize(n);
  for (Index a = 0; a < n; ++a) sums.gradient(a) = in.Double();
  if (with_gram == 1) {
    sums.gram_lower = MatrixXd::Zero(n, n);
    for (Index a = 0; a < n; ++a) {
      for (Index b = 0; b <= a; ++b) sums.gram_lower(a, b) = in.Double();
    }
  }
  return sums;
}

LogisticSums SumLogistic(const MatrixXd& X, const VectorXd& y, const VectorXd& w,
                         const VectorXd& beta, double intercept, bool with_intercept,
                         bool with_gram) {
  CheckRows(X, y, w, beta);
  const Index p = X.cols();
  const Index size = p + (with_intercept ? 1 : 0);
  LogisticSums sums;
  sums.rows = static_cast<uint64_t>(X.rows());
  sums.gradient = VectorXd::Zero(size);
  if (with_gram) sums.gram_lower = MatrixXd::Zero(size, size);
  std::vector<Index> nonzero;  // the row's non-zero entries (one-hot columns are mostly zero)
  for (Index i = 0; i < X.rows(); ++i) {
    const double weight = w.size() == 0 ? 1.0 : w(i);
    nonzero.clear();
    double z = intercept;
    for (Index a = 0; a < p; ++a) {
      if (X(i, a) == 0.0) continue;
      nonzero.push_back(a);
      z += X(i, a) * beta(a);
    }
    if (with_intercept) nonzero.push_back(p);
    auto x = [&](Index a) { return a == p ? 1.0 : X(i, a); };
    sums.weight += weight;
    sums.loss += weight * (Softplus(z) - y(i) * z);
    const double residual = weight * (Sigmoid(z) - y(i));
    for (const Index a : nonzero) sums.gradient(a) += residual * x(a);
    if (!with_gram) continue;
    const double curvature = weight * SigmoidDerivative(z);
    for (size_t k = 0; k < nonzero.size(); ++k) {
      const double scaled = curvature * x(nonzero[k]);
      for (size_t m = 0; m <= k; ++m)
        sums.gram_lower(nonzero[k], nonzero[m]) += scaled * x(nonzero[m]);
    }
  }
  return sums;
}

}  // namespace tinyfair::host::learn
