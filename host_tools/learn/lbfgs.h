// Limited-memory BFGS for smooth or piecewise-smooth convex objectives.
//
// The line search is the weak Wolfe bracketing search of Lewis and Overton
// (Math. Programming 141, 2013): it needs no interpolation, so it also
// terminates at points where the gradient jumps, and every accepted step
// satisfies the curvature condition s'y > 0 that keeps the BFGS update
// positive definite.
//
// Kept instead of LBFGSpp: its Debian version (0.1) takes no preconditioner
// and throws on a failed line search; behind this interface it finished no
// FRLL fit on Adult-sized data within 90 s where this one takes 0.3 s
// (bench/host/frll_lbfgs_bench.cc, docs/host_libraries.md).

#ifndef TINYFAIR_HOST_TOOLS_LBFGS_H_
#define TINYFAIR_HOST_TOOLS_LBFGS_H_

#include <Eigen/Core>
#include <functional>

namespace tinyfair::host::learn {

/// Settings of MinimizeLbfgs().
struct LbfgsOptions {
  /// Correction pairs kept.
  int memory = 10;
  /// Iterations (accepted steps) allowed.
  int max_iterations = 10000;
  /// Converged when the Euclidean norm of the gradient is at most this.
  double gradient_tolerance = 1e-6;
  /// A step that lowers the objective by at most this times
  /// max(1, |objective|) makes no progress...
  double objective_tolerance = 1e-14;
  /// ... and this many such steps in a row stop the solver.
  int patience = 10;
  /// Objective evaluations allowed per line search.
  int max_line_search_steps = 60;
};

/// Why MinimizeLbfgs() stopped.
enum class LbfgsStop {
  kGradient,       // gradient norm <= gradient_tolerance
  kNoProgress,     // `patience` steps without progress
  kLineSearch,     // no step along the search direction lowered the objective
  kMaxIterations,  // max_iterations reached
};

/// A human-readable name of a stop reason ("gradient", ...).
const char* LbfgsStopName(LbfgsStop stop);

struct LbfgsResult {
  Eigen::VectorXd x;
  double objective = 0.0;
  Eigen::VectorXd gradient;
  double gradient_norm = 0.0;
  int iterations = 0;
  int evaluations = 0;
  LbfgsStop stop = LbfgsStop::kMaxIterations;
};

/// Returns f(x) and writes its gradient (or a subgradient) to `gradient`,
/// which arrives sized like x.
using LbfgsObjective = std::function<double(const Eigen::VectorXd& x, Eigen::VectorXd& gradient)>;

/// Applies an initial inverse Hessian in place (v <- H0 v); it must be
/// symmetric positive definite. Without one, H0 = (s'y / y'y) I.
using LbfgsPreconditioner = std::function<void(Eigen::VectorXd& v)>;

/// Called after every accepted step.
using LbfgsProgress = std::function<void(int iteration, double objective, double gradient_norm)>;

/// Minimises f from x0. The objective decreases at every step, so the
/// returned point is the best one seen. A non-finite objective at a trial
/// point counts as too large (the step is shortened). A preconditioner
/// close to the inverse Hessian (e.g. from a Newton model of a smooth part)
/// can save most of the iterations on ill-conditioned problems.
/// @throws std::invalid_argument on invalid options or a non-finite f(x0).
LbfgsResult MinimizeLbfgs(const LbfgsObjective& f, Eigen::VectorXd x0, const LbfgsOptions& options,
                          const LbfgsProgress& progress = {},
                          const LbfgsPreconditioner& preconditioner = {});

}  // namespace tinyfair::host::learn

#endif  // TINYFAIR_HOST_TOOLS_LBFGS_H_
