// ScorerDecisions gives, for every per-group rule of one scorer, the records
// a full runtime pass gives (simulate::DecideRows, same draws), bit for bit:
// on synthetic data whose scores tie and sit exactly on the rules' edges,
// with refused rows between, and on Adult with its logistic scorer. The
// runtime's DecideFromScore, which it stands on, makes Decide's record for
// every per-group rule and refuses the other rules.
#include "host_tools/fit/scorer_decisions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/common/text_format.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/grid_selection.h"
#include "host_tools/fit/read_data.h"
#include "host_tools/fit/scoring_model.h"
#include "host_tools/fit/train.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/simulate/decision_runner.h"
#include "test_models.h"
#include "tests/host/source_dir.h"
#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::fit {
namespace {

using tinyfair::testing::SourceDir;

// The decision log of a full runtime pass of `model` over `table`, drawing
// from Pcg32(1, 0): what ScorerDecisions must reproduce.
std::string RuntimeLog(const tinyfair::Model& model, const data::ColumnTable& table) {
  const data::InputEncoder encoder(model.inputs(), table);
  return simulate::DecisionLog(
      simulate::DecideRows(*simulate::LoadIntoRuntime(model), encoder, 1, 0));
}

std::string LogOf(const ScorerDecisions& decided, const tinyfair::Model& model) {
  return simulate::DecisionLog(decided.DecisionsOf(model));
}

// "" when the logs are equal, else their first differing lines.
std::string FirstDifference(const std::string& expected, const std::string& actual) {
  size_t line = 0, start = 0;
  while (start < expected.size() || start < actual.size()) {
    const size_t end_e = std::min(expected.find('\n', start), expected.size());
    const size_t end_a = std::min(actual.find('\n', start), actual.size());
    const std::string e = expected.substr(start, end_e - start);
    const std::string a = actual.substr(std::min(start, actual.size()), end_a - start);
    if (end_e != end_a || e != a) {
      return "line " + std::to_string(line) + ": runtime '" + e + "', from the scorer '" + a + "'";
    }
    start = end_e + 1;
    ++line;
  }
  return "";
}

// The linked scores the runtime finds for the rows it decides.
std::vector<float> DecidedScores(const tinyfair::Model& model, const data::ColumnTable& table) {
  const data::InputEncoder encoder(model.inputs(), table);
  std::vector<float> scores;
  for (const runtime::Decision& d :
       simulate::DecideRows(*simulate::LoadIntoRuntime(model), encoder, 1, 0)) {
    if (runtime::IsOk(d.status)) scores.push_back(d.score);
  }
  return scores;
}

// Ramps and thresholds on the edges the scores make: a threshold at a score,
// one float either side of it, and a ramp ending exactly at a score, each
// for every group; widths from one float step to most of the score range.
std::vector<tinyfair::Model> RulesOnTheEdges(const tinyfair::Model& scorer,
                                             const std::vector<float>& scores) {
  const size_t groups = scorer.dimensions().group_count();
  std::vector<tinyfair::Model> rules;
  for (size_t i = 0; i < scores.size(); i += scores.size() / 7 + 1) {
    const float f = scores[i];
    for (const float t : {f, std::nextafter(f, -2.0f), std::nextafter(f, 2.0f)}) {
      tinyfair::Model threshold = scorer;
      model::SetThresholdRule(std::vector<double>(groups, t), threshold);
      rules.push_back(threshold);
      for (const float width : {1e-7f, 0.01f, 0.3f}) {
        for (const float start : {t, t - width}) {
          std::vector<double> thresholds(groups, start);
          thresholds.back() = t - 0.05f;  // the groups' ramps differ
          tinyfair::Model ramp = scorer;
          model::SetRampRule(thresholds, width, ramp);
          rules.push_back(ramp);
        }
      }
    }
  }
  return rules;
}

// Scores from few values, so that many rows tie; every 11th row of an
// unseen group (refused: unknown_group) and every 13th without a score
// (refused before a draw), so that the draws of the rows after them shift.
std::string NearTieCsv(bool with_refusals) {
  std::string csv = "group,probability,y\n";
  for (int i = 0; i < 900; ++i) {
    const char* group = i % 3 == 0 ? "b" : "a";
    if (with_refusals && i % 11 == 5) group = "z";
    const double p = 0.05 + 0.1 * (i * 7 % 10) + (i % 2 == 0 ? 0.0 : 1e-7);
    const std::string score = with_refusals && i % 13 == 6 ? "" : common::FormatText("%.9g", p);
    csv += common::FormatText("%s,%s,%d\n", group, score.c_str(), i * 5 % 9 < 4 ? 1 : 0);
  }
  return csv;
}

class ScorerDecisionsOnNearTies : public ::testing::Test {
 protected:
  void SetUp() override {
    SetNoteSink([](const std::string&) {});
    PostprocessOptions o;
    o.score_column = "probability";
    o.sensitive = {"group"};
    fitting_file_ = data::ParseCsv(NearTieCsv(false), "fit.csv");
    validation_file_ = data::ParseCsv(NearTieCsv(true), "validation.csv");
    fitting_ = data::ColumnTableFromCsv(fitting_file_);
    validation_ = data::ColumnTableFromCsv(validation_file_);
    scorer_ = InputModelDecisions(ScoringModel(o, fitting_, nullptr));
  }
  void TearDown() override { SetNoteSink(nullptr); }

  data::CsvTable fitting_file_, validation_file_;  // the typed tables' cells
  data::ColumnTable fitting_, validation_;
  tinyfair::Model scorer_;
};

TEST_F(ScorerDecisionsOnNearTies, EveryRuleOnTheScoresEdgesDecidesAsTheRuntime) {
  const ScorerDecisions decided(scorer_, validation_, 1, 0);
  const std::vector<tinyfair::Model> rules =
      RulesOnTheEdges(scorer_, DecidedScores(scorer_, validation_));
  ASSERT_GT(rules.size(), 100u);
  size_t refused = 0, drawn = 0;
  for (size_t i = 0; i < rules.size(); ++i) {
    ASSERT_EQ("", FirstDifference(RuntimeLog(rules[i], validation_), LogOf(decided, rules[i])))
        << "rule " << i;
    // The construction holds: rows are refused between decided ones, and
    // draws decide rows whose probability is neither 0 nor 1.
    for (const runtime::Decision& d : decided.DecisionsOf(rules[i])) {
      refused += runtime::IsOk(d.status) ? 0 : 1;
      drawn += d.probability > 0.0f && d.probability < 1.0f ? 1 : 0;
    }
  }
  EXPECT_GT(refused, 100u * rules.size());
  EXPECT_GT(drawn, 100u);
}

TEST_F(ScorerDecisionsOnNearTies, AnotherScorerIsDecidedByItsOwnPass) {
  const ScorerDecisions decided(scorer_, validation_, 1, 0);
  tinyfair::Model other = scorer_;
  ASSERT_GT(other.scorer().weights_size(), 0);
  other.mutable_scorer()->set_weights(0, other.scorer().weights(0) * 0.5f);
  model::SetRampRule(std::vector<double>(other.dimensions().group_count(), -0.2), 0.4, other);
  const std::string own = RuntimeLog(other, validation_);
  EXPECT_EQ(own, LogOf(decided, other));
  tinyfair::Model same_rule = scorer_;
  model::SetRampRule(std::vector<double>(other.dimensions().group_count(), -0.2), 0.4, same_rule);
  EXPECT_NE(own, LogOf(decided, same_rule));  // the scorer's records would not do
}

// The golden models' inputs (x, colour, sex, z) over both colours and
// sexes and margins across every rule's edges.
std::vector<std::vector<float>> GoldenInputs() {
  std::vector<std::vector<float>> inputs;
  for (float x = -1.0f; x <= 2.0f; x += 0.125f) {
    for (const float colour : {0.0f, 1.0f}) {
      for (const float sex : {0.0f, 1.0f}) inputs.push_back({x, colour, sex, -3.0f});
    }
  }
  return inputs;
}

// Decide's record field by field (the decision log's line).
std::string RecordLine(const runtime::Decision& d) { return simulate::DecisionLog({d}); }

TEST(DecideFromScore, MakesDecidesRecordForEveryPerGroupRule) {
  using namespace tinyfair_models;
  const struct {
    const uint8_t* bytes;
    size_t size;
  } models[] = {{kSmallThresholdModel, kSmallThresholdModelSize},
                {kSmallRampModel, kSmallRampModelSize},
                {kTwoThresholdModel, kTwoThresholdModelSize},
                {kTruncatedDpModel, kTruncatedDpModelSize},
                {kTruncatedEoddsModel, kTruncatedEoddsModelSize}};
  runtime::ModelWithStorage<> model;
  model.AcceptIntegerModels();
  for (size_t m = 0; m < std::size(models); ++m) {
    ASSERT_EQ(runtime::Status::kOk, model.Load(models[m].bytes, models[m].size)) << m;
    size_t inputs = 0;
    for (const std::vector<float>& values : GoldenInputs()) {
      runtime::DecisionInput input;
      input.values = values.data();
      input.count = static_cast<uint32_t>(values.size());
      const uint32_t draw = 0x9E3779B9U * static_cast<uint32_t>(++inputs);
      runtime::Decision decided, from_score;
      ASSERT_EQ(runtime::Status::kOk, model.DecideWithDraw(input, draw, decided)) << m;
      ASSERT_EQ(runtime::Status::kOk, runtime::DecideFromScore(model.tables(), decided.group,
                                                               decided.score, draw, from_score));
      ASSERT_EQ(RecordLine(decided), RecordLine(from_score))
          << "model " << m << ", input " << inputs;
    }
  }
}

TEST(DecideFromScore, RefusesOtherRulesAnIntegerScorerAndAnUnknownGroup) {
  using namespace tinyfair_models;
  runtime::ModelWithStorage<> model;
  model.AcceptIntegerModels();
  runtime::Decision d;
  for (const auto& [bytes, size] : {std::pair{kMixtureClassifyModel, kMixtureClassifyModelSize},
                                    std::pair{kRegressionModel, kRegressionModelSize},
                                    std::pair{kIntegerRampModel, kIntegerRampModelSize}}) {
    ASSERT_EQ(runtime::Status::kOk, model.Load(bytes, size));
    EXPECT_EQ(runtime::Status::kUnsupportedRule,
              runtime::DecideFromScore(model.tables(), 0, 0.5f, 7, d));
    EXPECT_FALSE(d.positive);
    EXPECT_EQ(model.tables().model_hash, d.model_hash);
  }
  ASSERT_EQ(runtime::Status::kOk, model.Load(kSmallRampModel, kSmallRampModelSize));
  EXPECT_EQ(runtime::Status::kUnknownGroup,
            runtime::DecideFromScore(model.tables(), model.tables().group_count, 0.5f, 7, d));
  EXPECT_EQ(runtime::Status::kUnknownGroup, d.status);
}

TEST(ScorerDecisionsOnAdult, EveryRuleOnTheScoresEdgesDecidesAsTheRuntime) {
  const std::string path = SourceDir() + "/../shared/datasets/adult/adult.data";
  if (!std::ifstream(path).good()) GTEST_SKIP() << path << " not found";
  SetNoteSink([](const std::string&) {});
  const data::CsvTable file = ReadDataCsv(path);
  const data::ColumnTable adult = data::ColumnTableFromCsv(file);
  TrainOptions options;
  options.data = path;
  options.label.label = "Y";
  options.label.positive = {">50K"};
  options.sensitive = {"sex"};
  const tinyfair::Model scorer = InputModelDecisions(Train(options, adult, TrainMethods()));
  SetNoteSink(nullptr);
  const ScorerDecisions decided(scorer, adult, 1, 0);
  const std::vector<tinyfair::Model> rules = RulesOnTheEdges(scorer, DecidedScores(scorer, adult));
  for (size_t i = 0; i < rules.size(); ++i) {
    ASSERT_EQ("", FirstDifference(RuntimeLog(rules[i], adult), LogOf(decided, rules[i])))
        << "rule " << i;
  }
}

}  // namespace
}  // namespace tinyfair::host::fit
