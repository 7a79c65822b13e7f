// The fairness monitor: counters, windows, refusals, outcomes, settings and
// the drift alarm. Alarm times are checked against the boundary computed
// here in double precision from its formula, not by the runtime's code.
#include "tinyfair_runtime/fairness_monitor.h"

#include <math.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/internal/saturating.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

using namespace tinyfair::runtime;

constexpr uint64_t kHash = 0x0123456789ABCDEFULL;

// The tests' shared monitor (about 2.7 KiB: the 16 KiB-RAM target holds
// one).
FairnessMonitor& g_monitor = tinyfair::testing::TestMonitor();

MonitorReference Reference(const float* rates, uint32_t groups, float alpha, float tolerance,
                           uint32_t window) {
  MonitorReference reference;
  reference.model_hash = kHash;
  reference.group_count = groups;
  reference.reference_rate = rates;
  reference.settings.alpha = alpha;
  reference.settings.tolerance = tolerance;
  reference.settings.window = window;
  return reference;
}

Decision Decided(uint32_t group, bool positive, float probability) {
  Decision d;
  d.model_hash = kHash;
  d.status = Status::kOk;
  d.group = group;
  d.positive = positive;
  d.probability = probability;
  return d;
}

Decision Refused(uint32_t group, Status status) {
  Decision d;
  d.model_hash = kHash;
  d.status = status;
  d.group = group;
  return d;
}

// The first n at which a group fed only positives (rate 1) has a lower
// bound above `limit`: 1 - w(n) > limit, with w(n) the normal-mixture
// half-width at ln(1 / beta^2) = c and rho tuned for `tightest_at`
// decisions (z - ln(1 + z) = c, rho = tightest_at / 4 / z), in double.
constexpr uint32_t kEvery = TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY;

// Whether an alarm at the group's n-th decision is where the crossing at
// `expected` (float against double: that step, or one beside it) is first
// tested: the first multiple of kEvery at or after the crossing.
bool FiredAtTheCrossing(uint32_t n, uint32_t expected) {
  const uint32_t earliest = (expected - 1 + kEvery - 1) / kEvery * kEvery;
  const uint32_t latest = (expected + 1 + kEvery - 1) / kEvery * kEvery;
  return n % kEvery == 0 && n >= earliest && n <= latest;
}

uint32_t FirstCrossing(double c, double tightest_at, double limit) {
  double z = c;
  for (int i = 0; i < 100; ++i) z = c + log(1.0 + z);
  const double rho = 0.25 * tightest_at / z;
  for (uint32_t n = 1; n < 1000000; ++n) {
    const double v = 0.25 * n + rho;
    const double w = sqrt(v * (log(v / rho) + c)) / n;
    if (1.0 - w > limit) return n;
  }
  return 0;
}

TEST(FairnessMonitor, StartRefusesSettingsOutOfRange) {
  const float rates[2] = {0.3f, 0.4f};
  const float nan = __builtin_nanf("");
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(rates, 2, 0.0f, 0.0f, 0)));
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(rates, 2, 1.0f, 0.0f, 0)));
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(rates, 2, nan, 0.0f, 0)));
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(rates, 2, 0.05f, 1.0f, 0)));
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(rates, 2, 0.05f, -0.1f, 0)));
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(rates, 0, 0.05f, 0.0f, 0)));
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(Reference(nullptr, 2, 0.05f, 0.0f, 0)));
  EXPECT_FALSE(g_monitor.started());
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Update(Decided(0, true, 1.0f)));
  float many[kMonitorGroups + 1] = {};
  EXPECT_EQ(Status::kCapacityExceeded,
            g_monitor.Start(Reference(many, kMonitorGroups + 1, 0.05f, 0.0f, 0)));
  const float bad[2] = {0.3f, 1.5f};
  EXPECT_EQ(Status::kInvalidModel, g_monitor.Start(Reference(bad, 2, 0.05f, 0.0f, 0)));
  EXPECT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.0f, 0)));
  EXPECT_TRUE(g_monitor.started());
}

TEST(FairnessMonitor, CountsDecisionsPositivesAndProbabilities) {
  const float rates[3] = {0.5f, 0.5f, 0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 3, 0.05f, 0.5f, 0)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Decided(0, true, 0.5f)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Decided(0, false, 0.25f)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Decided(2, true, 1.0f)));
  EXPECT_EQ(3, g_monitor.updates());
  EXPECT_EQ(2, g_monitor.group(0).decisions);
  EXPECT_EQ(1, g_monitor.group(0).positives);
  // 0.5 and 0.25 as draw counts: 2^31 + 2^30.
  EXPECT_TRUE(g_monitor.group(0).probability_sum == (1ULL << 31U) + (1ULL << 30U));
  EXPECT_EQ(0, g_monitor.group(1).decisions);
  EXPECT_EQ(1, g_monitor.group(2).decisions);
  EXPECT_TRUE(g_monitor.group(2).probability_sum == 1ULL << 32U);
  EXPECT_EQ(1, g_monitor.group(0).window_index);
  EXPECT_EQ(2, g_monitor.group(0).window_decisions);
  EXPECT_EQ(1, g_monitor.group(0).window_positives);
}

TEST(FairnessMonitor, RefusalsByStatus) {
  const float rates[2] = {0.5f, 0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.5f, 0)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Refused(1, Status::kNonFiniteInput)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Refused(1, Status::kScoreOverflow)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Refused(0, Status::kUnknownCategory)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Refused(0, Status::kUnknownGroup)));
  EXPECT_EQ(Status::kOk, g_monitor.Update(Refused(0, Status::kInputCountMismatch)));
  EXPECT_EQ(5, g_monitor.updates());
  EXPECT_EQ(1, g_monitor.group(1).refused_non_finite_input);
  EXPECT_EQ(1, g_monitor.group(1).refused_score_overflow);
  EXPECT_EQ(1, g_monitor.group(0).refused_unknown_category);
  EXPECT_EQ(2, g_monitor.refusals_without_group());
  EXPECT_EQ(0, g_monitor.group(0).decisions + g_monitor.group(1).decisions);
}

TEST(FairnessMonitor, OtherModelsDecisionsAreNotCounted) {
  const float rates[2] = {0.5f, 0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.5f, 0)));
  Decision other = Decided(0, true, 1.0f);
  other.model_hash = kHash + 1;
  EXPECT_EQ(Status::kMonitorModelMismatch, g_monitor.Update(other));
  EXPECT_EQ(Status::kMonitorModelMismatch, g_monitor.Update(Decided(2, true, 1.0f)));
  EXPECT_EQ(Status::kMonitorModelMismatch, g_monitor.RecordOutcome(other, true));
  EXPECT_EQ(0, g_monitor.updates());
  EXPECT_EQ(0, g_monitor.group(0).decisions);
}

TEST(FairnessMonitor, OutcomesGiveTrueAndFalsePositives) {
  const float rates[2] = {0.5f, 0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.5f, 0)));
  EXPECT_EQ(Status::kOk, g_monitor.RecordOutcome(Decided(1, true, 1.0f), true));
  EXPECT_EQ(Status::kOk, g_monitor.RecordOutcome(Decided(1, false, 0.0f), true));
  EXPECT_EQ(Status::kOk, g_monitor.RecordOutcome(Decided(1, true, 1.0f), false));
  EXPECT_EQ(Status::kOk, g_monitor.RecordOutcome(Decided(1, false, 0.0f), false));
  EXPECT_EQ(Status::kOk, g_monitor.RecordOutcome(Decided(1, false, 0.0f), false));
  // A refusal has no outcome to count.
  EXPECT_EQ(Status::kOk, g_monitor.RecordOutcome(Refused(7, Status::kUnknownGroup), true));
  const GroupCounters& c = g_monitor.group(1);
  EXPECT_EQ(2, c.labelled_positives);
  EXPECT_EQ(1, c.true_positives);
  EXPECT_EQ(3, c.labelled_negatives);
  EXPECT_EQ(1, c.false_positives);
  EXPECT_EQ(0, g_monitor.group(0).labelled_positives + g_monitor.group(0).labelled_negatives);
}

TEST(FairnessMonitor, CountersSaturate) {
  uint32_t counter = UINT32_MAX - 1;
  internal::SaturatingIncrement(counter);
  EXPECT_TRUE(counter == UINT32_MAX);
  internal::SaturatingIncrement(counter);
  EXPECT_TRUE(counter == UINT32_MAX);
}

TEST(FairnessMonitor, WindowsRollOverPerGroup) {
  const float rates[2] = {0.5f, 0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.5f, 4)));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Status::kOk, g_monitor.Update(Decided(0, i < 3, 1.0f)));
  EXPECT_EQ(1, g_monitor.group(0).window_index);
  EXPECT_EQ(4, g_monitor.group(0).window_decisions);
  EXPECT_EQ(Status::kOk, g_monitor.Update(Decided(0, false, 0.0f)));
  const GroupCounters& c = g_monitor.group(0);
  EXPECT_EQ(2, c.window_index);
  EXPECT_EQ(1, c.window_decisions);
  EXPECT_EQ(0, c.window_positives);
  EXPECT_EQ(4, c.previous_window_decisions);
  EXPECT_EQ(3, c.previous_window_positives);
  EXPECT_EQ(5, c.decisions);
  EXPECT_EQ(3, c.positives);
  // The other group's window has not moved.
  EXPECT_EQ(1, g_monitor.group(1).window_index);
  EXPECT_EQ(0, g_monitor.group(1).window_decisions);
}

TEST(FairnessMonitor, IntervalsMoveOnlyAtTestedDecisions) {
  const float rates[1] = {0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 1, 0.05f, 0.5f, 0)));
  EXPECT_TRUE(g_monitor.group(0).lower == 0.0f && g_monitor.group(0).upper == 1.0f);
  for (uint32_t i = 0; i < 64 * kEvery; ++i) {
    (void)g_monitor.Update(Decided(0, i % 2 == 0, 0.5f));
  }
  const float lower = g_monitor.group(0).lower, upper = g_monitor.group(0).upper;
  EXPECT_TRUE(upper - lower < 1.0f);
  // Untested decisions leave the interval; the next tested one moves it.
  for (uint32_t i = 1; i < kEvery; ++i) {
    (void)g_monitor.Update(Decided(0, true, 1.0f));
    EXPECT_TRUE(g_monitor.group(0).lower == lower && g_monitor.group(0).upper == upper);
  }
  (void)g_monitor.Update(Decided(0, true, 1.0f));
  EXPECT_TRUE(g_monitor.group(0).lower != lower);
}

TEST(FairnessMonitor, NoAlarmAtTheReferenceRates) {
  const float rates[2] = {0.5f, 0.25f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.0f, 0)));
  // Exactly the reference rates, interleaved: never an alarm.
  for (int i = 0; i < 20000; ++i) {
    ASSERT_EQ(Status::kOk, g_monitor.Update(Decided(0, i % 2 == 0, 0.5f)));
    ASSERT_EQ(Status::kOk, g_monitor.Update(Decided(1, i % 4 == 0, 0.25f)));
  }
  EXPECT_FALSE(g_monitor.alarmed());
  // The intervals hold the rates and have narrowed: at n = 20000 the
  // half-width is about sqrt(5000 * 20) / 20000, below 0.02.
  EXPECT_TRUE(g_monitor.group(0).lower < 0.5f && g_monitor.group(0).upper > 0.5f);
  EXPECT_TRUE(g_monitor.group(0).upper - g_monitor.group(0).lower < 0.04f);
  EXPECT_TRUE(g_monitor.group(1).lower < 0.25f && g_monitor.group(1).upper > 0.25f);
}

TEST(FairnessMonitor, RateAboveReferenceFiresWhenTheBoundCrosses) {
  const float rates[2] = {0.2f, 0.2f};
  const float alpha = 0.05f, tolerance = 0.1f;
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, alpha, tolerance, 0)));
  // c = ln(groups^2 / alpha^2); tightest at 1024 decisions.
  const double c = 2.0 * log(2.0 / 0.05);
  const uint32_t expected = FirstCrossing(c, 1024.0, 0.2 + 0.1);
  ASSERT_TRUE(expected > 1);
  uint32_t fired = 0;
  for (uint32_t n = 1; n <= expected + kEvery + 5 && fired == 0; ++n) {
    if (g_monitor.Update(Decided(0, true, 1.0f)) == Status::kDriftAlarm) fired = n;
  }
  EXPECT_TRUE(FiredAtTheCrossing(fired, expected));
  const DriftAlarm& alarm = g_monitor.alarm();
  EXPECT_EQ(static_cast<int>(AlarmKind::kRateAboveReference), static_cast<int>(alarm.kind));
  EXPECT_EQ(0, alarm.group);
  EXPECT_EQ(fired, alarm.at_update);
  EXPECT_TRUE(alarm.bound > 0.3f && alarm.limit > 0.29999f && alarm.limit < 0.30001f);
  // The alarm stays up, and decisions are still counted.
  EXPECT_EQ(Status::kDriftAlarm, g_monitor.Update(Decided(1, false, 0.0f)));
  EXPECT_EQ(1, g_monitor.group(1).decisions);
  EXPECT_EQ(0, g_monitor.alarm().group);
}

TEST(FairnessMonitor, RateBelowReference) {
  const float rates[1] = {0.9f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 1, 0.01f, 0.05f, 0)));
  uint32_t n = 0;
  while (!g_monitor.alarmed() && n < 100000) {
    (void)g_monitor.Update(Decided(0, false, 0.0f));
    ++n;
  }
  EXPECT_EQ(static_cast<int>(AlarmKind::kRateBelowReference),
            static_cast<int>(g_monitor.alarm().kind));
  EXPECT_TRUE(g_monitor.alarm().bound < 0.85f);
  // Rate 0 has upper bound w, below 0.85 when 1 - w > 0.15: the crossing
  // of a rate-1 stream against the limit 0.15.
  const uint32_t expected = FirstCrossing(2.0 * log(1.0 / 0.01), 1024.0, 0.15);
  EXPECT_TRUE(FiredAtTheCrossing(n, expected));
}

TEST(FairnessMonitor, GapBeyondTheReferenceGap) {
  // Each rate may move by 0.35, so neither group's rate alarm can fire; the
  // gap of 1 is above the reference gap 0.4 + 0.35.
  const float rates[2] = {0.3f, 0.7f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 2, 0.05f, 0.35f, 0)));
  uint32_t n = 0;
  while (!g_monitor.alarmed() && n < 100000) {
    (void)g_monitor.Update(Decided(0, false, 0.0f));
    (void)g_monitor.Update(Decided(1, true, 1.0f));
    ++n;
  }
  const DriftAlarm& alarm = g_monitor.alarm();
  EXPECT_EQ(static_cast<int>(AlarmKind::kGap), static_cast<int>(alarm.kind));
  EXPECT_EQ(1, alarm.group);
  EXPECT_EQ(0, alarm.other_group);
  EXPECT_TRUE(alarm.bound > alarm.limit && alarm.limit > 0.7499f && alarm.limit < 0.7501f);
  // Each interval has width 2w: the gap bound 1 - 2w crosses 0.75 when w <
  // 0.125, i.e. when 1 - w > 0.875 for one group.
  const uint32_t expected = FirstCrossing(2.0 * log(2.0 / 0.05), 1024.0, 0.875);
  EXPECT_TRUE(FiredAtTheCrossing(n, expected));
}

TEST(FairnessMonitor, GapTestComparesTheExtremesOfAFullScan) {
  // Eight groups at rates 0.1 .. 0.9 in windows of 256: bounds narrow
  // outward and fall back to [0, 1] at each new window, so the extreme
  // groups move inward often. After every update the two groups the gap
  // test compares must be the ones a scan of every bound finds (ties to the
  // smaller index). The tolerance keeps every alarm down.
  const float rates[8] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 8, 0.05f, 0.99f, 256)));
  Pcg32 rng(7, 3);
  uint32_t mismatches = 0, changes = 0, previous_high = 0;
  for (uint32_t n = 0; n < 20000; ++n) {
    const uint32_t g = rng.Next() % 8;
    const float rate = 0.1f + 0.8f * static_cast<float>(g) / 7.0f;
    const bool positive = static_cast<float>(rng.Next() >> 8) * 0x1p-24f < rate;
    (void)g_monitor.Update(Decided(g, positive, positive ? 1.0f : 0.0f));
    uint32_t high = 0, low = 0;
    for (uint32_t k = 1; k < 8; ++k) {
      if (g_monitor.group(k).lower > g_monitor.group(high).lower) high = k;
      if (g_monitor.group(k).upper < g_monitor.group(low).upper) low = k;
    }
    if (high != g_monitor.highest_lower_group() || low != g_monitor.lowest_upper_group()) {
      ++mismatches;
    }
    changes += high != previous_high ? 1 : 0;
    previous_high = high;
  }
  EXPECT_EQ(0u, mismatches);
  EXPECT_FALSE(g_monitor.alarmed());
  EXPECT_TRUE(changes > 20);  // the highest group did change, many times
}

TEST(FairnessMonitor, WindowsSpendAlphaByTheSeries) {
  // With windows of 64, window k tests at beta = alpha / groups * 6 /
  // (pi^2 k^2): a later window needs more evidence for the same drift.
  const float rates[1] = {0.2f};
  ASSERT_EQ(Status::kOk, g_monitor.Start(Reference(rates, 1, 0.05f, 0.1f, 64)));
  for (int i = 0; i < 64 * 3; ++i) (void)g_monitor.Update(Decided(0, false, 0.2f));
  EXPECT_EQ(3, g_monitor.group(0).window_index);
  const double pi_squared_over_6 = 3.14159265358979 * 3.14159265358979 / 6.0;
  const double c3 = 2.0 * log(1.0 / 0.05) + 2.0 * log(pi_squared_over_6) + 4.0 * log(3.0);
  const double stored = g_monitor.group(0).log_inverse_beta_squared;
  EXPECT_TRUE(fabs(stored - c3) < 1e-4);
  // The shares add up to alpha: sum_k 6 / (pi^2 k^2) = 1.
  double total = 0.0;
  for (int k = 1; k < 100000; ++k) total += 1.0 / (pi_squared_over_6 * k * k);
  EXPECT_TRUE(total < 1.0 && total > 0.9999);
}

TEST(FairnessMonitor, ModelWithoutSettingsNeedsTheFirmwares) {
  using namespace tinyfair_models;
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  ASSERT_EQ(Status::kOk, model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  MonitorReference reference = MonitorReferenceOf(model);
  EXPECT_TRUE(reference.model_hash == kSmallThresholdModelHash);
  EXPECT_EQ(model.group_count(), reference.group_count);
  EXPECT_TRUE(reference.settings.alpha == 0.0f);
  EXPECT_EQ(Status::kMonitorNotConfigured, g_monitor.Start(reference));
  reference.settings.alpha = 0.05f;
  reference.settings.tolerance = 0.05f;
  ASSERT_EQ(Status::kOk, g_monitor.Start(reference));
  Decision d;
  const float values[4] = {1.0f, 0.0f, 0.0f, -3.0f};
  DecisionInput input;
  input.values = values;
  input.count = 4;
  ASSERT_EQ(Status::kOk, model.DecideWithDraw(input, 0, d));
  EXPECT_EQ(Status::kOk, g_monitor.Update(d));
  EXPECT_EQ(1, g_monitor.group(d.group).decisions);
  EXPECT_EQ(d.positive ? 1 : 0, g_monitor.group(d.group).positives);
}

}  // namespace
