#include "host_tools/noisy_groups/dro_training.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "host_tools/learn/adam.h"
#include "host_tools/learn/tv_ball_projection.h"

namespace tinyfair::host::noisy_groups {
namespace {

// What one group's TV ball allows, on cells.
struct CellBall {
  Cells mass{};                   // p^_j's mass per cell
  std::array<bool, 4> exists{};   // some row of the data set has the cell
  std::array<bool, 4> outside{};  // some row outside the group has it
  double radius = 0.0;
  double group_size = 0.0;
};

// argmin over the ball of sum_cell p(cell) cost(cell): move at most
// `radius` of mass (each unit costs 2 in l1) from the costliest cells to one
// row of the cheapest existing cell (a row outside the group can receive
// all of it; a group member already holds 1/n^_j). Ties keep mass in the
// denominator `b` of the ratio being minimized: it cannot vanish.
Cells GreedyMinimizer(const CellBall& ball, const Cells& cost, const Cells& b) {
  auto cheaper = [&](int x, int y) {
    const auto sx = static_cast<size_t>(x), sy = static_cast<size_t>(y);
    return cost[sx] != cost[sy] ? cost[sx] < cost[sy] : b[sx] > b[sy];
  };
  int target = -1;
  for (int c = 0; c < 4; ++c) {
    if (ball.exists[static_cast<size_t>(c)] && (target < 0 || cheaper(c, target))) target = c;
  }
  Cells mass = ball.mass;
  if (target < 0) return mass;
  double budget = ball.outside[static_cast<size_t>(target)]
                      ? ball.radius
                      : std::min(ball.radius, 1.0 - 1.0 / ball.group_size);
  std::array<int, 4> order{0, 1, 2, 3};
  std::sort(order.begin(), order.end(), [&](int x, int y) { return cheaper(y, x); });
  for (int c : order) {
    if (c == target || budget <= 0.0) continue;
    const double moved = std::min(budget, mass[static_cast<size_t>(c)]);
    mass[static_cast<size_t>(c)] -= moved;
    mass[static_cast<size_t>(target)] += moved;
    budget -= moved;
  }
  return mass;
}

// min over the ball of sum p a / sum p b (Dinkelbach); `a` and `b` are 0/1
// per cell with a <= b. Returns -1 when no distribution puts mass on b.
double MinimumRatio(const CellBall& ball, const Cells& a, const Cells& b) {
  auto dot = [](const Cells& x, const Cells& y) {
    return x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3];
  };
  Cells mass = ball.mass;
  double t = dot(mass, b) > 0.0 ? dot(mass, a) / dot(mass, b) : 0.0;
  for (int iteration = 0; iteration < 100; ++iteration) {
    Cells cost;
    for (size_t c = 0; c < 4; ++c) cost[c] = a[c] - t * b[c];
    mass = GreedyMinimizer(ball, cost, b);
    if (dot(mass, cost) > -1e-12) break;
    t = dot(mass, a) / dot(mass, b);
  }
  return dot(mass, b) > 0.0 ? t : -1.0;
}

}  // namespace

std::vector<double> TvBallWorstViolations(const Eigen::VectorXd& scores, const NoisyGroupData& data,
                                          const Eigen::VectorXd& radii,
                                          metrics::FairnessConstraint constraint, double alpha) {
  const GroupCells cells = CountCells(scores, data.labels, data.groups, data.group_count);
  std::vector<CellBall> balls(static_cast<size_t>(data.group_count));
  for (size_t j = 0; j < balls.size(); ++j) {
    CellBall& ball = balls[j];
    const Cells& group = cells.group[j];
    ball.group_size = group[0] + group[1] + group[2] + group[3];
    ball.radius = radii[static_cast<Eigen::Index>(j)];
    for (size_t c = 0; c < 4; ++c) {
      ball.mass[c] = ball.group_size > 0.0 ? group[c] / ball.group_size : 0.0;
      ball.exists[c] = cells.overall[c] > 0.0;
      ball.outside[c] = cells.overall[c] > group[c];
    }
  }
  std::vector<double> violations;
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  // TPR = mass(1,1) / mass(y=1); FPR = 1 - mass(0,0) / mass(y=0).
  for (const CellBall& ball : balls) {
    if (ball.group_size == 0.0) {
      violations.push_back(-alpha);
      continue;
    }
    const double worst = MinimumRatio(ball, {0, 0, 0, 1}, {0, 1, 0, 1});
    violations.push_back(worst < 0.0 ? -alpha : tpr - worst - alpha);
  }
  if (constraint == metrics::FairnessConstraint::kEqualizedOdds) {
    for (const CellBall& ball : balls) {
      if (ball.group_size == 0.0) {
        violations.push_back(-alpha);
        continue;
      }
      const double worst = MinimumRatio(ball, {1, 0, 0, 0}, {1, 0, 1, 0});
      violations.push_back(worst < 0.0 ? -alpha : (1.0 - worst) - fpr - alpha);
    }
  }
  return violations;
}

NoisyGroupFit TrainDro(const NoisyGroupData& data, const Eigen::VectorXd& radii,
                       const NoisyGroupOptions& options) {
  if (radii.size() != data.group_count) {
    throw std::invalid_argument("DRO needs one radius per noisy group");
  }
  const Eigen::Index n = data.labels.size();
  const int m = data.group_count;
  std::vector<Eigen::VectorXd> centers(static_cast<size_t>(m), Eigen::VectorXd::Zero(n));
  for (Eigen::Index i = 0; i < n; ++i) centers[static_cast<size_t>(data.groups[i])][i] = 1.0;
  for (auto& center : centers) {
    const double size = center.sum();
    if (size > 0.0) center /= size;
  }
  const bool like_code = options.adversary == NoisyGroupOptions::Adversary::kReferenceCode;
  std::vector<Eigen::VectorXd> weights = centers;
  if (like_code) {
    for (auto& w : weights) w.setZero();
  }
  std::vector<learn::TvBallThresholds> thresholds(static_cast<size_t>(m));
  std::vector<learn::Adam> adams;
  for (int j = 0; j < m; ++j) adams.emplace_back(n, options.weight_rate);
  const metrics::FairnessConstraint constraint = options.constraint;
  const bool odds = constraint == metrics::FairnessConstraint::kEqualizedOdds;

  // The ascent on group j's weights: d(N/D)/dp_i = (a_i - (N/D) b_i) / D,
  // negated for TPR (the group term enters with a minus sign).
  auto ascend = [&](const Eigen::VectorXd& scores, const std::vector<double>& lambda) {
    const Eigen::ArrayXd y = data.labels.array(), z = scores.array();
    const Eigen::ArrayXd lower = z.unaryExpr([](double v) { return LowerHinge(v); });
    const Eigen::ArrayXd upper = z.unaryExpr([](double v) { return UpperHinge(v); });
    for (int j = 0; j < m; ++j) {
      const Eigen::ArrayXd p = weights[static_cast<size_t>(j)].array();
      Eigen::ArrayXd gradient = Eigen::ArrayXd::Zero(n);
      const double l_tpr = lambda[static_cast<size_t>(j)];
      const double denominator = (p * y).sum();
      if (l_tpr > 0.0 && denominator > 0.0) {
        const double ratio = (p * y * lower).sum() / denominator;
        gradient -= l_tpr * (y * lower - ratio * y) / denominator;
      }
      if (odds) {
        const double l_fpr = lambda[static_cast<size_t>(m + j)];
        const double negatives = (p * (1.0 - y)).sum();
        if (l_fpr > 0.0 && negatives > 0.0) {
          const double ratio = (p * (1.0 - y) * upper).sum() / negatives;
          gradient += l_fpr * ((1.0 - y) * upper - ratio * (1.0 - y)) / negatives;
        }
      }
      Eigen::VectorXd& w = weights[static_cast<size_t>(j)];
      adams[static_cast<size_t>(j)].Step(-gradient.matrix(), w);
      w = like_code ? learn::ProjectLikeReferenceCode(w, centers[static_cast<size_t>(j)], radii[j])
                    : learn::ProjectOntoTvBall(w, centers[static_cast<size_t>(j)], radii[j],
                                               &thresholds[static_cast<size_t>(j)]);
    }
  };
  return RunDescentAscent(
      data, options, ConstraintCount(constraint, m),
      [&](const Eigen::VectorXd& scores) {
        return WeightedRateSurrogates(scores, data.labels, weights, constraint,
                                      options.hinge_slack);
      },
      nullptr, ascend,
      [&](const Eigen::VectorXd& scores, const NoisyGroupData& set) {
        return TvBallWorstViolations(scores, set, radii, constraint, options.alpha);
      });
}

}  // namespace tinyfair::host::noisy_groups
