#include "host_tools/metrics/tradeoff_front.h"

#include <algorithm>

namespace tinyfair::host::metrics {

std::vector<TradeoffPoint> TradeoffFront(std::vector<TradeoffPoint> points) {
  // Increasing gap, and within a gap decreasing accuracy: one scan then
  // keeps each point more accurate than all before it.
  std::sort(points.begin(), points.end(), [](const TradeoffPoint& a, const TradeoffPoint& b) {
    return a.gap != b.gap ? a.gap < b.gap : a.accuracy > b.accuracy;
  });
  std::vector<TradeoffPoint> front;
  for (const TradeoffPoint& point : points) {
    if (front.empty() || point.accuracy > front.back().accuracy) front.push_back(point);
  }
  return front;
}

}  // namespace tinyfair::host::metrics
