#include "host_tools/learn/simplex_projection.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace tinyfair::host::learn {

Eigen::VectorXd ProjectOntoSimplex(const Eigen::VectorXd& v, double total) {
  // Held et al.: the projection is max(v - tau, 0) with tau chosen so that
  // the sum is `total`; tau is found from the sorted values.
  std::vector<double> sorted(v.data(), v.data() + v.size());
  std::sort(sorted.begin(), sorted.end(), std::greater<double>());
  double cumulative = 0.0, tau = 0.0;
  for (size_t k = 0; k < sorted.size(); ++k) {
    cumulative += sorted[k];
    const double candidate = (cumulative - total) / static_cast<double>(k + 1);
    if (sorted[k] - candidate > 0.0) tau = candidate;
  }
  return (v.array() - tau).max(0.0).matrix();
}

Eigen::VectorXd ProjectOntoCappedSimplex(const Eigen::VectorXd& v, double radius) {
  const Eigen::VectorXd clipped = v.cwiseMax(0.0);
  if (clipped.sum() <= radius) return clipped;
  return ProjectOntoSimplex(v, radius);
}

}  // namespace tinyfair::host::learn
