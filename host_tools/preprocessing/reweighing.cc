#include "host_tools/preprocessing/reweighing.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace tinyfair::host::preprocessing {

Eigen::VectorXd KamiranCaldersWeights(const Eigen::VectorXi& group, const Eigen::VectorXd& y) {
  const Eigen::Index n = y.size();
  if (group.size() != n || n == 0 || group.minCoeff() < 0) {
    throw std::invalid_argument("reweighing: needs rows, one group (0, 1, ...) per label");
  }
  const size_t groups = static_cast<size_t>(group.maxCoeff()) + 1;
  std::vector<double> cell(2 * groups, 0.0), by_group(groups, 0.0), by_label(2, 0.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (y[i] != 0.0 && y[i] != 1.0) throw std::invalid_argument("reweighing: labels must be 0/1");
    const size_t a = static_cast<size_t>(group[i]), label = static_cast<size_t>(y[i]);
    cell[2 * a + label] += 1.0;
    by_group[a] += 1.0;
    by_label[label] += 1.0;
  }
  for (size_t a = 0; a < groups; ++a) {
    if (by_group[a] == 0.0 || (cell[2 * a] > 0.0 && cell[2 * a + 1] > 0.0)) continue;
    throw std::invalid_argument("reweighing: group " + std::to_string(a) +
                                " has rows of one label only");
  }
  // P(a) P(y) / P(a, y) = n_a n_y / (n n_ay).
  Eigen::VectorXd weight(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const size_t a = static_cast<size_t>(group[i]), label = static_cast<size_t>(y[i]);
    weight[i] = by_group[a] * by_label[label] / (static_cast<double>(n) * cell[2 * a + label]);
  }
  return weight;
}

}  // namespace tinyfair::host::preprocessing
