// Golden monitor vectors: one source for the host and every board.
#include "monitor_vectors.h"

#include <stdint.h>

#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/internal/fast_math.h"
#include "tinyfair_runtime/monitor_report.h"
#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::testing {
namespace {

using namespace tinyfair::runtime;
using internal::Log;
using internal::Logistic;

constexpr uint64_t kHash = 0x6D6F6E69746F7221ULL;

struct Scenario {
  const char* name;
  uint32_t groups;
  float reference[8];
  MonitorSettings settings;
  uint32_t decisions;
  // From decision `drift_from` on, group `drift_group`'s margins move by
  // `drift_shift`: a shift of its score distribution.
  uint32_t drift_from;
  uint32_t drift_group;
  float drift_shift;
};

// A decision's probability is the logistic of a margin spread around the
// logit of its group's reference rate; the draw decides. Every 97th input
// is refused, every 3rd decision's label arrives.
const Scenario kScenarios[] = {
    {"two_groups_no_drift", 2, {0.31f, 0.11f}, {0.05f, 0.02f, 0}, 20000, 20000, 0, 0.0f},
    {"two_groups_drift", 2, {0.31f, 0.11f}, {0.05f, 0.02f, 0}, 20000, 6000, 1, 1.5f},
    {"eight_groups_windows",
     8,
     {0.05f, 0.1f, 0.2f, 0.3f, 0.5f, 0.6f, 0.75f, 0.9f},
     {0.01f, 0.0f, 700},
     24000,
     12000,
     4,
     -2.0f},
};
constexpr uint32_t kLineEvery = 1000;

FairnessMonitor g_vectors_monitor;
uint8_t g_report[MonitorReportMaxSize(8)];

// Collects a line and writes it whole: one host call per line on a board.
struct Writer {
  void (*write)(const char*, size_t);
  char line[160];
  size_t used;
  void Put(const char* text, size_t size) {
    for (size_t i = 0; i < size; ++i) {
      line[used++] = text[i];
      if (text[i] == '\n' || used == sizeof(line)) {
        write(line, used);
        used = 0;
      }
    }
  }
  void Text(const char* text) {
    size_t n = 0;
    while (text[n] != '\0') ++n;
    Put(text, n);
  }
  void Hex(uint64_t value, int digits) {
    char buffer[16];
    for (int i = digits - 1; i >= 0; --i) {
      buffer[i] = "0123456789abcdef"[value & 0xFU];
      value >>= 4U;
    }
    Put(buffer, static_cast<size_t>(digits));
  }
  void FloatBits(float value) {
    uint32_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    Hex(bits, 8);
  }
};

void WriteState(Writer& out, const Scenario& s, uint32_t update, Status status) {
  out.Text(s.name);
  out.Text(",");
  out.Hex(update, 8);
  out.Text(",");
  out.Hex(static_cast<uint8_t>(status), 2);
  for (uint32_t g = 0; g < s.groups; ++g) {
    const GroupCounters& c = g_vectors_monitor.group(g);
    out.Text(",");
    out.Hex(c.window_index, 4);
    out.Text(":");
    out.Hex(c.window_positives, 8);
    out.Text(":");
    out.FloatBits(c.lower);
    out.Text(":");
    out.FloatBits(c.upper);
  }
  out.Text("\n");
}

void WriteReport(Writer& out, const Scenario& s) {
  const DriftAlarm& a = g_vectors_monitor.alarm();
  out.Text(s.name);
  out.Text(",alarm,");
  out.Hex(static_cast<uint8_t>(a.kind), 2);
  out.Text(",");
  out.Hex(a.group, 2);
  out.Text(",");
  out.Hex(a.other_group, 2);
  out.Text(",");
  out.Hex(a.at_update, 8);
  out.Text(",");
  out.FloatBits(a.bound);
  out.Text(",");
  out.FloatBits(a.limit);
  out.Text("\n");
  size_t size = 0;
  const Status status = EncodeMonitorReport(g_vectors_monitor, g_report, sizeof(g_report), size);
  out.Text(s.name);
  out.Text(",report,");
  out.Text(StatusName(status));
  for (size_t i = 0; i < size; ++i) {
    if (i % 32 == 0) out.Text("\n");
    out.Hex(g_report[i], 2);
  }
  out.Text("\n");
}

long RunScenario(Writer& out, const Scenario& s, uint64_t seed) {
  MonitorReference reference;
  reference.model_hash = kHash;
  reference.group_count = s.groups;
  reference.reference_rate = s.reference;
  reference.settings = s.settings;
  if (!IsOk(g_vectors_monitor.Start(reference))) {
    out.Text(s.name);
    out.Text(",start failed\n");
    return 0;
  }
  float centre[8];
  for (uint32_t g = 0; g < s.groups; ++g) {
    centre[g] = Log(s.reference[g] / (1.0f - s.reference[g]));
  }
  Pcg32 rng(seed, 54);
  Status status = Status::kOk;
  for (uint32_t i = 0; i < s.decisions; ++i) {
    Decision d;
    d.model_hash = kHash;
    d.group = rng.Next() % s.groups;
    const float spread = static_cast<float>(rng.Next() >> 8U) * 0x1.0p-24f - 0.5f;
    float margin = centre[d.group] + spread;
    if (i >= s.drift_from && d.group == s.drift_group) margin += s.drift_shift;
    d.score = margin;
    d.draw = rng.Next();
    if (i % 97 == 96) {
      d.status = Status::kNonFiniteInput;
    } else {
      d.status = Status::kOk;
      d.probability = Logistic(margin);
      d.positive = d.draw < PositiveDrawBound(d.probability);
    }
    status = g_vectors_monitor.Update(d);
    if (i % 3 == 0) {
      const bool label = rng.Next() < PositiveDrawBound(d.probability);
      (void)g_vectors_monitor.RecordOutcome(d, label);
    }
    if ((i + 1) % kLineEvery == 0) WriteState(out, s, i + 1, status);
  }
  WriteReport(out, s);
  return s.decisions;
}

}  // namespace

long WriteMonitorVectors(void (*write)(const char* text, size_t size)) {
  Writer out{write, {}, 0};
  long updates = 0;
  uint64_t seed = 2026;
  for (const Scenario& s : kScenarios) updates += RunScenario(out, s, seed++);
  return updates;
}

}  // namespace tinyfair::testing
