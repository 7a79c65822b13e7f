#include "host_tools/reductions/exponentiated_gradient_reduction.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "host_tools/reductions/exponentiated_gradient.h"

namespace tinyfair::host {
namespace {

// The released implementation's schedule: first check of the gap's
// progress after 5 iterations, then every 1.6 times as many; eta shrinks
// by 0.8 when the best gap did not fall below 0.8 of the previous check's.
constexpr double kCheckStart = 5.0;
constexpr double kCheckGrowth = 1.6;
constexpr double kShrinkGap = 0.8;
constexpr double kShrinkEta = 0.8;
// nu = kAccuracyMultiplier * sd|h_0 - y| / sqrt(n).
constexpr double kAccuracyMultiplier = 0.5;
constexpr double kLowScales[] = {1.0, 2.0, 5.0, 10.0};
// Iterations before the gap may stop the game.
constexpr int kMinIterations = 5;

// The moments' structure on the training sample: the row's event e (DP:
// every row is in event 0; EO: its label) and group a, its probability
// p_i, and the probabilities P(e, a) and P(e). Moment k = e * groups + a is
// gamma_k(h) = E[h | e, a] - E[h | e].
struct MomentTable {
  int groups = 0;
  int events = 0;
  Eigen::VectorXd p;
  std::vector<int> event, group;
  std::vector<double> p_event_group, p_event;

  int count() const { return events * groups; }

  Eigen::VectorXd Of(const Eigen::VectorXd& h) const {
    std::vector<double> joint(static_cast<size_t>(count()), 0.0);
    std::vector<double> marginal(static_cast<size_t>(events), 0.0);
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      const size_t e = static_cast<size_t>(event[static_cast<size_t>(i)]);
      const size_t a = static_cast<size_t>(group[static_cast<size_t>(i)]);
      joint[e * static_cast<size_t>(groups) + a] += p[i] * h[i];
      marginal[e] += p[i] * h[i];
    }
    Eigen::VectorXd gamma(count());
    for (int e = 0; e < events; ++e) {
      for (int a = 0; a < groups; ++a) {
        const size_t k = static_cast<size_t>(e * groups + a);
        gamma[static_cast<Eigen::Index>(k)] =
            joint[k] / p_event_group[k] -
            marginal[static_cast<size_t>(e)] / p_event[static_cast<size_t>(e)];
      }
    }
    return gamma;
  }

  // d/dh_i of sum_k signed_k gamma_k.
  Eigen::VectorXd RowCoefficients(const Eigen::VectorXd& signed_lambda) const {
    std::vector<double> per_event(static_cast<size_t>(events), 0.0);
    for (int e = 0; e < events; ++e) {
      for (int a = 0; a < groups; ++a) {
        per_event[static_cast<size_t>(e)] += signed_lambda[e * groups + a];
      }
    }
    Eigen::VectorXd g(p.size());
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      const int e = event[static_cast<size_t>(i)];
      const size_t k = static_cast<size_t>(e * groups + group[static_cast<size_t>(i)]);
      g[i] = p[i] * (signed_lambda[static_cast<Eigen::Index>(k)] / p_event_group[k] -
                     per_event[static_cast<size_t>(e)] / p_event[static_cast<size_t>(e)]);
    }
    return g;
  }
};

MomentTable BuildMoments(ReductionConstraint constraint, const Eigen::VectorXd& y,
                         const Eigen::VectorXi& group, const Eigen::VectorXd& sample_weight) {
  const Eigen::Index n = y.size();
  if (group.size() != n || (sample_weight.size() != 0 && sample_weight.size() != n)) {
    throw std::invalid_argument("reduction: labels, groups and weights differ in length");
  }
  MomentTable m;
  m.events = constraint == ReductionConstraint::kEqualizedOdds ? 2 : 1;
  m.groups = n == 0 ? 0 : group.maxCoeff() + 1;
  if (n == 0 || group.minCoeff() < 0) {
    throw std::invalid_argument("reduction: needs rows, with group indices 0, 1, ...");
  }
  m.p = sample_weight.size() == 0 ? Eigen::VectorXd::Ones(n) : sample_weight;
  const double total = m.p.sum();
  if (!(total > 0.0) || !std::isfinite(total) || m.p.minCoeff() < 0.0) {
    throw std::invalid_argument("reduction: weights must be finite, non-negative, positive sum");
  }
  m.p /= total;
  m.p_event_group.assign(static_cast<size_t>(m.count()), 0.0);
  m.p_event.assign(static_cast<size_t>(m.events), 0.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (y[i] != 0.0 && y[i] != 1.0) throw std::invalid_argument("reduction: labels must be 0/1");
    const int e = m.events == 2 ? static_cast<int>(y[i]) : 0;
    m.event.push_back(e);
    m.group.push_back(group[i]);
    m.p_event_group[static_cast<size_t>(e * m.groups + group[i])] += m.p[i];
    m.p_event[static_cast<size_t>(e)] += m.p[i];
  }
  for (int e = 0; e < m.events; ++e) {
    for (int a = 0; a < m.groups; ++a) {
      if (m.p_event_group[static_cast<size_t>(e * m.groups + a)] > 0.0) continue;
      throw std::invalid_argument(
          "reduction: group " + std::to_string(a) + " has no weight" +
          (m.events == 2 ? std::string(" among the rows with label ") + std::to_string(e) : ""));
    }
  }
  return m;
}

// A played classifier with its decisions, error and moments on the sample.
struct Hypothesis {
  LogisticFit fit;
  Eigen::VectorXd h;
  double error = 0.0;
  Eigen::VectorXd gamma;
};

// L(h, lambda) with lambda = [lambda+; lambda-].
double Lagrangian(double error, const Eigen::VectorXd& gamma, const Eigen::VectorXd& lambda,
                  double epsilon) {
  const Eigen::Index k = gamma.size();
  return error + lambda.head(k).dot((gamma.array() - epsilon).matrix()) +
         lambda.tail(k).dot((-gamma.array() - epsilon).matrix());
}

class Game {
 public:
  Game(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, const MomentTable& moments,
       const ReductionOptions& options)
      : X_(X), y_(y), moments_(moments), options_(options) {}

  // argmin_h L(h, lambda) by the weighted logistic learner, or the cached
  // classifier when that is at least as good; returns its index.
  size_t BestResponse(const Eigen::VectorXd& lambda) {
    ++oracle_calls_;
    const Eigen::Index k = moments_.count();
    const Eigen::VectorXd g = moments_.RowCoefficients(lambda.head(k) - lambda.tail(k));
    // Cost of deciding 1 minus cost of deciding 0, per row.
    const Eigen::VectorXd p = moments_.p;
    const Eigen::VectorXd cost_difference = (p.array() * (1.0 - 2.0 * y_.array())).matrix() + g;
    Eigen::VectorXd label(y_.size()), weight(y_.size());
    for (Eigen::Index i = 0; i < y_.size(); ++i) {
      label[i] = cost_difference[i] < 0.0 ? 1.0 : 0.0;
      weight[i] = std::abs(cost_difference[i]);
    }
    Hypothesis candidate;
    const double positive_weight = label.dot(weight), total_weight = weight.sum();
    if (positive_weight > 0.0 && positive_weight < total_weight) {
      // Successive multipliers differ little, so the learner starts from
      // its previous solution: the same optimum in fewer Newton steps.
      LogisticOptions learner = options_.learner;
      if (warm_start_.coefficients.size() == X_.cols()) {
        learner.initial_coefficients = warm_start_.coefficients;
        learner.initial_intercept = warm_start_.intercept;
      }
      candidate.fit = FitLogisticRegression(X_, label, weight / total_weight * y_.size(), learner);
      warm_start_ = candidate.fit;
    } else {
      // One decision is cheaper everywhere: the constant classifier.
      candidate.fit.coefficients = Eigen::VectorXd::Zero(X_.cols());
      candidate.fit.intercept = positive_weight > 0.0 ? 1.0 : -1.0;
      candidate.fit.converged = true;
    }
    candidate.h = Decisions(candidate.fit, X_);
    candidate.error = moments_.p.dot((candidate.h - y_).cwiseAbs());
    candidate.gamma = moments_.Of(candidate.h);
    const double value = Lagrangian(candidate.error, candidate.gamma, lambda, options_.epsilon);
    size_t best = cache_.size();
    double best_value = value;
    for (size_t j = 0; j < cache_.size(); ++j) {
      const double cached = Lagrangian(cache_[j].error, cache_[j].gamma, lambda, options_.epsilon);
      if (cached <= best_value) {
        best = j;
        best_value = cached;
      }
    }
    if (best == cache_.size()) cache_.push_back(std::move(candidate));
    return best;
  }

  static Eigen::VectorXd Decisions(const LogisticFit& fit, const Eigen::MatrixXd& X) {
    const Eigen::VectorXd z = (X * fit.coefficients).array() + fit.intercept;
    return (z.array() >= 0.0).cast<double>();
  }

  const std::vector<Hypothesis>& cache() const { return cache_; }
  int oracle_calls() const { return oracle_calls_; }

 private:
  const Eigen::MatrixXd& X_;
  const Eigen::VectorXd& y_;
  const MomentTable& moments_;
  const ReductionOptions& options_;
  std::vector<Hypothesis> cache_;
  // The learner's last solution, where its next fit starts.
  LogisticFit warm_start_;
  int oracle_calls_ = 0;
};

// Q's training error and moments from its weights over the cache.
void MixtureNumbers(const std::vector<Hypothesis>& cache, const Eigen::VectorXd& weight,
                    double& error, Eigen::VectorXd& gamma) {
  error = 0.0;
  gamma = Eigen::VectorXd::Zero(cache.front().gamma.size());
  for (size_t j = 0; j < cache.size(); ++j) {
    const double w = weight[static_cast<Eigen::Index>(j)];
    if (w == 0.0) continue;
    error += w * cache[j].error;
    gamma += w * cache[j].gamma;
  }
}

// Removes members while keeping sum w_j [error_j; gamma_j; 1] fixed: each
// kernel direction of that matrix moves weight until a member's reaches 0.
void ReduceSupport(const std::vector<Hypothesis>& cache, Eigen::VectorXd& weight) {
  for (;;) {
    std::vector<size_t> support;
    for (size_t j = 0; j < cache.size(); ++j) {
      if (weight[static_cast<Eigen::Index>(j)] > 0.0) support.push_back(j);
    }
    const Eigen::Index rows = cache.front().gamma.size() + 2;
    Eigen::MatrixXd A(rows, static_cast<Eigen::Index>(support.size()));
    for (size_t c = 0; c < support.size(); ++c) {
      const Hypothesis& h = cache[support[c]];
      A.col(static_cast<Eigen::Index>(c)) << h.error, h.gamma, 1.0;
    }
    Eigen::FullPivLU<Eigen::MatrixXd> lu(A);
    lu.setThreshold(1e-10);
    if (lu.dimensionOfKernel() == 0) return;
    Eigen::VectorXd v = lu.kernel().col(0);
    if (v.maxCoeff() <= 0.0) v = -v;
    double step = std::numeric_limits<double>::infinity();
    size_t leaving = 0;
    for (size_t c = 0; c < support.size(); ++c) {
      const double vc = v[static_cast<Eigen::Index>(c)];
      if (vc <= 0.0) continue;
      const double t = weight[static_cast<Eigen::Index>(support[c])] / vc;
      if (t < step) {
        step = t;
        leaving = c;
      }
    }
    for (size_t c = 0; c < support.size(); ++c) {
      double& w = weight[static_cast<Eigen::Index>(support[c])];
      w = c == leaving ? 0.0 : std::max(0.0, w - step * v[static_cast<Eigen::Index>(c)]);
    }
  }
}

// Only lambda+ - lambda- of a pair acts on Q; the dual point with the
// smaller of the two removed has the same best responses and a larger
// Lagrangian (less epsilon penalty), so the gap is measured there.
Eigen::VectorXd Project(const Eigen::VectorXd& lambda) {
  const Eigen::Index k = lambda.size() / 2;
  const Eigen::VectorXd difference = lambda.head(k) - lambda.tail(k);
  Eigen::VectorXd projected(lambda.size());
  projected << difference.cwiseMax(0.0), (-difference).cwiseMax(0.0);
  return projected;
}

double Violation(const Eigen::VectorXd& gamma) { return gamma.cwiseAbs().maxCoeff(); }

}  // namespace

Eigen::VectorXd ReductionMoments(ReductionConstraint constraint, const Eigen::VectorXd& h,
                                 const Eigen::VectorXd& y, const Eigen::VectorXi& group,
                                 const Eigen::VectorXd& sample_weight) {
  return BuildMoments(constraint, y, group, sample_weight).Of(h);
}

int MaxReductionMembers(ReductionConstraint constraint, int group_count) {
  const int independent_moments =
      (constraint == ReductionConstraint::kEqualizedOdds ? 2 : 1) * (group_count - 1);
  return independent_moments + 2;
}

Eigen::VectorXd MemberDecisions(const ReductionMember& member, const Eigen::MatrixXd& X) {
  return Game::Decisions(member.classifier, X);
}

Eigen::VectorXd MixtureExpectedDecisions(const ReductionFit& fit, const Eigen::MatrixXd& X) {
  Eigen::VectorXd expected = Eigen::VectorXd::Zero(X.rows());
  for (const auto& member : fit.members) expected += member.weight * MemberDecisions(member, X);
  return expected;
}

namespace {

void CheckReductionInputs(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                          const ReductionOptions& options) {
  if (X.rows() != y.size()) throw std::invalid_argument("reduction: X and y differ in rows");
  if (!(options.epsilon >= 0.0) || !(options.bound >= 0.0) || !(options.nu >= 0.0) ||
      options.max_iterations < 1 || !(options.eta0 > 0.0) ||
      (options.bound == 0.0 && options.epsilon == 0.0)) {
    throw std::invalid_argument(
        "reduction: needs epsilon >= 0, B >= 0 (B > 0 when epsilon = 0), nu >= 0, eta0 > 0 and "
        "at least one iteration");
  }
}

// The unconstrained response sets nu (and is a cached classifier).
double AccuracyTolerance(Game& game, const Eigen::VectorXd& y, const MomentTable& moments,
                         const ReductionOptions& options) {
  const size_t unconstrained = game.BestResponse(Eigen::VectorXd::Zero(2 * moments.count()));
  if (options.nu > 0.0) return options.nu;
  const Eigen::VectorXd miss = (game.cache()[unconstrained].h - y).cwiseAbs();
  const double mean = moments.p.dot(miss);
  const double variance = moments.p.dot((miss.array() - mean).square().matrix());
  return kAccuracyMultiplier * std::sqrt(variance) / std::sqrt(double(y.size()));
}

// The candidate of iteration t (uniform mixture of the plays, mean lambda):
// its error, moments and duality gap.
struct Candidate {
  double error = 0.0;
  Eigen::VectorXd gamma;
  Eigen::VectorXd lambda_mean;
  double gap = 0.0;
};

Candidate CandidateOf(Game& game, const std::vector<int>& plays, int t,
                      const Eigen::VectorXd& lambda_sum, const ReductionOptions& options, double B,
                      double nu) {
  Eigen::VectorXd weight = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(plays.size()));
  for (size_t j = 0; j < plays.size(); ++j) weight[static_cast<Eigen::Index>(j)] = plays[j];
  weight /= t;
  Candidate candidate;
  candidate.lambda_mean = Project(lambda_sum / t);
  const Eigen::VectorXd& lambda_mean = candidate.lambda_mean;
  MixtureNumbers(game.cache(), weight, candidate.error, candidate.gamma);
  const double middle = Lagrangian(candidate.error, candidate.gamma, lambda_mean, options.epsilon);
  const double high =
      candidate.error +
      B * std::max(0.0, (candidate.gamma.cwiseAbs().array() - options.epsilon).maxCoeff());
  // The lower bound: the best response to the mean multiplier, scaled up
  // while the gap is not yet above nu (as the released code).
  double low = middle;
  for (const double scale : kLowScales) {
    const Hypothesis& h = game.cache()[game.BestResponse(scale * lambda_mean)];
    low = std::min(low, Lagrangian(h.error, h.gamma, lambda_mean, options.epsilon));
    if (std::max(high - middle, middle - low) > nu) break;
  }
  candidate.gap = std::max(high - middle, middle - low);
  return candidate;
}

// The plays of the candidate with the smallest gap.
struct BestPlays {
  std::vector<int> plays;
  int t = 0;
  double gap = std::numeric_limits<double>::infinity();
};

// The game: exponentiated gradient on the multipliers against the learner's
// best responses, until the gap is at most nu or the iterations run out.
BestPlays PlayReductionGame(Game& game, const MomentTable& moments, const ReductionOptions& options,
                            const ReductionProgress& progress, ReductionFit& result) {
  const Eigen::Index k = moments.count();
  const double B = result.bound;
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(2 * k);
  Eigen::VectorXd lambda_sum = Eigen::VectorXd::Zero(2 * k);
  std::vector<int> plays;
  double eta = options.eta0 / B;
  double last_check = kCheckStart, last_gap = std::numeric_limits<double>::infinity();
  BestPlays best;
  for (int t = 1; t <= options.max_iterations; ++t) {
    // lambda_k = B exp(theta_k) / (1 + sum exp(theta)), with the implicit
    // slack coordinate at theta = 0.
    const Eigen::VectorXd lambda = DualWeights(theta, B);
    const size_t played = game.BestResponse(lambda);
    plays.resize(game.cache().size(), 0);
    ++plays[played];
    lambda_sum += lambda;
    const Candidate candidate = CandidateOf(game, plays, t, lambda_sum, options, B, result.nu);
    if (candidate.gap < best.gap) {
      best.gap = candidate.gap;
      best.plays = plays;
      best.t = t;
    }
    result.iterations = t;
    if (progress) {
      progress({t, candidate.gap, candidate.error, Violation(candidate.gamma),
                candidate.lambda_mean.sum()});
    }
    if (candidate.gap <= result.nu && t >= kMinIterations) {
      result.converged = true;
      break;
    }
    if (t >= last_check * kCheckGrowth) {
      if (best.gap > kShrinkGap * last_gap) eta *= kShrinkEta;
      last_check = t;
      last_gap = best.gap;
    }
    const Eigen::VectorXd& h_gamma = game.cache()[played].gamma;
    theta.head(k) += eta * (h_gamma.array() - options.epsilon).matrix();
    theta.tail(k) += eta * (-h_gamma.array() - options.epsilon).matrix();
  }
  return best;
}

// The best candidate's mixture, its support reduced, as the fit's members.
void SetMembers(const Game& game, const BestPlays& best, const ReductionOptions& options,
                ReductionFit& result) {
  Eigen::VectorXd weight = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(game.cache().size()));
  for (size_t j = 0; j < best.plays.size(); ++j) {
    weight[static_cast<Eigen::Index>(j)] = double(best.plays[j]) / best.t;
  }
  result.members_before_reduction = static_cast<int>((weight.array() > 0.0).count());
  ReduceSupport(game.cache(), weight);
  weight /= weight.sum();
  Eigen::VectorXd gamma;
  MixtureNumbers(game.cache(), weight, result.error, gamma);
  result.violation = Violation(gamma);
  result.violation_bound = options.epsilon + (1.0 + 2.0 * result.nu) / result.bound;
  for (size_t j = 0; j < game.cache().size(); ++j) {
    if (weight[static_cast<Eigen::Index>(j)] <= 0.0) continue;
    const Hypothesis& h = game.cache()[j];
    result.members.push_back({h.fit, weight[static_cast<Eigen::Index>(j)], h.error, h.gamma});
  }
}

}  // namespace

ReductionFit FitExponentiatedGradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                      const Eigen::VectorXi& group,
                                      const Eigen::VectorXd& sample_weight,
                                      const ReductionOptions& options,
                                      const ReductionProgress& progress) {
  CheckReductionInputs(X, y, options);
  const MomentTable moments = BuildMoments(options.constraint, y, group, sample_weight);
  ReductionFit result;
  result.bound = options.bound > 0.0 ? options.bound : 1.0 / options.epsilon;
  Game game(X, y, moments, options);
  result.nu = AccuracyTolerance(game, y, moments, options);
  const BestPlays best = PlayReductionGame(game, moments, options, progress, result);
  result.gap = best.gap;
  result.oracle_calls = game.oracle_calls();
  SetMembers(game, best, options, result);
  EgConvergence& c = result.convergence;
  c.converged = result.gap <= result.nu;
  c.stopped_by = result.converged ? "duality gap <= nu" : "iteration limit";
  c.iterations = result.iterations;
  c.gap = result.gap;
  c.nu = result.nu;
  c.violation = result.violation;
  c.epsilon = options.epsilon;
  c.guarantee = result.violation_bound;
  return result;
}

}  // namespace tinyfair::host
