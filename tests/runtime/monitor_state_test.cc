// The fairness monitor's saved state: a restored monitor continues as one
// that was never reset, and every kind of bad state is refused with its
// status, leaving the monitor as it was. Host only: it holds three monitors
// and their states, more than the 16 KiB-RAM target's tests leave.
#include <string.h>

#include "tests/framework/tinytest.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

using namespace tinyfair::runtime;

constexpr uint64_t kHash = 0x0123456789ABCDEFULL;
constexpr uint32_t kGroups = 2;
constexpr size_t kStateBytes = MonitorStateBytes(kGroups);
// Offsets in the state (docs/monitor.md, "Saving the state").
constexpr size_t kHighestLowerAt = 48;
constexpr size_t kGroupAt = 76;
constexpr size_t kGroupBytes = 80;
constexpr size_t kDecisionsOffset = 4;
constexpr size_t kPositivesOffset = 8;

const float kRates[kGroups] = {0.4f, 0.5f};

FairnessMonitor g_whole, g_first, g_second, g_never_started;
uint8_t g_state[kStateBytes + 8];
uint8_t g_other[kStateBytes + 8];

MonitorReference Reference(const float* rates = kRates, uint64_t hash = kHash,
                           uint32_t groups = kGroups, float alpha = 0.05f, uint32_t window = 64) {
  MonitorReference reference;
  reference.model_hash = hash;
  reference.group_count = groups;
  reference.reference_rate = rates;
  reference.settings = {alpha, 0.05f, window};
  return reference;
}

// The i-th decision of a stream whose group 1 drifts up to a rate of 0.9
// after 600 decisions, with a refusal now and then.
Decision Stream(Pcg32& rng, uint32_t i) {
  Decision d;
  d.model_hash = kHash;
  d.group = rng.Next() & 1U;
  const uint32_t rate_percent = d.group == 1 && i >= 600 ? 90 : (d.group == 0 ? 40 : 50);
  d.positive = rng.Next() % 100U < rate_percent;
  d.probability = static_cast<float>(rate_percent) / 100.0f;
  d.status = i % 97 == 5 ? Status::kNonFiniteInput : Status::kOk;
  return d;
}

// Feeds decisions [from, to) of the stream, with every third one's label.
void Feed(FairnessMonitor& monitor, Pcg32& rng, uint32_t from, uint32_t to) {
  for (uint32_t i = from; i < to; ++i) {
    const Decision d = Stream(rng, i);
    (void)monitor.Update(d);
    if (i % 3 == 0) (void)monitor.RecordOutcome(d, (i & 4U) != 0);
  }
}

size_t Save(const FairnessMonitor& monitor, uint8_t* state) {
  size_t size = 0;
  EXPECT_EQ(Status::kOk, monitor.SaveState(state, kStateBytes, size));
  return size;
}

// One uninterrupted run of `total` decisions, and the same decisions with a
// reset after `saved_at`: the states and the alarms are identical.
void ExpectContinuesAsIfNoReset(uint32_t saved_at, uint32_t total) {
  Pcg32 whole_rng(7, 3), split_rng(7, 3);
  ASSERT_EQ(Status::kOk, g_whole.Start(Reference()));
  Feed(g_whole, whole_rng, 0, total);
  ASSERT_EQ(Status::kOk, g_first.Start(Reference()));
  Feed(g_first, split_rng, 0, saved_at);
  const size_t size = Save(g_first, g_state);
  EXPECT_EQ(kStateBytes, size);
  ASSERT_EQ(Status::kOk, g_second.Start(Reference()));
  ASSERT_EQ(Status::kOk, g_second.RestoreState(g_state, size));
  Feed(g_second, split_rng, saved_at, total);
  EXPECT_EQ(g_whole.updates(), g_second.updates());
  EXPECT_EQ(g_whole.alarmed(), g_second.alarmed());
  EXPECT_EQ(g_whole.alarm().at_update, g_second.alarm().at_update);
  EXPECT_EQ(g_whole.group(1).decisions, g_second.group(1).decisions);
  Save(g_whole, g_state);
  Save(g_second, g_other);
  EXPECT_TRUE(memcmp(g_state, g_other, kStateBytes) == 0);
}

TEST(MonitorState, ContinuesAsIfNoResetBeforeTheAlarm) {
  ExpectContinuesAsIfNoReset(500, 3000);
  // The alarm fired after the reset, at the same update as without one.
  EXPECT_TRUE(g_second.alarmed());
  EXPECT_TRUE(g_second.alarm().at_update > 500);
}

TEST(MonitorState, ContinuesAsIfNoResetWithTheAlarmUp) {
  ExpectContinuesAsIfNoReset(2500, 3000);
  EXPECT_TRUE(g_second.alarmed());
  EXPECT_TRUE(g_second.alarm().at_update < 2500);
}

// A saved state of the stream's first 1,000 decisions in g_state.
void SaveTheFirstThousand() {
  Pcg32 rng(7, 3);
  ASSERT_EQ(Status::kOk, g_first.Start(Reference()));
  Feed(g_first, rng, 0, 1000);
  Save(g_first, g_state);
}

void Put32(uint8_t* at, uint32_t value) {
  for (uint32_t i = 0; i < 4; ++i) at[i] = static_cast<uint8_t>(value >> (8U * i));
}

// The state's check recomputed, so that only the check under test can refuse.
void Reseal(uint8_t* state) { Put32(state + kStateBytes - 4, Crc32(state, kStateBytes - 4)); }

// Restores `state` into g_second started with `reference`: the status, and
// whether the refused restore left g_second's own state unchanged.
Status RestoreInto(const MonitorReference& reference, const uint8_t* state, size_t size) {
  EXPECT_EQ(Status::kOk, g_second.Start(reference));
  Pcg32 rng(99, 1);
  Feed(g_second, rng, 0, 100);
  static uint8_t before[kStateBytes], after[kStateBytes];
  size_t before_size = 0, after_size = 0;
  (void)g_second.SaveState(before, sizeof(before), before_size);
  const Status status = g_second.RestoreState(state, size);
  (void)g_second.SaveState(after, sizeof(after), after_size);
  if (status != Status::kOk) EXPECT_TRUE(memcmp(before, after, before_size) == 0);
  return status;
}

TEST(MonitorState, RefusesAShortState) {
  SaveTheFirstThousand();
  EXPECT_EQ(Status::kMonitorStateShort, RestoreInto(Reference(), g_state, kStateBytes - 1));
  EXPECT_EQ(Status::kMonitorStateShort, RestoreInto(Reference(), g_state, 20));
  EXPECT_EQ(Status::kMonitorStateShort, RestoreInto(Reference(), nullptr, kStateBytes));
  // A header cut before its group count: what lies after the given bytes
  // (here a count of 0, which would be corrupt) is not read.
  Put32(g_state + 16, 0);
  EXPECT_EQ(Status::kMonitorStateShort, RestoreInto(Reference(), g_state, 16));
  SaveTheFirstThousand();
  // Bytes after the state are not read.
  EXPECT_EQ(Status::kOk, RestoreInto(Reference(), g_state, kStateBytes + 8));
}

TEST(MonitorState, RefusesACorruptState) {
  SaveTheFirstThousand();
  g_state[kGroupAt + kDecisionsOffset] ^= 0x01;  // a counter, caught by the CRC-32 only
  EXPECT_EQ(Status::kMonitorStateCorrupt, RestoreInto(Reference(), g_state, kStateBytes));
}

TEST(MonitorState, RefusesAnotherFormat) {
  SaveTheFirstThousand();
  Put32(g_state + 4, 2);
  Reseal(g_state);
  EXPECT_EQ(Status::kMonitorStateCorrupt, RestoreInto(Reference(), g_state, kStateBytes));
  SaveTheFirstThousand();
  g_state[0] = 'X';
  Reseal(g_state);
  EXPECT_EQ(Status::kMonitorStateCorrupt, RestoreInto(Reference(), g_state, kStateBytes));
}

TEST(MonitorState, RefusesCountsNoMonitorReaches) {
  // More positives than decisions, with a check that holds.
  SaveTheFirstThousand();
  Put32(g_state + kGroupAt + kPositivesOffset, 100000);
  Reseal(g_state);
  EXPECT_EQ(Status::kMonitorStateCorrupt, RestoreInto(Reference(), g_state, kStateBytes));
  // A group index past the groups, which the gap test would read.
  SaveTheFirstThousand();
  Put32(g_state + kHighestLowerAt, kGroups);
  Reseal(g_state);
  EXPECT_EQ(Status::kMonitorStateCorrupt, RestoreInto(Reference(), g_state, kStateBytes));
  // An alarm kind that does not exist.
  SaveTheFirstThousand();
  Put32(g_state + 36, 9);
  Reseal(g_state);
  EXPECT_EQ(Status::kMonitorStateCorrupt, RestoreInto(Reference(), g_state, kStateBytes));
}

TEST(MonitorState, RefusesAnotherModelsState) {
  SaveTheFirstThousand();
  EXPECT_EQ(Status::kMonitorModelMismatch,
            RestoreInto(Reference(kRates, kHash + 1), g_state, kStateBytes));
}

TEST(MonitorState, RefusesAnotherConfigurationsState) {
  const float other_rates[3] = {0.4f, 0.55f, 0.5f};
  SaveTheFirstThousand();
  EXPECT_EQ(Status::kMonitorStateMismatch,
            RestoreInto(Reference(kRates, kHash, kGroups, 0.01f), g_state, kStateBytes));
  EXPECT_EQ(Status::kMonitorStateMismatch,
            RestoreInto(Reference(kRates, kHash, kGroups, 0.05f, 128), g_state, kStateBytes));
  EXPECT_EQ(Status::kMonitorStateMismatch,
            RestoreInto(Reference(other_rates), g_state, kStateBytes));
  EXPECT_EQ(Status::kMonitorStateMismatch,
            RestoreInto(Reference(other_rates, kHash, 3), g_state, kStateBytes));
}

TEST(MonitorState, NeedsAStartedMonitorAndRoom) {
  size_t size = 1;
  EXPECT_EQ(Status::kMonitorNotConfigured, g_never_started.SaveState(g_state, kStateBytes, size));
  EXPECT_EQ(0u, size);
  SaveTheFirstThousand();
  EXPECT_EQ(Status::kMonitorNotConfigured, g_never_started.RestoreState(g_state, kStateBytes));
  EXPECT_EQ(Status::kReportBufferTooSmall, g_first.SaveState(g_other, kStateBytes - 1, size));
  EXPECT_EQ(Status::kReportBufferTooSmall, g_first.SaveState(nullptr, kStateBytes, size));
  EXPECT_TRUE(kMonitorStateMaxBytes == MonitorStateBytes(static_cast<uint32_t>(kMonitorGroups)));
}

}  // namespace
