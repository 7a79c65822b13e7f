#include "host_tools/learn/logistic_design.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace tinyfair::host::learn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
// At most this share of non-zero entries makes the row form worth keeping.
constexpr double kSparseShare = 0.5;
}  // namespace

LogisticDesign::LogisticDesign(const MatrixXd& X, Form form) : X_(X) {
  if (form == Form::kDense) return;
  checked_ = true;
  if (!X.allFinite()) {
    for (Index j = 0; j < X.cols(); ++j) {
      for (Index i = 0; i < X.rows(); ++i) {
        if (std::isfinite(X(i, j))) continue;
        throw std::invalid_argument("FitLogisticRegression: X(" + std::to_string(i) + ", " +
                                    std::to_string(j) + ") = " + std::to_string(X(i, j)) +
                                    "; features must be finite");
      }
    }
  }
  const Index nonzeros = (X.array() != 0.0).count();
  sparse_ = static_cast<double>(nonzeros) <= kSparseShare * static_cast<double>(X.size());
  if (!sparse_) return;
  start_.reserve(static_cast<size_t>(X.rows()) + 1);
  column_.reserve(static_cast<size_t>(nonzeros));
  value_.reserve(static_cast<size_t>(nonzeros));
  for (Index i = 0; i < X.rows(); ++i) {
    start_.push_back(static_cast<Index>(column_.size()));
    for (Index j = 0; j < X.cols(); ++j) {
      if (X(i, j) == 0.0) continue;
      column_.push_back(j);
      value_.push_back(X(i, j));
    }
  }
  start_.push_back(static_cast<Index>(column_.size()));
}

VectorXd LogisticDesign::Times(const VectorXd& beta, double intercept) const {
  VectorXd z(X_.rows());
  if (!sparse_) {
    z.noalias() = X_ * beta;
    z.array() += intercept;
    return z;
  }
  for (Index i = 0; i < X_.rows(); ++i) {
    double sum = 0.0;
    for (Index e = start_[static_cast<size_t>(i)]; e < start_[static_cast<size_t>(i) + 1]; ++e) {
      sum += value_[static_cast<size_t>(e)] * beta[column_[static_cast<size_t>(e)]];
    }
    z[i] = sum + intercept;
  }
  return z;
}

VectorXd LogisticDesign::TransposeTimes(const VectorXd& r) const {
  if (!sparse_) return X_.transpose() * r;
  VectorXd out = VectorXd::Zero(X_.cols());
  for (Index i = 0; i < X_.rows(); ++i) {
    for (Index e = start_[static_cast<size_t>(i)]; e < start_[static_cast<size_t>(i) + 1]; ++e) {
      out[column_[static_cast<size_t>(e)]] += value_[static_cast<size_t>(e)] * r[i];
    }
  }
  return out;
}

void LogisticDesign::AddWeightedGramLower(const VectorXd& d, bool intercept_row,
                                          MatrixXd& lower) const {
  const Index p = X_.cols();
  if (!sparse_) {
    // Symmetric rank-n update of (sqrt(D) X)^T (sqrt(D) X) fills only the
    // lower triangle, about half the work of a general product.
    const MatrixXd scaled = X_.array().colwise() * d.array().sqrt();
    lower.topLeftCorner(p, p).selfadjointView<Eigen::Lower>().rankUpdate(scaled.transpose());
    if (intercept_row) lower.row(p).head(p).noalias() = d.transpose() * X_;
    return;
  }
  for (Index i = 0; i < X_.rows(); ++i) {
    const size_t first = static_cast<size_t>(start_[static_cast<size_t>(i)]);
    const size_t end = static_cast<size_t>(start_[static_cast<size_t>(i) + 1]);
    for (size_t a = first; a < end; ++a) {
      const double scaled = d(i) * value_[a];
      const Index column = column_[a];
      for (size_t b = first; b <= a; ++b) lower(column, column_[b]) += scaled * value_[b];
      if (intercept_row) lower(p, column) += scaled;
    }
  }
}

}  // namespace tinyfair::host::learn
