// The trade-off front against its definition, computed pair by pair: a
// point is on it when no other point has a gap as small and a higher
// accuracy, or a smaller gap and an accuracy as high. Points on a coarse
// grid so that ties in gap and in accuracy are common.
#include "host_tools/metrics/tradeoff_front.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

namespace tinyfair::host::metrics {
namespace {

bool Beats(const TradeoffPoint& q, const TradeoffPoint& p) {
  return (q.gap <= p.gap && q.accuracy > p.accuracy) || (q.gap < p.gap && q.accuracy >= p.accuracy);
}

std::set<std::pair<double, double>> FrontByDefinition(const std::vector<TradeoffPoint>& points) {
  std::set<std::pair<double, double>> front;
  for (const TradeoffPoint& p : points) {
    bool beaten = false;
    for (const TradeoffPoint& q : points) beaten = beaten || Beats(q, p);
    if (!beaten) front.insert({p.gap, p.accuracy});
  }
  return front;
}

TEST(TradeoffFront, EqualsTheDefinitionOnRandomPointsWithTies) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> step(0, 9);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<TradeoffPoint> points(1 + trial % 25);
    for (TradeoffPoint& p : points) p = {0.01 * step(random), 0.5 + 0.05 * step(random)};
    const std::vector<TradeoffPoint> front = TradeoffFront(points);
    std::set<std::pair<double, double>> got;
    for (size_t i = 0; i < front.size(); ++i) {
      got.insert({front[i].gap, front[i].accuracy});
      if (i > 0) {
        EXPECT_LT(front[i - 1].gap, front[i].gap) << "trial " << trial;
        EXPECT_LT(front[i - 1].accuracy, front[i].accuracy) << "trial " << trial;
      }
    }
    EXPECT_EQ(FrontByDefinition(points), got) << "trial " << trial;
    EXPECT_EQ(got.size(), front.size()) << "a point twice, trial " << trial;
  }
}

TEST(TradeoffFront, NoPointsNoFront) { EXPECT_TRUE(TradeoffFront({}).empty()); }

}  // namespace
}  // namespace tinyfair::host::metrics
