// The fairness monitor: per-group counters fed with each decision, and a
// drift alarm with a stated false-alarm probability (docs/monitor.md).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/internal/config.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// The groups a monitor holds counters for (TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS).
inline constexpr size_t kMonitorGroups =
    TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS == 0 ? kMaxGroups : TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS;
static_assert(kMonitorGroups >= 1 && kMonitorGroups <= kMaxGroups,
              "a monitor holds between 1 and the schema's group capacity of groups");

/// The drift alarm's settings, set at export (Model.monitor_*) or by the
/// firmware.
struct MonitorSettings {
  /// The probability that the alarm ever fires while no group's rate leaves
  /// its reference rate +- tolerance and the gap stays within the
  /// reference gap + tolerance: over the whole deployment, in (0, 1).
  float alpha = 0.0f;
  /// In rate units, in [0, 1).
  float tolerance = 0.0f;
  /// Decisions per group in one window of the test; 0: one window.
  uint32_t window = 0;
};

/// What the monitor compares against: the model's hash, its groups'
/// reference positive rates and the settings.
struct MonitorReference {
  uint64_t model_hash = 0;
  uint32_t group_count = 0;
  /// group_count rates in [0, 1]; copied by Start().
  const float* reference_rate = nullptr;
  MonitorSettings settings;
};

/// The reference a loaded model carries (its own monitor settings).
MonitorReference MonitorReferenceOf(const Model& model);

enum class AlarmKind : uint8_t {
  kNone = 0,
  /// A group's positive rate is above its reference rate + tolerance.
  kRateAboveReference = 1,
  /// ... or below its reference rate - tolerance.
  kRateBelowReference = 2,
  /// The parity gap is above the reference gap + tolerance.
  kGap = 3,
};

/// Why the alarm fired (the same fields as MonitorAlarm in
/// proto/tinyfair/monitor_report.proto).
struct DriftAlarm {
  AlarmKind kind = AlarmKind::kNone;
  /// The group whose rate moved; for kGap, the group with the higher rate.
  uint32_t group = 0;
  /// For kGap, the group with the lower rate.
  uint32_t other_group = 0;
  /// The update (1, 2, ...) at which the alarm fired.
  uint32_t at_update = 0;
  /// The confidence bound that crossed its limit (reference +- tolerance,
  /// or reference gap + tolerance).
  float bound = 0.0f;
  float limit = 0.0f;
};

/// One group's counters; each saturates at its maximum, never wraps.
struct GroupCounters {
  uint32_t decisions = 0;
  uint32_t positives = 0;
  /// Sum of PositiveDrawBound(probability): the probabilities in 2^-32 units.
  uint64_t probability_sum = 0;
  uint32_t refused_non_finite_input = 0;
  uint32_t refused_score_overflow = 0;
  uint32_t refused_unknown_category = 0;
  uint32_t labelled_positives = 0;
  uint32_t labelled_negatives = 0;
  uint32_t true_positives = 0;
  uint32_t false_positives = 0;
  /// The test's current window: its number (1, 2, ...) and its counts.
  uint32_t window_index = 0;
  uint32_t window_decisions = 0;
  uint32_t window_positives = 0;
  uint32_t previous_window_decisions = 0;
  uint32_t previous_window_positives = 0;
  /// The window's confidence interval for the group's positive rate
  /// ([0, 1] from the window's start), as of the last test. Every default is 0, so that a static
  /// monitor is zeroed .bss, not initialised data in flash.
  float lower = 0.0f;
  float upper = 0.0f;
  /// ln(1 / beta^2) of the window's share of alpha.
  float log_inverse_beta_squared = 0.0f;
};

/// The bytes of a saved monitor state (FairnessMonitor::SaveState) of
/// `groups` groups: 80 for its header, the monitor's progress and alarm and
/// its check, and 80 per group (the reference rate and the counters).
constexpr size_t MonitorStateBytes(uint32_t groups) { return 80U * (1U + groups); }
/// The most a state of this build's monitor takes.
inline constexpr size_t kMonitorStateMaxBytes = MonitorStateBytes(kMonitorGroups);

/// A fairness monitor in caller-owned storage (sizeof: 2,776 bytes at 32
/// groups, 256 at 2; 80 bytes a group). It never allocates and never changes a decision.
///
/// The drift test: per group and window, a confidence sequence for the
/// group's positive rate (internal/normal_mixture_boundary.h) at level
/// beta = alpha / groups * 6 / (pi^2 k^2) for the k-th window (beta = alpha /
/// groups with one window), so that every interval of every group and window
/// holds at once with probability >= 1 - alpha. The alarm fires when an
/// interval excludes reference +- tolerance, or when the intervals prove a
/// gap between two groups above the reference gap + tolerance. A group's
/// interval and the test are computed at every
/// TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY-th decision of its window.
class FairnessMonitor {
 public:
  constexpr FairnessMonitor() = default;
  FairnessMonitor(const FairnessMonitor&) = delete;
  FairnessMonitor& operator=(const FairnessMonitor&) = delete;

  /// Starts (or restarts) watching: every counter and the alarm are cleared.
  /// kMonitorNotConfigured for settings out of range or a reference without
  /// groups, kCapacityExceeded for more groups than kMonitorGroups,
  /// kInvalidModel for a reference rate outside [0, 1].
  Status Start(const MonitorReference& reference);

  /// Counts one decision (a refusal too). kOk, kDriftAlarm when the alarm is
  /// up, kMonitorModelMismatch for another model's decision (not counted),
  /// kMonitorNotConfigured before Start().
  Status Update(const Decision& decision);

  /// Counts the true label of a decision counted before, for the groups'
  /// true and false positive rates. kOk, kMonitorModelMismatch, or
  /// kMonitorNotConfigured; refused decisions are not counted.
  Status RecordOutcome(const Decision& decision, bool label);

  bool started() const { return started_; }
  bool alarmed() const { return alarm_.kind != AlarmKind::kNone; }
  const DriftAlarm& alarm() const { return alarm_; }
  uint64_t model_hash() const { return model_hash_; }
  const MonitorSettings& settings() const { return settings_; }
  uint32_t group_count() const { return group_count_; }
  /// Counters of group g < group_count().
  const GroupCounters& group(uint32_t g) const { return groups_[g]; }
  float reference_rate(uint32_t g) const { return reference_rate_[g]; }
  /// The groups the gap test compares now: the one with the highest lower
  /// bound and the one with the lowest upper bound (first index on ties).
  uint32_t highest_lower_group() const { return highest_lower_; }
  uint32_t lowest_upper_group() const { return lowest_upper_; }
  /// Decisions seen, refusals included.
  uint32_t updates() const { return updates_; }
  uint32_t refusals_without_group() const { return refusals_without_group_; }

  /// Saves what the monitor has counted (counters, windows, intervals, the
  /// alarm) with what it watches (the model hash, settings and reference
  /// rates) and a CRC-32, so that a firmware can keep it across a reset:
  /// MonitorStateBytes(group_count()) bytes into `buffer`, `size` set to
  /// them. kReportBufferTooSmall for less capacity, kMonitorNotConfigured
  /// before Start(). Format: docs/monitor.md.
  Status SaveState(uint8_t* buffer, size_t capacity, size_t& size) const;

  /// Continues from a saved state as if this monitor had counted its
  /// decisions: Start() it first with the model and settings it was saved
  /// with. The bytes are untrusted; the monitor is unchanged unless all of
  /// them pass: kMonitorStateShort (fewer bytes than the state), kMonitorStateCorrupt
  /// (its CRC-32, format or counters), kMonitorModelMismatch (saved for
  /// another model), kMonitorStateMismatch (other settings, groups,
  /// reference rates or test interval); kMonitorNotConfigured before
  /// Start(). Bytes after the state are not read.
  Status RestoreState(const uint8_t* bytes, size_t size);

 private:
  // The saved state's reader and writer (monitor_state.cc).
  friend struct MonitorState;

  void StartWindow(GroupCounters& counters);
  void NextWindow(uint32_t g);
  void CountDecision(uint32_t g, bool positive, float probability);
  void CountRefusal(const Decision& decision);
  void Test(uint32_t g);
  void TrackExtremes(uint32_t g, float previous_lower, float previous_upper);
  void FindExtremes();

  GroupCounters groups_[kMonitorGroups] = {};
  float reference_rate_[kMonitorGroups] = {};
  MonitorSettings settings_;
  DriftAlarm alarm_;
  uint64_t model_hash_ = 0;
  uint32_t group_count_ = 0;
  uint32_t updates_ = 0;
  uint32_t refusals_without_group_ = 0;
  float reference_gap_ = 0.0f;
  float rho_ = 0.0f;
  /// ln(groups^2 / alpha^2): the part of ln(1 / beta^2) every window shares.
  float log_inverse_alpha_squared_ = 0.0f;
  /// The group with the highest lower bound and the one with the lowest
  /// upper bound (the first such index), kept as bounds change, so that the
  /// gap test scans the groups only when an extreme group moves inward.
  uint32_t highest_lower_ = 0;
  uint32_t lowest_upper_ = 0;
  bool started_ = false;
};

}  // namespace tinyfair::runtime
