// Algorithm 1 (reweighting) and the targets theta, against the closed forms
// of Lemma 7.2 and the spec's worked example.
#include "host_tools/preprocessing/maxent_prior.h"

#include <gtest/gtest.h>

#include "host_tools/preprocessing/maxent_report.h"
#include "tests/host/preprocessing/maxent_test_fixture.h"

namespace tinyfair::host::preprocessing {
namespace {

// Cells (y=1,z=0) = 10, (y=0,z=0) = 30, (y=1,z=1) = 40, (y=0,z=1) = 20.
DomainData WorkedExample(const Domain& domain) {
  std::vector<std::vector<int>> rows;
  auto add = [&rows](int z, int y, int n) {
    for (int i = 0; i < n; ++i) rows.push_back({z, y, i % 3, i % 4});
  };
  add(0, 1, 10);
  add(0, 0, 30);
  add(1, 1, 40);
  add(1, 0, 20);
  return Deduplicate(domain, rows);
}

TEST(MaxentReweighting, WorkedExampleTauOneGivesEveryCellAQuarter) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = WorkedExample(domain);
  const MaxentRoles roles{0, 1};
  const auto w = ReweightForStatisticalRate(domain, data, roles, 1.0);
  const GroupLabelJoint joint = JointOfWeights(data, w, roles);
  for (int z = 0; z < 2; ++z) {
    for (int y = 0; y < 2; ++y) EXPECT_NEAR(joint.mass[z][y], 0.25, 1e-15);
  }
  // Inside a cell, weights stay proportional to the counts (multiplier 5
  // for (y=1, z=0): every record of that cell has count 1 or more).
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (data.points[i][0] == 0 && data.points[i][1] == 1) {
      EXPECT_NEAR(w[i], data.counts[i] * 5.0 / 200.0, 1e-15);
    }
  }
}

TEST(MaxentReweighting, WorkedExampleTauHalf) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = WorkedExample(domain);
  const MaxentRoles roles{0, 1};
  const auto w = ReweightForStatisticalRate(domain, data, roles, 0.5);
  const FairnessRates rates = RatesOf(JointOfWeights(data, w, roles), 1);
  EXPECT_NEAR(rates.group_share[0], 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(rates.group_share[1], 2.0 / 3.0, 1e-15);
  EXPECT_NEAR(rates.representation_rate, 0.5, 1e-15);
  EXPECT_NEAR(rates.statistical_rate, 1.0, 1e-15);
}

TEST(MaxentReweighting, LemmaIdentitiesForSeveralTau) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = Deduplicate(domain, testing::BiasedRows(3000, 5));
  const MaxentRoles roles{0, 1};
  const auto raw = RatesOf(JointOfWeights(data, EmpiricalWeights(data), roles), 1);
  ASSERT_LT(raw.statistical_rate, 0.6);  // the data really is biased
  for (double tau : {0.2, 0.5, 0.8, 1.0}) {
    const auto w = ReweightForStatisticalRate(domain, data, roles, tau);
    const GroupLabelJoint joint = JointOfWeights(data, w, roles);
    const FairnessRates rates = RatesOf(joint, 1);
    EXPECT_NEAR(rates.representation_rate, tau, 1e-12) << tau;
    EXPECT_NEAR(rates.group_share[1], 1.0 / (1.0 + tau), 1e-12) << tau;
    EXPECT_NEAR(rates.statistical_rate, 1.0, 1e-12) << tau;
    for (int y = 0; y < 2; ++y) EXPECT_NEAR(joint.mass[0][y], tau * joint.mass[1][y], 1e-12);
    // P(Y = 1 | Z = z) is the data's label rate.
    double positives = 0.0;
    for (std::size_t i = 0; i < data.size(); ++i) positives += data.points[i][1] * data.counts[i];
    EXPECT_NEAR(rates.favourable_rate[0], positives / data.total(), 1e-12);
    // theta^w's protected coordinate is w(Z = 1).
    EXPECT_NEAR(WeightedMean(data, w)[0], 1.0 / (1.0 + tau), 1e-12);
  }
}

TEST(MaxentReweighting, RefusesAnEmptyCellAndBadTau) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = Deduplicate(domain, {{0, 0, 0, 0}, {1, 0, 1, 1}, {1, 1, 2, 2}});
  EXPECT_THROW(ReweightForStatisticalRate(domain, data, {0, 1}, 1.0), std::invalid_argument);
  const DomainData full = WorkedExample(domain);
  EXPECT_THROW(ReweightForStatisticalRate(domain, full, {0, 1}, 0.0), std::invalid_argument);
  EXPECT_THROW(ReweightForStatisticalRate(domain, full, {0, 2}, 1.0), std::invalid_argument);
}

TEST(MaxentTargets, BalancedAndRenormalisedBlocks) {
  const Domain domain = testing::SmallDomain();
  Eigen::VectorXd theta(6);
  theta << 0.2, 0.4, 0.2, 0.3, 0.6, 1.5;
  const Eigen::VectorXd balanced = WithBlockBalanced(domain, theta, 0);
  EXPECT_EQ(balanced[0], 0.5);
  const Eigen::VectorXd onehot = WithBlockBalanced(domain, theta, 2);
  EXPECT_NEAR(onehot[2], 1.0 / 3.0, 1e-15);
  const Eigen::VectorXd renormalised = RenormaliseOneHotBlocks(domain, theta);
  EXPECT_NEAR(renormalised.segment(2, 3).sum(), 1.0, 1e-15);
  EXPECT_NEAR(renormalised[4], 0.6 / 1.1, 1e-15);
  EXPECT_EQ(renormalised[5], 1.5);
  const Eigen::VectorXd mean = UniformMean(domain);
  EXPECT_EQ(mean[0], 0.5);
  EXPECT_NEAR(mean[3], 1.0 / 3.0, 1e-15);
  EXPECT_EQ(mean[5], 1.5);
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
