// The counting oracle of the maximum-entropy dual (Lemma 4.3 of Celis,
// Keswani, Vishnoi 2020): value, gradient and Hessian of
//   h(lambda) = log sum_{alpha in Omega} q(alpha) exp(<alpha, lambda>) - <theta, lambda>
// for the prior q = C u + (1 - C) w, in time polynomial in the number of
// distinct data points and d even when |Omega| is astronomically large:
// the uniform part factorises over blocks and the data part is a sum over
// the records. Everything is kept in log-space so that neither |Omega| nor
// exp(<alpha, lambda>) is ever formed.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_ORACLE_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_ORACLE_H_

#include <Eigen/Dense>
#include <vector>

#include "host_tools/preprocessing/maxent_domain.h"
#include "host_tools/preprocessing/maxent_prior.h"

namespace tinyfair::host::preprocessing {

/// Everything the oracle computes at one lambda. The tilted distribution
/// p_lambda(alpha) ~ q(alpha) exp(<lambda, alpha>) is the mixture
/// pi_u (product of per-block softmaxes) + pi_w (records with rho).
struct DualPoint {
  double h = 0.0;
  double log_partition = 0.0;          ///< log G(lambda)
  double pi_uniform = 0.0;             ///< weight of the tilted uniform component
  double pi_data = 0.0;                ///< weight of the tilted data component
  double log_uniform_partition = 0.0;  ///< log G_u(lambda), G_u = E_u[e^<alpha, lambda>]
  double log_data_partition = 0.0;     ///< log G_w(lambda) = log sum_i w_i e^<alpha_i, lambda>
  Eigen::VectorXd mean;                ///< E_{p_lambda}[alpha]
  Eigen::VectorXd gradient;            ///< mean - theta
  Eigen::MatrixXd hessian;             ///< Cov_{p_lambda}[alpha]; empty unless asked for
  /// Per block, the softmax probabilities of its values in the tilted
  /// uniform component (the blocks are independent there).
  std::vector<Eigen::VectorXd> block_probabilities;
  /// rho_i, the probability of record i in the tilted data component.
  Eigen::VectorXd record_probabilities;
};

/// The dual of max-entropy for one prior and one theta.
class DualOracle {
 public:
  /// Keeps references to domain and data, which must outlive the oracle.
  /// @throws std::invalid_argument if c is not in [0, 1] or sizes differ.
  DualOracle(const Domain& domain, const DomainData& data, const MixturePrior& prior,
             Eigen::VectorXd theta);

  DualPoint Evaluate(const Eigen::VectorXd& lambda, bool need_hessian) const;

  const Domain& domain() const { return domain_; }
  const DomainData& data() const { return data_; }
  const Eigen::VectorXd& theta() const { return theta_; }
  double c() const { return c_; }

 private:
  const Domain& domain_;
  const DomainData& data_;
  double c_;
  Eigen::VectorXd log_weights_;  ///< log w_i (-inf for a zero weight)
  Eigen::VectorXd theta_;
};

/// log(sum exp(values)), exact for -inf entries (returns -inf if all are).
double LogSumExp(const Eigen::VectorXd& values);

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_ORACLE_H_
