// Checks of a device's monitor report: its CRC, then every count against the
// others and every setting against the model, each refusal naming the field.
#include "host_tools/model/monitor_report_reader.h"

#include <cmath>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"
#include "host_tools/model/record_model_hash.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/monitor_report.h"

namespace tinyfair::host::model {
namespace {

using common::FormatText;

void Require(bool condition, const std::string& path, const std::string& message) {
  if (!condition) throw common::DataError(path, 0, 0, message);
}

// crc32 (field 9, fixed32: tag 0x4D and 4 bytes little-endian) is the last
// field the runtime writes, over every byte before it.
constexpr uint8_t kReportCrcTag = (9U << 3U) | 5U;
constexpr size_t kCrcFieldSize = 5;

void CheckCrc(const std::string& bytes, const std::string& path) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const size_t size = bytes.size();
  Require(size >= kCrcFieldSize && data[size - kCrcFieldSize] == kReportCrcTag, path,
          "no crc32 at the end of the report (its last field): a report cut short or damaged, "
          "or one written by a runtime without the check, which cannot be trusted unchecked");
  const size_t covered = size - kCrcFieldSize;
  const uint32_t stored = static_cast<uint32_t>(data[covered + 1]) |
                          static_cast<uint32_t>(data[covered + 2]) << 8U |
                          static_cast<uint32_t>(data[covered + 3]) << 16U |
                          static_cast<uint32_t>(data[covered + 4]) << 24U;
  const uint32_t computed = runtime::Crc32(data, covered);
  Require(stored == computed, path,
          FormatText("crc32 %08x, but the %zu bytes before it give %08x: the report is damaged",
                     stored, covered, computed));
}

// The settings the device ran: the model's when it carries them (a model
// without them leaves the firmware's own, checked for range only).
void CheckSettings(const tinyfair::MonitorReport& report, const tinyfair::Model& model,
                   const std::string& path) {
  Require(std::isfinite(report.alpha()) && report.alpha() > 0.0f && report.alpha() < 1.0f, path,
          FormatText("alpha %g outside (0, 1)", static_cast<double>(report.alpha())));
  Require(
      std::isfinite(report.tolerance()) && report.tolerance() >= 0.0f && report.tolerance() < 1.0f,
      path, FormatText("tolerance %g outside [0, 1)", static_cast<double>(report.tolerance())));
  if (model.monitor_alpha() == 0.0f) return;
  const auto differs = [&](const char* field, double in_report, double in_model) {
    return FormatText("%s %g, but the model says %g: the device ran other settings", field,
                      in_report, in_model);
  };
  Require(report.alpha() == model.monitor_alpha(), path,
          differs("alpha", report.alpha(), model.monitor_alpha()));
  Require(report.tolerance() == model.monitor_tolerance(), path,
          differs("tolerance", report.tolerance(), model.monitor_tolerance()));
  Require(report.window() == model.monitor_window(), path,
          differs("window", report.window(), model.monitor_window()));
}

// The drift test's windows: the current one, the last complete one and the
// decisions since the start tell the same story.
void CheckWindows(const tinyfair::MonitorGroupCounters& c, uint32_t window,
                  const std::string& group, const std::string& path) {
  const auto field = [&](const char* name, uint32_t value) {
    return group + "." + name + " " + std::to_string(value);
  };
  Require(c.window_index() >= 1, path,
          field("window_index", c.window_index()) + ": no test window");
  Require(c.window_positives() <= c.window_decisions(), path,
          field("window_positives", c.window_positives()) + " above window_decisions " +
              std::to_string(c.window_decisions()));
  Require(c.previous_window_positives() <= c.previous_window_decisions(), path,
          field("previous_window_positives", c.previous_window_positives()) +
              " above previous_window_decisions " + std::to_string(c.previous_window_decisions()));
  Require(
      static_cast<uint64_t>(c.window_decisions()) + c.previous_window_decisions() <= c.decisions(),
      path,
      field("window_decisions", c.window_decisions()) + " (with the previous window's " +
          std::to_string(c.previous_window_decisions()) + ") above the group's decisions " +
          std::to_string(c.decisions()));
  Require(
      static_cast<uint64_t>(c.window_positives()) + c.previous_window_positives() <= c.positives(),
      path,
      field("window_positives", c.window_positives()) + " (with the previous window's " +
          std::to_string(c.previous_window_positives()) + ") above the group's positives " +
          std::to_string(c.positives()));
  if (window == 0) {  // one window since the start
    Require(c.window_index() == 1 && c.previous_window_decisions() == 0, path,
            field("window_index", c.window_index()) + " with one window (window 0)");
    Require(c.window_decisions() == c.decisions() && c.window_positives() == c.positives(), path,
            field("window_decisions", c.window_decisions()) +
                " is not the group's decisions with one window (window 0)");
    return;
  }
  Require(c.window_decisions() <= window && c.previous_window_decisions() <= window, path,
          field("window_decisions", c.window_decisions()) + " or previous_window_decisions " +
              std::to_string(c.previous_window_decisions()) + " above the window " +
              std::to_string(window));
  // A window is left only when full and a decision opens the next one.
  if (c.window_index() > 1) {
    Require(c.previous_window_decisions() == window && c.window_decisions() >= 1, path,
            field("previous_window_decisions", c.previous_window_decisions()) + " in window " +
                std::to_string(c.window_index()) + ": a window before it was not full");
  } else {
    Require(
        c.previous_window_decisions() == 0 && c.previous_window_positives() == 0, path,
        field("previous_window_decisions", c.previous_window_decisions()) + " in the first window");
  }
  if (c.decisions() != UINT32_MAX) {
    const uint64_t seen =
        static_cast<uint64_t>(c.window_index() - 1) * window + c.window_decisions();
    Require(seen == c.decisions(), path,
            field("window_index", c.window_index()) + " and window_decisions " +
                std::to_string(c.window_decisions()) + " are not the group's decisions " +
                std::to_string(c.decisions()) + " in windows of " + std::to_string(window));
  }
}

void CheckGroup(const tinyfair::MonitorGroupCounters& c, const tinyfair::MonitorReport& report,
                int g, const std::string& path) {
  const std::string group = "groups[" + std::to_string(g) + "]";
  Require(c.positives() <= c.decisions(), path,
          group + ".positives " + std::to_string(c.positives()) + " above decisions " +
              std::to_string(c.decisions()));
  // Each decision adds at most 2^32 to the probability sum, and a positive
  // one at least 1 (it is positive when its draw is below that bound).
  Require(c.probability_sum() <= (static_cast<uint64_t>(c.decisions()) << 32U), path,
          group + ".probability_sum above its decisions (2^32 each)");
  Require(c.probability_sum() >= c.positives(), path,
          group + FormatText(".probability_sum %llu below its positives %u: a positive decision "
                             "has a probability above 0",
                             static_cast<unsigned long long>(c.probability_sum()), c.positives()));
  Require(c.true_positives() <= c.labelled_positives(), path,
          group + ".true_positives " + std::to_string(c.true_positives()) +
              " above labelled_positives " + std::to_string(c.labelled_positives()));
  Require(c.false_positives() <= c.labelled_negatives(), path,
          group + ".false_positives " + std::to_string(c.false_positives()) +
              " above labelled_negatives " + std::to_string(c.labelled_negatives()));
  CheckWindows(c, report.window(), group, path);
}

// The alarm as the runtime raises it: nothing at all, or the group(s) whose
// bound crossed the limit the model's reference rates and the tolerance give.
void CheckAlarm(const tinyfair::MonitorReport& report, const tinyfair::Model& model,
                const std::string& path) {
  const tinyfair::MonitorAlarm& alarm = report.alarm();
  Require(tinyfair::MonitorAlarm::Kind_IsValid(alarm.kind()), path,
          "alarm.kind " + std::to_string(alarm.kind()) + " unknown");
  if (alarm.kind() == tinyfair::MonitorAlarm::NONE) {
    Require(alarm.group() == 0 && alarm.other_group() == 0 && alarm.at_update() == 0 &&
                alarm.bound() == 0.0f && alarm.limit() == 0.0f,
            path, "alarm.kind NONE with an alarm's group, update, bound or limit");
    return;
  }
  const uint32_t groups = model.dimensions().group_count();
  Require(alarm.group() < groups && alarm.other_group() < groups, path,
          FormatText("alarm.group %u or alarm.other_group %u outside the model's %u groups",
                     alarm.group(), alarm.other_group(), groups));
  Require(alarm.at_update() >= 1 && alarm.at_update() <= report.updates(), path,
          FormatText("alarm.at_update %u outside the report's updates 1..%u", alarm.at_update(),
                     report.updates()));
  Require(std::isfinite(alarm.bound()) && std::isfinite(alarm.limit()), path,
          FormatText("alarm.bound %g or alarm.limit %g not finite",
                     static_cast<double>(alarm.bound()), static_cast<double>(alarm.limit())));
  const float tolerance = report.tolerance();
  float limit = 0.0f;
  bool crossed = false;
  if (alarm.kind() == tinyfair::MonitorAlarm::GAP) {
    Require(alarm.group() != alarm.other_group(), path,
            "alarm.kind GAP between a group and itself");
    float highest = 0.0f, lowest = 1.0f;
    for (const float rate : model.reference_positive_rate()) {
      highest = rate > highest ? rate : highest;
      lowest = rate < lowest ? rate : lowest;
    }
    limit = (highest - lowest) + tolerance;
    crossed = alarm.bound() > limit && alarm.bound() <= 1.0f;
  } else {
    Require(alarm.group() == alarm.other_group(), path,
            "alarm.other_group differs from alarm.group for a rate alarm");
    const float reference =
        alarm.group() < static_cast<uint32_t>(model.reference_positive_rate_size())
            ? model.reference_positive_rate(static_cast<int>(alarm.group()))
            : 0.0f;
    const bool above = alarm.kind() == tinyfair::MonitorAlarm::RATE_ABOVE_REFERENCE;
    limit = above ? reference + tolerance : reference - tolerance;
    crossed = alarm.bound() >= 0.0f && alarm.bound() <= 1.0f &&
              (above ? alarm.bound() > limit : alarm.bound() < limit);
  }
  Require(alarm.limit() == limit, path,
          FormatText("alarm.limit %g, but the model's reference rates and the tolerance give %g",
                     static_cast<double>(alarm.limit()), static_cast<double>(limit)));
  Require(crossed, path,
          FormatText("alarm.bound %g does not cross alarm.limit %g",
                     static_cast<double>(alarm.bound()), static_cast<double>(limit)));
}

}  // namespace

tinyfair::MonitorReport ParseMonitorReport(const std::string& bytes, const std::string& path,
                                           const tinyfair::Model& model) {
  tinyfair::MonitorReport report;
  Require(!bytes.empty(), path, "empty monitor report");
  CheckCrc(bytes, path);
  Require(report.ParseFromString(bytes), path, "not a monitor report (the bytes do not parse)");
  Require(report.has_alarm(), path, "truncated monitor report (no alarm state)");
  // The device names the model by the digest it computed of the bytes it
  // loaded, never by a hash the file states.
  const uint64_t model_hash = RecordModelHash(model);
  Require(report.model_hash() == model_hash, path,
          "model_hash: the report is of model " + common::FormatHash(report.model_hash()) +
              ", not of this model (" + common::FormatHash(model_hash) + ")");
  Require(report.groups_size() == static_cast<int>(model.dimensions().group_count()), path,
          FormatText("groups: the report has %d groups, the model %u", report.groups_size(),
                     model.dimensions().group_count()));
  CheckSettings(report, model, path);
  uint64_t decided = report.refusals_without_group();
  bool saturated = report.updates() == UINT32_MAX || report.refusals_without_group() == UINT32_MAX;
  for (int g = 0; g < report.groups_size(); ++g) {
    const tinyfair::MonitorGroupCounters& c = report.groups(g);
    CheckGroup(c, report, g, path);
    saturated = saturated || c.decisions() == UINT32_MAX;
    decided += static_cast<uint64_t>(c.decisions()) + c.refused_non_finite_input() +
               c.refused_score_overflow() + c.refused_unknown_category();
  }
  // Counters saturate each on their own; below that they add up.
  Require(saturated || decided == report.updates(), path,
          FormatText("updates %u, but the groups' decisions and refusals add up to %llu",
                     report.updates(), static_cast<unsigned long long>(decided)));
  CheckAlarm(report, model, path);
  return report;
}

void CheckReportFollows(const tinyfair::MonitorReport& previous,
                        const tinyfair::MonitorReport& next, const std::string& path) {
  const auto never_less = [&](const std::string& field, uint64_t before, uint64_t now) {
    Require(now >= before, path,
            FormatText("%s %llu, fewer than the report before it (%llu): the sequence must be in "
                       "order, from one monitor",
                       field.c_str(), static_cast<unsigned long long>(now),
                       static_cast<unsigned long long>(before)));
  };
  never_less("updates", previous.updates(), next.updates());
  never_less("refusals_without_group", previous.refusals_without_group(),
             next.refusals_without_group());
  Require(previous.alpha() == next.alpha() && previous.tolerance() == next.tolerance() &&
              previous.window() == next.window(),
          path, "alpha, tolerance or window differ from the report before it");
  for (int g = 0; g < next.groups_size() && g < previous.groups_size(); ++g) {
    const tinyfair::MonitorGroupCounters& a = previous.groups(g);
    const tinyfair::MonitorGroupCounters& b = next.groups(g);
    const std::string group = "groups[" + std::to_string(g) + "].";
    never_less(group + "decisions", a.decisions(), b.decisions());
    never_less(group + "positives", a.positives(), b.positives());
    never_less(group + "probability_sum", a.probability_sum(), b.probability_sum());
    never_less(group + "refused_non_finite_input", a.refused_non_finite_input(),
               b.refused_non_finite_input());
    never_less(group + "refused_score_overflow", a.refused_score_overflow(),
               b.refused_score_overflow());
    never_less(group + "refused_unknown_category", a.refused_unknown_category(),
               b.refused_unknown_category());
    never_less(group + "labelled_positives", a.labelled_positives(), b.labelled_positives());
    never_less(group + "labelled_negatives", a.labelled_negatives(), b.labelled_negatives());
    never_less(group + "true_positives", a.true_positives(), b.true_positives());
    never_less(group + "false_positives", a.false_positives(), b.false_positives());
    never_less(group + "window_index", a.window_index(), b.window_index());
  }
  // An alarm, once raised, stays as it was until the monitor starts again.
  if (previous.alarm().kind() != tinyfair::MonitorAlarm::NONE) {
    Require(next.alarm().SerializeAsString() == previous.alarm().SerializeAsString(), path,
            "alarm differs from the alarm of the report before it, which stays once raised");
  }
}

size_t MaxMonitorReportBytes() {
  return runtime::MonitorReportMaxSize(static_cast<uint32_t>(runtime::kMaxGroups));
}

tinyfair::MonitorReport ReadMonitorReport(const std::string& path, const tinyfair::Model& model) {
  return ParseMonitorReport(
      common::ReadFileAtMost(path, MaxMonitorReportBytes(), "a monitor report"), path, model);
}

}  // namespace tinyfair::host::model
