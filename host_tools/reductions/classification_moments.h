// The moments of fair classification (Agarwal et al. 2018, §2): on the
// weighted training sample, with the row's event e (demographic parity:
// every row in event 0; equalized odds: its label) and group a,
//   gamma_(e,a)(h) = E[h | e, a] - E[h | e],
// moment k = e * groups + a. The exponentiated-gradient game sees each as
// the pair +gamma_k <= epsilon, -gamma_k <= epsilon.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/metrics/fairness_constraint.h"
#include "host_tools/reductions/eg_core.h"

namespace tinyfair::host::reductions {

/// The events of a constraint: 1 for demographic parity (E[h | A = a] =
/// E[h] for every group a), 2 for equalized odds (E[h | A = a, Y = y] =
/// E[h | Y = y] for every a and y).
/// @throws std::invalid_argument for a constraint the reduction does not fit.
int ConstraintEvents(metrics::FairnessConstraint constraint);

class ClassificationMoments {
 public:
  /// `y` 0/1, `group` 0..G-1, `sample_weight` n non-negative weights with a
  /// positive sum or empty for all ones.
  /// @throws std::invalid_argument on a constraint other than dp and eodds,
  ///         mismatched sizes, labels other than 0/1, a negative group, or a group (for equalized
  ///         odds: a group and label) without weight.
  ClassificationMoments(metrics::FairnessConstraint constraint, const Eigen::VectorXd& y,
                        const Eigen::VectorXi& group, const Eigen::VectorXd& sample_weight);

  /// Moments (one per event and group; the + sign of each pair).
  int count() const { return events_ * groups_; }
  /// The rows' probabilities (weights normalised to sum 1).
  const Eigen::VectorXd& probability() const { return p_; }

  /// gamma of per-row (expected) decisions h.
  Eigen::VectorXd Of(const Eigen::VectorXd& h) const;
  /// d/dh_i of sum_k signed_k gamma_k(h): the constraints' part of each
  /// row's cost of deciding 1.
  Eigen::VectorXd RowCoefficients(const Eigen::VectorXd& signed_lambda) const;
  /// The game's view of decisions h: weighted error and [gamma; -gamma].
  EgPoint PointOf(const Eigen::VectorXd& h, const Eigen::VectorXd& y) const;

 private:
  int groups_ = 0;
  int events_ = 0;
  Eigen::VectorXd p_;
  std::vector<int> event_, group_;
  std::vector<double> p_event_group_, p_event_;
};

}  // namespace tinyfair::host::reductions
