// The Newton iteration of the logistic regression (start point, step,
// Armijo backtracking, stopping rules, progress) against a source of sums
// at a point: the rows in memory (FitLogisticRegression) or parts summed
// elsewhere and merged (a Dask frame's partitions).
#pragma once

#include <Eigen/Core>

#include "host_tools/learn/logistic_regression.h"
#include "host_tools/learn/logistic_sums.h"

namespace tinyfair::host::learn {

/// Where the Newton driver gets the sums of all rows at a point.
class LogisticSumSource {
 public:
  virtual ~LogisticSumSource() = default;
  /// Total weight of the rows labelled 1 and of those labelled 0.
  virtual void ClassWeights(double& positive, double& negative) = 0;
  /// The sums at (beta, intercept), with the intercept's entries when the
  /// fit has one. The Gram matrix may be left out (empty) when
  /// AddGram can add it later.
  virtual LogisticSums At(const Eigen::VectorXd& beta, double intercept) = 0;
  /// Fills sums.gram_lower for the point `At` last returned `sums` of.
  virtual void AddGram(const Eigen::VectorXd& beta, double intercept, LogisticSums& sums) = 0;
};

/// FitLogisticRegression's Newton iteration over `source`'s sums for
/// `columns` coefficients: the objective is the sums' loss divided by
/// their weight plus the ridge penalty. A source that sums the Gram matrix
/// in At (one pass over the data per evaluated point) makes one pass per
/// Newton step whose full step is accepted, one more per step halving, and
/// one at the start.
/// @throws std::invalid_argument for invalid options, a source whose sums
///         have no weight, or (with fit_intercept) only one class of
///         positive weight.
LogisticFit FitLogisticFromSums(LogisticSumSource& source, Eigen::Index columns,
                                const LogisticOptions& options,
                                const LogisticProgress& progress = {});

}  // namespace tinyfair::host::learn
