#include "host_tools/preprocessing/reweighing.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace tinyfair::host::preprocessing {

std::vector<double> KamiranCaldersCellWeights(const std::vector<double>& cell) {
  if (cell.empty() || cell.size() % 2 != 0) {
    throw std::invalid_argument("reweighing: needs two counts (label 0, label 1) per group");
  }
  const size_t groups = cell.size() / 2;
  std::vector<double> by_group(groups, 0.0), by_label(2, 0.0);
  double n = 0.0;
  for (size_t a = 0; a < groups; ++a) {
    by_group[a] = cell[2 * a] + cell[2 * a + 1];
    by_label[0] += cell[2 * a];
    by_label[1] += cell[2 * a + 1];
    n += by_group[a];
  }
  for (size_t a = 0; a < groups; ++a) {
    if (by_group[a] == 0.0 || (cell[2 * a] > 0.0 && cell[2 * a + 1] > 0.0)) continue;
    throw std::invalid_argument("reweighing: group " + std::to_string(a) +
                                " has rows of one label only");
  }
  // P(a) P(y) / P(a, y) = n_a n_y / (n n_ay); 0 for an empty cell.
  std::vector<double> weight(cell.size(), 0.0);
  for (size_t c = 0; c < cell.size(); ++c) {
    if (cell[c] > 0.0) weight[c] = by_group[c / 2] * by_label[c % 2] / (n * cell[c]);
  }
  return weight;
}

Eigen::VectorXd KamiranCaldersWeights(const Eigen::VectorXi& group, const Eigen::VectorXd& y) {
  const Eigen::Index n = y.size();
  if (group.size() != n || n == 0 || group.minCoeff() < 0) {
    throw std::invalid_argument("reweighing: needs rows, one group (0, 1, ...) per label");
  }
  const size_t groups = static_cast<size_t>(group.maxCoeff()) + 1;
  std::vector<double> cell(2 * groups, 0.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (y[i] != 0.0 && y[i] != 1.0) throw std::invalid_argument("reweighing: labels must be 0/1");
    cell[2 * static_cast<size_t>(group[i]) + static_cast<size_t>(y[i])] += 1.0;
  }
  const std::vector<double> cell_weight = KamiranCaldersCellWeights(cell);
  Eigen::VectorXd weight(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    weight[i] = cell_weight[2 * static_cast<size_t>(group[i]) + static_cast<size_t>(y[i])];
  }
  return weight;
}

}  // namespace tinyfair::host::preprocessing
