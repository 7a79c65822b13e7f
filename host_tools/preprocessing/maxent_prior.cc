#include "host_tools/preprocessing/maxent_prior.h"

#include <stdexcept>
#include <string>

namespace tinyfair::host::preprocessing {

std::vector<double> ReweightForStatisticalRate(const Domain& domain, const DomainData& data,
                                               const MaxentRoles& roles, double tau) {
  if (!(tau > 0.0 && tau <= 1.0)) throw std::invalid_argument("tau must be in (0, 1]");
  const auto& z_block = domain.blocks().at(roles.protected_block);
  const auto& y_block = domain.blocks().at(roles.label_block);
  if (z_block.kind != BlockKind::kBinary || y_block.kind != BlockKind::kBinary) {
    throw std::invalid_argument("the protected attribute and the label must be binary blocks");
  }
  double by_label[2] = {0.0, 0.0};
  double cell[2][2] = {{0.0, 0.0}, {0.0, 0.0}};  // [y][z], before the 1/tau factor
  for (std::size_t i = 0; i < data.size(); ++i) {
    const int y = data.points[i][roles.label_block];
    const int z = data.points[i][roles.protected_block];
    by_label[y] += data.counts[i];
    cell[y][z] += data.counts[i];
  }
  for (int y = 0; y < 2; ++y) {
    for (int z = 0; z < 2; ++z) {
      if (cell[y][z] > 0.0) continue;
      throw std::invalid_argument("no record has " + y_block.name + " = " + y_block.labels[y] +
                                  " and " + z_block.name + " = " + z_block.labels[z] +
                                  "; the reweighting needs every (label, group) cell");
    }
  }
  std::vector<double> weights(data.size());
  double total = 0.0;
  for (std::size_t i = 0; i < data.size(); ++i) {
    const int y = data.points[i][roles.label_block];
    const int z = data.points[i][roles.protected_block];
    const double scaled_cell = z == 0 ? cell[y][z] / tau : cell[y][z];
    weights[i] = data.counts[i] * by_label[y] / scaled_cell;
    total += weights[i];
  }
  for (double& w : weights) w /= total;
  return weights;
}

std::vector<double> EmpiricalWeights(const DomainData& data) {
  const double total = data.total();
  std::vector<double> weights(data.counts);
  for (double& w : weights) w /= total;
  return weights;
}

Eigen::VectorXd WeightedMean(const DomainData& data, const std::vector<double>& weights) {
  const Eigen::Map<const Eigen::VectorXd> w(weights.data(),
                                            static_cast<Eigen::Index>(weights.size()));
  return data.encodings.transpose() * w;
}

Eigen::VectorXd UniformMean(const Domain& domain) {
  Eigen::VectorXd mean(static_cast<Eigen::Index>(domain.dimension()));
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    const auto& block = domain.blocks()[b];
    mean.segment(static_cast<Eigen::Index>(domain.offset(b)),
                 static_cast<Eigen::Index>(block.width())) =
        block.encodings.colwise().mean().transpose();
  }
  return mean;
}

Eigen::VectorXd PriorMean(const Domain& domain, const DomainData& data, const MixturePrior& prior) {
  return prior.c * UniformMean(domain) + (1.0 - prior.c) * WeightedMean(data, prior.weights);
}

Eigen::VectorXd WithBlockBalanced(const Domain& domain, Eigen::VectorXd theta, std::size_t b) {
  const auto& block = domain.blocks().at(b);
  theta.segment(static_cast<Eigen::Index>(domain.offset(b)),
                static_cast<Eigen::Index>(block.width())) =
      block.encodings.colwise().mean().transpose();
  return theta;
}

Eigen::VectorXd RenormaliseOneHotBlocks(const Domain& domain, Eigen::VectorXd theta) {
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    const auto& block = domain.blocks()[b];
    if (block.kind != BlockKind::kOneHot) continue;
    auto segment = theta.segment(static_cast<Eigen::Index>(domain.offset(b)),
                                 static_cast<Eigen::Index>(block.width()));
    segment /= segment.sum();
  }
  return theta;
}

}  // namespace tinyfair::host::preprocessing
