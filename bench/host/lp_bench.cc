// The project's hand-written simplex against COIN-OR CLP on the LP shapes
// the host solves: the mixture LP of the reductions (K hypotheses, a few
// disparity rows; ours: SolveMixtureLp's tableau, CLP: the same LP in
// equality form through SolveLinearProgram), equality programs the size of
// soft group assignments, and Beale's cycling example. Prints a Markdown table: CPU microseconds
// per solve and the largest objective difference between the two.
//   lp_bench [REPEATS]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench/host/handwritten_simplex.h"
#include "host_tools/learn/linear_program.h"
#include "host_tools/learn/mixture_lp.h"

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using tinyfair::bench::SolveLinearProgramHandwritten;
using tinyfair::host::learn::LpSolution;
using tinyfair::host::learn::LpStatus;
using tinyfair::host::learn::SolveLinearProgram;
using tinyfair::host::learn::SolveMixtureLp;

// CPU microseconds per call of `solve`, over `repeats` calls.
double Microseconds(const std::function<void()>& solve, int repeats) {
  const std::clock_t start = std::clock();
  for (int k = 0; k < repeats; ++k) solve();
  return 1e6 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / repeats;
}

// The mixture LP in equality form (slacks for A q <= b, sum q = 1) on CLP.
VectorXd MixtureThroughClp(const VectorXd& cost, const MatrixXd& A, const VectorXd& b) {
  const Eigen::Index K = A.cols(), m = A.rows();
  MatrixXd equalities = MatrixXd::Zero(m + 1, K + m);
  equalities.topLeftCorner(m, K) = A;
  equalities.block(0, K, m, m).setIdentity();
  equalities.row(m).head(K).setOnes();
  VectorXd rhs(m + 1);
  rhs << b, 1.0;
  VectorXd full_cost = VectorXd::Zero(K + m);
  full_cost.head(K) = cost;
  return SolveLinearProgram(full_cost, equalities, rhs).x.head(K);
}

struct Mixture {
  VectorXd cost, b;
  MatrixXd A;
};

// Column 0 is the constant predictor: no disparity, the largest error.
Mixture RandomMixture(Eigen::Index hypotheses, Eigen::Index rows, std::mt19937_64& random) {
  std::uniform_real_distribution<double> gap(-0.3, 0.3), error(0.1, 0.3);
  Mixture m{VectorXd(hypotheses), VectorXd::Constant(rows, 0.01), MatrixXd(rows, hypotheses)};
  for (Eigen::Index k = 0; k < hypotheses; ++k) {
    m.cost[k] = k == 0 ? 0.3 : error(random);
    for (Eigen::Index r = 0; r < rows; ++r) m.A(r, k) = k == 0 ? 0.0 : gap(random);
  }
  return m;
}

struct Equalities {
  VectorXd c, b;
  MatrixXd A;
};

// Feasible by construction (b = A x0 with x0 > 0), bounded (c > 0).
Equalities RandomEqualities(Eigen::Index rows, Eigen::Index variables, std::mt19937_64& random) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Equalities e{VectorXd(variables), VectorXd(rows), MatrixXd(rows, variables)};
  VectorXd x0(variables);
  for (Eigen::Index j = 0; j < variables; ++j) {
    e.c[j] = 0.1 + unit(random);
    x0[j] = unit(random);
    for (Eigen::Index r = 0; r < rows; ++r) e.A(r, j) = unit(random) < 0.3 ? unit(random) : 0.0;
  }
  e.b = e.A * x0;
  return e;
}

void Row(const std::string& name, double ours, double clp, double difference) {
  std::printf("| %s | %.1f | %.1f | %.2f | %.1e |\n", name.c_str(), ours, clp, clp / ours,
              difference);
}

void MixtureRow(Eigen::Index hypotheses, Eigen::Index rows, int repeats) {
  std::mt19937_64 random(static_cast<unsigned long>(hypotheses));
  std::vector<Mixture> problems;
  for (int k = 0; k < 20; ++k) problems.push_back(RandomMixture(hypotheses, rows, random));
  double difference = 0.0;
  for (const Mixture& m : problems) {
    const double ours = m.cost.dot(SolveMixtureLp(m.cost, m.A, m.b, 0));
    const double clp = m.cost.dot(MixtureThroughClp(m.cost, m.A, m.b));
    difference = std::max(difference, std::abs(ours - clp));
  }
  size_t next = 0;
  const double ours = Microseconds(
      [&] {
        const Mixture& m = problems[next++ % problems.size()];
        SolveMixtureLp(m.cost, m.A, m.b, 0);
      },
      repeats);
  next = 0;
  const double clp = Microseconds(
      [&] {
        const Mixture& m = problems[next++ % problems.size()];
        MixtureThroughClp(m.cost, m.A, m.b);
      },
      repeats);
  Row("mixture LP, " + std::to_string(hypotheses) + " hypotheses x " + std::to_string(rows) +
          " rows",
      ours, clp, difference);
}

void EqualityRow(Eigen::Index rows, Eigen::Index variables, int repeats) {
  std::mt19937_64 random(static_cast<unsigned long>(rows * variables));
  std::vector<Equalities> problems;
  for (int k = 0; k < 20; ++k) problems.push_back(RandomEqualities(rows, variables, random));
  double difference = 0.0;
  for (const Equalities& e : problems) {
    const LpSolution ours = SolveLinearProgramHandwritten(e.c, e.A, e.b);
    const LpSolution clp = SolveLinearProgram(e.c, e.A, e.b);
    if (ours.status != LpStatus::kOptimal || clp.status != LpStatus::kOptimal) {
      std::printf("status differs or not optimal\n");
      continue;
    }
    difference = std::max(difference, std::abs(ours.objective - clp.objective));
  }
  size_t next = 0;
  const double ours = Microseconds(
      [&] {
        const Equalities& e = problems[next++ % problems.size()];
        SolveLinearProgramHandwritten(e.c, e.A, e.b);
      },
      repeats);
  next = 0;
  const double clp = Microseconds(
      [&] {
        const Equalities& e = problems[next++ % problems.size()];
        SolveLinearProgram(e.c, e.A, e.b);
      },
      repeats);
  Row("equality LP, " + std::to_string(rows) + " rows x " + std::to_string(variables) +
          " variables",
      ours, clp, difference);
}

void BealeRow(int repeats) {
  MatrixXd A(3, 7);
  A << 0.25, -60, -1.0 / 25, 9, 1, 0, 0,  //
      0.5, -90, -1.0 / 50, 3, 0, 1, 0,    //
      0, 0, 1, 0, 0, 0, 1;
  VectorXd b(3), c(7);
  b << 0, 0, 1;
  c << -0.75, 150, -1.0 / 50, 6, 0, 0, 0;
  const double difference =
      std::max(std::abs(SolveLinearProgramHandwritten(c, A, b).objective + 0.05),
               std::abs(SolveLinearProgram(c, A, b).objective + 0.05));
  Row("Beale's cycling example (3 x 7; difference: to the optimum -1/20)",
      Microseconds([&] { SolveLinearProgramHandwritten(c, A, b); }, repeats),
      Microseconds([&] { SolveLinearProgram(c, A, b); }, repeats), difference);
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::stoi(argv[1]) : 200;
  std::printf(
      "| LP | hand-written simplex, CPU us/solve | CLP, CPU us/solve | CLP / ours | "
      "largest objective difference |\n| --- | --- | --- | --- | --- |\n");
  BealeRow(repeats);
  MixtureRow(10, 4, repeats);
  MixtureRow(50, 4, repeats);
  MixtureRow(200, 8, repeats);
  EqualityRow(25, 100, repeats);
  EqualityRow(60, 400, repeats / 10 + 1);
  return 0;
}
