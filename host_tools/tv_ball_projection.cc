#include "host_tools/tv_ball_projection.h"

#include <algorithm>
#include <cmath>

namespace tinyfair::host {
namespace {

struct Evaluation {
  double excess;  // sum p - 1
  double slope;   // -d(sum p)/d(mu): coordinates in a linear piece
};

Evaluation SumExcess(const Eigen::VectorXd& u, const Eigen::VectorXd& c, double mu,
                     double zeta) {
  double sum = 0.0, slope = 0.0;
  for (Eigen::Index i = 0; i < u.size(); ++i) {
    const double d = u[i] - mu - c[i];
    const double shrunk = std::max(std::fabs(d) - zeta, 0.0);
    const double p = c[i] + (d >= 0.0 ? shrunk : -shrunk);
    if (p > 0.0) {
      sum += p;
      if (shrunk > 0.0) slope += 1.0;
    }
  }
  return {sum - 1.0, slope};
}

// The shift mu with sum p(mu, zeta) = 1, by Newton steps on the piecewise
// linear sum kept inside a bisection bracket; `mu` is the warm start.
double SolveShift(const Eigen::VectorXd& u, const Eigen::VectorXd& c, double zeta, double mu) {
  double lo = u.minCoeff() - 1.0 - zeta, hi = u.maxCoeff() + zeta;
  if (!(mu > lo && mu < hi)) mu = 0.5 * (lo + hi);
  for (int iteration = 0; iteration < 200; ++iteration) {
    const Evaluation e = SumExcess(u, c, mu, zeta);
    if (std::fabs(e.excess) <= 1e-15) break;
    (e.excess > 0.0 ? lo : hi) = mu;
    double next = e.slope > 0.0 ? mu + e.excess / e.slope : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (hi - lo <= 1e-16 * std::max(1.0, std::fabs(mu))) break;
    mu = next;
  }
  return mu;
}

Eigen::VectorXd Weights(const Eigen::VectorXd& u, const Eigen::VectorXd& c, double mu,
                        double zeta) {
  Eigen::VectorXd p(u.size());
  for (Eigen::Index i = 0; i < u.size(); ++i) {
    const double d = u[i] - mu - c[i];
    const double shrunk = std::max(std::fabs(d) - zeta, 0.0);
    p[i] = std::max(0.0, c[i] + (d >= 0.0 ? shrunk : -shrunk));
  }
  return p;
}

}  // namespace

Eigen::VectorXd ProjectOntoTvBall(const Eigen::VectorXd& u, const Eigen::VectorXd& center,
                                  double gamma) {
  const double radius = 2.0 * gamma;
  double mu = SolveShift(u, center, 0.0, 0.0);
  Eigen::VectorXd p = Weights(u, center, mu, 0.0);
  auto distance = [&](const Eigen::VectorXd& q) { return (q - center).lpNorm<1>(); };
  if (distance(p) <= radius) return p;

  // The l1 distance (mu re-solved) is non-increasing in zeta: Illinois
  // regula falsi on distance - radius within a shrinking bracket.
  double lo = 0.0, hi = (u - center).cwiseAbs().maxCoeff() + (u.maxCoeff() - u.minCoeff()) + 2.0;
  double f_lo = distance(p) - radius;
  double mu_hi = SolveShift(u, center, hi, mu);
  double f_hi = distance(Weights(u, center, mu_hi, hi)) - radius;
  int side = 0;
  double zeta = hi;
  for (int iteration = 0; iteration < 100 && f_hi < 0.0; ++iteration) {
    zeta = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    if (!(zeta > lo && zeta < hi)) zeta = 0.5 * (lo + hi);
    mu = SolveShift(u, center, zeta, mu);
    p = Weights(u, center, mu, zeta);
    const double f = distance(p) - radius;
    if (std::fabs(f) <= 1e-13 || hi - lo <= 1e-15) break;
    if (f > 0.0) {
      lo = zeta, f_lo = f;
      if (side == 1) f_hi *= 0.5;
      side = 1;
    } else {
      hi = zeta, f_hi = f;
      if (side == -1) f_lo *= 0.5;
      side = -1;
    }
  }
  return p;
}

}  // namespace tinyfair::host
