// Size image: decoder_all_rules.cc's Load and Decide, plus the fairness
// monitor fed with the decision and its report encoded. Its growth over
// decoder_all_rules is what the monitor costs; built on runtimes with 32
// (the schema's capacity) and 2 monitor groups.
#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/monitor_report.h"

namespace {

using namespace tinyfair::runtime;

ModelWithStorage<> g_model;
FairnessMonitor g_monitor;
// The report buffer is the caller's choice (MonitorReportMaxSize(groups)
// for any state); a fixed 256 bytes here, so both images count the same.
uint8_t g_report[256];
const uint8_t* volatile g_bytes = nullptr;
volatile size_t g_size = 0;
const float* volatile g_values = nullptr;
volatile size_t g_count = 0;
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;
volatile size_t g_report_size = 0;

}  // namespace

int main() {
  if (g_model.Load(g_bytes, g_size) != Status::kOk) return 1;
  if (g_monitor.Start(MonitorReferenceOf(g_model)) != Status::kOk) return 2;
  Pcg32 rng(g_seed, 1);
  const DecisionInput input{g_values, g_count, g_group};
  Decision decision;
  const Status status = g_model.Decide(input, rng, decision);
  g_positive = decision.positive;
  if (g_monitor.Update(decision) == Status::kDriftAlarm) return 3;
  size_t size = 0;
  if (EncodeMonitorReport(g_monitor, g_report, sizeof(g_report), size) != Status::kOk) return 4;
  g_report_size = size;
  return static_cast<int>(status);
}
