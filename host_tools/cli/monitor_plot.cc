#include "host_tools/cli/monitor_plot.h"

#include <filesystem>

#include "host_tools/cli/gnuplot_render.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/text_format.h"

namespace tinyfair::cli {
namespace {

// One block per group (x, rate, lower, upper, reference), then the gaps
// (x, gap, reference gap, reference gap + tolerance).
std::string PlotData(const MonitorPlotSeries& s) {
  std::string data;
  for (size_t g = 0; g < s.group_names.size(); ++g) {
    data += "# " + host::common::OneLineText(s.group_names[g]) +
            ": decisions seen, positive rate, 95% Wilson lower, upper, "
            "reference rate\n";
    for (const MonitorPlotPoint& p : s.points) {
      const host::metrics::RateInterval& r = p.rates[g];
      data += host::common::FormatText("%u %.17g %.17g %.17g %.17g\n", p.updates, r.rate, r.lower,
                                       r.upper, s.reference_rates[g]);
    }
    data += "\n\n";
  }
  data += "# parity gap: decisions seen, gap, reference gap, reference gap + tolerance\n";
  for (const MonitorPlotPoint& p : s.points) {
    data += host::common::FormatText("%u %.17g %.17g %.17g\n", p.updates, p.gap, s.reference_gap,
                                     s.reference_gap + s.tolerance);
  }
  return data;
}

// Every name goes in by GnuplotString; the files are named relative to the
// script's folder.
std::string PlotScript(const MonitorPlotSeries& s) {
  const std::string data = GnuplotString("monitor_rates.dat");
  // Names print as they are (no enhanced-text subscripts); both panels share
  // the x axis and the margins, the legends sit right of the data.
  std::string script =
      GnuplotPreamble("monitor_rates.png", "1100,800") +
      "set multiplot layout 2,1 title 'Fairness monitor over a sequence of reports'\n"
      "set key outside right top\nset grid\nset lmargin at screen 0.08\n"
      "set rmargin at screen 0.70\n" +
      host::common::FormatText("set xrange [0:%u]\n",
                               s.points.empty() ? 1 : s.points.back().updates);
  if (s.alarm_at > 0) {
    script += host::common::FormatText(
        "set arrow 1 from %u, graph 0 to %u, graph 1 nohead lc rgb 'red' lw 2 dt 2\n"
        "set label 1 %s at %u, graph 0.95 right offset -1,0 tc rgb 'red'\n",
        s.alarm_at, s.alarm_at,
        GnuplotString(
            host::common::FormatText("alarm (%s) at %u", s.alarm_kind.c_str(), s.alarm_at))
            .c_str(),
        s.alarm_at);
  }
  script += "set ylabel 'positive rate'\nset format x ''\nplot ";
  for (size_t g = 0; g < s.group_names.size(); ++g) {
    const std::string index = " index " + std::to_string(g);
    const std::string color = host::common::FormatText(" lc %zu", g + 1);
    script += (g ? ", \\\n  " : "") + data + index +
              " using 1:3:4 with filledcurves fs transparent solid 0.2 noborder" + color +
              " title " + GnuplotString(s.group_names[g] + " 95% interval") + ", \\\n  " + data +
              index + " using 1:2 with linespoints pt 7 ps 0.6 lw 2" + color + " title " +
              GnuplotString(s.group_names[g] + " rate") + ", \\\n  " + data + index +
              " using 1:5 with lines dt 2 lw 1.5" + color + " title " +
              GnuplotString(s.group_names[g] + " reference");
  }
  const std::string gap_index = " index " + std::to_string(s.group_names.size());
  script += "\nset format x '%g'\nset xlabel 'decisions seen'\nset ylabel 'parity gap'\nplot " +
            data + gap_index + " using 1:2 with linespoints pt 7 ps 0.6 lw 2 lc rgb 'black' " +
            "title 'parity gap', \\\n  " + data + gap_index +
            " using 1:3 with lines dt 2 lw 1.5 lc rgb 'black' title 'reference gap', \\\n  " +
            data + gap_index +
            " using 1:4 with lines dt 3 lw 1.5 lc rgb 'gray40' title 'reference gap + tolerance'\n"
            "unset multiplot\n";
  return script;
}

}  // namespace

bool WriteMonitorPlot(const MonitorPlotSeries& series, const std::string& dir, bool render) {
  PlotFiles files{{"monitor_rates.dat", PlotData(series)},
                  {"monitor_rates.gp", PlotScript(series)}};
  // The image is drawn aside and written with its data and script, all or
  // nothing.
  const PlotFiles images =
      render ? DrawPlotImages(files, {"monitor_rates"}, "monitor") : PlotFiles{};
  const bool drawn = !render || !images.empty();
  files.insert(files.end(), images.begin(), images.end());
  std::filesystem::create_directories(dir);
  for (auto& file : files) file.first = dir + "/" + file.first;
  host::common::WriteFilesAtomically(files);
  return drawn;
}

}  // namespace tinyfair::cli
