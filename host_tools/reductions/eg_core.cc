#include "host_tools/reductions/eg_core.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

#include "host_tools/reductions/eg_linear_program.h"
#include "host_tools/reductions/exponentiated_gradient.h"

namespace tinyfair::host::reductions {
namespace {

using Eigen::Index;
using Eigen::VectorXd;

// The gap's lower end: the best responses to 1, 2, 5 and 10 times the
// multiplier (the released code's), asked until the gap exceeds nu.
constexpr double kLowScales[] = {1.0, 2.0, 5.0, 10.0};
constexpr double kInfinity = std::numeric_limits<double>::infinity();

int Distinct(const std::vector<int>& plays) {
  return static_cast<int>(std::count_if(plays.begin(), plays.end(), [](int n) { return n > 0; }));
}

}  // namespace

EgGame::EgGame(EgSettings settings, EgOracle oracle)
    : settings_(std::move(settings)), oracle_(std::move(oracle)) {
  const Index K = settings_.bound.size();
  if (!(settings_.multiplier_bound > 0.0) || !(settings_.nu >= 0.0) ||
      settings_.max_iterations < 1 || !(settings_.eta0 > 0.0) || (settings_.paired && K % 2)) {
    throw std::invalid_argument(
        "exponentiated gradient: needs B > 0, nu >= 0, eta0 > 0, an iteration and paired "
        "constraints in pairs");
  }
}

double EgGame::Lagrangian(const EgPoint& point, const VectorXd& lambda) const {
  return point.cost + lambda.dot(point.gamma - settings_.bound);
}

EgPoint EgGame::MixtureOf(const VectorXd& weights) const {
  EgPoint mixture{0.0, VectorXd::Zero(settings_.bound.size())};
  for (Index j = 0; j < weights.size(); ++j) {
    if (weights[j] == 0.0) continue;
    mixture.cost += weights[j] * found_[static_cast<size_t>(j)].cost;
    mixture.gamma += weights[j] * found_[static_cast<size_t>(j)].gamma;
  }
  return mixture;
}

size_t EgGame::Respond(const VectorXd& lambda) {
  ++oracle_calls_;
  found_.push_back(oracle_(lambda));
  const size_t fresh = found_.size() - 1;
  size_t best = fresh;
  double best_value = Lagrangian(found_[fresh], lambda);
  for (size_t j = 0; j < fresh; ++j) {
    const double value = Lagrangian(found_[j], lambda);
    if (value <= best_value && (best == fresh || value < best_value)) {
      best = j;
      best_value = value;
    }
  }
  kept_.push_back(best == fresh);
  return best;
}

double EgGame::SmallerSideRemoved(VectorXd& lambda) const {
  if (settings_.paired) {
    const Index k = lambda.size() / 2;
    const VectorXd difference = lambda.head(k) - lambda.tail(k);
    lambda << difference.cwiseMax(0.0), (-difference).cwiseMax(0.0);
  }
  return lambda.sum();
}

EgGame::Candidate EgGame::Average(const std::vector<int>& plays, int t,
                                  const VectorXd& lambda_sum) const {
  Candidate candidate;
  candidate.weights = VectorXd::Zero(static_cast<Index>(plays.size()));
  for (size_t j = 0; j < plays.size(); ++j) {
    candidate.weights[static_cast<Index>(j)] = static_cast<double>(plays[j]) / t;
  }
  candidate.mixture = MixtureOf(candidate.weights);
  candidate.lambda = lambda_sum / t;
  SmallerSideRemoved(candidate.lambda);
  return candidate;
}

EgGame::Candidate EgGame::LinearProgram() {
  if (lp_found_ == found_.size()) return lp_;
  lp_found_ = found_.size();
  lp_ = Candidate();
  lp_.from_lp = true;
  std::vector<EgPoint> columns;
  std::vector<Index> column_of;
  for (size_t j = 0; j < found_.size(); ++j) {
    if (!kept_[j]) continue;
    columns.push_back(found_[j]);
    column_of.push_back(static_cast<Index>(j));
  }
  const EgLpSolution lp =
      SolveEgLinearProgram(columns, settings_.bound, settings_.multiplier_bound);
  if (!lp.solved) {
    lp_.gap = kInfinity;
    return lp_;
  }
  lp_.weights = VectorXd::Zero(static_cast<Index>(found_.size()));
  for (size_t c = 0; c < column_of.size(); ++c) {
    lp_.weights[column_of[c]] = lp.weights[static_cast<Index>(c)];
  }
  lp_.mixture = MixtureOf(lp_.weights);
  lp_.lambda = lp.lambda;
  SmallerSideRemoved(lp_.lambda);
  MeasureGap(lp_, kInfinity);
  return lp_;
}

void EgGame::MeasureGap(Candidate& candidate, double beat) {
  const VectorXd& lambda = candidate.lambda;
  const EgPoint& q = candidate.mixture;
  const double middle = Lagrangian(q, lambda);
  const double excess = settings_.bound.size() ? (q.gamma - settings_.bound).maxCoeff() : 0.0;
  const double high = q.cost + settings_.multiplier_bound * std::max(0.0, excess);
  // Every hypothesis found bounds the best response's Lagrangian from above,
  // so the gap from below: a candidate surely worse than `beat` costs no
  // oracle call.
  double low = middle;
  for (const EgPoint& h : found_) low = std::min(low, Lagrangian(h, lambda));
  candidate.gap = std::max(high - middle, middle - low);
  if (candidate.gap > beat) return;
  for (const double scale : kLowScales) {
    const EgPoint& h = found_[Respond(scale * lambda)];
    low = std::min(low, Lagrangian(h, lambda));
    candidate.gap = std::max(high - middle, middle - low);
    if (candidate.gap > settings_.nu) break;
  }
}

double EgGame::StepSize(const EgPoint& first) const {
  if (settings_.theory_step > 0.0) return settings_.theory_step;
  if (!settings_.step_from_first_response) return settings_.eta0 / settings_.multiplier_bound;
  const double scale = (first.gamma - settings_.bound).cwiseAbs().maxCoeff();
  return settings_.eta0 / std::max(1e-9, scale);
}

EgOutcome EgGame::Play(const EgProgress& progress) {
  const Index K = settings_.bound.size();
  const double B = settings_.multiplier_bound;
  VectorXd theta = VectorXd::Zero(K), lambda_sum = VectorXd::Zero(K);
  std::vector<int> plays;
  std::optional<StepSchedule> schedule;
  Candidate best;
  best.gap = kInfinity;
  EgOutcome outcome;
  outcome.stopped_by = "iteration limit";
  for (int t = 1; t <= settings_.max_iterations; ++t) {
    const VectorXd lambda = DualWeights(theta, B);
    const size_t played = Respond(lambda);
    plays.resize(found_.size(), 0);
    ++plays[played];
    if (!settings_.lp_step && settings_.max_members > 0 &&
        Distinct(plays) > settings_.max_members) {
      outcome.stopped_by = "member limit";
      break;
    }
    lambda_sum += lambda;
    outcome.iterations = t;
    Candidate counted = Average(plays, t, lambda_sum);
    if (settings_.lp_step && t >= 2) {
      const Candidate lp = LinearProgram();
      MeasureGap(counted, lp.gap);
      if (lp.gap <= counted.gap) counted = lp;
    } else {
      MeasureGap(counted, kInfinity);
    }
    if (counted.gap < best.gap) best = counted;
    if (progress) progress({t, counted.gap, counted.mixture, counted.lambda.sum()});
    if (counted.gap <= settings_.nu && t >= settings_.min_iterations) {
      outcome.stopped_by = "duality gap <= nu";
      break;
    }
    const EgPoint& h = found_[played];
    // The step size is fixed by the first response (or B); it shrinks by
    // the schedule when the best gap stalls, before the step is taken.
    if (!schedule) schedule.emplace(B, StepSize(h) * B, settings_.theory_step);
    schedule->Update(t, best.gap);
    theta += schedule->step() * (h.gamma - settings_.bound);
  }
  outcome.oracle_calls = oracle_calls_;
  if (outcome.iterations == 0) return outcome;
  outcome.weights = VectorXd::Zero(static_cast<Index>(found_.size()));
  outcome.weights.head(best.weights.size()) = best.weights;
  outcome.mixture = best.mixture;
  outcome.lambda = best.lambda;
  outcome.gap = best.gap;
  outcome.from_lp = best.from_lp;
  outcome.converged = best.gap <= settings_.nu;
  return outcome;
}

}  // namespace tinyfair::host::reductions
