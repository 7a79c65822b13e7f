// tinyfair monitor: a device's monitor report next to its model's reference
// rates (docs/monitor.md).
#include <cstdio>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/monitor_plot.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/monitor_reading.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::cli {
namespace {

struct MonitorOptions {
  std::vector<std::string> reports;
  std::string model, plot_dir;
  TrustFlags trust;
  bool json = false;
  bool render_plot = true;
};

void PrintTable(const host::fit::MonitorReading& reading) {
  const tinyfair::MonitorReport& report = reading.report;
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
  for (const host::fit::MonitorGroupRow& row : reading.groups) {
    const tinyfair::MonitorGroupCounters& c = row.counters;
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
  std::printf("parity gap %.4f (reference %.4f); refusals without a group: %u\n",
              reading.parity_gap, reading.reference_parity_gap, report.refusals_without_group());
  std::printf("alarm: %s: %s\n", reading.alarm_kind.c_str(), reading.alarm_reason.c_str());
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
    const MonitorPlotSeries series = host::fit::ReadMonitorSeries(o.reports, model);
    WriteMonitorPlot(series, o.plot_dir, o.render_plot);  // a plot not drawn is named in a note
  }
  // The last report of the sequence, printed as a single one is.
  const host::fit::MonitorReading reading = host::fit::ReadMonitorReading(o.reports.back(), model);
  if (o.json) {
    std::fputs((host::fit::MonitorReadingJson(reading) + "\n").c_str(), stdout);
  } else {
    PrintTable(reading);
  }
}

}  // namespace

void AddMonitorCommand(CommandLine& command_line) {
  auto o = std::make_shared<MonitorOptions>();
  Command command = command_line.AddCommand(
      "monitor", "Print a device's fairness monitor report next to the model's reference rates");
  command.Option("--model", &o->model, "The model the device ran (.pb or JSON)")
      .Required()
      .ExistingFile();
  AddTrustOptions(command, o->trust);
  command
      .Option("--report", &o->reports,
              "The device's monitor report (MonitorReport); repeated, a sequence of "
              "reports for --plot, in order")
      .Required()
      .ExistingFile();
  command.Option("--plot", &o->plot_dir,
                 "Plot the sequence of reports into this folder: per group the positive "
                 "rate with its 95% Wilson interval and the reference rate, the parity gap "
                 "and where the alarm fired (monitor_rates.dat, .gp, .png); the last report "
                 "is printed");
  command.Flag("!--no-plots", &o->render_plot,
               "With --plot: write the gnuplot data and script but do not run gnuplot");
  command.Flag("--json", &o->json, "Print JSON");
  command.Action([o] { Monitor(*o); });
}

}  // namespace tinyfair::cli
