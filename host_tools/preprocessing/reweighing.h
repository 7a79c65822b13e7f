// Reweighing (Kamiran and Calders, "Data preprocessing techniques for
// classification without discrimination", KAIS 2012): each row of cell
// (a, y) gets the weight w(a, y) = P(a) P(y) / P(a, y), the expected over
// the observed frequency of its cell were A and Y independent. In the
// weighted sample A and Y are independent and the marginals of A and Y are
// unchanged; a learner trained on it sees no association between them.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace tinyfair::host::preprocessing {

/// The weight KamiranCaldersWeights gives the rows of each (group, label)
/// cell, from the cells' row counts (label 0 then label 1, per group): the
/// same numbers, for counts summed over a table's parts.
/// @throws std::invalid_argument for an odd count of counts or a group of
///         rows of one label only.
std::vector<double> KamiranCaldersCellWeights(const std::vector<double>& cell_counts);

/// The weight of every row from its group (0, 1, ...) and 0/1 label.
/// @throws std::invalid_argument on mismatched lengths, no rows, a negative
///         group, a label other than 0/1, or a group with rows of one label
///         only (its other cell is empty: no weight makes A and Y
///         independent).
Eigen::VectorXd KamiranCaldersWeights(const Eigen::VectorXi& group, const Eigen::VectorXd& y);

}  // namespace tinyfair::host::preprocessing
