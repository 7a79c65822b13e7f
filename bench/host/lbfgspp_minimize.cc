// MinimizeLbfgs() on LBFGSpp, for measuring the library against the
// project's own solver (host_tools/learn/lbfgs.cc) in the same callers:
// linked into a benchmark before the host libraries, these definitions
// replace the project's. LBFGSpp 0.1 has no initial-Hessian hook, so the
// preconditioner is not used; it searches with Nocedal and Wright's strong
// Wolfe line search and stops on the gradient norm, on `patience` steps
// without relative decrease, or on a failed line search (an exception).
#include <LBFGS.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "host_tools/learn/lbfgs.h"

namespace tinyfair::host {

const char* LbfgsStopName(learn::LbfgsStop stop) {
  switch (stop) {
    case learn::LbfgsStop::kGradient:
      return "gradient";
    case learn::LbfgsStop::kNoProgress:
      return "no progress";
    case learn::LbfgsStop::kLineSearch:
      return "line search";
    case learn::LbfgsStop::kMaxIterations:
      return "iteration limit";
  }
  return "?";
}

learn::LbfgsResult MinimizeLbfgs(const learn::LbfgsObjective& f, Eigen::VectorXd x0,
                                 const learn::LbfgsOptions& options,
                                 const learn::LbfgsProgress& progress,
                                 const learn::LbfgsPreconditioner&) {
  LBFGSpp::LBFGSParam<double> param;
  param.m = options.memory;
  param.epsilon = options.gradient_tolerance;
  param.epsilon_rel = 0.0;
  param.max_iterations = options.max_iterations;
  param.past = options.patience;
  param.delta = options.objective_tolerance;
  param.max_linesearch = options.max_line_search_steps;
  param.linesearch = LBFGSpp::LBFGS_LINESEARCH_BACKTRACKING_STRONG_WOLFE;
  LBFGSpp::LBFGSSolver<double, LBFGSpp::LineSearchNocedalWright> solver(param);

  // The library moves x in place, also to line-search trials; the best
  // point evaluated is kept apart.
  learn::LbfgsResult r;
  r.objective = std::numeric_limits<double>::infinity();
  auto objective = [&](const Eigen::VectorXd& x, Eigen::VectorXd& gradient) {
    const double value = f(x, gradient);
    ++r.evaluations;
    if (std::isfinite(value) && value < r.objective) {
      r.objective = value, r.x = x, r.gradient = gradient;
    }
    return std::isfinite(value) ? value : std::numeric_limits<double>::max();
  };
  Eigen::VectorXd x = std::move(x0);
  double fx = 0.0;
  try {
    r.iterations = solver.minimize(objective, x, fx);
    r.stop = r.iterations >= options.max_iterations ? learn::LbfgsStop::kMaxIterations
                                                    : learn::LbfgsStop::kGradient;
  } catch (const std::runtime_error&) {
    r.stop = learn::LbfgsStop::kLineSearch;
  } catch (const std::logic_error&) {
    r.stop = learn::LbfgsStop::kLineSearch;
  }
  r.gradient_norm = r.gradient.norm();
  if (r.stop == learn::LbfgsStop::kGradient && r.gradient_norm > options.gradient_tolerance) {
    r.stop = learn::LbfgsStop::kNoProgress;
  }
  if (progress) progress(r.iterations, r.objective, r.gradient_norm);
  return r;
}

}  // namespace tinyfair::host
