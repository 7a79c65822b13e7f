// The fairness monitor: counters per group and the drift test over them.
#include "tinyfair_runtime/fairness_monitor.h"

#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/fast_math.h"
#include "tinyfair_runtime/internal/normal_mixture_boundary.h"
#include "tinyfair_runtime/internal/saturating.h"

namespace tinyfair::runtime {
namespace {

using internal::Log;
using internal::SaturatingIncrement;

// ln((pi^2 / 6)^2): window k spends 6 / (pi^2 k^2) of a group's alpha, and
// these shares add up to 1 over k = 1, 2, ...
constexpr float kLogWindowSeriesSquared = 0.9954006f;
constexpr uint32_t kMonitorTestEvery = TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY;
// With one window the interval is tightest near this many decisions.
constexpr float kSingleWindowTightestAt = 1024.0f;

bool SettingsOk(const MonitorSettings& s) {
  return s.alpha > 0.0f && s.alpha < 1.0f && s.tolerance >= 0.0f && s.tolerance < 1.0f;
}

}  // namespace

MonitorReference MonitorReferenceOf(const Model& model) {
  MonitorReference reference;
  if (!model.loaded()) return reference;
  reference.model_hash = model.model_hash();
  reference.group_count = static_cast<uint32_t>(model.group_count());
  reference.reference_rate = model.reference_positive_rate();
  reference.settings.alpha = model.monitor_alpha();
  reference.settings.tolerance = model.monitor_tolerance();
  reference.settings.window = model.monitor_window();
  return reference;
}

Status FairnessMonitor::Start(const MonitorReference& reference) {
  started_ = false;
  if (!SettingsOk(reference.settings) || reference.group_count == 0 ||
      reference.reference_rate == nullptr) {
    return Status::kMonitorNotConfigured;
  }
  if (reference.group_count > kMonitorGroups) return Status::kCapacityExceeded;
  float highest = 0.0f, lowest = 1.0f;
  for (uint32_t g = 0; g < reference.group_count; ++g) {
    const float rate = reference.reference_rate[g];
    if (!(rate >= 0.0f && rate <= 1.0f)) return Status::kInvalidModel;
    highest = rate > highest ? rate : highest;
    lowest = rate < lowest ? rate : lowest;
  }
  settings_ = reference.settings;
  model_hash_ = reference.model_hash;
  group_count_ = reference.group_count;
  reference_gap_ = highest - lowest;
  alarm_ = DriftAlarm{};
  updates_ = 0;
  refusals_without_group_ = 0;
  const float groups = static_cast<float>(group_count_);
  log_inverse_alpha_squared_ = 2.0f * (Log(groups) - Log(settings_.alpha));
  const float first_window_log =
      log_inverse_alpha_squared_ + (settings_.window == 0 ? 0.0f : kLogWindowSeriesSquared);
  const float tightest_at =
      settings_.window == 0 ? kSingleWindowTightestAt : 0.5f * static_cast<float>(settings_.window);
  rho_ = internal::NormalMixtureTightestRho(tightest_at, first_window_log);
  for (uint32_t g = 0; g < kMonitorGroups; ++g) {
    groups_[g] = GroupCounters{};
    reference_rate_[g] = g < group_count_ ? reference.reference_rate[g] : 0.0f;
    if (g < group_count_) StartWindow(groups_[g]);
  }
  FindExtremes();
  started_ = true;
  return Status::kOk;
}

void FairnessMonitor::StartWindow(GroupCounters& c) {
  if (c.window_index > 0) {
    c.previous_window_decisions = c.window_decisions;
    c.previous_window_positives = c.window_positives;
  }
  c.window_decisions = 0;
  c.window_positives = 0;
  ++c.window_index;
  c.lower = 0.0f;
  c.upper = 1.0f;
  c.log_inverse_beta_squared = log_inverse_alpha_squared_;
  if (settings_.window != 0) {
    // beta_k = alpha / groups * 6 / (pi^2 k^2): ln(1 / beta_k^2) adds
    // ln((pi^2 / 6)^2) + 4 ln k.
    c.log_inverse_beta_squared +=
        kLogWindowSeriesSquared + 4.0f * Log(static_cast<float>(c.window_index));
  }
}

Status FairnessMonitor::Update(const Decision& decision) {
  if (!started_) return Status::kMonitorNotConfigured;
  if (decision.model_hash != model_hash_) return Status::kMonitorModelMismatch;
  if (IsOk(decision.status)) {
    if (decision.group >= group_count_) return Status::kMonitorModelMismatch;
    SaturatingIncrement(updates_);
    CountDecision(decision.group, decision.positive, decision.probability);
  } else {
    SaturatingIncrement(updates_);
    CountRefusal(decision);
  }
  return alarmed() ? Status::kDriftAlarm : Status::kOk;
}

// Out of the decisions' path (refusals are rare), so that the path stays short.
__attribute__((noinline)) void FairnessMonitor::CountRefusal(const Decision& decision) {
  // These three are refused after the group was formed (decide.cc's
  // prologue); the others have no group.
  const bool grouped =
      decision.group < group_count_ &&
      (decision.status == Status::kNonFiniteInput || decision.status == Status::kScoreOverflow ||
       decision.status == Status::kUnknownCategory);
  if (!grouped) {
    SaturatingIncrement(refusals_without_group_);
  } else if (decision.status == Status::kNonFiniteInput) {
    SaturatingIncrement(groups_[decision.group].refused_non_finite_input);
  } else if (decision.status == Status::kScoreOverflow) {
    SaturatingIncrement(groups_[decision.group].refused_score_overflow);
  } else {
    SaturatingIncrement(groups_[decision.group].refused_unknown_category);
  }
}

// Inlined into Update: the path every decision takes.
__attribute__((always_inline)) inline void FairnessMonitor::CountDecision(uint32_t g, bool positive,
                                                                          float probability) {
  GroupCounters& c = groups_[g];
  // Once decisions saturate, positives and the probability sum stop too,
  // so that every ratio stays a rate. The sum needs no saturation: at most
  // 2^32 - 1 decisions of at most 2^32 each stay below 2^64.
  if (c.decisions != UINT32_MAX) {
    ++c.decisions;
    if (positive) ++c.positives;
    c.probability_sum += PositiveDrawBound(probability);
  }
  if (settings_.window != 0 && c.window_decisions == settings_.window) NextWindow(g);
  if (c.window_decisions == UINT32_MAX) return;  // one window, saturated: the test stops
  ++c.window_decisions;
  if (positive) ++c.window_positives;
  if (c.window_decisions % kMonitorTestEvery == 0) Test(g);
}

// Out of the decisions' path (one decision in kMonitorTestEvery runs it), so
// that the path needs no floating-point registers saved.
__attribute__((noinline)) void FairnessMonitor::Test(uint32_t g) {
  GroupCounters& c = groups_[g];
  const float rate =
      static_cast<float>(c.window_positives) / static_cast<float>(c.window_decisions);
  const float half_width =
      internal::NormalMixtureHalfWidth(c.window_decisions, rho_, c.log_inverse_beta_squared);
  const float lower = rate - half_width, upper = rate + half_width;
  const float previous_lower = c.lower, previous_upper = c.upper;
  c.lower = lower > 0.0f ? lower : 0.0f;
  c.upper = upper < 1.0f ? upper : 1.0f;
  TrackExtremes(g, previous_lower, previous_upper);
  if (alarmed()) return;

  const float reference = reference_rate_[g];
  const float tolerance = settings_.tolerance;
  if (c.lower > reference + tolerance) {
    alarm_ = {AlarmKind::kRateAboveReference, g, g, updates_, c.lower, reference + tolerance};
    return;
  }
  if (c.upper < reference - tolerance) {
    alarm_ = {AlarmKind::kRateBelowReference, g, g, updates_, c.upper, reference - tolerance};
    return;
  }
  // The gap's lower bound: the highest lower bound minus the lowest upper
  // bound (a group without decisions has [0, 1] and never takes part).
  const uint32_t high = highest_lower_, low = lowest_upper_;
  const float gap_lower = groups_[high].lower - groups_[low].upper;
  const float gap_limit = reference_gap_ + tolerance;
  if (high != low && gap_lower > gap_limit) {
    alarm_ = {AlarmKind::kGap, high, low, updates_, gap_lower, gap_limit};
  }
}

// Group g's window is full: a new one starts with bounds [0, 1]. Out of the
// decisions' path, which then needs no floating-point registers saved.
__attribute__((noinline)) void FairnessMonitor::NextWindow(uint32_t g) {
  GroupCounters& c = groups_[g];
  const float previous_lower = c.lower, previous_upper = c.upper;
  StartWindow(c);
  TrackExtremes(g, previous_lower, previous_upper);
}

// Group g's bounds changed. The extremes follow in O(1) unless g was an
// extreme and moved inward; ties go to the smaller index, as in FindExtremes.
void FairnessMonitor::TrackExtremes(uint32_t g, float previous_lower, float previous_upper) {
  const GroupCounters& c = groups_[g];
  bool rescan = false;
  if (g == highest_lower_) {
    rescan = c.lower < previous_lower;
  } else if (c.lower > groups_[highest_lower_].lower ||
             (c.lower == groups_[highest_lower_].lower && g < highest_lower_)) {
    highest_lower_ = g;
  }
  if (g == lowest_upper_) {
    rescan = rescan || c.upper > previous_upper;
  } else if (c.upper < groups_[lowest_upper_].upper ||
             (c.upper == groups_[lowest_upper_].upper && g < lowest_upper_)) {
    lowest_upper_ = g;
  }
  if (rescan) FindExtremes();
}

void FairnessMonitor::FindExtremes() {
  highest_lower_ = 0;
  lowest_upper_ = 0;
  for (uint32_t k = 1; k < group_count_; ++k) {
    if (groups_[k].lower > groups_[highest_lower_].lower) highest_lower_ = k;
    if (groups_[k].upper < groups_[lowest_upper_].upper) lowest_upper_ = k;
  }
}

Status FairnessMonitor::RecordOutcome(const Decision& decision, bool label) {
  if (!started_) return Status::kMonitorNotConfigured;
  if (decision.model_hash != model_hash_) return Status::kMonitorModelMismatch;
  if (!IsOk(decision.status)) return Status::kOk;
  if (decision.group >= group_count_) return Status::kMonitorModelMismatch;
  GroupCounters& c = groups_[decision.group];
  // A rate's numerator stops with its denominator, as in CountDecision.
  if (label && c.labelled_positives != UINT32_MAX) {
    ++c.labelled_positives;
    if (decision.positive) ++c.true_positives;
  } else if (!label && c.labelled_negatives != UINT32_MAX) {
    ++c.labelled_negatives;
    if (decision.positive) ++c.false_positives;
  }
  return Status::kOk;
}

}  // namespace tinyfair::runtime
