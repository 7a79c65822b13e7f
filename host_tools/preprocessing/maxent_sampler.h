// Exact samplers for the learned max-entropy distribution
//   p*(alpha) = q(alpha) exp(<lambda*, alpha>) / G(lambda*).
//
// MixtureSampler uses the decomposition p* = pi_u (product of per-block
// softmaxes) + pi_w (categorical over the data records with rho), with
// Walker alias tables: O(B) per draw. SequentialSampler is the paper's
// sampler (Appendix A): block by block, each value drawn with the
// conditional mass of all completions of the prefix from the counting
// oracle. Both draw from the same law; they consume the random stream
// differently. Draws use the project's PCG32 and their own 53-bit uniforms,
// so samples are the same on every platform for the same seed.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_SAMPLER_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_SAMPLER_H_

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "host_tools/preprocessing/maxent_domain.h"
#include "host_tools/preprocessing/maxent_oracle.h"
#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::preprocessing {

/// A uniform double in [0, 1) with 53 random bits (two 32-bit draws).
double UniformDouble(runtime::Pcg32& rng);

/// Walker's alias method: O(1) draws from a fixed categorical distribution.
class AliasTable {
 public:
  /// @param probabilities non-negative, not all 0 (normalised here)
  explicit AliasTable(const Eigen::VectorXd& probabilities);
  std::size_t Draw(runtime::Pcg32& rng) const;

 private:
  std::vector<double> keep_;
  std::vector<std::size_t> alias_;
};

class MixtureSampler {
 public:
  /// `at_optimum` is the oracle's evaluation at lambda*; `data` must outlive
  /// the sampler.
  MixtureSampler(const Domain& domain, const DomainData& data, const DualPoint& at_optimum);
  /// One point (a value index per block).
  std::vector<int> Draw(runtime::Pcg32& rng) const;

 private:
  const DomainData& data_;
  double pi_uniform_;
  std::vector<AliasTable> blocks_;
  AliasTable records_;
};

class SequentialSampler {
 public:
  /// `oracle` (and what it refers to) must outlive the sampler.
  SequentialSampler(const DualOracle& oracle, const Eigen::VectorXd& lambda);
  std::vector<int> Draw(runtime::Pcg32& rng) const;

 private:
  const DualOracle& oracle_;
  /// scores_[b][j] = <v_{b,j}, lambda_b>; block_lse_[b] their log-sum-exp.
  std::vector<Eigen::VectorXd> scores_;
  std::vector<double> block_lse_;
  /// log w_i + <alpha_i, lambda>, per record.
  Eigen::VectorXd record_scores_;
};

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_SAMPLER_H_
