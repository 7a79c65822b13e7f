// Euclidean projections onto simplices: the multipliers' set
// {x >= 0, sum x <= R} and the probability simplex {x >= 0, sum x = t}
// (the rows of a soft-assignment table).
#pragma once

#include <Eigen/Core>

namespace tinyfair::host::learn {

/// Projection onto {x >= 0, sum x = total} (sort-based, exact).
Eigen::VectorXd ProjectOntoSimplex(const Eigen::VectorXd& v, double total = 1.0);

/// Projection onto {x >= 0, sum x <= radius}: clip at 0; if the sum still
/// exceeds the radius, the projection onto the radius-scaled simplex.
Eigen::VectorXd ProjectOntoCappedSimplex(const Eigen::VectorXd& v, double radius);

}  // namespace tinyfair::host::learn
