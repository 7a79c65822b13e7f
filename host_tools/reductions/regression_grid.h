// The prediction grid of fair regression (../shared/specs/fair_regression_reductions.md
// §2.1, §8.1): thresholds z_k = k/N, k = 1..N, and the one bucket routine
// j(u) = #{k : u >= z_k} used by training, metrics and the tests, so that a
// value on a grid point lands in its bucket however it was computed.
#pragma once

#include <cstddef>
#include <vector>

namespace tinyfair::host::reductions {

class RegressionGrid {
 public:
  /// @throws std::invalid_argument unless size >= 1.
  explicit RegressionGrid(int size);

  int size() const { return size_; }
  /// alpha = 1/N, the width of a cell.
  double alpha() const { return alpha_; }
  /// z_k = k/N for k = 0..N (z_0 = 0 is never a threshold).
  double threshold(int k) const { return z_[static_cast<size_t>(k)]; }

  /// j(u) in 0..N: values below 1/N are bucket 0 and values >= 1 bucket N
  /// (clipping is implicit). @throws std::invalid_argument for NaN.
  int Bucket(double u) const;
  /// The rounded-down prediction j/N.
  double Floor(int bucket) const { return threshold(bucket); }
  /// The cell midpoint min(j/N + alpha/2, 1), where the discretized loss is
  /// evaluated.
  double Midpoint(int bucket) const;

 private:
  int size_;
  double alpha_;
  std::vector<double> z_;
};

}  // namespace tinyfair::host::reductions
