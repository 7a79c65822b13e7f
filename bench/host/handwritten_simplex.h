// The project's hand-written LP solver before COIN-OR CLP (baseline of
// lp_bench.cc only): the contract of host_tools/learn/linear_program.h.
#pragma once

#include <Eigen/Core>

#include "host_tools/learn/linear_program.h"

namespace tinyfair::bench {

host::learn::LpSolution SolveLinearProgramHandwritten(const Eigen::VectorXd& c,
                                                      const Eigen::MatrixXd& A,
                                                      const Eigen::VectorXd& b);

}  // namespace tinyfair::bench
