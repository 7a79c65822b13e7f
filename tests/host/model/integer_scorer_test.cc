// The integer scorer (host/model/integer_scorer.h) on a small model with
// numeric and categorical inputs, for each link and for threshold and ramp
// rules: the margin bound (computed here, independently) fits int32, every
// weight fits its range, the runtime loads the model, and on random rows the
// integer path's probability is within a stated tolerance of the float
// path's, with the threshold decisions equal away from the threshold. Other
// rules are refused.
#include "host_tools/model/integer_scorer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {
namespace {

using Link = tinyfair::LinearScorer::Link;

constexpr int kInputs = 4;  // x, sex, z, color

// Ramp rules: |p_int - p_float| at most this on every row, by width. The
// knots follow the unclamped ramp and the runtime clamps what it
// interpolates, so the ramp's ends are exact; what remains is the curvature
// of the link within a segment (eight segments of at most a quarter of the
// ramp's width in the margin: measured below 0.004 here), the knots' 2^-15
// grid, and the quantised inputs and weights, which move the margin (int8
// much more than int16: measured 0.052).
constexpr double kInt16Tolerance = 0.01;
constexpr double kInt8Tolerance = 0.08;
// The mean over the rows (measured 0.0002 for int16, 0.004 for int8).
constexpr double kInt16MeanTolerance = 0.001;
constexpr double kInt8MeanTolerance = 0.01;
// Threshold rules: decisions agree when the float score is farther than
// this from the group's threshold.
constexpr double kInt16Away = 0.002;
constexpr double kInt8Away = 0.05;

void AddNumeric(tinyfair::Model& m, const std::string& name, float offset, float scale) {
  auto* input = m.add_inputs();
  input->set_name(name);
  input->set_kind(tinyfair::Input::NUMERIC);
  input->set_offset(offset);
  input->set_scale(scale);
}

void AddCategorical(tinyfair::Model& m, const std::string& name,
                    const std::vector<std::string>& categories) {
  auto* input = m.add_inputs();
  input->set_name(name);
  input->set_kind(tinyfair::Input::CATEGORICAL);
  for (const auto& c : categories) input->add_categories(c);
  input->set_category_count(static_cast<uint32_t>(categories.size()));
}

// Thresholds (in the link's score) per group and ramp widths per link.
std::vector<float> Thresholds(Link link) {
  switch (link) {
    case tinyfair::LinearScorer::LOGISTIC:
      return {0.45f, 0.6f};
    case tinyfair::LinearScorer::SIGNED_LOGISTIC:
      return {-0.1f, 0.25f};
    default:
      return {-0.2f, 0.3f};
  }
}

float Width(Link link) {
  switch (link) {
    case tinyfair::LinearScorer::LOGISTIC:
      return 0.2f;
    case tinyfair::LinearScorer::SIGNED_LOGISTIC:
      return 0.4f;
    default:
      return 1.0f;
  }
}

// x (numeric, about 20..80), sex (the group), z (numeric, about -5000..20000),
// color (three categories); a scorer with both kinds of terms.
tinyfair::Model Screening(Link link, bool ramp) {
  tinyfair::Model m;
  m.set_model_id("integer");
  AddNumeric(m, "x", 50.0f, 0.05f);
  AddCategorical(m, "sex", {"female", "male"});
  AddNumeric(m, "z", 4000.0f, 1.0f / 4096.0f);
  AddCategorical(m, "color", {"red", "green", "blue"});
  m.mutable_groups()->add_attribute_inputs(1);
  m.mutable_groups()->add_group_names("sex=female");
  m.mutable_groups()->add_group_names("sex=male");
  auto* scorer = m.mutable_scorer();
  scorer->set_link(link);
  scorer->set_bias(0.15f);
  for (float w : {0.9f, 0.0f, -0.35f, 0.0f}) scorer->add_weights(w);
  for (float w : {0.25f, -0.25f, 0.4f, 0.0f, -0.3f}) scorer->add_category_weights(w);
  const std::vector<float> thresholds = Thresholds(link);
  for (float t : thresholds) {
    if (ramp) {
      m.mutable_ramp()->add_threshold(t);
      m.mutable_ramp()->add_width(Width(link));
    } else {
      m.mutable_threshold()->add_threshold(t);
    }
  }
  for (float r : {0.5f, 0.5f}) m.add_reference_positive_rate(r);
  return m;
}

std::vector<float> RandomRows(size_t count, uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> x(20.0f, 80.0f), z(-5000.0f, 20000.0f);
  std::uniform_int_distribution<int> sex(0, 1), color(0, 2);
  std::vector<float> rows;
  for (size_t r = 0; r < count; ++r) {
    rows.push_back(x(random));
    rows.push_back(static_cast<float>(sex(random)));
    rows.push_back(z(random));
    rows.push_back(static_cast<float>(color(random)));
  }
  return rows;
}

// |bias| + sum |W_i| 2^15 + sum |C_c|, from the fields themselves.
int64_t MarginBound(const tinyfair::IntegerScorer& s) {
  int64_t bound = s.bias() < 0 ? -int64_t{s.bias()} : int64_t{s.bias()};
  for (int i = 0; i < s.weights_size(); ++i) {
    bound += (s.weights(i) < 0 ? -int64_t{s.weights(i)} : int64_t{s.weights(i)}) * 32768;
  }
  for (int c = 0; c < s.category_weights_size(); ++c) {
    const int64_t term = s.category_weights(c);
    bound += term < 0 ? -term : term;
  }
  return bound;
}

// Whether `fraction_bits` keeps every |W_i| within `range` and the margin
// bound within int32, for the scorer's input shifts: W_i = round(w_i c_i
// 2^(F - s_i)), B = round((bias - sum w_i c_i o_i) 2^F), C = round(c 2^F).
bool Fits(const tinyfair::Model& m, const tinyfair::IntegerScorer& s, int fraction_bits,
          int64_t range) {
  double bias = m.scorer().bias();
  double bound = 0.0;
  for (int i = 0; i < m.inputs_size(); ++i) {
    if (m.inputs(i).kind() == tinyfair::Input::CATEGORICAL) continue;
    const double a = static_cast<double>(m.scorer().weights(i)) * m.inputs(i).scale();
    bias -= a * m.inputs(i).offset();
    const double w = std::round(std::ldexp(a, fraction_bits - s.input_shift(i)));
    if (std::fabs(w) > static_cast<double>(range)) return false;
    bound += std::fabs(w) * 32768.0;
  }
  bound += std::fabs(std::round(std::ldexp(bias, fraction_bits)));
  for (float c : m.scorer().category_weights()) {
    bound += std::fabs(std::round(std::ldexp(static_cast<double>(c), fraction_bits)));
  }
  return bound <= 2147483647.0;
}

struct Case {
  Link link;
  bool ramp;
  IntegerWidth width;
};

std::string CaseName(const Case& c) {
  return tinyfair::LinearScorer::Link_Name(c.link) + (c.ramp ? " ramp " : " threshold ") +
         (c.width == IntegerWidth::kInt8 ? "int8" : "int16");
}

void CheckCase(const Case& c) {
  SCOPED_TRACE(CaseName(c));
  const tinyfair::Model float_model = Screening(c.link, c.ramp);
  tinyfair::Model integer_model = float_model;
  AddIntegerScorer(integer_model, RandomRows(2000, 1), c.width);
  ASSERT_TRUE(IntegerScorerOf(integer_model) != nullptr);
  const tinyfair::IntegerScorer& s = *IntegerScorerOf(integer_model);
  EXPECT_EQ(s.input_bits(), c.width == IntegerWidth::kInt8 ? 8U : 16U);
  EXPECT_NE(integer_model.required_features() & (uint64_t{1} << tinyfair::INTEGER_SCORER), 0U);
  // The margin of any 16-bit inputs fits int32; every weight fits its range.
  EXPECT_LE(MarginBound(s), int64_t{INT32_MAX});
  EXPECT_EQ(MarginBound(s), IntegerMarginBound(s));
  const int64_t range = c.width == IntegerWidth::kInt8 ? 127 : 32767;
  ASSERT_EQ(s.weights_size(), kInputs);
  for (int i = 0; i < kInputs; ++i) EXPECT_LE(std::abs(int64_t{s.weights(i)}), range);
  EXPECT_EQ(s.weights(1), 0);
  EXPECT_EQ(s.weights(3), 0);
  EXPECT_EQ(s.input_shift(1), 0);
  EXPECT_GT(s.fraction_bits(), 0U);
  // The most fraction bits: the brief's rule, recomputed here, holds at F
  // and fails at F + 1.
  EXPECT_TRUE(Fits(float_model, s, static_cast<int>(s.fraction_bits()), range));
  if (s.fraction_bits() < 30) {
    EXPECT_FALSE(Fits(float_model, s, static_cast<int>(s.fraction_bits()) + 1, range));
  }

  std::unique_ptr<runtime::Model> by_float, by_integer;
  ASSERT_NO_THROW(by_float = simulate::LoadIntoRuntime(float_model));
  ASSERT_NO_THROW(by_integer = simulate::LoadIntoRuntime(integer_model));

  const double tolerance = c.width == IntegerWidth::kInt8 ? kInt8Tolerance : kInt16Tolerance;
  const double away = c.width == IntegerWidth::kInt8 ? kInt8Away : kInt16Away;
  const std::vector<float> thresholds = Thresholds(c.link);
  const std::vector<float> rows = RandomRows(3000, 2);
  std::mt19937 draws(3);
  double worst = 0.0, total = 0.0;
  size_t compared = 0;
  for (size_t at = 0; at < rows.size(); at += kInputs) {
    runtime::DecisionInput input;
    input.values = rows.data() + at;
    input.count = kInputs;
    const uint32_t draw = static_cast<uint32_t>(draws());
    runtime::Decision f, q;
    ASSERT_EQ(by_float->DecideWithDraw(input, draw, f), runtime::Status::kOk);
    ASSERT_EQ(by_integer->DecideWithDraw(input, draw, q), runtime::Status::kOk);
    ASSERT_EQ(f.group, q.group);
    const double difference = std::fabs(static_cast<double>(f.probability) - q.probability);
    worst = std::max(worst, difference);
    total += difference;
    if (!c.ramp && std::fabs(static_cast<double>(f.score) - thresholds[f.group]) > away) {
      ++compared;
      EXPECT_EQ(f.positive, q.positive) << "row " << at / kInputs << ": score " << f.score
                                        << ", threshold " << thresholds[f.group];
    }
  }
  const double mean = total / static_cast<double>(rows.size() / kInputs);
  if (c.ramp) {
    EXPECT_LE(worst, tolerance);
    EXPECT_LE(mean, c.width == IntegerWidth::kInt8 ? kInt8MeanTolerance : kInt16MeanTolerance);
  } else {
    EXPECT_GT(compared, 2000U);  // most rows are away from the threshold
  }
  std::printf(
      "%-32s fraction bits %2u, margin bound %.3f of 2^31, |p_int - p_float| largest %.5f, mean "
      "%.5f\n",
      CaseName(c).c_str(), s.fraction_bits(), static_cast<double>(MarginBound(s)) / 2147483648.0,
      worst, mean);
}

TEST(IntegerScorer, EveryLinkThresholdAndRampInt16AndInt8) {
  for (Link link : {tinyfair::LinearScorer::IDENTITY, tinyfair::LinearScorer::LOGISTIC,
                    tinyfair::LinearScorer::SIGNED_LOGISTIC}) {
    for (bool ramp : {false, true}) {
      for (IntegerWidth width : {IntegerWidth::kInt16, IntegerWidth::kInt8}) {
        CheckCase({link, ramp, width});
      }
    }
  }
}

TEST(IntegerScorer, InputShiftsPutTheLargestValueWithinTheRange) {
  tinyfair::Model model = Screening(tinyfair::LinearScorer::LOGISTIC, false);
  const std::vector<float> rows = RandomRows(500, 4);
  double largest_x = 0.0, largest_z = 0.0;
  for (size_t at = 0; at < rows.size(); at += kInputs) {
    largest_x = std::max(largest_x, std::fabs(static_cast<double>(rows[at])));
    largest_z = std::max(largest_z, std::fabs(static_cast<double>(rows[at + 2])));
  }
  AddIntegerScorer(model, rows, IntegerWidth::kInt16);
  const tinyfair::IntegerScorer& s = (*IntegerScorerOf(model));
  // floor(log2(32767 / max|x|)).
  EXPECT_EQ(s.input_shift(0), static_cast<int>(std::floor(std::log2(32767.0 / largest_x))));
  EXPECT_EQ(s.input_shift(2), static_cast<int>(std::floor(std::log2(32767.0 / largest_z))));
  EXPECT_LE(std::ldexp(largest_z, s.input_shift(2)), 32767.0);
  EXPECT_GT(std::ldexp(largest_z, s.input_shift(2) + 1), 32767.0);
  ASSERT_EQ(s.threshold_size(), 2);
  // ceil(logit(t) 2^F).
  EXPECT_EQ(s.threshold(1),
            static_cast<int32_t>(std::ceil(
                std::ldexp(std::log(double{0.6f} / (1.0 - double{0.6f})), s.fraction_bits()))));
  EXPECT_NE(IntegerScorerSummary(model).find("int16"), std::string::npos);
}

TEST(IntegerScorer, ThresholdsAtTheLinksLimitsSaturate) {
  tinyfair::Model model = Screening(tinyfair::LinearScorer::LOGISTIC, false);
  model.mutable_threshold()->set_threshold(0, 0.0f);
  model.mutable_threshold()->set_threshold(1, 1.0f);
  AddIntegerScorer(model, RandomRows(100, 5), IntegerWidth::kInt16);
  EXPECT_EQ((*IntegerScorerOf(model)).threshold(0), INT32_MIN);
  EXPECT_EQ((*IntegerScorerOf(model)).threshold(1), INT32_MAX);
}

TEST(IntegerScorer, RampKnotsNeverFall) {
  tinyfair::Model model = Screening(tinyfair::LinearScorer::SIGNED_LOGISTIC, true);
  AddIntegerScorer(model, RandomRows(500, 6), IntegerWidth::kInt8);
  const tinyfair::IntegerScorer& s = (*IntegerScorerOf(model));
  ASSERT_EQ(s.ramp_probability_size(), 2 * 9);
  for (int g = 0; g < 2; ++g) {
    EXPECT_EQ(s.ramp_probability(g * 9), 0U);
    // The knots follow the unclamped ramp: the last is at or past 1.
    EXPECT_GE(s.ramp_probability(g * 9 + 8), 32768U);
    for (int j = 1; j < 9; ++j)
      EXPECT_GE(s.ramp_probability(g * 9 + j), s.ramp_probability(g * 9 + j - 1));
  }
}

TEST(IntegerScorer, RefusesOtherRules) {
  tinyfair::Model model = Screening(tinyfair::LinearScorer::SIGNED_LOGISTIC, false);
  auto* rule = model.mutable_two_threshold();
  for (int g = 0; g < 2; ++g) {
    rule->add_threshold0(0.0f);
    rule->add_probability0(0.5f);
    rule->add_threshold1(0.5f);
    rule->add_probability1(0.5f);
  }
  try {
    AddIntegerScorer(model, RandomRows(10, 7), IntegerWidth::kInt16);
    FAIL() << "a two-threshold model was given an integer scorer";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("two-threshold"), std::string::npos) << message;
    EXPECT_NE(message.find("threshold and ramp"), std::string::npos) << message;
  }
  EXPECT_TRUE(IntegerScorerOf(model) == nullptr);
}

}  // namespace
}  // namespace tinyfair::host::model
