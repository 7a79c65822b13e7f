// The parity gap of a set of groups: the highest rate minus the lowest, over
// the groups that have a rate (a group with no rows has none); 0 when no
// group has one. Rates are in [0, 1].
#pragma once

#include <algorithm>

namespace tinyfair::host::metrics {

class RateSpread {
 public:
  void Add(double rate) {
    low_ = std::min(low_, rate);
    high_ = std::max(high_, rate);
  }
  double Gap() const { return high_ >= low_ ? high_ - low_ : 0.0; }

 private:
  double low_ = 1.0;
  double high_ = 0.0;
};

}  // namespace tinyfair::host::metrics
