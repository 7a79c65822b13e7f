// The fairness monitor's saved state, so that its counts survive a reset.
// Little-endian, MonitorStateBytes(groups) bytes:
//   header (36 B): "TFMS", the format (1), the model hash (8 B), the group
//     count, the window, alpha's and tolerance's bits, the test interval;
//   progress (40 B): updates, refusals without a group, the extreme groups,
//     the alarm (kind, group, other group, at update, bound's and limit's
//     bits);
//   per group (80 B): its reference rate's bits and its GroupCounters;
//   the CRC-32 of every byte before it (4 B).
// Floats are saved as their bits, so a restored monitor continues bit for
// bit as one that was never reset.
#include <string.h>

#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/internal/float_bits.h"

namespace tinyfair::runtime {
namespace {

// "TFMS", little-endian.
constexpr uint32_t kMagic = 0x534D4654U;
constexpr uint32_t kFormat = 1;
constexpr uint32_t kTestEvery = TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY;
constexpr size_t kHeaderBytes = 36;
constexpr size_t kProgressBytes = 40;
constexpr size_t kGroupBytes = 80;
constexpr size_t kCheckBytes = 4;
constexpr size_t kGroupCountAt = 16;
static_assert(kHeaderBytes + kProgressBytes + kCheckBytes == MonitorStateBytes(0));
static_assert(MonitorStateBytes(1) - MonitorStateBytes(0) == kGroupBytes);
// 4 B of reference rate and 76 B of counters (19 fields, one 8 B): a field
// added to GroupCounters must be added to EachCounter and the format.
static_assert(sizeof(GroupCounters) == 80, "GroupCounters changed: update EachCounter");

uint32_t ReadLittle32(const uint8_t* at) {
  return static_cast<uint32_t>(at[0]) | static_cast<uint32_t>(at[1]) << 8U |
         static_cast<uint32_t>(at[2]) << 16U | static_cast<uint32_t>(at[3]) << 24U;
}

class StateWriter {
 public:
  explicit StateWriter(uint8_t* at) : at_(at) {}
  void Put(uint32_t value) {
    for (uint32_t i = 0; i < 4; ++i) *at_++ = static_cast<uint8_t>(value >> (8U * i));
  }
  void Put(uint64_t value) {
    Put(static_cast<uint32_t>(value));
    Put(static_cast<uint32_t>(value >> 32U));
  }
  void Put(float value) { Put(internal::BitsOf(value)); }

 private:
  uint8_t* at_;
};

class StateReader {
 public:
  explicit StateReader(const uint8_t* at) : at_(at) {}
  void Get(uint32_t& value) {
    value = ReadLittle32(at_);
    at_ += 4;
  }
  void Get(uint64_t& value) {
    uint32_t low = 0, high = 0;
    Get(low);
    Get(high);
    value = static_cast<uint64_t>(high) << 32U | low;
  }
  void Get(float& value) {
    uint32_t bits = 0;
    Get(bits);
    memcpy(&value, &bits, sizeof(value));
  }
  uint32_t U32() {
    uint32_t value = 0;
    Get(value);
    return value;
  }

 private:
  const uint8_t* at_;
};

// Every field of a group's counters, in the state's order.
template <typename Counters, typename Visit>
void EachCounter(Counters& c, Visit&& visit) {
  visit(c.decisions);
  visit(c.positives);
  visit(c.probability_sum);
  visit(c.refused_non_finite_input);
  visit(c.refused_score_overflow);
  visit(c.refused_unknown_category);
  visit(c.labelled_positives);
  visit(c.labelled_negatives);
  visit(c.true_positives);
  visit(c.false_positives);
  visit(c.window_index);
  visit(c.window_decisions);
  visit(c.window_positives);
  visit(c.previous_window_decisions);
  visit(c.previous_window_positives);
  visit(c.lower);
  visit(c.upper);
  visit(c.log_inverse_beta_squared);
}

// Counts a monitor could have reached: numerators within their
// denominators, a window within its size, an interval within [0, 1].
bool CountersPossible(const GroupCounters& c, uint32_t window) {
  return c.positives <= c.decisions && c.true_positives <= c.labelled_positives &&
         c.false_positives <= c.labelled_negatives && c.window_index >= 1 &&
         c.window_positives <= c.window_decisions &&
         c.previous_window_positives <= c.previous_window_decisions &&
         (window == 0 || (c.window_decisions <= window && c.previous_window_decisions <= window)) &&
         c.lower >= 0.0f && c.upper <= 1.0f && c.lower <= c.upper;
}

}  // namespace

// The monitor's fields in the state's order, for SaveState and
// RestoreState (a friend of FairnessMonitor).
struct MonitorState {
  // The progress and the alarm: what the monitor counted beyond the groups.
  struct Progress {
    uint32_t updates = 0, refusals_without_group = 0, highest_lower = 0, lowest_upper = 0;
    // The alarm's kind as saved; alarm.kind is set from it once it is known.
    uint32_t alarm_kind = 0;
    DriftAlarm alarm;
  };

  template <typename ProgressOrConst, typename Visit>
  static void EachProgressField(ProgressOrConst& p, Visit&& visit) {
    visit(p.alarm_kind);
    visit(p.updates);
    visit(p.refusals_without_group);
    visit(p.highest_lower);
    visit(p.lowest_upper);
    visit(p.alarm.group);
    visit(p.alarm.other_group);
    visit(p.alarm.at_update);
    visit(p.alarm.bound);
    visit(p.alarm.limit);
  }

  static void WriteHeader(const FairnessMonitor& m, StateWriter& w) {
    w.Put(kMagic);
    w.Put(kFormat);
    w.Put(m.model_hash_);
    w.Put(m.group_count_);
    w.Put(m.settings_.window);
    w.Put(m.settings_.alpha);
    w.Put(m.settings_.tolerance);
    w.Put(kTestEvery);
  }

  static Progress ProgressOf(const FairnessMonitor& m) {
    Progress p;
    p.updates = m.updates_;
    p.refusals_without_group = m.refusals_without_group_;
    p.highest_lower = m.highest_lower_;
    p.lowest_upper = m.lowest_upper_;
    p.alarm_kind = static_cast<uint32_t>(m.alarm_.kind);
    p.alarm = m.alarm_;
    return p;
  }

  static Progress ReadProgress(const uint8_t* bytes) {
    StateReader r(bytes + kHeaderBytes);
    Progress p;
    EachProgressField(p, [&r](auto& field) { r.Get(field); });
    return p;
  }

  // kMonitorStateShort or kMonitorStateCorrupt unless the bytes hold a whole
  // state of this format whose check holds.
  static Status CheckFrame(const uint8_t* bytes, size_t size) {
    if (bytes == nullptr || size < kHeaderBytes) return Status::kMonitorStateShort;
    if (ReadLittle32(bytes) != kMagic || ReadLittle32(bytes + 4) != kFormat) {
      return Status::kMonitorStateCorrupt;
    }
    const uint32_t groups = ReadLittle32(bytes + kGroupCountAt);
    if (groups == 0 || groups > kMaxGroups) return Status::kMonitorStateCorrupt;
    const size_t state_bytes = MonitorStateBytes(groups);
    if (size < state_bytes) return Status::kMonitorStateShort;
    const size_t checked = state_bytes - kCheckBytes;
    if (Crc32(bytes, checked) != ReadLittle32(bytes + checked)) {
      return Status::kMonitorStateCorrupt;
    }
    return Status::kOk;
  }

  // The state was saved watching what `m` watches: the model, the
  // settings, the groups and their reference rates, the test interval.
  static Status CheckIdentity(const FairnessMonitor& m, const uint8_t* bytes) {
    StateReader r(bytes + 8);
    uint64_t model_hash = 0;
    r.Get(model_hash);
    if (model_hash != m.model_hash_) return Status::kMonitorModelMismatch;
    bool same = r.U32() == m.group_count_;
    same = r.U32() == m.settings_.window && same;
    same = r.U32() == internal::BitsOf(m.settings_.alpha) && same;
    same = r.U32() == internal::BitsOf(m.settings_.tolerance) && same;
    same = r.U32() == kTestEvery && same;
    for (uint32_t g = 0; same && g < m.group_count_; ++g) {
      const uint8_t* group = bytes + kHeaderBytes + kProgressBytes + g * kGroupBytes;
      same = ReadLittle32(group) == internal::BitsOf(m.reference_rate_[g]);
    }
    return same ? Status::kOk : Status::kMonitorStateMismatch;
  }

  // Every index in range and every group's counts possible: what the
  // monitor reads after a restore cannot leave its arrays.
  static Status CheckCounters(const FairnessMonitor& m, const uint8_t* bytes) {
    const uint32_t groups = m.group_count_;
    const Progress p = ReadProgress(bytes);
    const bool alarm_in_range = p.alarm_kind <= static_cast<uint32_t>(AlarmKind::kGap) &&
                                p.alarm.group < groups && p.alarm.other_group < groups;
    if (p.highest_lower >= groups || p.lowest_upper >= groups || !alarm_in_range) {
      return Status::kMonitorStateCorrupt;
    }
    for (uint32_t g = 0; g < groups; ++g) {
      StateReader r(bytes + kHeaderBytes + kProgressBytes + g * kGroupBytes + 4);
      GroupCounters c;
      EachCounter(c, [&r](auto& field) { r.Get(field); });
      if (!CountersPossible(c, m.settings_.window)) return Status::kMonitorStateCorrupt;
    }
    return Status::kOk;
  }

  static void Apply(FairnessMonitor& m, const uint8_t* bytes) {
    const Progress p = ReadProgress(bytes);
    m.updates_ = p.updates;
    m.refusals_without_group_ = p.refusals_without_group;
    m.highest_lower_ = p.highest_lower;
    m.lowest_upper_ = p.lowest_upper;
    m.alarm_ = p.alarm;
    m.alarm_.kind = static_cast<AlarmKind>(p.alarm_kind);
    for (uint32_t g = 0; g < m.group_count_; ++g) {
      StateReader r(bytes + kHeaderBytes + kProgressBytes + g * kGroupBytes + 4);
      EachCounter(m.groups_[g], [&r](auto& field) { r.Get(field); });
    }
  }
};

Status FairnessMonitor::SaveState(uint8_t* buffer, size_t capacity, size_t& size) const {
  size = 0;
  if (!started_) return Status::kMonitorNotConfigured;
  const size_t state_bytes = MonitorStateBytes(group_count_);
  if (buffer == nullptr || capacity < state_bytes) return Status::kReportBufferTooSmall;
  StateWriter w(buffer);
  MonitorState::WriteHeader(*this, w);
  const MonitorState::Progress p = MonitorState::ProgressOf(*this);
  MonitorState::EachProgressField(p, [&w](const auto& field) { w.Put(field); });
  for (uint32_t g = 0; g < group_count_; ++g) {
    w.Put(reference_rate_[g]);
    EachCounter(groups_[g], [&w](const auto& field) { w.Put(field); });
  }
  const size_t checked = state_bytes - kCheckBytes;
  w.Put(Crc32(buffer, checked));
  size = state_bytes;
  return Status::kOk;
}

Status FairnessMonitor::RestoreState(const uint8_t* bytes, size_t size) {
  if (!started_) return Status::kMonitorNotConfigured;
  Status status = MonitorState::CheckFrame(bytes, size);
  if (IsOk(status)) status = MonitorState::CheckIdentity(*this, bytes);
  if (IsOk(status)) status = MonitorState::CheckCounters(*this, bytes);
  if (IsOk(status)) MonitorState::Apply(*this, bytes);
  return status;
}

}  // namespace tinyfair::runtime
