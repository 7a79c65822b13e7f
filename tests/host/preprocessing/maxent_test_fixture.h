// A small domain for the max-entropy tests and brute-force enumeration of
// the tilted distribution on it, the reference the polynomial-time oracle,
// the solver and the samplers are checked against.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <map>
#include <vector>

#include "host_tools/preprocessing/maxent_domain.h"
#include "host_tools/preprocessing/maxent_oracle.h"
#include "host_tools/preprocessing/maxent_prior.h"
#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::preprocessing::testing {

// Z binary, Y binary, a one-hot block of 3 values and an ordinal block
// {0, 1, 2, 3}: |Omega| = 48, d = 6 (the spec's verification domain).
inline Domain SmallDomain() {
  return Domain({DomainBlock::Binary("z", {"a", "b"}), DomainBlock::Binary("y", {"no", "yes"}),
                 DomainBlock::OneHot("colour", {"red", "green", "blue"}),
                 DomainBlock::Ordinal("count", {"0", "1", "2", "3"}, {0.0, 1.0, 2.0, 3.0})});
}

// A biased data set: group 0 is rarer and has fewer favourable labels, and
// the other blocks depend on the label.
inline std::vector<std::vector<int>> BiasedRows(std::size_t n, uint64_t seed) {
  runtime::Pcg32 rng(seed, 7);
  auto uniform = [&rng] { return rng.Next() * 0x1.0p-32; };
  std::vector<std::vector<int>> rows;
  for (std::size_t i = 0; i < n; ++i) {
    const int z = uniform() < 0.3 ? 0 : 1;
    const int y = uniform() < (z == 0 ? 0.25 : 0.6) ? 1 : 0;
    const int colour = static_cast<int>(uniform() * (y ? 2.0 : 3.0));
    const int count = std::min(3, static_cast<int>(uniform() * 3.0) + (y ? 1 : 0));
    rows.push_back({z, y, colour, count});
  }
  return rows;
}

// p_lambda over Omega by enumeration: q(alpha) exp(<alpha, lambda>) / G.
struct Enumerated {
  std::vector<std::vector<int>> points;
  std::vector<Eigen::VectorXd> encodings;
  std::vector<double> prior;        // q
  std::vector<double> probability;  // p_lambda
  double log_partition = 0.0;
};

inline Enumerated Enumerate(const Domain& domain, const DomainData& data, const MixturePrior& prior,
                            const Eigen::VectorXd& lambda) {
  std::map<std::vector<int>, double> weight;
  for (std::size_t i = 0; i < data.size(); ++i) weight[data.points[i]] += prior.weights[i];
  Enumerated e;
  const double uniform = std::exp(-domain.log_size());
  double g = 0.0;
  domain.ForEachPoint([&](const std::vector<int>& point) {
    const auto found = weight.find(point);
    const double q =
        prior.c * uniform + (1.0 - prior.c) * (found == weight.end() ? 0.0 : found->second);
    const Eigen::VectorXd alpha = domain.Encode(point);
    e.points.push_back(point);
    e.encodings.push_back(alpha);
    e.prior.push_back(q);
    e.probability.push_back(q * std::exp(alpha.dot(lambda)));
    g += e.probability.back();
  });
  for (double& p : e.probability) p /= g;
  e.log_partition = std::log(g);
  return e;
}

inline Eigen::VectorXd EnumeratedMean(const Enumerated& e) {
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(e.encodings[0].size());
  for (std::size_t k = 0; k < e.points.size(); ++k) mean += e.probability[k] * e.encodings[k];
  return mean;
}

inline Eigen::MatrixXd EnumeratedCovariance(const Enumerated& e) {
  const Eigen::VectorXd mean = EnumeratedMean(e);
  Eigen::MatrixXd cov = Eigen::MatrixXd::Zero(mean.size(), mean.size());
  for (std::size_t k = 0; k < e.points.size(); ++k) {
    const Eigen::VectorXd centred = e.encodings[k] - mean;
    cov += e.probability[k] * centred * centred.transpose();
  }
  return cov;
}

}  // namespace tinyfair::host::preprocessing::testing
