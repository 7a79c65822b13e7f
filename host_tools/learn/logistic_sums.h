// The sums a Newton step of the logistic regression needs from a part of
// the rows, at one point (coefficients, intercept): mergeable and
// serialisable, so that the parts can be summed anywhere (a Dask worker, a
// block of a file) and added up in order where the solver runs.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>

namespace tinyfair::host::learn {

/// With x_i extended by a last 1 when the intercept is fitted, z_i the
/// decision value at the point and w_i the row's weight:
struct LogisticSums {
  /// Rows summed and the total of their weights.
  uint64_t rows = 0;
  double weight = 0.0;
  /// sum_i w_i logloss(y_i, z_i), the loss as softplus(z) - y z.
  double loss = 0.0;
  /// sum_i w_i (sigmoid(z_i) - y_i) x_i.
  Eigen::VectorXd gradient;
  /// Lower triangle of sum_i w_i sigmoid'(z_i) x_i x_i^T (the upper one is
  /// zero); empty when not summed.
  Eigen::MatrixXd gram_lower;

  /// Adds `other`'s sums to these (these rows first). Sums of no rows (a
  /// default LogisticSums) take the other's shape.
  /// @throws std::invalid_argument when both have rows and their shapes differ.
  void Merge(const LogisticSums& other);
  /// Little-endian bytes after a tag; Parse gives back the same sums bit
  /// for bit.
  std::string Serialise() const;
  /// @throws std::invalid_argument for bytes Serialise did not write.
  static LogisticSums Parse(const std::string& bytes);
};

/// The sums of the rows (X, y, w) at (beta, intercept); `with_intercept`
/// adds the intercept's entries, `with_gram` the Gram matrix. The rows are
/// summed in order, so that the sums of consecutive parts merged in order
/// equal those of the whole within rounding.
/// @param w  one finite non-negative weight per row, or empty for ones.
/// @throws std::invalid_argument on mismatched sizes, labels other than
///         0/1, bad weights or non-finite features.
LogisticSums SumLogistic(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                         const Eigen::VectorXd& w, const Eigen::VectorXd& beta, double intercept,
                         bool with_intercept, bool with_gram);

}  // namespace tinyfair::host::learn
