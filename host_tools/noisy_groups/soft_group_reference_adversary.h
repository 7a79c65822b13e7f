// Soft groups' adversary as the paper's released code ran it (specification
// section 3.8, "reference-code realization of step 1"), kept to reproduce
// the paper's numbers: instead of the exact LP maximizer of W(theta), the
// table takes a few Adam ascent steps on the surrogate Lagrangian, each
// followed by Dykstra's alternating projection onto W(theta) (the
// noise-model equalities with the current 0-1 cell frequencies, the rows'
// simplex equalities, w >= 0). Starts from the zero table, projected.
#pragma once

#include <Eigen/Core>
#include <Eigen/QR>
#include <vector>

#include "host_tools/learn/adam.h"
#include "host_tools/noisy_groups/soft_group_assignment.h"

namespace tinyfair::host::noisy_groups {

/// Dykstra's alternating projection onto W(theta) for the cells of
/// `cells`: rounds over the affine set of the noise-model equalities
/// sum_cell pi_k(cell) w(j | cell, k) = P(G = j | G^ = k), the affine set
/// sum_j w(j | cell, k) = 1 and the orthant (the released code's 20 rounds
/// leave it approximate). Rank-deficient equalities (an empty noisy group
/// or cell) are handled by a pseudo-inverse. The affine projections are
/// factored once per set of cells.
class AssignmentProjection {
 public:
  AssignmentProjection(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy);
  SoftAssignment operator()(const SoftAssignment& table, int rounds) const;

 private:
  // The projection onto {x : A x = b}: x - A' (A A')^+ (A x - b).
  struct Affine {
    Affine(Eigen::MatrixXd A, Eigen::VectorXd b);
    Eigen::VectorXd operator()(const Eigen::VectorXd& x) const;
    Eigen::MatrixXd A;
    Eigen::VectorXd b;
    Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> gram;
  };
  static Affine GroupEqualities(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy);
  static Affine RowEqualities(Eigen::Index m, Eigen::Index m_hat);
  Eigen::Index m_, m_hat_;
  Affine groups_, rows_;
};

class ReferenceCodeTableAdversary {
 public:
  /// `rate`: eta_w; `steps` Adam steps and `rounds` Dykstra rounds per
  /// iteration (the code: 5 and 20).
  ReferenceCodeTableAdversary(const Eigen::MatrixXd& true_given_noisy, double rate, int steps = 5,
                              int rounds = 20);

  /// One iteration of Algorithm 4's step 1 at the current scores and
  /// multipliers; returns the table the theta step uses.
  const SoftAssignment& Step(const Eigen::VectorXd& scores, const NoisyGroupData& data,
                             const std::vector<double>& lambda,
                             metrics::FairnessConstraint constraint);

 private:
  Eigen::MatrixXd true_given_noisy_;
  int steps_, rounds_;
  bool started_ = false;
  SoftAssignment table_;
  learn::Adam adam_;
};

}  // namespace tinyfair::host::noisy_groups
