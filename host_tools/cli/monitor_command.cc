// tinyfair monitor: a device's monitor report next to its model's reference
// rates (docs/monitor.md).
#include <cmath>
#include <cstdio>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/monitor_plot.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/common/text_format.h"
#include "host_tools/metrics/wilson_interval.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/monitor_report_reader.h"
#include "host_tools/model/monitor_report_sequence.h"

namespace tinyfair::cli {
namespace {

using host::common::FormatHash;
using host::common::FormatText;

struct MonitorOptions {
  std::vector<std::string> reports;
  std::string model, plot_dir;
  TrustFlags trust;
  bool json = false;
  bool render_plot = true;
};

struct GroupRow {
  std::string name;
  const tinyfair::MonitorGroupCounters* counters;
  host::metrics::RateInterval rate, window_rate, tpr, fpr;
  double mean_probability = 0.0;
  double reference = 0.0;
};

const char* AlarmName(tinyfair::MonitorAlarm::Kind kind) {
  switch (kind) {
    case tinyfair::MonitorAlarm::RATE_ABOVE_REFERENCE:
      return "rate_above_reference";
    case tinyfair::MonitorAlarm::RATE_BELOW_REFERENCE:
      return "rate_below_reference";
    case tinyfair::MonitorAlarm::GAP:
      return "gap";
    default:
      return "none";
  }
}

// Why the alarm fired, in one sentence.
std::string AlarmReason(const tinyfair::MonitorReport& r, const std::vector<GroupRow>& rows) {
  const tinyfair::MonitorAlarm& a = r.alarm();
  switch (a.kind()) {
    case tinyfair::MonitorAlarm::RATE_ABOVE_REFERENCE:
      return FormatText(
          "at update %u, the lower confidence bound %.6f of %s's positive rate rose above its "
          "reference rate + tolerance (%.6f)",
          a.at_update(), a.bound(), host::common::OneLineText(rows[a.group()].name).c_str(),
          a.limit());
    case tinyfair::MonitorAlarm::RATE_BELOW_REFERENCE:
      return FormatText(
          "at update %u, the upper confidence bound %.6f of %s's positive rate fell below its "
          "reference rate - tolerance (%.6f)",
          a.at_update(), a.bound(), host::common::OneLineText(rows[a.group()].name).c_str(),
          a.limit());
    case tinyfair::MonitorAlarm::GAP:
      return FormatText(
          "at update %u, the gap between %s and %s was at least %.6f, above the reference gap + "
          "tolerance (%.6f)",
          a.at_update(), host::common::OneLineText(rows[a.group()].name).c_str(),
          host::common::OneLineText(rows[a.other_group()].name).c_str(), a.bound(), a.limit());
    default:
      return "no drift beyond the tolerance at the stated false-alarm rate";
  }
}

std::string IntervalJson(const host::metrics::RateInterval& i) {
  host::common::JsonObject o;
  o.Number("rate", i.rate).Number("lower", i.lower).Number("upper", i.upper);
  return o.Str(6);
}

// Per group: the counters, their rates with Wilson intervals and the
// reference rate the model was fitted to.
std::vector<GroupRow> GroupRows(const tinyfair::Model& model,
                                const tinyfair::MonitorReport& report) {
  const std::vector<std::string> names = GroupNames(model);
  std::vector<GroupRow> rows;
  for (int g = 0; g < report.groups_size(); ++g) {
    const tinyfair::MonitorGroupCounters& c = report.groups(g);
    GroupRow row{names[static_cast<size_t>(g)], &c, {}, {}, {}, {}};
    row.rate = host::metrics::WilsonInterval(c.positives(), c.decisions());
    row.window_rate = host::metrics::WilsonInterval(c.window_positives(), c.window_decisions());
    row.tpr = host::metrics::WilsonInterval(c.true_positives(), c.labelled_positives());
    row.fpr = host::metrics::WilsonInterval(c.false_positives(), c.labelled_negatives());
    row.mean_probability = c.decisions() == 0 ? 0.0
                                              : static_cast<double>(c.probability_sum()) /
                                                    4294967296.0 / c.decisions();
    row.reference =
        g < model.reference_positive_rate_size() ? model.reference_positive_rate(g) : 0.0;
    rows.push_back(row);
  }
  return rows;
}

struct ParityGaps {
  double observed = 0.0;   // over the groups with decisions
  double reference = 0.0;  // of the reference rates
};

ParityGaps Gaps(const std::vector<GroupRow>& rows) {
  double highest = -1.0, lowest = 2.0;
  double reference_highest = 0.0, reference_lowest = 1.0;
  for (const GroupRow& row : rows) {
    if (row.counters->decisions() > 0) {
      highest = std::max(highest, row.rate.rate);
      lowest = std::min(lowest, row.rate.rate);
    }
    reference_highest = std::max(reference_highest, row.reference);
    reference_lowest = std::min(reference_lowest, row.reference);
  }
  ParityGaps gaps;
  gaps.observed = highest >= lowest ? highest - lowest : 0.0;
  gaps.reference = rows.empty() ? 0.0 : reference_highest - reference_lowest;
  return gaps;
}

void PrintJson(const tinyfair::MonitorReport& report, const std::vector<GroupRow>& rows,
               const ParityGaps& gaps, const std::string& reason) {
  std::string groups = "[";
  for (size_t g = 0; g < rows.size(); ++g) {
    const GroupRow& row = rows[g];
    host::common::JsonObject j;
    j.Text("group", row.name)
        .Number("decisions", row.counters->decisions())
        .Number("positives", row.counters->positives())
        .Raw("positive_rate", IntervalJson(row.rate))
        .Number("mean_probability", row.mean_probability)
        .Number("reference_positive_rate", row.reference)
        .Number("window_index", row.counters->window_index())
        .Raw("window_positive_rate", IntervalJson(row.window_rate))
        .Raw("true_positive_rate", IntervalJson(row.tpr))
        .Raw("false_positive_rate", IntervalJson(row.fpr))
        .Number("refused_non_finite_input", row.counters->refused_non_finite_input())
        .Number("refused_score_overflow", row.counters->refused_score_overflow())
        .Number("refused_unknown_category", row.counters->refused_unknown_category());
    groups += (g ? ",\n    " : "\n    ") + j.Str(4);
  }
  groups += "\n  ]";
  host::common::JsonObject alarm;
  alarm.Text("kind", AlarmName(report.alarm().kind()))
      .Number("group", report.alarm().group())
      .Number("other_group", report.alarm().other_group())
      .Number("at_update", report.alarm().at_update())
      .Number("bound", report.alarm().bound())
      .Number("limit", report.alarm().limit())
      .Text("reason", reason);
  host::common::JsonObject out;
  out.Text("device_id", FormatHash(report.device_id()))
      .Number("sequence", report.sequence())
      .Text("model_hash", FormatHash(report.model_hash()))
      .Number("alpha", report.alpha())
      .Number("tolerance", report.tolerance())
      .Number("window", report.window())
      .Number("updates", report.updates())
      .Number("refusals_without_group", report.refusals_without_group())
      .Raw("groups", groups)
      .Number("parity_gap", gaps.observed)
      .Number("reference_parity_gap", gaps.reference)
      .Raw("alarm", alarm.Str(2));
  std::fputs((out.Str() + "\n").c_str(), stdout);
}

void PrintTable(const tinyfair::MonitorReport& report, const std::vector<GroupRow>& rows,
                const ParityGaps& gaps, const std::string& reason) {
  if (report.device_id() != 0 || report.sequence() != 0) {
    std::printf("device %016llx, report %u\n", static_cast<unsigned long long>(report.device_id()),
                report.sequence());
  }
  std::printf("model %016llx: %u updates, alpha %.4g, tolerance %.4g, window %s\n",
              static_cast<unsigned long long>(report.model_hash()), report.updates(),
              static_cast<double>(report.alpha()), static_cast<double>(report.tolerance()),
              report.window() == 0 ? "one (since start)" : std::to_string(report.window()).c_str());
  std::printf("%-24s %10s %28s %10s %28s %9s\n", "group", "decisions", "positive rate [95% Wilson]",
              "reference", "window rate [95% Wilson]", "refused");
  for (const GroupRow& row : rows) {
    const tinyfair::MonitorGroupCounters& c = *row.counters;
    std::printf(
        "%-24s %10u %8.4f [%7.4f, %7.4f] %10.4f %8.4f [%7.4f, %7.4f] %9u\n",
        host::common::OneLineText(row.name).c_str(), c.decisions(), row.rate.rate, row.rate.lower,
        row.rate.upper, row.reference, row.window_rate.rate, row.window_rate.lower,
        row.window_rate.upper,
        c.refused_non_finite_input() + c.refused_score_overflow() + c.refused_unknown_category());
    if (c.labelled_positives() + c.labelled_negatives() > 0) {
      std::printf("%-24s   TPR %.4f [%.4f, %.4f] of %u, FPR %.4f [%.4f, %.4f] of %u\n", "",
                  row.tpr.rate, row.tpr.lower, row.tpr.upper, c.labelled_positives(), row.fpr.rate,
                  row.fpr.lower, row.fpr.upper, c.labelled_negatives());
    }
  }
  std::printf("parity gap %.4f (reference %.4f); refusals without a group: %u\n", gaps.observed,
              gaps.reference, report.refusals_without_group());
  std::printf("alarm: %s: %s\n", AlarmName(report.alarm().kind()), reason.c_str());
}

// The reports of a sequence as plot points: each validated as a single
// report is, and in order (one monitor since its Start).
MonitorPlotSeries PlotSeries(const MonitorOptions& o, const tinyfair::Model& model) {
  MonitorPlotSeries series;
  series.group_names = GroupNames(model);
  tinyfair::MonitorReport previous;
  std::string previous_path;
  for (const std::string& path : o.reports) {
    const tinyfair::MonitorReport report = host::model::ReadMonitorReport(path, model);
    const std::vector<GroupRow> rows = GroupRows(model, report);
    if (!series.points.empty()) {
      // The device's numbering first: its message says more than a counter's.
      const std::string gap =
          host::model::CheckReportSequence(previous, previous_path, report, path);
      if (!gap.empty()) Note("monitor: " + gap);
      host::model::CheckReportFollows(previous, report, path);
    }
    previous = report;
    previous_path = path;
    MonitorPlotPoint point;
    point.updates = report.updates();
    for (const GroupRow& row : rows) point.rates.push_back(row.rate);
    point.gap = Gaps(rows).observed;
    series.points.push_back(point);
    series.reference_gap = Gaps(rows).reference;
    series.tolerance = report.tolerance();
    series.reference_rates.clear();
    for (const GroupRow& row : rows) series.reference_rates.push_back(row.reference);
    if (series.alarm_at == 0 && report.alarm().kind() != tinyfair::MonitorAlarm::NONE) {
      series.alarm_at = report.alarm().at_update();
      series.alarm_kind = AlarmName(report.alarm().kind());
    }
  }
  series.group_names.resize(series.reference_rates.size());
  return series;
}

void Monitor(const MonitorOptions& o) {
  const tinyfair::Model model = ReadModelTrusted("monitor", o.model, o.trust);
  if (o.reports.size() > 1 && o.plot_dir.empty()) {
    throw host::common::DataError(
        "--report", 0, 0,
        "several reports make a sequence to plot: add --plot DIR, or give "
        "one --report to print it");
  }
  if (!o.plot_dir.empty()) {
    std::vector<host::common::NamedFile> inputs = {{"--model", o.model},
                                                   {"--public-key", o.trust.public_key}};
    for (const std::string& report : o.reports) inputs.push_back({"--report", report});
    std::vector<host::common::NamedFile> outputs;
    for (const char* name : {"monitor_rates.dat", "monitor_rates.gp", "monitor_rates.png"}) {
      outputs.push_back({std::string("--plot (") + name + ")", o.plot_dir + "/" + name});
    }
    host::common::RefuseOutputsOverInputs(inputs, outputs);
    // Every report is checked before anything is written.
    const MonitorPlotSeries series = PlotSeries(o, model);
    WriteMonitorPlot(series, o.plot_dir, o.render_plot);  // a plot not drawn is named in a note
  }
  // The last report of the sequence, printed as a single one is.
  const std::string& last = o.reports.back();
  const tinyfair::MonitorReport report = host::model::ReadMonitorReport(last, model);
  const std::vector<GroupRow> rows = GroupRows(model, report);
  const ParityGaps gaps = Gaps(rows);
  const std::string reason = AlarmReason(report, rows);
  if (o.json) {
    PrintJson(report, rows, gaps, reason);
  } else {
    PrintTable(report, rows, gaps, reason);
  }
}

}  // namespace

void AddMonitorCommand(CLI::App& app) {
  auto o = std::make_shared<MonitorOptions>();
  auto* command = app.add_subcommand(
      "monitor", "Print a device's fairness monitor report next to the model's reference rates");
  command->add_option("--model", o->model, "The model the device ran (.pb or JSON)")
      ->required()
      ->check(CLI::ExistingFile);
  AddTrustOptions(*command, o->trust);
  command
      ->add_option("--report", o->reports,
                   "The device's monitor report (MonitorReport); repeated, a sequence of "
                   "reports for --plot, in order")
      ->required()
      ->check(CLI::ExistingFile);
  command->add_option("--plot", o->plot_dir,
                      "Plot the sequence of reports into this folder: per group the positive "
                      "rate with its 95% Wilson interval and the reference rate, the parity gap "
                      "and where the alarm fired (monitor_rates.dat, .gp, .png); the last report "
                      "is printed");
  command->add_flag("!--no-plots", o->render_plot,
                    "With --plot: write the gnuplot data and script but do not run gnuplot");
  command->add_flag("--json", o->json, "Print JSON");
  command->callback([o] { Monitor(*o); });
}

}  // namespace tinyfair::cli
