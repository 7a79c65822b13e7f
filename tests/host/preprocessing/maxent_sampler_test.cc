// The samplers against the exact learned distribution on an enumerable
// domain: chi-square goodness of fit at a fixed seed, per-cell frequencies
// within bounds derived from the sample size, and the exact marginals.
#include "host_tools/preprocessing/maxent_sampler.h"

#include <gtest/gtest.h>

#include <map>

#include "host_tools/preprocessing/maxent_report.h"
#include "host_tools/preprocessing/maxent_solver.h"
#include "tests/host/preprocessing/maxent_test_fixture.h"

namespace tinyfair::host::preprocessing {
namespace {

struct Fitted {
  Domain domain = testing::SmallDomain();
  DomainData data = Deduplicate(domain, testing::BiasedRows(2000, 23));
  MaxentRoles roles{0, 1};
  MixturePrior prior{0.5, ReweightForStatisticalRate(domain, data, roles, 1.0)};
  DualOracle oracle{domain, data, prior,
                    RenormaliseOneHotBlocks(domain, WeightedMean(data, prior.weights))};
  DualSolution solution = SolveDual(oracle, {});
};

// 47 degrees of freedom: the 0.999 quantile of chi-square(47) is 82.7.
constexpr double kChiSquare47At999 = 82.72;

template <typename Sampler>
void ExpectMatchesExact(const Fitted& f, const Sampler& sampler, uint64_t seed) {
  const testing::Enumerated exact =
      testing::Enumerate(f.domain, f.data, f.prior, f.solution.lambda);
  ASSERT_EQ(exact.points.size(), 48u);
  constexpr int kDraws = 200000;
  runtime::Pcg32 rng(seed, 5);
  std::map<std::vector<int>, double> counts;
  for (int i = 0; i < kDraws; ++i) counts[sampler.Draw(rng)] += 1.0;
  double chi_square = 0.0;
  for (std::size_t k = 0; k < exact.points.size(); ++k) {
    const double expected = kDraws * exact.probability[k];
    const double observed = counts[exact.points[k]];
    chi_square += (observed - expected) * (observed - expected) / expected;
    // Each cell within 5 binomial standard deviations.
    const double sd = std::sqrt(kDraws * exact.probability[k] * (1.0 - exact.probability[k]));
    EXPECT_LE(std::abs(observed - expected), 5.0 * sd) << k;
  }
  EXPECT_EQ(counts.size(), 48u);  // no point outside the domain
  EXPECT_LT(chi_square, kChiSquare47At999);
}

TEST(MaxentSampler, MixtureSamplerMatchesTheExactDistribution) {
  const Fitted f;
  ExpectMatchesExact(f, MixtureSampler(f.domain, f.data, f.solution.point), 1);
}

TEST(MaxentSampler, SequentialSamplerMatchesTheExactDistribution) {
  const Fitted f;
  ExpectMatchesExact(f, SequentialSampler(f.oracle, f.solution.lambda), 2);
}

TEST(MaxentSampler, ExactReportMatchesSampleMarginals) {
  const Fitted f;
  const MixtureSampler sampler(f.domain, f.data, f.solution.point);
  runtime::Pcg32 rng(77, 1);
  constexpr int kDraws = 400000;
  std::vector<std::vector<int>> sample;
  for (int i = 0; i < kDraws; ++i) sample.push_back(sampler.Draw(rng));
  const GroupLabelJoint exact = JointOfTilted(f.data, f.solution.point, f.roles);
  const GroupLabelJoint observed = JointOfPoints(sample, f.roles);
  for (int z = 0; z < 2; ++z) {
    for (int y = 0; y < 2; ++y) {
      const double p = exact.mass[z][y];
      EXPECT_NEAR(observed.mass[z][y], p, 5.0 * std::sqrt(p * (1 - p) / kDraws));
    }
  }
  // Targets of theta^w with tau = 1: representation parity in p*.
  EXPECT_NEAR(RatesOf(exact, 1).representation_rate, 1.0, 1e-9);
}

TEST(MaxentSampler, SameSeedSameSample) {
  const Fitted f;
  const MixtureSampler sampler(f.domain, f.data, f.solution.point);
  runtime::Pcg32 a(9, 1), b(9, 1);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(sampler.Draw(a), sampler.Draw(b));
}

TEST(MaxentSampler, AliasTableFrequencies) {
  Eigen::VectorXd p(4);
  p << 0.5, 0.0, 0.2, 0.3;
  const AliasTable table(p);
  runtime::Pcg32 rng(4, 4);
  constexpr int kDraws = 100000;
  std::vector<double> counts(4, 0.0);
  for (int i = 0; i < kDraws; ++i) counts[table.Draw(rng)] += 1.0;
  EXPECT_EQ(counts[1], 0.0);
  for (int j : {0, 2, 3}) {
    EXPECT_NEAR(counts[static_cast<std::size_t>(j)] / kDraws, p[j],
                5.0 * std::sqrt(p[j] * (1 - p[j]) / kDraws));
  }
}

TEST(MaxentSampler, UniformDoubleIsInTheUnitInterval) {
  runtime::Pcg32 rng(1, 1);
  double sum = 0.0;
  for (int i = 0; i < 100000; ++i) {
    const double u = UniformDouble(rng);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / 100000, 0.5, 5.0 * std::sqrt(1.0 / 12.0 / 100000));
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
