#include "host_tools/reductions/exponentiated_gradient_reduction.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "host_tools/learn/logistic_design.h"
#include "host_tools/reductions/eg_core.h"

namespace tinyfair::host::reductions {
namespace {

// nu = kAccuracyMultiplier * sd|h_0 - y| / sqrt(n).
constexpr double kAccuracyMultiplier = 0.5;
// Iterations before the gap may stop the game (the released code's).
constexpr int kMinIterations = 5;

Eigen::VectorXd Decisions(const learn::LogisticFit& fit, const Eigen::MatrixXd& X) {
  const Eigen::VectorXd z = (X * fit.coefficients).array() + fit.intercept;
  return (z.array() >= 0.0).cast<double>();
}

// The best response: argmin_h L(h, lambda) as a cost-sensitive
// classification (label: the cheaper decision, weight: the cost
// difference) solved by weighted logistic regression, thresholded at 1/2.
// Keeps every classifier it returns, in call order.
class LogisticBestResponse {
 public:
  LogisticBestResponse(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                       const ClassificationMoments& moments, const learn::LogisticOptions& learner)
      : X_(X), design_(X), y_(y), moments_(moments), learner_(learner) {}

  EgPoint operator()(const Eigen::VectorXd& lambda) {
    const Eigen::Index k = moments_.count();
    const Eigen::VectorXd g = moments_.RowCoefficients(lambda.head(k) - lambda.tail(k));
    // Cost of deciding 1 minus cost of deciding 0, per row.
    const Eigen::VectorXd& p = moments_.probability();
    const Eigen::VectorXd cost_difference = (p.array() * (1.0 - 2.0 * y_.array())).matrix() + g;
    const Eigen::VectorXd label = (cost_difference.array() < 0.0).cast<double>();
    const Eigen::VectorXd weight = cost_difference.cwiseAbs();
    const double positive_weight = label.dot(weight), total_weight = weight.sum();
    learn::LogisticFit fit;
    if (positive_weight > 0.0 && positive_weight < total_weight) {
      // Successive multipliers differ little, so the learner starts from
      // its previous solution: the same optimum in fewer Newton steps.
      learn::LogisticOptions learner = learner_;
      if (warm_start_.coefficients.size() == X_.cols()) {
        learner.initial_coefficients = warm_start_.coefficients;
        learner.initial_intercept = warm_start_.intercept;
      }
      fit =
          learn::FitLogisticRegression(design_, label, weight / total_weight * y_.size(), learner);
      warm_start_ = fit;
    } else {
      // One decision is cheaper everywhere: the constant classifier.
      fit.coefficients = Eigen::VectorXd::Zero(X_.cols());
      fit.intercept = positive_weight > 0.0 ? 1.0 : -1.0;
      fit.converged = true;
    }
    const Eigen::VectorXd h = Decisions(fit, X_);
    if (classifiers_.empty()) first_decisions_ = h;
    classifiers_.push_back(std::move(fit));
    return moments_.PointOf(h, y_);
  }

  const std::vector<learn::LogisticFit>& classifiers() const { return classifiers_; }
  const Eigen::VectorXd& first_decisions() const { return first_decisions_; }

 private:
  const Eigen::MatrixXd& X_;
  // The features in the form every fit reuses.
  const learn::LogisticDesign design_;
  const Eigen::VectorXd& y_;
  const ClassificationMoments& moments_;
  const learn::LogisticOptions& learner_;
  std::vector<learn::LogisticFit> classifiers_;
  Eigen::VectorXd first_decisions_;
  // The learner's last solution, where its next fit starts.
  learn::LogisticFit warm_start_;
};

// Removes members while keeping sum w_j [error_j; gamma_j; 1] fixed: each
// kernel direction of that matrix moves weight until a member's reaches 0.
void ReduceSupport(const std::vector<EgPoint>& found, Eigen::VectorXd& weight) {
  for (;;) {
    std::vector<size_t> support;
    for (size_t j = 0; j < found.size(); ++j) {
      if (weight[static_cast<Eigen::Index>(j)] > 0.0) support.push_back(j);
    }
    const Eigen::Index rows = found.front().gamma.size() / 2 + 2;
    Eigen::MatrixXd A(rows, static_cast<Eigen::Index>(support.size()));
    for (size_t c = 0; c < support.size(); ++c) {
      const EgPoint& h = found[support[c]];
      A.col(static_cast<Eigen::Index>(c)) << h.cost, h.gamma.head(rows - 2), 1.0;
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

// The unconstrained response (the game's first hypothesis) sets nu.
double AccuracyTolerance(EgGame& game, const LogisticBestResponse& oracle, const Eigen::VectorXd& y,
                         const ClassificationMoments& moments, const ReductionOptions& options) {
  game.Respond(Eigen::VectorXd::Zero(2 * moments.count()));
  if (options.nu > 0.0) return options.nu;
  const Eigen::VectorXd miss = (oracle.first_decisions() - y).cwiseAbs();
  const Eigen::VectorXd& p = moments.probability();
  const double mean = p.dot(miss);
  const double variance = p.dot((miss.array() - mean).square().matrix());
  return kAccuracyMultiplier * std::sqrt(variance) / std::sqrt(double(y.size()));
}

EgSettings GameSettings(const ClassificationMoments& moments, const ReductionOptions& options,
                        double B) {
  EgSettings settings;
  settings.bound = Eigen::VectorXd::Constant(2 * moments.count(), options.epsilon);
  settings.multiplier_bound = B;
  settings.paired = true;
  settings.max_iterations = options.max_iterations;
  settings.min_iterations = kMinIterations;
  settings.eta0 = options.eta0;
  settings.lp_step = options.lp_step;
  return settings;
}

// The outcome's mixture, its support reduced, as the fit's members.
void SetMembers(const EgGame& game, const LogisticBestResponse& oracle, const EgOutcome& outcome,
                const ReductionOptions& options, ReductionFit& result) {
  Eigen::VectorXd weight = outcome.weights;
  result.members_before_reduction = static_cast<int>((weight.array() > 0.0).count());
  ReduceSupport(game.found(), weight);
  weight /= weight.sum();
  const EgPoint q = game.MixtureOf(weight);
  result.error = q.cost;
  result.violation = q.gamma.cwiseAbs().maxCoeff();
  result.violation_bound = options.epsilon + (1.0 + 2.0 * result.nu) / result.bound;
  const Eigen::Index k = q.gamma.size() / 2;
  for (size_t j = 0; j < game.found().size(); ++j) {
    const double w = weight[static_cast<Eigen::Index>(j)];
    if (w <= 0.0) continue;
    const EgPoint& h = game.found()[j];
    result.members.push_back({oracle.classifiers()[j], w, h.cost, h.gamma.head(k)});
  }
}

}  // namespace

Eigen::VectorXd ReductionMoments(metrics::FairnessConstraint constraint, const Eigen::VectorXd& h,
                                 const Eigen::VectorXd& y, const Eigen::VectorXi& group,
                                 const Eigen::VectorXd& sample_weight) {
  return ClassificationMoments(constraint, y, group, sample_weight).Of(h);
}

int MaxReductionMembers(metrics::FairnessConstraint constraint, int group_count) {
  const int independent_moments = ConstraintEvents(constraint) * (group_count - 1);
  return independent_moments + 2;
}

Eigen::VectorXd MemberDecisions(const ReductionMember& member, const Eigen::MatrixXd& X) {
  return Decisions(member.classifier, X);
}

Eigen::VectorXd MixtureExpectedDecisions(const ReductionFit& fit, const Eigen::MatrixXd& X) {
  Eigen::VectorXd expected = Eigen::VectorXd::Zero(X.rows());
  for (const auto& member : fit.members) expected += member.weight * MemberDecisions(member, X);
  return expected;
}

ReductionFit FitExponentiatedGradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                      const Eigen::VectorXi& group,
                                      const Eigen::VectorXd& sample_weight,
                                      const ReductionOptions& options,
                                      const ReductionProgress& progress) {
  CheckReductionInputs(X, y, options);
  const ClassificationMoments moments(options.constraint, y, group, sample_weight);
  ReductionFit result;
  result.bound = options.bound > 0.0 ? options.bound : 1.0 / options.epsilon;
  LogisticBestResponse oracle(X, y, moments, options.learner);
  EgGame game(GameSettings(moments, options, result.bound),
              [&oracle](const Eigen::VectorXd& lambda) { return oracle(lambda); });
  result.nu = AccuracyTolerance(game, oracle, y, moments, options);
  game.SetTolerance(result.nu);
  const EgOutcome outcome = game.Play([&progress](const EgStep& step) {
    if (progress) {
      progress({step.iteration, step.gap, step.mixture.cost,
                step.mixture.gamma.cwiseAbs().maxCoeff(), step.lambda_norm});
    }
  });
  result.iterations = outcome.iterations;
  result.oracle_calls = outcome.oracle_calls;
  result.gap = outcome.gap;
  result.converged = outcome.stopped_by == "duality gap <= nu";
  result.from_lp = outcome.from_lp;
  SetMembers(game, oracle, outcome, options, result);
  EgConvergence& c = result.convergence;
  c.converged = outcome.converged;
  c.stopped_by = outcome.stopped_by;
  c.iterations = result.iterations;
  c.gap = result.gap;
  c.nu = result.nu;
  c.violation = result.violation;
  c.epsilon = options.epsilon;
  c.guarantee = result.violation_bound;
  return result;
}

}  // namespace tinyfair::host::reductions
