// The drift alarm's false-alarm rate: seeded streams with no drift, each
// decision drawn from its group's reference rate, fed to the runtime's
// FairnessMonitor; a stream is a false alarm if the alarm fires anywhere in
// it. Prints a Markdown table (docs/monitor.md).
//
//   false_alarm_bench [--streams N] [--decisions N]
//
// A decision's probability is its group's reference rate and the draw
// decides, so each outcome is Bernoulli(rate): among [0, 1]-valued outcomes
// with that mean, the largest variance, the hardest case for the test.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmath>

#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

using namespace tinyfair::runtime;

struct Population {
  const char* name;
  uint32_t groups;
  float rate[8];
  float share[8];  // cumulative
};

// Two groups with Adult's positive rates by sex (0.31 men, 0.11 women,
// shares 0.67 and 0.33), and eight groups with rates from 0.05 to 0.9.
const Population kPopulations[] = {
    {"2 groups (rates 0.31, 0.11)", 2, {0.31f, 0.11f}, {0.67f, 1.0f}},
    {"8 groups (rates 0.05 .. 0.9)",
     8,
     {0.05f, 0.1f, 0.2f, 0.3f, 0.5f, 0.6f, 0.75f, 0.9f},
     {0.3f, 0.45f, 0.55f, 0.65f, 0.75f, 0.85f, 0.95f, 1.0f}},
};

// The share of streams that alarmed and a one-sided 95 % upper bound on the
// rate (Wilson's score interval).
double WilsonUpper(double alarms, double streams) {
  const double z = 1.6448536269514722;
  const double p = alarms / streams;
  const double denominator = 1.0 + z * z / streams;
  const double centre = p + z * z / (2.0 * streams);
  const double spread = z * std::sqrt(p * (1.0 - p) / streams + z * z / (4.0 * streams * streams));
  return (centre + spread) / denominator;
}

FairnessMonitor g_monitor;

}  // namespace

int main(int argc, char** argv) {
  uint32_t streams = 1000, decisions = 100000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--streams") == 0) streams = static_cast<uint32_t>(atol(argv[i + 1]));
    if (strcmp(argv[i], "--decisions") == 0) decisions = static_cast<uint32_t>(atol(argv[i + 1]));
  }
  printf("%u seeded streams of %u decisions each, no drift, tolerance 0.\n\n", streams, decisions);
  printf("| population | alpha | window | false alarms | rate | 95 %% upper bound |\n");
  printf("| --- | ---: | ---: | ---: | ---: | ---: |\n");
  const float alphas[] = {0.01f, 0.05f};
  const uint32_t windows[] = {0, 10000};
  for (const Population& population : kPopulations) {
    for (const float alpha : alphas) {
      for (const uint32_t window : windows) {
        MonitorReference reference;
        reference.model_hash = 1;
        reference.group_count = population.groups;
        reference.reference_rate = population.rate;
        reference.settings = {alpha, 0.0f, window};
        uint32_t alarms = 0;
        for (uint32_t s = 0; s < streams; ++s) {
          if (!IsOk(g_monitor.Start(reference))) return 1;
          Pcg32 rng(2024, s);
          Decision d;
          d.model_hash = 1;
          d.status = Status::kOk;
          for (uint32_t i = 0; i < decisions; ++i) {
            const float u = static_cast<float>(rng.Next() >> 8U) * 0x1.0p-24f;
            uint32_t g = 0;
            while (g + 1 < population.groups && u >= population.share[g]) ++g;
            d.group = g;
            d.probability = population.rate[g];
            d.draw = rng.Next();
            d.positive = d.draw < PositiveDrawBound(d.probability);
            if (g_monitor.Update(d) == Status::kDriftAlarm) break;
          }
          if (g_monitor.alarmed()) ++alarms;
        }
        printf("| %s | %.2f | %s | %u / %u | %.4f | %.4f |\n", population.name,
               static_cast<double>(alpha), window == 0 ? "one" : "10,000", alarms, streams,
               static_cast<double>(alarms) / streams, WilsonUpper(alarms, streams));
        fflush(stdout);
      }
    }
  }
  return 0;
}
