// The features of many logistic fits on the same rows, prepared once: when
// most entries are zero (one-hot encoded categories), each row's non-zero
// entries, so that the Newton solver's products and Hessian cost the rows'
// non-zero counts instead of n p (n p^2 for the Hessian). The reductions'
// best responses refit on the same rows with new weights every call.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/learn/logistic_regression.h"

namespace tinyfair::host::learn {

class LogisticDesign {
 public:
  /// kDense: X as it is (the plain FitLogisticRegression(), whose sums stay
  /// as they were); kRowsWhenSparse: the row form when X is mostly zeros.
  enum class Form { kDense, kRowsWhenSparse };
  /// Keeps a reference to X, which must outlive the design.
  /// @throws std::invalid_argument (kRowsWhenSparse) when an entry of X is
  ///         not finite; kDense leaves that check to the fit.
  explicit LogisticDesign(const Eigen::MatrixXd& X, Form form = Form::kRowsWhenSparse);

  const Eigen::MatrixXd& matrix() const { return X_; }
  /// Whether the row form is kept (at most half of the entries non-zero).
  bool sparse() const { return sparse_; }
  /// Whether the constructor checked that X is finite.
  bool checked() const { return checked_; }

  /// X beta + intercept, and X^T r.
  Eigen::VectorXd Times(const Eigen::VectorXd& beta, double intercept) const;
  Eigen::VectorXd TransposeTimes(const Eigen::VectorXd& r) const;
  /// Adds X^T diag(d) X to the lower triangle of the top-left p x p block,
  /// and d^T X to row p when `intercept_row`.
  void AddWeightedGramLower(const Eigen::VectorXd& d, bool intercept_row,
                            Eigen::MatrixXd& lower) const;

 private:
  const Eigen::MatrixXd& X_;
  bool sparse_ = false;
  bool checked_ = false;
  // Row i's entries are start_[i] .. start_[i + 1] - 1, columns ascending.
  std::vector<Eigen::Index> start_;
  std::vector<Eigen::Index> column_;
  std::vector<double> value_;
};

/// FitLogisticRegression() on a prepared design (the same result).
LogisticFit FitLogisticRegression(const LogisticDesign& design, const Eigen::VectorXd& y,
                                  const Eigen::VectorXd& sample_weight,
                                  const LogisticOptions& options,
                                  const LogisticProgress& progress = {});

}  // namespace tinyfair::host::learn
