// The trade-off front between a fairness gap and accuracy: of a set of
// fitted rules, the ones no other rule beats on both (a smaller or equal
// gap with a higher accuracy), the curve a sweep's plot draws.
#pragma once

#include <vector>

namespace tinyfair::host::metrics {

struct TradeoffPoint {
  double gap = 0.0;
  double accuracy = 0.0;
};

/// The points of `points` on the front, in increasing gap: each has a
/// higher accuracy than every point with a smaller gap, and of points with
/// the same gap only the most accurate stays.
std::vector<TradeoffPoint> TradeoffFront(std::vector<TradeoffPoint> points);

}  // namespace tinyfair::host::metrics
