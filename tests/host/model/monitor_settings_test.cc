// The monitor's settings in the model file: sealed and loaded through the
// runtime, refused out of range; and the Wilson intervals of the report.
#include <gtest/gtest.h>

#include <cmath>

#include "host_tools/metrics/wilson_interval.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/record_model_hash.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/monitor_simulation.h"
#include "test_models.h"
#include "tinyfair/monitor_report.pb.h"
#include "tinyfair_runtime/fairness_monitor.h"

namespace tinyfair::host::model {
namespace {

tinyfair::Model SmallModel() {
  return ParseModelFile(std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                                    tinyfair_models::kSmallRampModelSize),
                        "small");
}

TEST(MonitorSettings, CarriedInTheModelToTheRuntime) {
  tinyfair::Model model = SmallModel();
  model.set_monitor_alpha(0.01f);
  model.set_monitor_tolerance(0.05f);
  model.set_monitor_window(5000);
  const std::string bytes = SealModel(model);
  const auto loaded = simulate::LoadIntoRuntime(ParseModelFile(bytes, "monitored"));
  const runtime::MonitorReference reference = runtime::MonitorReferenceOf(*loaded);
  EXPECT_EQ(0.01f, reference.settings.alpha);
  EXPECT_EQ(0.05f, reference.settings.tolerance);
  EXPECT_EQ(5000u, reference.settings.window);
  EXPECT_EQ(RecordModelHash(bytes), reference.model_hash);
  ASSERT_EQ(static_cast<uint32_t>(model.reference_positive_rate_size()), reference.group_count);
  for (int g = 0; g < model.reference_positive_rate_size(); ++g) {
    EXPECT_EQ(model.reference_positive_rate(g), reference.reference_rate[g]);
  }
  // No decisions: a report of zero counts, and no alarm.
  const auto monitor = simulate::MonitorDecisions(*loaded, {});
  EXPECT_FALSE(monitor->alarmed());
  tinyfair::MonitorReport report;
  ASSERT_TRUE(report.ParseFromString(simulate::EncodeReport(*monitor)));
  EXPECT_EQ(RecordModelHash(bytes), report.model_hash());
  EXPECT_EQ(model.reference_positive_rate_size(), report.groups_size());
}

TEST(MonitorSettings, OutOfRangeIsRefusedBySealing) {
  const float bad_alpha[] = {1.0f, -0.01f, std::nanf("")};
  for (float alpha : bad_alpha) {
    tinyfair::Model model = SmallModel();
    model.set_monitor_alpha(alpha);
    EXPECT_THROW(SealModel(model), std::runtime_error) << alpha;
  }
  tinyfair::Model model = SmallModel();
  model.set_monitor_alpha(0.05f);
  model.set_monitor_tolerance(1.0f);
  EXPECT_THROW(SealModel(model), std::runtime_error);
}

TEST(MonitorSettings, ModelWithoutThemHasNoMonitor) {
  tinyfair::Model model = SmallModel();
  const auto loaded = simulate::LoadIntoRuntime(model);
  EXPECT_THROW(simulate::MonitorDecisions(*loaded, {}), std::invalid_argument);
}

// Published values of Wilson's 95 % interval (z = 1.96).
TEST(WilsonInterval, KnownValues) {
  const metrics::RateInterval half = metrics::WilsonInterval(5, 10);
  EXPECT_NEAR(0.5, half.rate, 1e-15);
  EXPECT_NEAR(0.2366, half.lower, 1e-4);
  EXPECT_NEAR(0.7634, half.upper, 1e-4);
  const metrics::RateInterval none = metrics::WilsonInterval(0, 10);
  EXPECT_EQ(0.0, none.lower);
  EXPECT_NEAR(0.2775, none.upper, 1e-4);
  const metrics::RateInterval all = metrics::WilsonInterval(20, 20);
  EXPECT_NEAR(0.8389, all.lower, 1e-4);
  EXPECT_EQ(1.0, all.upper);
  const metrics::RateInterval empty = metrics::WilsonInterval(0, 0);
  EXPECT_EQ(0.0, empty.lower);
  EXPECT_EQ(1.0, empty.upper);
  EXPECT_THROW(metrics::WilsonInterval(3, 2), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::model
