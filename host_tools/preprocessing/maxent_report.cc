#include "host_tools/preprocessing/maxent_report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

namespace tinyfair::host::preprocessing {

FairnessRates RatesOf(const GroupLabelJoint& joint, int favourable_label) {
  FairnessRates rates;
  double total = 0.0;
  for (const auto& group : joint.mass) total += group[0] + group[1];
  for (int z = 0; z < 2; ++z) {
    const double group = joint.mass[z][0] + joint.mass[z][1];
    rates.group_share[z] = total > 0.0 ? group / total : 0.0;
    rates.favourable_rate[z] = group > 0.0 ? joint.mass[z][favourable_label] / group
                                           : std::numeric_limits<double>::quiet_NaN();
  }
  const double low_share = std::min(rates.group_share[0], rates.group_share[1]);
  const double high_share = std::max(rates.group_share[0], rates.group_share[1]);
  rates.representation_rate = high_share > 0.0 ? low_share / high_share : 0.0;
  if (!(rates.group_share[0] > 0.0 && rates.group_share[1] > 0.0)) {
    rates.statistical_rate = std::numeric_limits<double>::quiet_NaN();
    return rates;
  }
  const double low = std::min(rates.favourable_rate[0], rates.favourable_rate[1]);
  const double high = std::max(rates.favourable_rate[0], rates.favourable_rate[1]);
  rates.statistical_rate = high > 0.0 ? low / high : 1.0;
  return rates;
}

GroupLabelJoint JointOfWeights(const DomainData& data, const std::vector<double>& weights,
                               const MaxentRoles& roles) {
  GroupLabelJoint joint;
  for (std::size_t i = 0; i < data.size(); ++i) {
    joint.mass[data.points[i][roles.protected_block]][data.points[i][roles.label_block]] +=
        weights[i];
  }
  return joint;
}

GroupLabelJoint JointOfPoints(const std::vector<std::vector<int>>& points,
                              const MaxentRoles& roles) {
  GroupLabelJoint joint;
  const double share = points.empty() ? 0.0 : 1.0 / static_cast<double>(points.size());
  for (const auto& point : points) {
    joint.mass[point[roles.protected_block]][point[roles.label_block]] += share;
  }
  return joint;
}

GroupLabelJoint JointOfPrior(const DomainData& data, const MixturePrior& prior,
                             const MaxentRoles& roles) {
  GroupLabelJoint joint = JointOfWeights(data, prior.weights, roles);
  for (auto& group : joint.mass) {
    for (double& cell : group) cell = prior.c / 4.0 + (1.0 - prior.c) * cell;
  }
  return joint;
}

GroupLabelJoint JointOfTilted(const DomainData& data, const DualPoint& point,
                              const MaxentRoles& roles) {
  std::vector<double> rho(point.record_probabilities.data(),
                          point.record_probabilities.data() + point.record_probabilities.size());
  GroupLabelJoint joint = JointOfWeights(data, rho, roles);
  const Eigen::VectorXd& z = point.block_probabilities[roles.protected_block];
  const Eigen::VectorXd& y = point.block_probabilities[roles.label_block];
  for (int g = 0; g < 2; ++g) {
    for (int label = 0; label < 2; ++label) {
      joint.mass[g][label] =
          point.pi_uniform * z[g] * y[label] + point.pi_data * joint.mass[g][label];
    }
  }
  return joint;
}

double TheoremStatisticalRateBound(double tau, double c, const GroupLabelJoint& optimum,
                                   const GroupLabelJoint& prior, int favourable_label) {
  double delta = 0.0;
  for (int z = 0; z < 2; ++z) {
    delta = std::max(delta,
                     std::abs(optimum.mass[z][favourable_label] - prior.mass[z][favourable_label]));
  }
  return tau - 4.0 * delta * (1.0 + tau) / (c + 4.0 * delta);
}

double SmoothedKlDivergence(const Domain& domain, const DomainData& sample,
                            const DomainData& reference, double smoothing) {
  std::map<std::vector<int>, std::pair<double, double>> cells;
  for (std::size_t i = 0; i < sample.size(); ++i) cells[sample.points[i]].first += sample.counts[i];
  for (std::size_t i = 0; i < reference.size(); ++i) {
    cells[reference.points[i]].second += reference.counts[i];
  }
  const double cell_count = std::exp(domain.log_size());
  const double sample_norm = 1.0 + smoothing * cell_count;
  const double reference_norm = 1.0 + smoothing * cell_count;
  const double sample_total = sample.total(), reference_total = reference.total();
  double kl = 0.0;
  for (const auto& [point, counts] : cells) {
    const double s = (counts.first / sample_total + smoothing) / sample_norm;
    const double r = (counts.second / reference_total + smoothing) / reference_norm;
    kl += s * std::log(s / r);
  }
  // Cells in neither list have s = smoothing / sample_norm and r =
  // smoothing / reference_norm; the norms are equal, so they add 0.
  return kl;
}

double ExactKlToSmoothedData(const DualOracle& oracle, const Eigen::VectorXd& lambda,
                             const DomainData& reference, double smoothing) {
  const Domain& domain = oracle.domain();
  if (domain.log_size() > std::log(1e7)) {
    throw std::invalid_argument("the domain is too large to enumerate for the exact KL divergence");
  }
  const DualPoint point = oracle.Evaluate(lambda, false);
  const DomainData& data = oracle.data();
  std::map<std::vector<int>, double> data_mass, reference_share;
  // sum_i rho_i over the records at a point = its tilted data mass / G_w.
  for (std::size_t i = 0; i < data.size(); ++i) {
    data_mass[data.points[i]] += point.record_probabilities[static_cast<Eigen::Index>(i)];
  }
  const double reference_total = reference.total();
  for (std::size_t i = 0; i < reference.size(); ++i) {
    reference_share[reference.points[i]] += reference.counts[i] / reference_total;
  }
  const double norm = 1.0 + smoothing * std::exp(domain.log_size());
  double kl = 0.0;
  domain.ForEachPoint([&](const std::vector<int>& alpha) {
    // Uniform component: prod_b softmax_b(value); data component: rho.
    double uniform = 1.0;
    for (std::size_t b = 0; b < alpha.size(); ++b) {
      uniform *= point.block_probabilities[b][alpha[b]];
    }
    const auto found = data_mass.find(alpha);
    const double p = point.pi_uniform * uniform +
                     point.pi_data * (found == data_mass.end() ? 0.0 : found->second);
    if (p <= 0.0) return;
    const auto ref = reference_share.find(alpha);
    const double r = ((ref == reference_share.end() ? 0.0 : ref->second) + smoothing) / norm;
    kl += p * std::log(p / r);
  });
  return kl;
}

}  // namespace tinyfair::host::preprocessing
