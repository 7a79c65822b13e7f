// The exponentiated-gradient game of the reductions (Agarwal et al. 2018,
// Algorithm 1; Agarwal, Dudik & Wu 2019, Algorithms 1 and 2), one loop for
// every constraint family: a moment object says what a hypothesis costs
// and what its constraint values gamma_k are; a best-response oracle
// returns argmin_h cost(h) + lambda . gamma(h). The core owns the rest:
// theta and lambda_k = B exp(theta_k) / (1 + sum exp(theta)), the step
// schedule, the cache of hypotheses, the duality gap, the linear-programming
// step and the stopping rule.
//
// Every iteration plays the best response to lambda, then measures two
// candidates: Algorithm 1's average (the uniform mixture of the plays with
// the mean multiplier) and, with the LP step (fairlearn's
// `solve_linprog`), the best mixture of every hypothesis found so far,
//   min_q cost . q + B s  s.t.  gamma(q) - bound <= s,  sum q = 1,  q, s >= 0,
// with the multiplier of that LP's dual. The candidate with the smaller gap
// counts; the game stops when it is at most nu (after min_iterations) and
// returns the candidate with the smallest gap seen. Both candidates are
// pairs (Q, lambda) of the same game, so Theorem 1's guarantee holds for
// whichever is returned.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

namespace tinyfair::host::reductions {

/// What the game knows of a hypothesis (or a mixture): its cost (error or
/// loss) and its constraint values; constraint k reads gamma_k <= bound_k.
struct EgPoint {
  double cost = 0.0;
  Eigen::VectorXd gamma;
};

/// The best response to multipliers lambda >= 0 (one per constraint). The
/// oracle keeps the hypothesis itself; the core names hypotheses by the
/// order of the oracle's calls (0, 1, ...).
using EgOracle = std::function<EgPoint(const Eigen::VectorXd& lambda)>;

struct EgSettings {
  /// bound_k of every constraint (its size is the number of multipliers).
  Eigen::VectorXd bound;
  /// B, the l1 bound on lambda.
  double multiplier_bound = 1.0;
  /// nu, the duality-gap tolerance.
  double nu = 1e-3;
  /// Constraints k and k + K/2 are +gamma and -gamma of one moment: only
  /// lambda_k - lambda_(k+K/2) acts, so the gap is measured at the
  /// multiplier with the smaller of the two removed (same best responses,
  /// larger Lagrangian).
  bool paired = false;
  int max_iterations = 50;
  /// The game may stop on its gap only after this many iterations.
  int min_iterations = 1;
  /// eta = eta0 / B, or with step_from_first_response eta0 / max_k
  /// |gamma_k(h_1) - bound_k| (constraints far below 1 in size).
  double eta0 = 2.0;
  bool step_from_first_response = false;
  /// > 0: this fixed step (the theory's) instead of the practical schedule.
  double theory_step = 0.0;
  /// Run the LP step every iteration.
  bool lp_step = true;
  /// Without the LP step: stop before Algorithm 1's average would need more
  /// distinct members than this (0: no limit).
  int max_members = 0;
};

/// One iteration's numbers, for progress lines: the counted candidate's gap,
/// cost and constraint values, and its multiplier's l1 norm.
struct EgStep {
  int iteration = 0;
  double gap = 0.0;
  EgPoint mixture;
  double lambda_norm = 0.0;
};
using EgProgress = std::function<void(const EgStep& step)>;

/// The returned candidate and how the game ended.
struct EgOutcome {
  /// Weights over the hypotheses found (by oracle call), summing to 1.
  Eigen::VectorXd weights;
  EgPoint mixture;
  Eigen::VectorXd lambda;
  double gap = 0.0;
  bool from_lp = false;
  bool converged = false;
  /// "duality gap <= nu", "iteration limit" or "member limit".
  std::string stopped_by;
  int iterations = 0;
  int oracle_calls = 0;
};

/// The game over one moment and oracle.
class EgGame {
 public:
  EgGame(EgSettings settings, EgOracle oracle);

  /// The cached best response to lambda: a new oracle call, replaced by the
  /// first hypothesis found earlier whose Lagrangian is no larger.
  /// Returns its index in found().
  size_t Respond(const Eigen::VectorXd& lambda);
  /// Plays the game (hypotheses found before, e.g. to set nu, stay cached).
  EgOutcome Play(const EgProgress& progress = {});

  /// Every hypothesis the oracle returned, by call.
  const std::vector<EgPoint>& found() const { return found_; }
  /// Whether found()[j] was the best response when found (the others lost
  /// to an earlier hypothesis and are never played; as the released code,
  /// the LP step mixes only the kept ones).
  const std::vector<bool>& kept() const { return kept_; }
  const EgSettings& settings() const { return settings_; }
  /// nu, when it depends on a first response (as the classification's).
  void SetTolerance(double nu) { settings_.nu = nu; }

  /// cost + lambda . (gamma - bound).
  double Lagrangian(const EgPoint& point, const Eigen::VectorXd& lambda) const;
  /// cost and gamma of the mixture with these weights over found().
  EgPoint MixtureOf(const Eigen::VectorXd& weights) const;

 private:
  // A pair (Q, lambda) of the game and its duality gap.
  struct Candidate {
    Eigen::VectorXd weights;
    EgPoint mixture;
    Eigen::VectorXd lambda;
    double gap = 0.0;
    bool from_lp = false;
  };
  Candidate Average(const std::vector<int>& plays, int t, const Eigen::VectorXd& lambda_sum) const;
  Candidate LinearProgram();
  // The gap of (Q, lambda); the oracle is not asked when the gap is surely
  // above `beat` (a candidate already that good).
  void MeasureGap(Candidate& candidate, double beat);
  double SmallerSideRemoved(Eigen::VectorXd& lambda) const;
  double StepSize(const EgPoint& first) const;

  EgSettings settings_;
  EgOracle oracle_;
  std::vector<EgPoint> found_;
  std::vector<bool> kept_;
  int oracle_calls_ = 0;
  // The LP step's last candidate and the number of hypotheses it saw: with
  // none found since, it is the same.
  size_t lp_found_ = 0;
  Candidate lp_;
};

}  // namespace tinyfair::host::reductions
