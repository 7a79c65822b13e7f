// The TV-ball projection is the Euclidean projection: the result lies in
// the ball, and the variational inequality (u - p)'(q - p) <= 0 holds for
// every q of the ball, checked by maximizing (u - p)'q over the ball with
// the exact LP solver; random points of the ball are never closer to u.
#include "host_tools/learn/tv_ball_projection.h"

#include <gtest/gtest.h>

#include <random>

#include "host_tools/learn/linear_program.h"
#include "host_tools/learn/simplex_projection.h"

namespace tinyfair::host::learn {
namespace {

// max over {q >= 0, sum q = 1, sum |q - c| <= 2 gamma} of g'q, as an LP in
// q, t (t_i >= |q_i - c_i|) and slacks.
double MaxOverBall(const Eigen::VectorXd& g, const Eigen::VectorXd& c, double gamma) {
  const Eigen::Index n = c.size();
  // Variables: q (n), t (n), slack+ (n), slack- (n), slack_r (1).
  const Eigen::Index v = 4 * n + 1;
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(2 * n + 2, v);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(2 * n + 2), cost = Eigen::VectorXd::Zero(v);
  for (Eigen::Index i = 0; i < n; ++i) {
    // q_i - t_i + s+_i = c_i ; -q_i - t_i + s-_i = -c_i
    A(i, i) = 1, A(i, n + i) = -1, A(i, 2 * n + i) = 1, b[i] = c[i];
    A(n + i, i) = -1, A(n + i, n + i) = -1, A(n + i, 3 * n + i) = 1, b[n + i] = -c[i];
    A(2 * n, i) = 1;
    A(2 * n + 1, n + i) = 1;
    cost[i] = -g[i];
  }
  b[2 * n] = 1.0;
  A(2 * n + 1, 4 * n) = 1, b[2 * n + 1] = 2.0 * gamma;
  const LpSolution s = SolveLinearProgram(cost, A, b);
  EXPECT_EQ(s.status, LpStatus::kOptimal);
  return -s.objective;
}

TEST(TvBallProjection, SatisfiesTheVariationalInequality) {
  std::mt19937_64 engine(11);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  int outside_simplex_ball = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Index n = 2 + trial % 8;
    Eigen::VectorXd u(n), c(n);
    for (Eigen::Index i = 0; i < n; ++i) u[i] = uniform(engine), c[i] = uniform(engine) + 1.0;
    // Centers like the noisy groups' p^_j: some coordinates 0.
    if (trial % 2 == 0) c[0] = 0.0;
    c /= c.sum();
    const double gamma = 0.05 + 0.4 * (uniform(engine) + 1.0) / 2.0;
    const Eigen::VectorXd p = ProjectOntoTvBall(u, c, gamma);
    ASSERT_GE(p.minCoeff(), 0.0);
    EXPECT_NEAR(p.sum(), 1.0, 1e-12);
    EXPECT_LE((p - c).lpNorm<1>(), 2.0 * gamma + 1e-10);
    const Eigen::VectorXd g = u - p;
    EXPECT_LE(MaxOverBall(g, c, gamma), g.dot(p) + 1e-9) << "trial " << trial;
    const Eigen::VectorXd simplex = ProjectOntoSimplex(u);
    if ((simplex - c).lpNorm<1>() > 2.0 * gamma) ++outside_simplex_ball;
  }
  // Both cases of the projection (ball active or not) were exercised.
  EXPECT_GT(outside_simplex_ball, 20);
  EXPECT_LT(outside_simplex_ball, 190);
}

TEST(TvBallProjection, NoPointOfTheBallIsCloser) {
  std::mt19937_64 engine(5);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const Eigen::Index n = 4;
  Eigen::VectorXd u(n), c(n);
  u << 0.9, -0.3, 0.4, 0.1;
  c << 0.1, 0.6, 0.3, 0.0;
  const double gamma = 0.2;
  const Eigen::VectorXd p = ProjectOntoTvBall(u, c, gamma);
  const double best = (u - p).norm();
  for (int k = 0; k < 20000; ++k) {
    Eigen::VectorXd q(n);
    for (Eigen::Index i = 0; i < n; ++i) q[i] = -std::log(uniform(engine) + 1e-300);
    q /= q.sum();
    if ((q - c).lpNorm<1>() > 2.0 * gamma) continue;
    EXPECT_GE((u - q).norm(), best - 1e-12);
  }
}

TEST(TvBallProjection, InsideTheBallIsFixed) {
  Eigen::VectorXd c(3), u(3);
  c << 0.5, 0.5, 0.0;
  u << 0.45, 0.5, 0.05;
  EXPECT_LT((ProjectOntoTvBall(u, c, 0.1) - u).norm(), 1e-12);
}

// The released code's projection: offsets shrunk to l1 length gamma, then
// clipped at 0; a hand-computed case, and in general the result is
// non-negative, within l1 distance gamma of the center and not normalized.
TEST(TvBallProjection, LikeReferenceCode) {
  Eigen::VectorXd c(3), u(3);
  c << 0.5, 0.5, 0.0;
  u << 0.0, 0.9, 0.3;  // offsets -0.5, +0.4, +0.3: shrunk by 0.3 to 0.2, 0.1, 0
  const Eigen::VectorXd p = ProjectLikeReferenceCode(u, c, 0.3);
  EXPECT_LT((p - Eigen::Vector3d(0.3, 0.6, 0.0)).norm(), 1e-15);
  EXPECT_LT((ProjectLikeReferenceCode(Eigen::Vector3d(0.45, 0.5, 0.05), c, 0.3) -
             Eigen::Vector3d(0.45, 0.5, 0.05))
                .norm(),
            1e-15);
  std::mt19937_64 engine(4);
  std::normal_distribution<double> normal;
  int unnormalized = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Eigen::VectorXd center(8), v(8);
    for (int i = 0; i < 8; ++i) center[i] = std::abs(normal(engine));
    center /= center.sum();
    for (int i = 0; i < 8; ++i) v[i] = center[i] + 0.3 * normal(engine);
    const Eigen::VectorXd q = ProjectLikeReferenceCode(v, center, 0.1);
    EXPECT_GE(q.minCoeff(), 0.0);
    EXPECT_LE((q - center).lpNorm<1>(), 0.1 + 1e-12);
    if (std::abs(q.sum() - 1.0) > 1e-6) ++unnormalized;
  }
  EXPECT_GT(unnormalized, 100);
}

TEST(SimplexProjection, CappedSimplex) {
  Eigen::VectorXd v(3);
  v << 0.2, -0.5, 0.3;
  EXPECT_LT((ProjectOntoCappedSimplex(v, 1.0) - Eigen::Vector3d(0.2, 0.0, 0.3)).norm(), 1e-15);
  v << 2.0, 1.0, -1.0;
  EXPECT_LT((ProjectOntoCappedSimplex(v, 1.0) - Eigen::Vector3d(1.0, 0.0, 0.0)).norm(), 1e-15);
}

}  // namespace
}  // namespace tinyfair::host::learn
