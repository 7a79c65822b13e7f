// The best mixture of a finite set of hypotheses under linear constraints:
//   min_q cost . q  subject to  A q <= b,  sum_k q_k = 1,  q >= 0,
// the reference code's LP step of fair regression (spec §2.4 [REF-CODE]):
// it re-weights every hypothesis the exponentiated-gradient loop found.
// A vertex of this LP has at most (tight constraints + 1) non-zero
// weights, so the mixture stays small. Dense tableau simplex with Bland's
// rule (no cycling); sizes here are a few hundred at most. Kept instead of
// COIN-OR CLP (SolveLinearProgram): on these sizes CLP's setup costs more
// than the whole solve, 80x to 450x slower for 10 to 50 hypotheses with the
// same optimum (bench/host/lp_bench.cc, docs/host_libraries.md).
#pragma once

#include <Eigen/Core>

namespace tinyfair::host::learn {

/// `feasible_column` must satisfy A.col(k) <= b on its own (e.g. a constant
/// predictor, which has no disparity), so that the start is feasible.
/// @throws std::invalid_argument if it does not, or on mismatched sizes.
Eigen::VectorXd SolveMixtureLp(const Eigen::VectorXd& cost, const Eigen::MatrixXd& A,
                               const Eigen::VectorXd& b, Eigen::Index feasible_column);

}  // namespace tinyfair::host::learn
