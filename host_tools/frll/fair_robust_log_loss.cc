#include "host_tools/frll/fair_robust_log_loss.h"

#include <Eigen/Cholesky>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "host_tools/learn/lbfgs.h"

namespace tinyfair::host::frll {
namespace {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;
using SparseRows = Eigen::SparseMatrix<double, Eigen::RowMajor>;

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Below this density the design is multiplied as a sparse matrix (one-hot
// encoded categories make most designs sparse).
constexpr double kSparseDensity = 0.3;
// Comparison groups smaller than this get a warning: c = lambda / p_gamma
// can become huge.
constexpr size_t kSmallGroup = 5;
// L-BFGS steps between refreshes of its Newton-model preconditioner.
constexpr int kRefresh = 10;

[[noreturn]] void Fail(const std::string& message) {
  throw std::invalid_argument("FitFairRobustLogLoss: " + message);
}

double Clamp(double value, double lo, double hi) {
  return value < lo ? lo : (value > hi ? hi : value);
}

// Values handed out in sorted order on demand: a heap costs O(size) to
// build and O(log size) per value taken, and the multiplier search takes
// only the values it clips. Compare = std::less gives decreasing order.
template <typename Compare>
class SortedStream {
 public:
  explicit SortedStream(const std::vector<double>& values) : heap_(values) {
    std::make_heap(heap_.begin(), heap_.end(), Compare());
  }
  bool empty() const { return heap_.empty(); }
  double top() const { return heap_.front(); }
  void pop() {
    std::pop_heap(heap_.begin(), heap_.end(), Compare());
    heap_.pop_back();
  }

 private:
  std::vector<double> heap_;
};

double Mean(const std::vector<double>& values) {
  double sum = 0.0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

// Oriented so that mean(e1) > mean(e0): the gap between the clipped means at
// lambda > 0 (cap n1 / (n lambda) on e1, floor 1 - n0 / (n lambda) on e0).
double OrientedGap(const std::vector<double>& e1, const std::vector<double>& e0, double n,
                   double lambda) {
  const double cap = static_cast<double>(e1.size()) / (n * lambda);
  const double floor = 1.0 - static_cast<double>(e0.size()) / (n * lambda);
  double s1 = 0.0, s0 = 0.0;
  for (double e : e1) s1 += std::min(e, cap);
  for (double e : e0) s0 += std::max(e, floor);
  return s1 / static_cast<double>(e1.size()) - s0 / static_cast<double>(e0.size());
}

// Bisection on gap(lambda) - smoothing * lambda, which is non-increasing:
// the fallback when the closed-form root is not usable.
double BisectOriented(const std::vector<double>& e1, const std::vector<double>& e0, double n,
                      double smoothing) {
  double lo = 0.0, hi = 1.0;
  while (OrientedGap(e1, e0, n, hi) - smoothing * hi > 0.0 && hi < 1e300) hi *= 2.0;
  for (int k = 0; k < 400 && hi - lo > 1e-16 * hi; ++k) {
    const double mid = 0.5 * (lo + hi);
    (OrientedGap(e1, e0, n, mid) - smoothing * mid > 0.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// The slices of a constraint, in the order of FrllFit::slices.
std::vector<int> SliceLabels(const std::optional<metrics::FairnessConstraint>& constraint) {
  using metrics::FairnessConstraint;
  if (!constraint) return {};
  metrics::RequireSupportedConstraint(
      "frll", *constraint,
      {FairnessConstraint::kDemographicParity, FairnessConstraint::kEqualOpportunity,
       FairnessConstraint::kEqualizedOdds});
  switch (*constraint) {
    case FairnessConstraint::kDemographicParity:
      return {-1};  // every sample
    case FairnessConstraint::kEqualOpportunity:
      return {1};
    case FairnessConstraint::kEqualizedOdds:
      return {1, 0};
    default:
      return {};
  }
}

struct Evaluation {
  double objective = 0.0;
  VectorXd gradient;
  std::vector<double> lambda;
  std::vector<double> gap;  // per slice, mean P over gamma1 minus gamma0
  double cell[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
};

class Problem {
 public:
  Problem(const MatrixXd& X, const VectorXd& y, const VectorXd& a, const FrllOptions& options)
      : X_(X), options_(options), n_(X.rows()), p_(X.cols()) {
    if (n_ == 0) Fail("X has no rows");
    if (y.size() != n_ || a.size() != n_) {
      Fail("X has " + std::to_string(n_) + " rows but y has " + std::to_string(y.size()) +
           " and a has " + std::to_string(a.size()) + " entries");
    }
    if (!X.allFinite()) Fail("X has non-finite values");
    if (!(options.l2 >= 0.0) || !std::isfinite(options.l2)) Fail("l2 must be finite and >= 0");
    if (options.max_iterations < 0) Fail("max_iterations is negative");
    if (!(options.tolerance >= 0.0)) Fail("tolerance must be >= 0");
    if (!(options.smoothing_start >= 0.0) || !(options.smoothing_end >= 0.0) ||
        (options.smoothing_start > 0.0 && options.smoothing_end > options.smoothing_start)) {
      Fail("smoothing needs 0 <= smoothing_end <= smoothing_start");
    }
    cell_of_.resize(static_cast<size_t>(n_));
    size_t counts[2][2] = {{0, 0}, {0, 0}};
    for (Index i = 0; i < n_; ++i) {
      if (y(i) != 0.0 && y(i) != 1.0) Fail("y(" + std::to_string(i) + ") is not 0 or 1");
      if (a(i) != 0.0 && a(i) != 1.0) Fail("a(" + std::to_string(i) + ") is not 0 or 1");
      const int ai = static_cast<int>(a(i)), yi = static_cast<int>(y(i));
      cell_of_[static_cast<size_t>(i)] = static_cast<uint8_t>(2 * ai + yi);
      ++counts[ai][yi];
    }
    for (int ai = 0; ai < 2; ++ai) {
      for (int yi = 0; yi < 2; ++yi) {
        count_[ai][yi] = counts[ai][yi];
        slice_of_[ai][yi] = -1;
      }
    }
    const std::vector<int> labels = SliceLabels(options.constraint);
    for (size_t s = 0; s < labels.size(); ++s) {
      FrllSlice slice;
      slice.label = labels[s];
      for (int yi = 0; yi < 2; ++yi) {
        if (labels[s] >= 0 && labels[s] != yi) continue;
        slice.n_group1 += counts[1][yi];
        slice.n_group0 += counts[0][yi];
        slice_of_[1][yi] = slice_of_[0][yi] = static_cast<int>(s);
      }
      const std::string name = labels[s] < 0 ? "" : " with y = " + std::to_string(labels[s]);
      if (slice.n_group1 == 0 || slice.n_group0 == 0) {
        Fail(std::string("comparison group a = ") + (slice.n_group1 == 0 ? "1" : "0") + name +
             " has no training samples, so its constraint is undefined");
      }
      for (int g = 0; g < 2; ++g) {
        const size_t size = g == 1 ? slice.n_group1 : slice.n_group0;
        if (size < kSmallGroup) {
          warnings_.push_back("comparison group a = " + std::to_string(g) + name + " has only " +
                              std::to_string(size) +
                              (size == 1 ? " training sample" : " training samples"));
        }
      }
      slice.p_group1 = static_cast<double>(slice.n_group1) / static_cast<double>(n_);
      slice.p_group0 = static_cast<double>(slice.n_group0) / static_cast<double>(n_);
      slices_.push_back(slice);
    }
    if (n_ > 0 && p_ > 0) {
      const Index nonzeros = (X.array() != 0.0).count();
      if (static_cast<double>(nonzeros) < kSparseDensity * static_cast<double>(n_ * p_)) {
        sparse_ = X.sparseView();
        use_sparse_ = true;
      }
    }
  }

  Index parameters() const { return p_ + 1; }
  const std::vector<FrllSlice>& slices() const { return slices_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  size_t count(int a, int y) const { return count_[a][y]; }
  Index rows() const { return n_; }

  // J_mu(theta) and its gradient (or the paper's expression).
  Evaluation Evaluate(const VectorXd& theta, double smoothing, FrllGradient mode) const {
    const auto beta = theta.head(p_);
    const double intercept = theta(p_);
    VectorXd z = use_sparse_ ? VectorXd(sparse_ * beta) : VectorXd(X_ * beta);
    z.array() += intercept;

    Evaluation ev;
    const size_t slice_count = slices_.size();
    ev.lambda.assign(slice_count, 0.0);
    ev.gap.assign(slice_count, 0.0);
    if (slice_count > 0) {
      std::vector<std::vector<double>> e1(slice_count), e0(slice_count);
      for (size_t s = 0; s < slice_count; ++s) {
        e1[s].reserve(slices_[s].n_group1);
        e0[s].reserve(slices_[s].n_group0);
      }
      for (Index i = 0; i < n_; ++i) {
        const int cell = cell_of_[static_cast<size_t>(i)];
        const int s = slice_of_[cell / 2][cell % 2];
        if (s < 0) continue;
        const double zi = z(i);
        const double e = std::exp(-std::abs(zi));
        const double pe = zi >= 0.0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
        (cell / 2 == 1 ? e1 : e0)[static_cast<size_t>(s)].push_back(pe);
      }
      for (size_t s = 0; s < slice_count; ++s) {
        ev.lambda[s] = SolveFairnessMultiplier(e1[s], e0[s], static_cast<size_t>(n_), smoothing);
      }
    }
    // c(a, y) (spec [S8]) and, per cell, log c for the clipped losses.
    double log_c[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
    for (int ai = 0; ai < 2; ++ai) {
      for (int yi = 0; yi < 2; ++yi) {
        const int s = slice_of_[ai][yi];
        double c = 0.0;
        if (s >= 0) {
          const FrllSlice& slice = slices_[static_cast<size_t>(s)];
          c = ai == 1 ? ev.lambda[static_cast<size_t>(s)] / slice.p_group1
                      : -ev.lambda[static_cast<size_t>(s)] / slice.p_group0;
        }
        ev.cell[ai][yi] = c;
        log_c[ai][yi] = c > 1.0 ? std::log(c) : (c < -1.0 ? std::log(-c) : 0.0);
      }
    }

    VectorXd w(n_);
    double loss = 0.0;
    std::vector<double> sum1(slice_count, 0.0), sum0(slice_count, 0.0);
    for (Index i = 0; i < n_; ++i) {
      const int cell = cell_of_[static_cast<size_t>(i)];
      const int ai = cell / 2;
      const double yi = static_cast<double>(cell % 2);
      const double c = ev.cell[ai][cell % 2];
      const double zi = z(i);
      const double e = std::exp(-std::abs(zi));
      const double pe = zi >= 0.0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
      const double softplus = std::max(zi, 0.0) + std::log1p(e);
      // Spec [S12]: the max picks the clipped branch exactly when the clamp
      // is active, so loss and truncation agree.
      double li = softplus;
      bool capped = false, floored = false;
      if (c > 1.0) {
        capped = zi + log_c[ai][cell % 2] > softplus;
        if (capped) li = zi + log_c[ai][cell % 2];
      } else if (c < -1.0) {
        floored = log_c[ai][cell % 2] > softplus;
        if (floored) li = log_c[ai][cell % 2];
      }
      loss += li - yi * zi;
      double q;  // E_Q[y^] for the gradient
      if (capped) {
        q = 1.0;
      } else if (floored) {
        q = 0.0;
      } else if (mode == FrllGradient::kExact) {
        q = pe + c * (e / ((1.0 + e) * (1.0 + e)));  // P (1 + c (1 - P)), P = Pe
      } else {
        q = pe;
      }
      w(i) = q - yi;
      const int s = slice_of_[ai][cell % 2];
      if (s >= 0) {
        const double p = capped ? 1.0 / c : (floored ? 1.0 + 1.0 / c : pe);
        (ai == 1 ? sum1 : sum0)[static_cast<size_t>(s)] += p;
      }
    }
    const double n = static_cast<double>(n_);
    // G(theta, lambda) - (mu / 2) lambda^2: mean loss plus lambda times the
    // constraint gap (which the multiplier search makes mu lambda).
    double objective = loss / n;
    for (size_t s = 0; s < slice_count; ++s) {
      ev.gap[s] = sum1[s] / static_cast<double>(slices_[s].n_group1) -
                  sum0[s] / static_cast<double>(slices_[s].n_group0);
      objective += ev.lambda[s] * ev.gap[s] - 0.5 * smoothing * ev.lambda[s] * ev.lambda[s];
    }
    const double l2 = options_.l2;
    objective += 0.5 * l2 * beta.squaredNorm();
    if (options_.penalize_intercept) objective += 0.5 * l2 * intercept * intercept;
    ev.objective = objective;

    ev.gradient.resize(parameters());
    ev.gradient.head(p_) =
        use_sparse_ ? VectorXd(sparse_.transpose() * w) : VectorXd(X_.transpose() * w);
    ev.gradient.head(p_) /= n;
    ev.gradient.head(p_) += l2 * beta;
    ev.gradient(p_) = w.sum() / n + (options_.penalize_intercept ? l2 * intercept : 0.0);
    return ev;
  }

  // The Hessian of J_mu at theta, where it has one: X~' D X~ / n with
  // D = Pe (1 - Pe) (1 + c (1 - 2 Pe)) on unclipped samples (clipped ones
  // have linear losses), plus per slice v v' / (mu + kappa) for how lambda
  // follows theta (implicit function theorem on gap(theta, lambda) =
  // mu lambda): v = d gap / d theta, kappa = -d gap / d lambda =
  // (clipped samples) / (n lambda^2). Near a kink (kappa = 0) the 1 / mu
  // term is the valley's curvature, which L-BFGS could not learn in
  // floating point. Preconditions L-BFGS.
  MatrixXd NewtonModel(const VectorXd& theta, double smoothing) const {
    const Evaluation ev = Evaluate(theta, smoothing, FrllGradient::kExact);
    const auto beta = theta.head(p_);
    VectorXd z = use_sparse_ ? VectorXd(sparse_ * beta) : VectorXd(X_ * beta);
    z.array() += theta(p_);
    const double n = static_cast<double>(n_);
    const size_t slice_count = slices_.size();
    VectorXd d(n_);
    // Per slice: d gap / d z_i on unclipped members, and the clipped count.
    MatrixXd u = MatrixXd::Zero(n_, static_cast<Index>(slice_count));
    std::vector<double> clipped_count(slice_count, 0.0);
    for (Index i = 0; i < n_; ++i) {
      const int cell = cell_of_[static_cast<size_t>(i)];
      const double c = ev.cell[cell / 2][cell % 2];
      const double e = std::exp(-std::abs(z(i)));
      const double pe = z(i) >= 0.0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
      const double slope = e / ((1.0 + e) * (1.0 + e));  // Pe (1 - Pe)
      const bool clipped = (c > 1.0 && pe > 1.0 / c) || (c < -1.0 && pe < 1.0 + 1.0 / c);
      d(i) = clipped ? 0.0 : slope * (1.0 + c * (1.0 - 2.0 * pe)) / n;
      const int s = slice_of_[cell / 2][cell % 2];
      if (s < 0) continue;
      if (clipped) {
        clipped_count[static_cast<size_t>(s)] += 1.0;
      } else {
        const FrllSlice& slice = slices_[static_cast<size_t>(s)];
        u(i, s) = cell / 2 == 1 ? slope / static_cast<double>(slice.n_group1)
                                : -slope / static_cast<double>(slice.n_group0);
      }
    }
    MatrixXd h = MatrixXd::Zero(p_ + 1, p_ + 1);
    if (use_sparse_) {
      // Lower triangle, row by row over the nonzeros.
      for (Index i = 0; i < n_; ++i) {
        if (d(i) == 0.0) continue;
        for (SparseRows::InnerIterator j(sparse_, i); j; ++j) {
          const double dj = d(i) * j.value();
          for (SparseRows::InnerIterator k(sparse_, i); k && k.col() <= j.col(); ++k) {
            h(j.col(), k.col()) += dj * k.value();
          }
          h(p_, j.col()) += dj;
        }
      }
    } else {
      const MatrixXd scaled = X_.array().colwise() * d.array().sqrt();
      h.topLeftCorner(p_, p_).selfadjointView<Eigen::Lower>().rankUpdate(scaled.transpose());
      h.row(p_).head(p_) = d.transpose() * X_;
    }
    const MatrixXd full = h.selfadjointView<Eigen::Lower>();
    h = full;
    h(p_, p_) = d.sum();
    for (size_t s = 0; s < slice_count; ++s) {
      const double lambda = ev.lambda[s];
      const double kappa = lambda != 0.0 ? clipped_count[s] / (n * lambda * lambda) : 0.0;
      if (!(smoothing + kappa > 0.0)) continue;
      VectorXd v(p_ + 1);
      const auto column = u.col(static_cast<Index>(s));
      v.head(p_) =
          use_sparse_ ? VectorXd(sparse_.transpose() * column) : VectorXd(X_.transpose() * column);
      v(p_) = column.sum();
      h.noalias() += v * v.transpose() / (smoothing + kappa);
    }
    h.diagonal().head(p_).array() += options_.l2;
    // A small ridge keeps an unpenalised intercept (or l2 = 0) definite.
    h(p_, p_) += options_.penalize_intercept ? options_.l2 : 0.0;
    h.diagonal().array() += 1e-10;
    return h;
  }

 private:
  const MatrixXd& X_;
  const FrllOptions& options_;
  Index n_, p_;
  SparseRows sparse_;
  bool use_sparse_ = false;
  std::vector<uint8_t> cell_of_;  // 2 a + y per sample
  size_t count_[2][2];
  int slice_of_[2][2];
  std::vector<FrllSlice> slices_;
  std::vector<std::string> warnings_;
};

VectorXd StartingTheta(const FrllOptions& options, Index parameters) {
  if (options.initial_theta.size() == 0) return VectorXd::Zero(parameters);
  if (options.initial_theta.size() != parameters) {
    Fail("initial_theta has " + std::to_string(options.initial_theta.size()) + " entries, not " +
         std::to_string(parameters) + " (coefficients then intercept)");
  }
  if (!options.initial_theta.allFinite()) Fail("initial_theta is not finite");
  return options.initial_theta;
}

}  // namespace

double SolveFairnessMultiplier(const std::vector<double>& e1_in, const std::vector<double>& e0_in,
                               size_t n_total, double smoothing, double tie_tolerance) {
  if (e1_in.empty() || e0_in.empty()) {
    throw std::invalid_argument("SolveFairnessMultiplier: an empty comparison group");
  }
  if (n_total < e1_in.size() + e0_in.size()) {
    throw std::invalid_argument("SolveFairnessMultiplier: n is smaller than the two groups");
  }
  if (!(smoothing >= 0.0)) throw std::invalid_argument("SolveFairnessMultiplier: smoothing < 0");
  const double m1 = Mean(e1_in), m0 = Mean(e0_in);
  if (m1 == m0 || (smoothing == 0.0 && std::abs(m1 - m0) <= tie_tolerance)) return 0.0;
  // Solve with gamma1 the group of the larger mean; swapping the groups
  // negates lambda (paper, footnote 6).
  const bool swapped = m1 < m0;
  const std::vector<double>& e1 = swapped ? e0_in : e1_in;
  const std::vector<double>& e0 = swapped ? e1_in : e0_in;
  const double n = static_cast<double>(n_total);
  const double n1 = static_cast<double>(e1.size()), n0 = static_cast<double>(e0.size());

  // Sweep the breakpoints in increasing lambda: the cap n1 / (n lambda)
  // reaching the next largest e1, or the floor 1 - n0 / (n lambda) the next
  // smallest e0. Between breakpoints, with k values capped and j floored,
  // gap(lambda) = A + B / lambda.
  SortedStream<std::less<double>> s1(e1);
  SortedStream<std::greater<double>> s0(e0);
  double r1 = 0.0, r0 = 0.0;  // sums of the values not clipped
  for (double e : e1) r1 += e;
  for (double e : e0) r0 += e;
  double k = 0.0, j = 0.0;
  while (true) {
    const double lambda_a = !s1.empty() && s1.top() > 0.0 ? n1 / (n * s1.top()) : kInfinity;
    const double lambda_b = !s0.empty() && s0.top() < 1.0 ? n0 / (n * (1.0 - s0.top())) : kInfinity;
    const double next = std::min(lambda_a, lambda_b);
    const double A = r1 / n1 - (j + r0) / n0;
    const double B = (k + j) / n;
    if (next < kInfinity && A + B / next > smoothing * next) {
      // Still too unfair at this breakpoint: clip the value and go on.
      if (lambda_a <= lambda_b) {
        r1 -= s1.top();
        s1.pop();
        k += 1.0;
      } else {
        r0 -= s0.top();
        s0.pop();
        j += 1.0;
      }
      continue;
    }
    // The root of A + B / lambda = mu lambda in this segment, in the form
    // that does not cancel.
    double lambda;
    if (smoothing == 0.0) {
      lambda = A < 0.0 ? B / -A : kInfinity;
    } else {
      const double root = std::sqrt(A * A + 4.0 * smoothing * B);
      lambda = A >= 0.0 ? (A + root) / (2.0 * smoothing) : 2.0 * B / (root - A);
    }
    if (!(lambda > 0.0) || !std::isfinite(lambda) || lambda > next * (1.0 + 1e-12)) {
      lambda = BisectOriented(e1, e0, n, smoothing);
    }
    return swapped ? -lambda : lambda;
  }
}

double CellUpper(double c) { return c > 1.0 ? 1.0 / c : 1.0; }
double CellLower(double c) { return c < -1.0 ? 1.0 + 1.0 / c : 0.0; }

double CellApproximator(double p, double c) { return Clamp(p * (1.0 + c * (1.0 - p)), 0.0, 1.0); }

double FrllProbability(const FrllFit& fit, double pe, int a, double denominator_epsilon) {
  const double c1 = fit.cell[a][1];
  if (!fit.constraint || *fit.constraint == metrics::FairnessConstraint::kDemographicParity) {
    return Clamp(pe, CellLower(c1), CellUpper(c1));
  }
  // Spec Sec. 4.2: marginalise the label with the approximator's
  // self-consistent estimate q.
  const double c0 = fit.cell[a][0];
  const double p1 = Clamp(pe, CellLower(c1), CellUpper(c1));
  const double p0 = Clamp(pe, CellLower(c0), CellUpper(c0));
  const double q1 = CellApproximator(p1, c1);
  const double q0 = CellApproximator(p0, c0);
  const double denominator = (1.0 - q1) + q0;
  const double q = denominator > denominator_epsilon ? q0 / denominator : pe;
  return Clamp(p0 + q * (p1 - p0), 0.0, 1.0);
}

VectorXd FrllPredictProbability(const FrllFit& fit, const MatrixXd& X, const VectorXd& a,
                                double denominator_epsilon) {
  if (X.cols() != fit.coefficients.size() || a.size() != X.rows()) {
    throw std::invalid_argument("FrllPredictProbability: X or a does not fit the model");
  }
  VectorXd z = X * fit.coefficients;
  z.array() += fit.intercept;
  VectorXd p(z.size());
  for (Index i = 0; i < z.size(); ++i) {
    if (a(i) != 0.0 && a(i) != 1.0)
      throw std::invalid_argument("FrllPredictProbability: a is not 0/1");
    const double pe =
        z(i) >= 0.0 ? 1.0 / (1.0 + std::exp(-z(i))) : std::exp(z(i)) / (1.0 + std::exp(z(i)));
    p(i) = FrllProbability(fit, pe, static_cast<int>(a(i)), denominator_epsilon);
  }
  return p;
}

FrllEvaluation EvaluateFairRobustLogLoss(const MatrixXd& X, const VectorXd& y, const VectorXd& a,
                                         const FrllOptions& options, const VectorXd& theta,
                                         double smoothing) {
  const Problem problem(X, y, a, options);
  if (theta.size() != problem.parameters()) Fail("theta has the wrong size");
  Evaluation ev = problem.Evaluate(theta, smoothing, options.gradient);
  FrllEvaluation out;
  out.objective = ev.objective;
  out.gradient = std::move(ev.gradient);
  out.lambda = std::move(ev.lambda);
  return out;
}

FrllFit FitFairRobustLogLoss(const MatrixXd& X, const VectorXd& y, const VectorXd& a,
                             const FrllOptions& options, const FrllProgress& progress) {
  const Problem problem(X, y, a, options);
  VectorXd theta = StartingTheta(options, problem.parameters());

  // Smoothing stages: mu = start, start / 100, ... down to end. The exact
  // objective alone without a constraint, without smoothing, or when
  // following the paper's gradient (which is not J_mu's).
  std::vector<double> stages;
  if (!options.constraint || options.smoothing_start == 0.0 ||
      options.gradient == FrllGradient::kPaper) {
    stages.push_back(0.0);
  } else {
    for (double mu = options.smoothing_start; mu > options.smoothing_end * (1.0 + 1e-9);
         mu /= 100.0) {
      stages.push_back(mu);
    }
    stages.push_back(options.smoothing_end);
  }

  FrllFit fit;
  fit.constraint = options.constraint;
  fit.warnings = problem.warnings();
  int remaining = options.max_iterations;
  learn::LbfgsResult result;
  for (size_t stage = 0; stage < stages.size(); ++stage) {
    const double mu = stages[stage];
    const bool last = stage + 1 == stages.size();
    learn::LbfgsOptions lbfgs;
    // Earlier stages only need to bring the next one close.
    lbfgs.gradient_tolerance = last ? options.tolerance : std::max(options.tolerance, 0.1 * mu);
    const learn::LbfgsObjective objective = [&](const VectorXd& t, VectorXd& gradient) {
      Evaluation ev = problem.Evaluate(t, mu, options.gradient);
      gradient = std::move(ev.gradient);
      return ev.objective;
    };
    learn::LbfgsProgress report;
    if (progress) {
      report = [&](int iteration, double value, double norm) {
        progress(mu, fit.iterations + iteration, value, norm);
      };
    }
    // Preconditioned by the Newton model, refreshed every few steps as
    // the clipped samples change.
    while (true) {
      const Eigen::LDLT<MatrixXd> newton(problem.NewtonModel(theta, mu));
      learn::LbfgsPreconditioner preconditioner;
      if (newton.info() == Eigen::Success) {
        preconditioner = [&newton](VectorXd& v) { v = newton.solve(v); };
      }
      lbfgs.max_iterations = std::min(remaining, kRefresh);
      result = learn::MinimizeLbfgs(objective, theta, lbfgs, report, preconditioner);
      theta = result.x;
      fit.iterations += result.iterations;
      fit.evaluations += result.evaluations;
      remaining -= result.iterations;
      if (result.stop != learn::LbfgsStop::kMaxIterations || remaining <= 0) break;
    }
  }

  // Lambda afresh at theta* (never a line-search trial's), from the final
  // stage's inner problem; J itself without smoothing.
  const double mu = stages.back();
  const Evaluation final_stage = problem.Evaluate(theta, mu, options.gradient);
  const Evaluation exact = mu == 0.0 ? final_stage : problem.Evaluate(theta, 0.0, options.gradient);
  fit.coefficients = theta.head(theta.size() - 1);
  fit.intercept = theta(theta.size() - 1);
  fit.objective = exact.objective;
  fit.gradient_norm = final_stage.gradient.norm();
  fit.converged = fit.gradient_norm <= options.tolerance;
  fit.stop = learn::LbfgsStopName(result.stop);
  fit.slices = problem.slices();
  for (size_t s = 0; s < fit.slices.size(); ++s) {
    fit.slices[s].lambda = final_stage.lambda[s];
    fit.slices[s].residual = final_stage.gap[s];
    fit.constraint_residual = std::max(fit.constraint_residual, std::abs(final_stage.gap[s]));
  }
  const double n = static_cast<double>(problem.rows());
  for (int ai = 0; ai < 2; ++ai) {
    for (int yi = 0; yi < 2; ++yi) {
      fit.cell[ai][yi] = final_stage.cell[ai][yi];
      fit.cell_frequency[ai][yi] = static_cast<double>(problem.count(ai, yi)) / n;
    }
  }
  if (!fit.converged) {
    fit.warnings.push_back("stopped on " + fit.stop + " with gradient norm " +
                           std::to_string(fit.gradient_norm));
  }
  return fit;
}

}  // namespace tinyfair::host::frll
