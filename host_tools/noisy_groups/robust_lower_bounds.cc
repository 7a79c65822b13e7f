#include "host_tools/noisy_groups/robust_lower_bounds.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::noisy_groups {
namespace {

// Weighted TPR or FPR of the rows with label `label`: sum w yhat / sum w;
// -1 when no weight falls on the label.
double WeightedRate(const Eigen::VectorXd& scores, const Eigen::VectorXd& labels,
                    const Eigen::VectorXd& weights, int label) {
  double hit = 0.0, all = 0.0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    if ((labels[i] > 0.5) != (label == 1) || weights[i] <= 0.0) continue;
    all += weights[i];
    if (scores[i] > 0.0) hit += weights[i];
  }
  return all > 0.0 ? hit / all : -1.0;
}

double UnitUniform(runtime::Pcg32& rng) {
  // (0, 1]: the exponential draw below needs a positive argument.
  return (static_cast<double>(rng.Next()) + 1.0) / 4294967296.0;
}

}  // namespace

std::vector<double> TvBallSampledViolations(const Eigen::VectorXd& scores,
                                            const NoisyGroupData& data,
                                            const Eigen::VectorXd& radii,
                                            metrics::FairnessConstraint constraint, double alpha,
                                            int samples, uint64_t seed) {
  const int m = data.group_count;
  if (radii.size() != m) throw std::invalid_argument("one radius per noisy group expected");
  if (samples < 1) throw std::invalid_argument("at least one sample expected");
  const Eigen::Index n = scores.size();
  const GroupCells cells = CountCells(scores, data.labels, data.groups, m);
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  const bool odds = constraint == metrics::FairnessConstraint::kEqualizedOdds;
  // Worst (lowest) TPR_j and (highest) FPR_j over the samples.
  std::vector<double> lowest_tpr(static_cast<size_t>(m), 2.0);
  std::vector<double> highest_fpr(static_cast<size_t>(m), -1.0);
  runtime::Pcg32 rng(seed, 0x70b);
  Eigen::VectorXd split(n), weights(n);
  for (int j = 0; j < m; ++j) {
    const auto sj = static_cast<size_t>(j);
    const Cells& c = cells.group[sj];
    const double size = c[0] + c[1] + c[2] + c[3];
    if (size == 0.0) continue;
    for (int s = 0; s < samples; ++s) {
      // Normalized exponentials: a uniformly random split of the radius.
      for (Eigen::Index i = 0; i < n; ++i) split[i] = -std::log(UnitUniform(rng));
      split *= radii[j] / split.sum();
      for (Eigen::Index i = 0; i < n; ++i) {
        const double center = data.groups[static_cast<size_t>(i)] == j ? 1.0 / size : 0.0;
        const double sign = (rng.Next() & 1U) != 0U ? 1.0 : -1.0;
        weights[i] = std::max(0.0, center + sign * split[i]);
      }
      const double group_tpr = WeightedRate(scores, data.labels, weights, 1);
      if (group_tpr >= 0.0) lowest_tpr[sj] = std::min(lowest_tpr[sj], group_tpr);
      if (odds) {
        const double group_fpr = WeightedRate(scores, data.labels, weights, 0);
        if (group_fpr >= 0.0) highest_fpr[sj] = std::max(highest_fpr[sj], group_fpr);
      }
    }
  }
  std::vector<double> violations;
  for (int j = 0; j < m; ++j) {
    const double rate = lowest_tpr[static_cast<size_t>(j)];
    violations.push_back(rate > 1.0 ? -alpha : tpr - rate - alpha);
  }
  if (odds) {
    for (int j = 0; j < m; ++j) {
      const double rate = highest_fpr[static_cast<size_t>(j)];
      violations.push_back(rate < 0.0 ? -alpha : rate - fpr - alpha);
    }
  }
  return violations;
}

std::vector<double> AssignedTableViolations(const Eigen::VectorXd& scores,
                                            const NoisyGroupData& data,
                                            const Eigen::MatrixXd& table,
                                            metrics::FairnessConstraint constraint, double alpha) {
  const int m_hat = data.group_count;
  if (table.rows() != 4 * m_hat) {
    throw std::invalid_argument("the table needs four rows per noisy group");
  }
  const GroupCells cells = CountCells(scores, data.labels, data.groups, m_hat);
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  // The assigned count of one cell for true group j.
  auto assigned = [&](Eigen::Index j, int cell) {
    double count = 0.0;
    for (int k = 0; k < m_hat; ++k) {
      const Cells& c = cells.group[static_cast<size_t>(k)];
      count += table(4 * k + cell, j) * c[static_cast<size_t>(cell)];
    }
    return count;
  };
  std::vector<double> violations;
  for (Eigen::Index j = 0; j < table.cols(); ++j) {
    const double hit = assigned(j, CellIndex(1, 1)), miss = assigned(j, CellIndex(0, 1));
    violations.push_back(hit + miss > 0.0 ? tpr - hit / (hit + miss) - alpha : -alpha);
  }
  if (constraint == metrics::FairnessConstraint::kEqualizedOdds) {
    for (Eigen::Index j = 0; j < table.cols(); ++j) {
      const double hit = assigned(j, CellIndex(1, 0)), miss = assigned(j, CellIndex(0, 0));
      violations.push_back(hit + miss > 0.0 ? hit / (hit + miss) - fpr - alpha : -alpha);
    }
  }
  return violations;
}

}  // namespace tinyfair::host::noisy_groups
