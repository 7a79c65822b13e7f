#include "host_tools/preprocessing/maxent_sampler.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace tinyfair::host::preprocessing {

double UniformDouble(runtime::Pcg32& rng) {
  const uint64_t high = rng.Next() >> 5U;  // 27 bits
  const uint64_t low = rng.Next() >> 6U;   // 26 bits
  return static_cast<double>((high << 26U) | low) * 0x1.0p-53;
}

AliasTable::AliasTable(const Eigen::VectorXd& probabilities)
    : keep_(static_cast<std::size_t>(probabilities.size())),
      alias_(static_cast<std::size_t>(probabilities.size())) {
  const std::size_t n = keep_.size();
  const double total = probabilities.sum();
  if (n == 0 || !(total > 0.0) || probabilities.minCoeff() < 0.0) {
    throw std::invalid_argument("an alias table needs non-negative probabilities, not all 0");
  }
  std::vector<double> scaled(n);
  std::vector<std::size_t> small, large;
  for (std::size_t i = 0; i < n; ++i) {
    scaled[i] = probabilities[static_cast<Eigen::Index>(i)] * static_cast<double>(n) / total;
    (scaled[i] < 1.0 ? small : large).push_back(i);
  }
  while (!small.empty() && !large.empty()) {
    const std::size_t s = small.back(), l = large.back();
    small.pop_back();
    keep_[s] = scaled[s];
    alias_[s] = l;
    scaled[l] -= 1.0 - scaled[s];
    if (scaled[l] < 1.0) {
      large.pop_back();
      small.push_back(l);
    }
  }
  // What is left is 1 up to rounding.
  for (std::size_t i : small) keep_[i] = 1.0, alias_[i] = i;
  for (std::size_t i : large) keep_[i] = 1.0, alias_[i] = i;
}

std::size_t AliasTable::Draw(runtime::Pcg32& rng) const {
  const double u = UniformDouble(rng) * static_cast<double>(keep_.size());
  std::size_t column = static_cast<std::size_t>(u);
  if (column >= keep_.size()) column = keep_.size() - 1;
  return u - static_cast<double>(column) < keep_[column] ? column : alias_[column];
}

MixtureSampler::MixtureSampler(const Domain& domain, const DomainData& data,
                               const DualPoint& at_optimum)
    : data_(data),
      pi_uniform_(at_optimum.pi_uniform),
      records_(at_optimum.pi_data > 0.0 ? at_optimum.record_probabilities
                                        : Eigen::VectorXd::Ones(1)) {
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    blocks_.emplace_back(at_optimum.block_probabilities[b]);
  }
}

std::vector<int> MixtureSampler::Draw(runtime::Pcg32& rng) const {
  // pi_uniform is compared exactly, so a component with weight 0 is never
  // drawn and one with weight 1 always is.
  if (UniformDouble(rng) < pi_uniform_) {
    std::vector<int> point(blocks_.size());
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      point[b] = static_cast<int>(blocks_[b].Draw(rng));
    }
    return point;
  }
  return data_.points[records_.Draw(rng)];
}

SequentialSampler::SequentialSampler(const DualOracle& oracle, const Eigen::VectorXd& lambda)
    : oracle_(oracle) {
  const Domain& domain = oracle.domain();
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    const auto& block = domain.blocks()[b];
    scores_.push_back(block.encodings * lambda.segment(static_cast<Eigen::Index>(domain.offset(b)),
                                                       static_cast<Eigen::Index>(block.width())));
    block_lse_.push_back(LogSumExp(scores_.back()));
  }
  const DualPoint point = oracle.Evaluate(lambda, false);
  // log(w_i e^<alpha_i, lambda>) = log rho_i + log G_w.
  record_scores_ = point.record_probabilities.array().log() + point.log_data_partition;
}

std::vector<int> SequentialSampler::Draw(runtime::Pcg32& rng) const {
  constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();
  const Domain& domain = oracle_.domain();
  const DomainData& data = oracle_.data();
  const double c = oracle_.c();
  // log M(prefix) = log [C/|Omega| prod_{b<=t} e^{s_b,a_b} prod_{b>t} sum_j e^{s_b,j}
  //                      + (1 - C) sum_{i agrees with the prefix} w_i e^{<alpha_i, lambda>}];
  // the data term is tracked as the records that agree with the prefix.
  double log_uniform_prefix = c > 0.0 ? std::log(c) - domain.log_size() : kMinusInfinity;
  double log_uniform_rest = 0.0;
  for (double lse : block_lse_) log_uniform_rest += lse;
  std::vector<std::size_t> agreeing(data.size());
  for (std::size_t i = 0; i < agreeing.size(); ++i) agreeing[i] = i;
  const double log_data_factor = c < 1.0 ? std::log1p(-c) : kMinusInfinity;

  std::vector<int> point(domain.block_count());
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    const auto k = static_cast<Eigen::Index>(domain.blocks()[b].value_count());
    log_uniform_rest -= block_lse_[b];
    // Masses of the records per value of block b.
    Eigen::VectorXd data_mass = Eigen::VectorXd::Constant(k, kMinusInfinity);
    for (std::size_t i : agreeing) {
      double& slot = data_mass[data.points[i][b]];
      const double score = record_scores_[static_cast<Eigen::Index>(i)];
      slot = slot == kMinusInfinity
                 ? score
                 : std::max(slot, score) + std::log1p(std::exp(-std::abs(slot - score)));
    }
    Eigen::VectorXd log_mass(k);
    for (Eigen::Index j = 0; j < k; ++j) {
      Eigen::VectorXd both(2);
      both << log_uniform_prefix + scores_[b][j] + log_uniform_rest, log_data_factor + data_mass[j];
      log_mass[j] = LogSumExp(both);
    }
    const double log_total = LogSumExp(log_mass);
    // Inverse CDF on the conditional probabilities; rounding that leaves
    // the draw past the last value falls back to the last value.
    const double u = UniformDouble(rng);
    double cumulative = 0.0;
    Eigen::Index chosen = k - 1;
    for (Eigen::Index j = 0; j < k; ++j) {
      cumulative += std::exp(log_mass[j] - log_total);
      if (u < cumulative) {
        chosen = j;
        break;
      }
    }
    point[b] = static_cast<int>(chosen);
    log_uniform_prefix += scores_[b][chosen];
    std::vector<std::size_t> kept;
    for (std::size_t i : agreeing) {
      if (data.points[i][b] == chosen) kept.push_back(i);
    }
    agreeing.swap(kept);
  }
  return point;
}

}  // namespace tinyfair::host::preprocessing
