// The noise between the true protected group G (m groups) and the observed
// one G^ (m^ groups), as their joint law P(G = j, G^ = k), and what the
// robust trainers take from it: the noise model P(G = j | G^ = k) (soft
// group assignments) and the TV radii gamma_j (DRO; Wang et al. 2020,
// section 1.5 of the specification).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace tinyfair::host::noisy_groups {

class GroupNoiseModel {
 public:
  /// From auxiliary rows that carry both groups (the counts' joint law).
  static GroupNoiseModel FromGroups(const std::vector<int>& true_groups,
                                    const std::vector<int>& noisy_groups, int true_count,
                                    int noisy_count);
  /// From a flip rate: each example moved with probability `rate` to one of
  /// the other m - 1 groups, uniformly (the noise tool's protocol). The true
  /// marginal is recovered from the observed one by inverting the flip
  /// matrix. Needs m = m^ >= 2 and rate != (m - 1) / m.
  static GroupNoiseModel FromFlipRate(const Eigen::VectorXd& noisy_marginal, double rate);
  /// From P(G = j | G^ = k) (m x m^; columns renormalized to sum 1) and the
  /// observed marginal P(G^ = k).
  static GroupNoiseModel FromConditional(const Eigen::MatrixXd& true_given_noisy,
                                         const Eigen::VectorXd& noisy_marginal);

  const Eigen::MatrixXd& joint() const { return joint_; }
  int true_count() const { return static_cast<int>(joint_.rows()); }
  int noisy_count() const { return static_cast<int>(joint_.cols()); }

  /// P(G = j | G^ = k), m x m^; a noisy group of probability 0 gets the
  /// true marginal.
  Eigen::MatrixXd TrueGivenNoisy() const;
  /// P(G = j).
  Eigen::VectorXd TrueMarginal() const;
  /// gamma_j = P(G^ != j | G = j): the paper's choice (Lemma 1, exact under
  /// equal marginals). Needs m = m^.
  Eigen::VectorXd PaperRadii() const;
  /// gamma_j = max(P(G^ != j | G = j), P(G != j | G^ = j)): a bound on
  /// TV(p_j, p^_j) that holds without equal marginals. Needs m = m^.
  Eigen::VectorXd BoundRadii() const;

 private:
  explicit GroupNoiseModel(Eigen::MatrixXd joint) : joint_(std::move(joint)) {}
  Eigen::MatrixXd joint_;
};

}  // namespace tinyfair::host::noisy_groups
