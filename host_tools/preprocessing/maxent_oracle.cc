#include "host_tools/preprocessing/maxent_oracle.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace tinyfair::host::preprocessing {

double LogSumExp(const Eigen::VectorXd& values) {
  const double top = values.size() ? values.maxCoeff() : -std::numeric_limits<double>::infinity();
  if (!std::isfinite(top)) return top;
  return top + std::log((values.array() - top).exp().sum());
}

DualOracle::DualOracle(const Domain& domain, const DomainData& data, const MixturePrior& prior,
                       Eigen::VectorXd theta)
    : domain_(domain), data_(data), c_(prior.c), theta_(std::move(theta)) {
  if (!(c_ >= 0.0 && c_ <= 1.0)) throw std::invalid_argument("C must be in [0, 1]");
  if (prior.weights.size() != data.size()) {
    throw std::invalid_argument("one prior weight per distinct data point needed");
  }
  if (static_cast<std::size_t>(theta_.size()) != domain.dimension()) {
    throw std::invalid_argument("theta must have one entry per coordinate");
  }
  log_weights_.resize(static_cast<Eigen::Index>(data.size()));
  for (std::size_t i = 0; i < data.size(); ++i) {
    log_weights_[static_cast<Eigen::Index>(i)] = std::log(prior.weights[i]);
  }
}

DualPoint DualOracle::Evaluate(const Eigen::VectorXd& lambda, bool need_hessian) const {
  const auto d = static_cast<Eigen::Index>(domain_.dimension());
  constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();
  DualPoint point;

  // The tilted uniform component: independent softmaxes per block.
  double log_uniform = 0.0;
  Eigen::VectorXd mean_uniform = Eigen::VectorXd::Zero(d);
  Eigen::MatrixXd cov_uniform;
  if (need_hessian) cov_uniform = Eigen::MatrixXd::Zero(d, d);
  for (std::size_t b = 0; b < domain_.block_count(); ++b) {
    const auto& block = domain_.blocks()[b];
    const auto offset = static_cast<Eigen::Index>(domain_.offset(b));
    const auto width = static_cast<Eigen::Index>(block.width());
    const Eigen::VectorXd scores = block.encodings * lambda.segment(offset, width);
    const double lse = LogSumExp(scores);
    log_uniform += lse - std::log(static_cast<double>(block.value_count()));
    const Eigen::VectorXd probabilities = (scores.array() - lse).exp();
    const Eigen::VectorXd block_mean = block.encodings.transpose() * probabilities;
    mean_uniform.segment(offset, width) = block_mean;
    if (need_hessian) {
      const Eigen::MatrixXd centred = block.encodings.rowwise() - block_mean.transpose();
      cov_uniform.block(offset, offset, width, width) =
          centred.transpose() * probabilities.asDiagonal() * centred;
    }
    point.block_probabilities.push_back(probabilities);
  }

  // The tilted data component: a categorical over the records.
  const Eigen::VectorXd scores = log_weights_ + data_.encodings * lambda;
  const double log_data = LogSumExp(scores);
  point.record_probabilities = (scores.array() - log_data).exp();
  const Eigen::VectorXd mean_data = data_.encodings.transpose() * point.record_probabilities;

  // The mixture.
  const double weighted_uniform = c_ > 0.0 ? std::log(c_) + log_uniform : kMinusInfinity;
  const double weighted_data = c_ < 1.0 ? std::log1p(-c_) + log_data : kMinusInfinity;
  Eigen::VectorXd both(2);
  both << weighted_uniform, weighted_data;
  point.log_uniform_partition = log_uniform;
  point.log_data_partition = log_data;
  point.log_partition = LogSumExp(both);
  point.pi_uniform = std::exp(weighted_uniform - point.log_partition);
  point.pi_data = std::exp(weighted_data - point.log_partition);
  point.mean = point.pi_uniform * mean_uniform + point.pi_data * mean_data;
  point.h = point.log_partition - theta_.dot(lambda);
  point.gradient = point.mean - theta_;
  if (need_hessian) {
    // Law of total covariance, each part centred (no raw-moment cancellation).
    const Eigen::MatrixXd centred = data_.encodings.rowwise() - mean_data.transpose();
    const Eigen::MatrixXd cov_data =
        centred.transpose() * point.record_probabilities.asDiagonal() * centred;
    const Eigen::VectorXd between = mean_uniform - mean_data;
    point.hessian = point.pi_uniform * cov_uniform + point.pi_data * cov_data +
                    point.pi_uniform * point.pi_data * between * between.transpose();
  }
  return point;
}

}  // namespace tinyfair::host::preprocessing
