#include "host_tools/reductions/regression_grid.h"

#include <cmath>
#include <stdexcept>

namespace tinyfair::host::reductions {

RegressionGrid::RegressionGrid(int size) : size_(size), alpha_(0.0) {
  if (size < 1) throw std::invalid_argument("the grid size N must be at least 1");
  alpha_ = 1.0 / size;
  z_.resize(static_cast<size_t>(size) + 1);
  for (int k = 0; k <= size; ++k) z_[static_cast<size_t>(k)] = static_cast<double>(k) / size;
}

int RegressionGrid::Bucket(double u) const {
  if (std::isnan(u)) throw std::invalid_argument("a prediction is NaN");
  // Clamp first so that the integer conversion cannot overflow; floor(u N)
  // alone is wrong at grid values (0.29 * 100 = 28.999...), so correct it
  // against the thresholds themselves.
  u = std::fmin(std::fmax(u, -1.0), 2.0);
  int j = static_cast<int>(std::floor(u * size_));
  j = j < 0 ? 0 : (j > size_ ? size_ : j);
  if (j < size_ && u >= threshold(j + 1)) ++j;
  if (j >= 1 && u < threshold(j)) --j;
  return j;
}

double RegressionGrid::Midpoint(int bucket) const {
  return std::fmin(threshold(bucket) + alpha_ / 2.0, 1.0);
}

}  // namespace tinyfair::host::reductions
