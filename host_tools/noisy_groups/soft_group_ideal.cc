#include "host_tools/noisy_groups/soft_group_ideal.h"

#include <algorithm>

#include "host_tools/learn/adam.h"
#include "host_tools/learn/simplex_projection.h"
#include "host_tools/noisy_groups/soft_group_assignment.h"

namespace tinyfair::host::noisy_groups {
namespace {

// The linearized constraint h_c per cell (section 1.2).
Cells LinearizedConstraint(bool tpr, const Cells& overall, double alpha) {
  if (tpr) {
    const double t = TruePositiveRate(overall);
    return {0.0, -0.5 * (alpha - t), 0.0, 0.5 * (-1.0 - (alpha - t))};
  }
  const double f = FalsePositiveRate(overall);
  return {-0.5 * (alpha + f), 0.0, 0.5 * (1.0 - (alpha + f)), 0.0};
}

LinearScorerFit ScorerOf(const Eigen::VectorXd& theta, Eigen::Index d) {
  LinearScorerFit fit;
  fit.weights = theta.head(d);
  fit.bias = theta[d];
  return fit;
}

// The scorer's parameters and their optimiser, with the score gradient's
// storage kept from step to step.
struct OracleState {
  Eigen::VectorXd theta;
  learn::Adam adam;
  Eigen::VectorXd score_gradient;
};

// 1. The oracle: Adam steps on f + sum_c lambda_c g_c(theta, w_c)
// (surrogates; the mu terms depend on theta only through 0-1 predictions and
// have no gradient).
void OracleSteps(const NoisyGroupData& data, const NoisyGroupOptions& options, int steps, int m,
                 const std::vector<double>& lambda, const std::vector<SoftAssignment>& tables,
                 OracleState& state) {
  const Eigen::Index d = data.features.cols();
  const int constraints = static_cast<int>(lambda.size());
  Eigen::VectorXd& score_gradient = state.score_gradient;
  for (int step = 0; step < steps; ++step) {
    const Eigen::VectorXd scores = ScorerOf(state.theta, d).Scores(data.features);
    HingeLoss(scores, data.labels, score_gradient);
    for (int c = 0; c < constraints; ++c) {
      if (lambda[static_cast<size_t>(c)] == 0.0) continue;
      const SurrogateConstraints s = SoftAssignmentSurrogates(
          scores, data, tables[static_cast<size_t>(c)], m, options.constraint, options.hinge_slack);
      score_gradient += lambda[static_cast<size_t>(c)] * s.score_gradient[static_cast<size_t>(c)];
    }
    Eigen::VectorXd gradient(d + 1);
    gradient.head(d) = data.features.transpose() * score_gradient;
    gradient[d] = score_gradient.sum();
    state.adam.Step(gradient, state.theta);
  }
}

// The most violated relaxed equality r_(j',k,+-) of table w; j = -1 when
// none is violated.
struct WorstEquality {
  int j = -1, k = -1;
  double sign = 0.0;
};

WorstEquality MostViolatedEquality(const SoftAssignment& w, const GroupCells& cells,
                                   const Eigen::MatrixXd& true_given_noisy, int m_hat,
                                   double tolerance) {
  const int m = static_cast<int>(true_given_noisy.rows());
  double worst_r = 0.0;
  WorstEquality worst;
  for (int k = 0; k < m_hat; ++k) {
    const Cells& ck = cells.group[static_cast<size_t>(k)];
    const double size = ck[0] + ck[1] + ck[2] + ck[3];
    if (size == 0.0) continue;
    for (int jp = 0; jp < m; ++jp) {
      double assigned = 0.0;
      for (int cell = 0; cell < 4; ++cell) {
        assigned += w(4 * k + cell, jp) * ck[static_cast<size_t>(cell)] / size;
      }
      for (double sign : {-1.0, 1.0}) {
        const double r = sign * (assigned - true_given_noisy(jp, k)) - tolerance;
        if (r > worst_r) worst_r = r, worst.j = jp, worst.k = k, worst.sign = sign;
      }
    }
  }
  return worst;
}

// 2. mu in closed form and table c's projected supergradient step.
void StepTable(int c, const GroupCells& cells, const Eigen::VectorXd& shares,
               const Eigen::MatrixXd& true_given_noisy, int m_hat, const NoisyGroupOptions& options,
               const IdealOptions& ideal, double lambda_c, SoftAssignment& w) {
  const int m = static_cast<int>(true_given_noisy.rows());
  const double n = cells.overall[0] + cells.overall[1] + cells.overall[2] + cells.overall[3];
  const int j = c % m;
  const WorstEquality worst =
      MostViolatedEquality(w, cells, true_given_noisy, m_hat, ideal.tolerance);
  const Cells h = LinearizedConstraint(c < m, cells.overall, options.alpha);
  Eigen::MatrixXd gradient = Eigen::MatrixXd::Zero(w.rows(), w.cols());
  for (int k = 0; k < m_hat; ++k) {
    for (int cell = 0; cell < 4; ++cell) {
      const double share = cells.group[static_cast<size_t>(k)][static_cast<size_t>(cell)] / n;
      if (shares[j] > 0.0)
        gradient(4 * k + cell, j) += h[static_cast<size_t>(cell)] * share / shares[j];
    }
  }
  if (worst.j >= 0) {
    const Cells& ck = cells.group[static_cast<size_t>(worst.k)];
    const double size = ck[0] + ck[1] + ck[2] + ck[3];
    for (int cell = 0; cell < 4; ++cell) {
      gradient(4 * worst.k + cell, worst.j) -=
          ideal.mu_radius * worst.sign * ck[static_cast<size_t>(cell)] / size;
    }
  }
  w += ideal.table_rate * lambda_c * gradient;
  for (Eigen::Index row = 0; row < w.rows(); ++row) {
    w.row(row) = learn::ProjectOntoSimplex(w.row(row).transpose()).transpose();
  }
}

// 3. Projected gradient ascent on lambda with the averaged worst cases.
void StepMultipliers(const std::vector<double>& delta, const NoisyGroupOptions& options,
                     std::vector<double>& lambda) {
  const int constraints = static_cast<int>(lambda.size());
  Eigen::VectorXd next(constraints);
  for (int c = 0; c < constraints; ++c) {
    next[c] = lambda[static_cast<size_t>(c)] + options.lambda_rate * delta[static_cast<size_t>(c)];
  }
  next = learn::ProjectOntoCappedSimplex(next, options.lambda_radius);
  lambda.assign(next.data(), next.data() + next.size());
}

}  // namespace

IdealFit TrainSoftGroupsIdeal(const NoisyGroupData& data, const Eigen::MatrixXd& true_given_noisy,
                              const NoisyGroupOptions& options, const IdealOptions& ideal) {
  const int m = static_cast<int>(true_given_noisy.rows()), m_hat = data.group_count;
  const int constraints = ConstraintCount(options.constraint, m);
  const Eigen::Index d = data.features.cols();
  OracleState state{Eigen::VectorXd::Zero(d + 1), learn::Adam(d + 1, options.theta_rate),
                    Eigen::VectorXd()};
  std::vector<double> lambda(static_cast<size_t>(constraints), 0.0);
  std::vector<SoftAssignment> tables(static_cast<size_t>(constraints),
                                     IndependentAssignment(true_given_noisy));
  IdealFit result;
  for (int t = 0; t < ideal.rounds; ++t) {
    std::vector<double> delta(static_cast<size_t>(constraints), 0.0);
    for (int q = 0; q < ideal.inner; ++q) {
      OracleSteps(data, options, ideal.oracle_steps, m, lambda, tables, state);
      const LinearScorerFit member = ScorerOf(state.theta, d);
      const Eigen::VectorXd scores = member.Scores(data.features);
      const GroupCells cells = CountCells(scores, data.labels, data.groups, m_hat);
      const std::vector<double> worst = SoftGroupWorstViolations(scores, data, true_given_noisy,
                                                                 options.constraint, options.alpha);
      result.members.push_back(member);
      result.error.push_back(ErrorRate(cells.overall));
      result.violation.push_back(MaxOf(worst));
      for (int c = 0; c < constraints; ++c) {
        delta[static_cast<size_t>(c)] += worst[static_cast<size_t>(c)] / ideal.inner;
      }
      const Eigen::VectorXd shares = TrueGroupShares(cells, true_given_noisy);
      for (int c = 0; c < constraints; ++c) {
        StepTable(c, cells, shares, true_given_noisy, m_hat, options, ideal,
                  lambda[static_cast<size_t>(c)], tables[static_cast<size_t>(c)]);
      }
    }
    StepMultipliers(delta, options, lambda);
  }
  result.lambda = lambda;
  return result;
}

}  // namespace tinyfair::host::noisy_groups
