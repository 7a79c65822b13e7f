// Every single-bit flip of a monitor report, each parsed in this one process
// by the reader `tinyfair monitor` uses (ParseMonitorReport): none may be
// accepted. In process, so that the sanitizer build checks every flip for
// memory errors without starting the instrumented command once per flip;
// hostile.monitor_reports runs the command itself on one flip per byte.
// Usage: report_bit_flips MODEL REPORT; prints the counts, exits 1 when a
// flip is accepted.
#include <cstdio>
#include <exception>
#include <string>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/model/monitor_report_reader.h"

namespace {

namespace host_model = tinyfair::host::model;

// The bit positions of `report` whose flip the reader accepts.
std::string AcceptedFlips(const std::string& report, const tinyfair::Model& model,
                          size_t& accepted) {
  std::string positions;
  for (size_t bit = 0; bit < report.size() * 8; ++bit) {
    std::string flipped = report;
    flipped[bit / 8] = static_cast<char>(flipped[bit / 8] ^ (1 << (bit % 8)));
    try {
      (void)host_model::ParseMonitorReport(flipped, "flipped report", model);
    } catch (const std::exception&) {
      continue;  // refused, as every flip must be
    }
    ++accepted;
    positions += " " + std::to_string(bit);
  }
  return positions;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: report_bit_flips MODEL REPORT\n");
    return 2;
  }
  const tinyfair::Model model = host_model::ReadModel(argv[1]);
  const std::string report = tinyfair::host::common::ReadFileAtMost(
      argv[2], host_model::MaxMonitorReportBytes(), "the monitor report");
  (void)host_model::ParseMonitorReport(report, argv[2], model);  // the original is accepted
  size_t accepted = 0;
  const std::string positions = AcceptedFlips(report, model, accepted);
  std::printf("single-bit flips of a %zu-bit report, parsed in process: %zu accepted%s\n",
              report.size() * 8, accepted, positions.c_str());
  return accepted == 0 ? 0 : 1;
}
