#include "host_tools/noisy_groups/rate_constraints.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace tinyfair::host::noisy_groups {

GroupCells CountCells(const Eigen::VectorXd& scores, const Eigen::VectorXd& labels,
                      const std::vector<int>& groups, int group_count) {
  GroupCells cells;
  cells.group.assign(static_cast<size_t>(group_count), Cells{});
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    const int cell = CellIndex(scores[i] > 0.0 ? 1 : 0, labels[i] > 0.5 ? 1 : 0);
    cells.overall[static_cast<size_t>(cell)] += 1.0;
    cells.group[static_cast<size_t>(groups[static_cast<size_t>(i)])][static_cast<size_t>(cell)] +=
        1.0;
  }
  return cells;
}

double TruePositiveRate(const Cells& c) {
  const double positives = c[1] + c[3];
  return positives > 0.0 ? c[3] / positives : 0.0;
}

double FalsePositiveRate(const Cells& c) {
  const double negatives = c[0] + c[2];
  return negatives > 0.0 ? c[2] / negatives : 0.0;
}

double ErrorRate(const Cells& c) {
  const double n = c[0] + c[1] + c[2] + c[3];
  return n > 0.0 ? (c[1] + c[2]) / n : 0.0;
}

int ConstraintCount(metrics::FairnessConstraint constraint, int group_count) {
  metrics::RequireSupportedConstraint("noisy groups", constraint,
                                      {metrics::FairnessConstraint::kEqualOpportunity,
                                       metrics::FairnessConstraint::kEqualizedOdds});
  return constraint == metrics::FairnessConstraint::kEqualizedOdds ? 2 * group_count : group_count;
}

std::vector<double> RateViolations(const GroupCells& cells, metrics::FairnessConstraint constraint,
                                   double alpha) {
  std::vector<double> violations;
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  for (const Cells& g : cells.group) {
    violations.push_back(g[1] + g[3] > 0.0 ? tpr - TruePositiveRate(g) - alpha : -alpha);
  }
  if (constraint == metrics::FairnessConstraint::kEqualizedOdds) {
    for (const Cells& g : cells.group) {
      violations.push_back(g[0] + g[2] > 0.0 ? FalsePositiveRate(g) - fpr - alpha : -alpha);
    }
  }
  return violations;
}

double MaxOf(const std::vector<double>& values) {
  double best = -std::numeric_limits<double>::infinity();
  for (double v : values) best = std::max(best, v);
  return best;
}

}  // namespace tinyfair::host::noisy_groups

namespace tinyfair::host::noisy_groups {

SurrogateConstraints WeightedRateSurrogates(const Eigen::VectorXd& scores,
                                            const Eigen::VectorXd& labels,
                                            const std::vector<Eigen::VectorXd>& group_weights,
                                            metrics::FairnessConstraint constraint, double slack) {
  const Eigen::Index n = scores.size();
  const Eigen::ArrayXd y = labels.array(), z = scores.array();
  const Eigen::ArrayXd upper = z.unaryExpr([](double v) { return UpperHinge(v); });
  const Eigen::ArrayXd upper_slope = z.unaryExpr([](double v) { return UpperHingeSlope(v); });
  const Eigen::ArrayXd lower = z.unaryExpr([](double v) { return LowerHinge(v); });
  const Eigen::ArrayXd lower_slope = z.unaryExpr([](double v) { return LowerHingeSlope(v); });
  const double positives = y.sum(), negatives = static_cast<double>(n) - positives;
  SurrogateConstraints out;
  // Overall terms: the mean over one label of a hinge, and its derivative.
  auto overall = [&](const Eigen::ArrayXd& label, double count, const Eigen::ArrayXd& value,
                     const Eigen::ArrayXd& slope, double& mean, Eigen::ArrayXd& gradient) {
    mean = count > 0.0 ? (label * value).sum() / count : 0.0;
    gradient = count > 0.0 ? Eigen::ArrayXd(label * slope / count) : Eigen::ArrayXd::Zero(n);
  };
  // Group terms: a weighted mean over one label, and its derivative.
  auto group = [&](const Eigen::ArrayXd& weight, const Eigen::ArrayXd& value,
                   const Eigen::ArrayXd& slope, double& mean, Eigen::ArrayXd& gradient) {
    const double total = weight.sum();
    if (total <= 0.0) return false;
    mean = (weight * value).sum() / total;
    gradient = weight * slope / total;
    return true;
  };
  const Eigen::ArrayXd not_y = 1.0 - y;
  double mean = 0.0, group_mean = 0.0;
  Eigen::ArrayXd gradient, group_gradient;
  for (const Eigen::VectorXd& w : group_weights) {
    overall(y, positives, upper, upper_slope, mean, gradient);
    if (group(w.array() * y, lower, lower_slope, group_mean, group_gradient)) {
      out.value.push_back(mean - group_mean - slack);
      out.score_gradient.push_back((gradient - group_gradient).matrix());
    } else {
      out.value.push_back(0.0);
      out.score_gradient.push_back(Eigen::VectorXd::Zero(n));
    }
  }
  if (constraint != metrics::FairnessConstraint::kEqualizedOdds) return out;
  for (const Eigen::VectorXd& w : group_weights) {
    overall(not_y, negatives, lower, lower_slope, mean, gradient);
    if (group(w.array() * not_y, upper, upper_slope, group_mean, group_gradient)) {
      out.value.push_back(group_mean - mean - slack);
      out.score_gradient.push_back((group_gradient - gradient).matrix());
    } else {
      out.value.push_back(0.0);
      out.score_gradient.push_back(Eigen::VectorXd::Zero(n));
    }
  }
  return out;
}

}  // namespace tinyfair::host::noisy_groups
