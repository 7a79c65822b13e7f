#include "host_tools/learn/tv_ball_projection.h"

#include <algorithm>
#include <cmath>

#include "host_tools/learn/simplex_projection.h"

namespace tinyfair::host::learn {
namespace {

// With a = mu + zeta and b = mu - zeta the KKT solution reads, per row,
//   p_i = u_i - a                 if u_i - c_i > a      (mass added),
//   p_i = c_i                     if b <= u_i - c_i <= a,
//   p_i = max(0, u_i - b)         if u_i - c_i < b      (mass removed),
// so sum p - 1 = Added(a) - Removed(b) and |p - c|_1 = Added(a) + Removed(b)
// with the monotone piecewise-linear
//   Added(a)   = sum_i max(0, u_i - c_i - a),
//   Removed(b) = sum_{c_i > 0} min(c_i, max(0, b - u_i + c_i)).
// Without the ball: a = b = mu with Added = Removed. With it active: the
// two decouple, Added(a) = gamma and Removed(b) = gamma.
struct Value {
  double value, slope;
};

Value Added(const Eigen::VectorXd& u, const Eigen::VectorXd& c, double a) {
  double value = 0.0, slope = 0.0;
  for (Eigen::Index i = 0; i < u.size(); ++i) {
    const double excess = u[i] - c[i] - a;
    if (excess > 0.0) value += excess, slope -= 1.0;
  }
  return {value, slope};
}

Value Removed(const Eigen::VectorXd& u, const Eigen::VectorXd& c, double b) {
  double value = 0.0, slope = 0.0;
  for (Eigen::Index i = 0; i < u.size(); ++i) {
    if (c[i] <= 0.0) continue;
    const double deficit = b - u[i] + c[i];
    if (deficit <= 0.0) continue;
    if (deficit < c[i]) {
      value += deficit, slope += 1.0;
    } else {
      value += c[i];
    }
  }
  return {value, slope};
}

// The root of a monotone piecewise-linear f in [lo, hi] (f(lo), f(hi) of
// opposite signs): Newton steps kept inside a shrinking bracket, which end
// exactly on the root's linear piece.
template <typename F>
double MonotoneRoot(F f, double lo, double hi, double start) {
  const double f_lo = f(lo).value;
  const bool decreasing = f_lo > 0.0;
  double x = (start > lo && start < hi) ? start : 0.5 * (lo + hi);
  for (int iteration = 0; iteration < 200; ++iteration) {
    const Value v = f(x);
    if (std::fabs(v.value) <= 1e-15) return x;
    if ((v.value > 0.0) == decreasing) {
      lo = x;
    } else {
      hi = x;
    }
    double next = v.slope != 0.0 ? x - v.value / v.slope : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (hi - lo <= 1e-17 * std::max(1.0, std::fabs(x))) return x;
    x = next;
  }
  return x;
}

}  // namespace

Eigen::VectorXd ProjectOntoTvBall(const Eigen::VectorXd& u, const Eigen::VectorXd& center,
                                  double gamma, TvBallThresholds* warm) {
  const TvBallThresholds start = warm ? *warm : TvBallThresholds{};
  const Eigen::VectorXd shifted = u - center;
  const double low = std::min(shifted.minCoeff(), 0.0) - 1.0;
  const double high = u.maxCoeff() + 1.0;
  // The simplex projection: Added(mu) = Removed(mu).
  const double mu = MonotoneRoot(
      [&](double x) {
        const Value add = Added(u, center, x), remove = Removed(u, center, x);
        return Value{add.value - remove.value, add.slope - remove.slope};
      },
      low, high, start.shift);
  double a = mu, b = mu;
  if (Added(u, center, mu).value > gamma) {
    a = MonotoneRoot(
        [&](double x) {
          const Value add = Added(u, center, x);
          return Value{add.value - gamma, add.slope};
        },
        mu, high, warm ? start.upper : mu);
    b = MonotoneRoot(
        [&](double x) {
          const Value remove = Removed(u, center, x);
          return Value{remove.value - gamma, remove.slope};
        },
        low, mu, warm ? start.lower : mu);
  }
  if (warm) *warm = {mu, a, b};
  Eigen::VectorXd p(u.size());
  for (Eigen::Index i = 0; i < u.size(); ++i) {
    const double d = shifted[i];
    p[i] = d > a ? u[i] - a : (d >= b ? center[i] : std::max(0.0, u[i] - b));
  }
  return p;
}

Eigen::VectorXd ProjectLikeReferenceCode(const Eigen::VectorXd& u, const Eigen::VectorXd& center,
                                         double radius) {
  const Eigen::VectorXd offset = u - center;
  const Eigen::VectorXd length = ProjectOntoCappedSimplex(offset.cwiseAbs(), radius);
  Eigen::VectorXd p(u.size());
  for (Eigen::Index i = 0; i < u.size(); ++i) {
    const double sign = offset[i] > 0.0 ? 1.0 : (offset[i] < 0.0 ? -1.0 : 0.0);
    p[i] = std::max(0.0, center[i] + sign * length[i]);
  }
  return p;
}

}  // namespace tinyfair::host::learn
