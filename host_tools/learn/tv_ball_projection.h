// The exact Euclidean projection onto a total-variation ball of
// distributions over the training examples, B = {p >= 0, sum p = 1,
// |p - c|_1 <= 2 gamma}: the feasible set of the DRO adversary's weights
// (Wang et al. 2020, Algorithm 2; simplex intersected with an l1 ball).
#pragma once

#include <Eigen/Core>

namespace tinyfair::host::learn {

/// The projection's thresholds; passing the previous call's speeds up the
/// next projection of a nearby point (DRO's weights move a little per step).
struct TvBallThresholds {
  double shift = 0.0, upper = 0.0, lower = 0.0;
};

/// Projects `u` onto {p >= 0, sum p = 1, TV(p, center) <= gamma}; `center`
/// must be a distribution. By the KKT conditions each coordinate is
/// p_i = max(0, c_i + sign(v_i - c_i) max(|v_i - c_i| - zeta, 0)),
/// v_i = u_i - mu; mu makes the sum 1 and zeta >= 0 makes the l1 distance
/// 2 gamma when the simplex projection alone is outside the ball. Both are
/// found by safeguarded root finding on monotone piecewise-linear functions.
/// `warm`, when given, starts the root finding and receives the solution.
Eigen::VectorXd ProjectOntoTvBall(const Eigen::VectorXd& u, const Eigen::VectorXd& center,
                                  double gamma, TvBallThresholds* warm = nullptr);

/// The DRO weights' projection of the paper's released code, kept to
/// reproduce its numbers: the offset from `center` is shrunk onto
/// {|offset|_1 <= radius} (Euclidean, coordinate magnitudes) and the result
/// clipped at 0, without renormalizing. Its points need not sum to 1 and
/// its l1 radius is gamma rather than the TV ball's 2 gamma: a weaker
/// adversary than ProjectOntoTvBall's.
Eigen::VectorXd ProjectLikeReferenceCode(const Eigen::VectorXd& u, const Eigen::VectorXd& center,
                                         double radius);

}  // namespace tinyfair::host::learn
