#include "host_tools/learn/lbfgs.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <stdexcept>
#include <utility>

namespace tinyfair::host::learn {
namespace {

using Eigen::VectorXd;

// Wolfe constants: sufficient decrease and (weak) curvature.
constexpr double kArmijo = 1e-4;
constexpr double kCurvature = 0.9;
// Relative change of an objective that is indistinguishable from rounding
// in its sum.
constexpr double kObjectiveNoise = 1e-13;

struct Pair {
  VectorXd s, y;
  double rho;  // 1 / s'y
};

// -H g by the two-loop recursion, with H0 the preconditioner or else
// (s'y / y'y) I from the newest pair.
VectorXd Direction(const std::deque<Pair>& pairs, const VectorXd& g,
                   const LbfgsPreconditioner& preconditioner) {
  VectorXd q = -g;
  std::vector<double> alpha(pairs.size());
  for (size_t k = pairs.size(); k-- > 0;) {
    alpha[k] = pairs[k].rho * pairs[k].s.dot(q);
    q -= alpha[k] * pairs[k].y;
  }
  if (preconditioner) {
    preconditioner(q);
  } else if (!pairs.empty()) {
    const Pair& last = pairs.back();
    q *= 1.0 / (last.rho * last.y.squaredNorm());
  }
  for (size_t k = 0; k < pairs.size(); ++k) {
    const double beta = pairs[k].rho * pairs[k].y.dot(q);
    q += (alpha[k] - beta) * pairs[k].s;
  }
  return q;
}

}  // namespace

const char* LbfgsStopName(LbfgsStop stop) {
  switch (stop) {
    case LbfgsStop::kGradient:
      return "gradient";
    case LbfgsStop::kNoProgress:
      return "no progress";
    case LbfgsStop::kLineSearch:
      return "line search";
    case LbfgsStop::kMaxIterations:
      return "iteration limit";
  }
  return "?";
}

namespace {

// The search direction d and its slope g'd, with the first step to try.
// A direction that does not descend is replaced by steepest descent, and the
// pairs are forgotten.
VectorXd SearchDirection(std::deque<Pair>& pairs, const LbfgsResult& r,
                         const LbfgsPreconditioner& preconditioner, double& slope, double& step) {
  VectorXd d = Direction(pairs, r.gradient, preconditioner);
  slope = r.gradient.dot(d);
  bool steepest = !preconditioner && pairs.empty();
  if (!(slope < 0.0) || !d.allFinite()) {
    pairs.clear();
    d = -r.gradient;
    slope = -r.gradient_norm * r.gradient_norm;
    steepest = true;
  }
  // Without curvature information the first step is scaled to length 1.
  step = steepest ? std::min(1.0, 1.0 / d.norm()) : 1.0;
  return d;
}

// The line search's points, kept between iterations so that their storage
// is reused: the last trial and the best point of sufficient decrease.
struct SearchPoints {
  VectorXd trial_x, trial_g, lo_x, lo_g;
};

struct SearchOutcome {
  bool wolfe = false;
  double lo = 0.0;    // the largest step of sufficient decrease found
  double lo_f = 0.0;  // the objective at the accepted point
};

// Weak Wolfe bracketing: halve inside [lo, hi] or double while unbounded.
// On a Wolfe point, points.trial_x and trial_g hold it.
SearchOutcome WolfeLineSearch(const LbfgsObjective& f, const VectorXd& d, double slope, double step,
                              const LbfgsOptions& options, LbfgsResult& r, SearchPoints& points) {
  const double noise = kObjectiveNoise * std::max(1.0, std::abs(r.objective));
  double hi = std::numeric_limits<double>::infinity();
  SearchOutcome out;
  out.lo_f = r.objective;
  for (int k = 0; k < options.max_line_search_steps; ++k) {
    points.trial_x = r.x + step * d;
    const double trial_f = f(points.trial_x, points.trial_g);
    ++r.evaluations;
    // Near the optimum the decrease drops below the rounding of the
    // objective; a smaller gradient then shows the step is progress.
    const bool flat_but_closer =
        trial_f <= r.objective + noise && points.trial_g.norm() < r.gradient_norm;
    if (!std::isfinite(trial_f) || !points.trial_g.allFinite() ||
        (trial_f > r.objective + kArmijo * step * slope && !flat_but_closer)) {
      hi = step;
    } else if (points.trial_g.dot(d) < kCurvature * slope) {
      out.lo = step;
      out.lo_f = trial_f;
      points.lo_x = points.trial_x;
      points.lo_g = points.trial_g;
    } else {
      out.wolfe = true;
      out.lo_f = trial_f;
      break;
    }
    step = std::isfinite(hi) ? 0.5 * (out.lo + hi) : 2.0 * step;
  }
  return out;
}

// Moves to the accepted point (points.trial_x, trial_g), learning its pair
// when it is a Wolfe point of positive curvature; returns the decrease.
double Accept(const SearchOutcome& search, const LbfgsOptions& options, std::deque<Pair>& pairs,
              SearchPoints& points, LbfgsResult& r) {
  VectorXd s = points.trial_x - r.x;
  VectorXd y = points.trial_g - r.gradient;
  const double sy = s.dot(y);
  if (search.wolfe && sy > 1e-16 * s.norm() * y.norm() && sy > 0.0) {
    pairs.push_back({std::move(s), std::move(y), 1.0 / sy});
    if (static_cast<int>(pairs.size()) > options.memory) pairs.pop_front();
  }
  const double decrease = r.objective - search.lo_f;
  r.x.swap(points.trial_x);
  r.gradient.swap(points.trial_g);
  r.objective = search.lo_f;
  r.gradient_norm = r.gradient.norm();
  ++r.iterations;
  return decrease;
}

}  // namespace

LbfgsResult MinimizeLbfgs(const LbfgsObjective& f, VectorXd x0, const LbfgsOptions& options,
                          const LbfgsProgress& progress,
                          const LbfgsPreconditioner& preconditioner) {
  if (options.memory < 1 || options.max_iterations < 0 || options.max_line_search_steps < 1 ||
      !(options.gradient_tolerance >= 0.0) || !(options.objective_tolerance >= 0.0) ||
      options.patience < 1) {
    throw std::invalid_argument("MinimizeLbfgs: invalid options");
  }
  LbfgsResult r;
  r.x = std::move(x0);
  r.gradient.resize(r.x.size());
  r.objective = f(r.x, r.gradient);
  r.evaluations = 1;
  if (!std::isfinite(r.objective) || !r.gradient.allFinite()) {
    throw std::invalid_argument("MinimizeLbfgs: objective or gradient not finite at the start");
  }
  r.gradient_norm = r.gradient.norm();

  std::deque<Pair> pairs;
  int stalled = 0;
  SearchPoints points;
  points.trial_g.resize(r.x.size());
  while (true) {
    if (r.gradient_norm <= options.gradient_tolerance) {
      r.stop = LbfgsStop::kGradient;
      break;
    }
    if (r.iterations >= options.max_iterations) {
      r.stop = LbfgsStop::kMaxIterations;
      break;
    }
    double slope = 0.0, step = 0.0;
    const VectorXd d = SearchDirection(pairs, r, preconditioner, slope, step);
    const SearchOutcome search = WolfeLineSearch(f, d, slope, step, options, r, points);
    if (!search.wolfe) {
      // No Wolfe point (a kink or the limit of precision): keep the best
      // point with sufficient decrease, if any, but learn no curvature.
      if (search.lo == 0.0) {
        r.stop = LbfgsStop::kLineSearch;
        break;
      }
      points.trial_x = points.lo_x;
      points.trial_g = points.lo_g;
    }
    const double decrease = Accept(search, options, pairs, points, r);
    if (progress) progress(r.iterations, r.objective, r.gradient_norm);
    stalled = decrease <= options.objective_tolerance * std::max(1.0, std::abs(r.objective))
                  ? stalled + 1
                  : 0;
    if (stalled >= options.patience) {
      r.stop = LbfgsStop::kNoProgress;
      break;
    }
  }
  return r;
}

}  // namespace tinyfair::host::learn
