// The LP step of the exponentiated-gradient game (fairlearn's
// `_Lagrangian.solve_linprog`): the best mixture of the hypotheses found,
//   min_q cost . q + B s  s.t.  gamma(q) - bound <= s,  sum q = 1,  q, s >= 0,
// and the multiplier of its dual,
//   max_{lambda >= 0, |lambda|_1 <= B}  min_h cost_h + lambda . (gamma_h - bound),
// both solved as linear programs in equality form by SolveLinearProgram.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/reductions/eg_core.h"

namespace tinyfair::host::reductions {

struct EgLpSolution {
  /// False when a solver did not report an optimum (then nothing else is set).
  bool solved = false;
  /// Weights over `hypotheses`, summing to 1.
  Eigen::VectorXd weights;
  /// The dual's multiplier, one per constraint.
  Eigen::VectorXd lambda;
};

EgLpSolution SolveEgLinearProgram(const std::vector<EgPoint>& hypotheses,
                                  const Eigen::VectorXd& bound, double multiplier_bound);

}  // namespace tinyfair::host::reductions
