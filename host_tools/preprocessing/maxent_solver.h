// Minimises the maximum-entropy dual h(lambda) (see maxent_oracle.h).
//
// Two methods: the paper's box-constrained Newton method (Algorithm 5 with
// the constants of the authors' code: step box 1/4, step 1/e^2, the
// quadratic model solved by projected gradient descent), and the default,
// a gauge-fixed damped Newton method with Armijo backtracking, which
// reaches the same minimiser in a handful of iterations. Both stop on the
// gradient, i.e. on the primal feasibility |E_p[alpha] - theta|_inf.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_SOLVER_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_SOLVER_H_

#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "host_tools/preprocessing/maxent_oracle.h"

namespace tinyfair::host::preprocessing {

enum class DualMethod { kNewton, kBoxNewtonPaper };

enum class DualStatus {
  kConverged,       ///< |gradient|_inf <= tolerance
  kIterationLimit,  ///< max_iterations reached first
  kStalled,         ///< no further decrease possible in double precision
};

const char* DualStatusName(DualStatus status);

struct DualSolverOptions {
  DualMethod method = DualMethod::kNewton;
  /// Stop when |E_p[alpha] - theta|_inf is at most this.
  double gradient_tolerance = 1e-10;
  int max_iterations = 200;
  /// The paper's method moves at most 1/(4 e^2) per coordinate and step.
  int max_box_newton_iterations = 100000;
  /// |lambda|_inf above this suggests theta near the boundary of conv(Omega).
  double lambda_guard = 50.0;
  /// Called after each evaluation with (iteration, h, |gradient|_inf).
  std::function<void(int, double, double)> progress;
};

struct DualSolution {
  /// Gauge-fixed: the first coordinate of every one-hot block is 0.
  Eigen::VectorXd lambda;
  DualPoint point;  ///< the oracle at lambda (with the Hessian)
  int iterations = 0;
  DualStatus status = DualStatus::kIterationLimit;
  double feasibility = 0.0;  ///< |E_p[alpha] - theta|_inf
  std::vector<std::string> warnings;
};

/// Reasons why theta is not in the relative interior of conv(Omega) (a
/// binary entry not in (0, 1), a one-hot entry not positive or a block not
/// summing to 1, an ordinal entry not strictly between its extreme values);
/// empty if it is. The dual has no finite minimiser otherwise.
std::vector<std::string> BoundaryProblems(const Domain& domain, const Eigen::VectorXd& theta);

/// @throws std::invalid_argument listing BoundaryProblems() if any.
DualSolution SolveDual(const DualOracle& oracle, const DualSolverOptions& options);

/// lambda with each one-hot block shifted so its first entry is 0; h is
/// invariant under that shift when theta's block sums to 1.
Eigen::VectorXd FixGauge(const Domain& domain, Eigen::VectorXd lambda);

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_SOLVER_H_
