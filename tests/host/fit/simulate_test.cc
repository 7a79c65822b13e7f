// fit::Simulate decides as the runtime does, writes the vectors, the
// monitor's reports and a drifted stream as asked, and refuses what the
// data or the model cannot give; fit::ResolveDrift names the flag at fault.
#include "host_tools/fit/simulate.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/data/synthetic_data.h"
#include "host_tools/fit/train.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/model/decision_vectors.h"
#include "host_tools/model/model_export.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::fit {
namespace {

constexpr size_t kSimulatedRows = 2000;

class SimulateHiring : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = data::ParseCsv(data::SyntheticHiringCsv(kSimulatedRows, 5), "hiring.csv");
    table_ = data::ColumnTableFromCsv(file_);
    TrainOptions options;
    options.data = "hiring.csv";
    options.label.label = "hired";
    options.sensitive = {"group"};
    model_ = Train(options, table_, TrainMethods());
  }

  // The model as `export --monitor-alpha 0.05 --monitor-tolerance 0.03` writes it.
  tinyfair::Model MonitoredModel() const {
    tinyfair::Model monitored = model_;
    model::ExportSettings settings;
    settings.monitor_alpha = 0.05;
    settings.monitor_tolerance = 0.03;
    model::ExportModel(settings, monitored);
    return monitored;
  }

  data::CsvTable file_;
  data::ColumnTable table_;
  tinyfair::Model model_;
};

size_t LineCount(const std::string& text) {
  size_t lines = 0;
  for (const char c : text) lines += c == '\n';
  return lines;
}

TEST_F(SimulateHiring, DecidesEveryRowAsTheRuntime) {
  SimulateOptions options;
  options.seed = 3;
  options.stream = 1;
  options.vectors = true;
  const Simulation simulation = Simulate(model_, table_, options);
  const data::InputEncoder encoder(model_.inputs(), table_);
  const auto runtime_model = simulate::LoadIntoRuntime(model_);
  const auto decisions = simulate::DecideRows(*runtime_model, encoder, 3, 1);
  ASSERT_EQ(kSimulatedRows, simulation.decisions.size());
  for (size_t i = 0; i < decisions.size(); ++i) {
    EXPECT_EQ(decisions[i].positive, simulation.decisions[i].positive) << i;
    EXPECT_EQ(decisions[i].draw, simulation.decisions[i].draw) << i;
    EXPECT_EQ(decisions[i].group, simulation.decisions[i].group) << i;
  }
  EXPECT_EQ(kSimulatedRows + 1, LineCount(simulation.log));
  EXPECT_EQ(runtime_model->model_hash(), simulation.model_hash);
  EXPECT_EQ("", simulation.refused);
  EXPECT_FALSE(simulation.monitor);
  const model::DecisionVectors vectors = model::DecodeDecisionVectors(simulation.vectors, "v");
  EXPECT_EQ(3u, vectors.seed);
  EXPECT_EQ(1u, vectors.stream);
  EXPECT_EQ(encoder.input_count(), vectors.input_count);
  EXPECT_EQ(kSimulatedRows * encoder.input_count(), vectors.inputs.size());
}

TEST_F(SimulateHiring, WritesNoVectorsUnlessAsked) {
  EXPECT_EQ("", Simulate(model_, table_, {}).vectors);
}

TEST_F(SimulateHiring, SendsAReportEveryNDecisionsThenTheFinalOne) {
  SimulateOptions options;
  options.monitor = true;
  options.monitor_every = 500;
  options.device_id = 7;
  const Simulation numbered = Simulate(MonitoredModel(), table_, options);
  ASSERT_TRUE(numbered.monitor);
  EXPECT_EQ(kSimulatedRows / 500, numbered.monitor->periodic.size());
  EXPECT_FALSE(numbered.monitor->final_report.empty());
  EXPECT_NE("", numbered.monitor->alarm);
  options.device_id = 0;
  const Simulation anonymous = Simulate(MonitoredModel(), table_, options);
  EXPECT_NE(numbered.monitor->final_report, anonymous.monitor->final_report);
}

TEST_F(SimulateHiring, RefusesAMonitorTheModelDoesNotSet) {
  SimulateOptions options;
  options.monitor = true;
  EXPECT_THROW(Simulate(model_, table_, options), std::invalid_argument);
}

TEST_F(SimulateHiring, DriftsTheGroupsShareFromItsRowOn) {
  SimulateOptions options;
  options.drift.from_row = 1000;
  options.drift.group = "group=b";
  options.drift.share = 0.9;
  const Simulation simulation = Simulate(model_, table_, options);
  EXPECT_NE(std::string::npos,
            simulation.log.substr(0, simulation.log.find('\n')).find("data_row"));
  ASSERT_EQ(kSimulatedRows, simulation.decisions.size());
  size_t group_b = 0;
  for (size_t i = 1000; i < kSimulatedRows; ++i) group_b += simulation.decisions[i].group == 1;
  EXPECT_GT(group_b, 800u);  // 900 expected; the data has 40 % of group b
  options.draws_before = 5;
  EXPECT_THROW(Simulate(model_, table_, options), std::invalid_argument);
}

// The refusal's flag and message for `request`.
std::pair<std::string, std::string> DriftRefusal(const DriftRequest& request,
                                                 const tinyfair::Model& model) {
  try {
    ResolveDrift(request, model, kSimulatedRows);
  } catch (const common::DataError& error) {
    return {error.file(), error.message()};
  }
  return {"", "accepted"};
}

TEST_F(SimulateHiring, ResolveDriftNamesTheFlagAtFault) {
  DriftRequest request;
  request.from_row = 10;
  request.group = "group=c";
  request.share = 0.5;
  EXPECT_EQ(std::make_pair(std::string("--drift-group"),
                           std::string("the model has no group 'group=c' (its groups: "
                                       "'group=a', 'group=b')")),
            DriftRefusal(request, model_));
  request.group = "group=a";
  request.from_row = kSimulatedRows;
  EXPECT_EQ(std::make_pair(std::string("--drift-from"),
                           std::string("row 2000 is beyond the data (2000 rows, numbered from 0)")),
            DriftRefusal(request, model_));
  request.from_row = 10;
  request.share = 1.0;
  EXPECT_EQ(std::make_pair(std::string("--drift-share"), std::string("1 is outside (0, 1)")),
            DriftRefusal(request, model_));
  request.score_shift = 0.5;
  EXPECT_EQ("--drift-score-shift", DriftRefusal(request, model_).first);
  request.share.reset();
  const simulate::StreamDrift drift = ResolveDrift(request, model_, kSimulatedRows);
  EXPECT_EQ(simulate::StreamDrift::Kind::kScoreShift, drift.kind);
  EXPECT_EQ(0u, drift.group);
  EXPECT_EQ(10u, drift.from_row);
  EXPECT_FLOAT_EQ(0.5f, drift.score_shift);
}

}  // namespace
}  // namespace tinyfair::host::fit
