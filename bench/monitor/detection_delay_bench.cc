// Detection delay of the drift alarm on a real model and data set, next to
// the best fixed-window test with the same false-alarm rate (docs/monitor.md).
//
//   detection_delay_bench --model m.pb --data rows.csv [--streams 200]
//       [--calibration-streams 1000] [--decisions 100000] [--shift-at 20000]
//       [--gap 0.05]
//
// The model's own decision probabilities for every row of `rows.csv` (by
// the runtime) are the fitting distribution: a stream draws rows uniformly
// with replacement and decides each with a seeded draw. From decision
// `shift-at` on, the group with the lower mean probability is drawn from its
// rows tilted by weights exp(theta p), theta set so that its mean
// probability is `gap` below the other group's: a shift of that group's
// score distribution that moves the parity gap to `gap`.
//
// The monitor runs on the model's settings (tinyfair export --monitor-*).
// The fixed-window test: at the end of every window of W decisions, the gap
// between the groups' positive rates in that window against a threshold
// calibrated on streams without the shift, so that the share of those
// streams with any alarm in `decisions` is alpha; the best W is the one with
// the smallest median delay.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "host_tools/metrics/rate_spread.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

using namespace tinyfair;
using runtime::Decision;
using runtime::Pcg32;

struct Options {
  std::string model, data;
  uint32_t streams = 200, calibration_streams = 1000, decisions = 100000, shift_at = 20000;
  double gap = 0.05;
};

struct Row {
  uint32_t group;
  float probability;
};

// Rows of one group with cumulative tilted weights, for drawing.
struct Tilted {
  std::vector<float> probability;
  std::vector<double> cumulative;
};

double MeanProbability(const std::vector<float>& p, double theta) {
  double sum = 0.0, weight = 0.0;
  for (float q : p) {
    const double w = std::exp(theta * q);
    sum += w * q;
    weight += w;
  }
  return sum / weight;
}

Tilted Tilt(const std::vector<float>& p, double target) {
  double low = -60.0, high = 60.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (low + high);
    (MeanProbability(p, mid) < target ? low : high) = mid;
  }
  Tilted t{p, {}};
  double sum = 0.0;
  for (float q : p) t.cumulative.push_back(sum += std::exp(low * q));
  return t;
}

double Uniform(Pcg32& rng) { return (rng.Next() >> 5U) * (1.0 / 134217728.0); }

float DrawTilted(const Tilted& t, Pcg32& rng) {
  const double u = Uniform(rng) * t.cumulative.back();
  const size_t i =
      std::upper_bound(t.cumulative.begin(), t.cumulative.end(), u) - t.cumulative.begin();
  return t.probability[std::min(i, t.probability.size() - 1)];
}

// One stream's decisions, in order, to `sink(index, decision)`.
template <typename Sink>
void Stream(const std::vector<Row>& rows, const Tilted* shifted, uint32_t shifted_group,
            const Options& o, uint64_t model_hash, uint64_t seed, Sink&& sink) {
  Pcg32 rng(seed, 77);
  Decision d;
  d.model_hash = model_hash;
  d.status = runtime::Status::kOk;
  for (uint32_t i = 0; i < o.decisions; ++i) {
    const Row& row = rows[static_cast<size_t>(Uniform(rng) * rows.size())];
    d.group = row.group;
    d.probability = row.probability;
    if (shifted != nullptr && i >= o.shift_at && row.group == shifted_group) {
      d.probability = DrawTilted(*shifted, rng);
    }
    d.draw = rng.Next();
    d.positive = d.draw < runtime::PositiveDrawBound(d.probability);
    if (!sink(i, d)) return;
  }
}

// Per window of `width` decisions, the largest gap between two groups'
// positive rates; calls `at_end(end, gap)` after each full window.
struct WindowGap {
  uint32_t width;
  std::vector<uint32_t> decided, positive;
  template <typename AtEnd>
  bool Add(uint32_t i, const Decision& d, AtEnd&& at_end) {
    ++decided[d.group];
    positive[d.group] += d.positive;
    if ((i + 1) % width != 0) return true;
    tinyfair::host::metrics::RateSpread spread;
    for (size_t g = 0; g < decided.size(); ++g) {
      if (decided[g] != 0) spread.Add(static_cast<double>(positive[g]) / decided[g]);
    }
    std::fill(decided.begin(), decided.end(), 0);
    std::fill(positive.begin(), positive.end(), 0);
    return at_end(i + 1, spread.Gap());
  }
};

double Quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const size_t i = static_cast<size_t>(std::ceil(q * values.size())) - 1;
  return values[std::min(i, values.size() - 1)];
}

std::string Delays(std::vector<double> delays, uint32_t streams, uint32_t early) {
  char text[160];
  if (delays.empty()) return "none detected";
  const double median = Quantile(delays, 0.5), p90 = Quantile(delays, 0.9);
  std::snprintf(text, sizeof(text), "%.0f | %.0f | %zu / %u | %u", median, p90, delays.size(),
                streams, early);
  return text;
}

runtime::FairnessMonitor g_monitor;

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--model") o.model = value;
    if (flag == "--data") o.data = value;
    if (flag == "--streams") o.streams = static_cast<uint32_t>(std::stoul(value));
    if (flag == "--calibration-streams") {
      o.calibration_streams = static_cast<uint32_t>(std::stoul(value));
    }
    if (flag == "--decisions") o.decisions = static_cast<uint32_t>(std::stoul(value));
    if (flag == "--shift-at") o.shift_at = static_cast<uint32_t>(std::stoul(value));
    if (flag == "--gap") o.gap = std::stod(value);
  }
  if (o.model.empty() || o.data.empty()) {
    std::fprintf(stderr, "usage: detection_delay_bench --model m.pb --data rows.csv [...]\n");
    return 1;
  }
  const tinyfair::Model model = host::model::ReadModel(o.model);
  const host::data::CsvTable table = host::data::ReadCsv(o.data);
  const host::data::InputEncoder encoder(model.inputs(), table);
  const auto runtime_model = host::simulate::LoadIntoRuntime(model);
  const runtime::MonitorReference reference = runtime::MonitorReferenceOf(*runtime_model);
  const uint32_t groups = reference.group_count;
  std::vector<Row> rows;
  std::vector<std::vector<float>> by_group(groups);
  for (const Decision& d : host::simulate::DecideRows(*runtime_model, encoder, 1, 0)) {
    if (!runtime::IsOk(d.status)) continue;
    rows.push_back({d.group, d.probability});
    by_group[d.group].push_back(d.probability);
  }
  std::vector<double> mean(groups);
  for (uint32_t g = 0; g < groups; ++g) mean[g] = MeanProbability(by_group[g], 0.0);
  const auto high = std::max_element(mean.begin(), mean.end()) - mean.begin();
  const auto low = std::min_element(mean.begin(), mean.end()) - mean.begin();
  const Tilted shifted = Tilt(by_group[low], mean[high] - o.gap);
  const double shifted_mean = MeanProbability(by_group[low], 0.0);
  std::printf("%zu rows; mean decision probability per group:", rows.size());
  for (uint32_t g = 0; g < groups; ++g) std::printf(" %u: %.4f", g, mean[g]);
  std::printf(" (reference rates");
  for (uint32_t g = 0; g < groups; ++g) std::printf(" %.4f", reference.reference_rate[g]);
  std::printf(
      "); gap %.4f before the shift; from decision %u group %ld's mean moves from %.4f to "
      "%.4f (gap %.4f)\n",
      std::fabs(mean[high] - mean[low]), o.shift_at, static_cast<long>(low), shifted_mean,
      mean[high] - o.gap, o.gap);
  std::printf("monitor: alpha %.3g, tolerance %.3g, window %u; %u streams of %u decisions\n\n",
              static_cast<double>(reference.settings.alpha),
              static_cast<double>(reference.settings.tolerance), reference.settings.window,
              o.streams, o.decisions);

  // The monitor on shifted streams.
  std::vector<double> delays;
  uint32_t early = 0;
  for (uint32_t s = 0; s < o.streams; ++s) {
    if (!runtime::IsOk(g_monitor.Start(reference))) {
      std::fprintf(stderr, "the model sets no monitor: export it with --monitor-alpha\n");
      return 1;
    }
    Stream(rows, &shifted, static_cast<uint32_t>(low), o, reference.model_hash, 1000 + s,
           [&](uint32_t, const Decision& d) {
             return g_monitor.Update(d) != runtime::Status::kDriftAlarm;
           });
    if (!g_monitor.alarmed()) continue;
    const uint32_t at = g_monitor.alarm().at_update;  // 1-based: decision at - 1
    if (at - 1 < o.shift_at) {
      ++early;
    } else {
      delays.push_back(at - 1 - o.shift_at);
    }
  }
  const double alpha = reference.settings.alpha;
  std::printf("| test | median delay | 90th percentile | detected | alarms before the shift |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: |\n");
  std::printf("| monitor (confidence sequences, alpha %.2f) | %s |\n", alpha,
              Delays(delays, o.streams, early).c_str());

  // Fixed windows: thresholds from streams without the shift, then delays.
  for (uint32_t width : {1000U, 2000U, 5000U, 10000U, 20000U}) {
    std::vector<double> largest;
    for (uint32_t s = 0; s < o.calibration_streams; ++s) {
      WindowGap w{width, std::vector<uint32_t>(groups), std::vector<uint32_t>(groups)};
      double most = 0.0;
      Stream(rows, nullptr, 0, o, reference.model_hash, 500000 + s,
             [&](uint32_t i, const Decision& d) {
               return w.Add(i, d, [&](uint32_t, double gap) {
                 most = std::max(most, gap);
                 return true;
               });
             });
      largest.push_back(most);
    }
    const double threshold = Quantile(largest, 1.0 - alpha);
    std::vector<double> window_delays;
    uint32_t window_early = 0;
    for (uint32_t s = 0; s < o.streams; ++s) {
      WindowGap w{width, std::vector<uint32_t>(groups), std::vector<uint32_t>(groups)};
      Stream(rows, &shifted, static_cast<uint32_t>(low), o, reference.model_hash, 1000 + s,
             [&](uint32_t i, const Decision& d) {
               return w.Add(i, d, [&](uint32_t end, double gap) {
                 if (gap <= threshold) return true;
                 if (end <= o.shift_at) {
                   ++window_early;
                 } else {
                   window_delays.push_back(end - o.shift_at);
                 }
                 return false;
               });
             });
    }
    std::printf("| fixed windows of %u (gap > %.4f, calibrated on %u streams) | %s |\n", width,
                threshold, o.calibration_streams,
                Delays(window_delays, o.streams, window_early).c_str());
  }
  return 0;
}
