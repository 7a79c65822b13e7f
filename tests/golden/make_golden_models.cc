// Writes the golden files the runtime tests and the cross-target parity
// tests use, into OUT_DIR:
//  - test_models.h: a sealed model of every rule kind and group form, a
//    registry of them (kGoldenModels), the threshold model with two columns
//    swapped (SwappedColumnsModel, for the input-layout check), two models
//    with an "other" category where none may be (OtherOn*Model) and one
//    model that exceeds the runtime's input capacity;
//  - golden_<Name>.tfv: 1,000 decision vectors per model, seeded, with
//    non-finite inputs, unknown categories and unknown groups mixed in;
//  - golden_records.csv: the host runtime's decision log for all of them,
//    which every target must reproduce byte for byte, and each model's part
//    of it alone (golden_<Name>_records.csv);
//  - golden_tables.h: the same models as constexpr DecisionTables (the
//    codegen path), with a registry (kGoldenTables);
//  - golden_<Name>.pb: each model file, for the tools (tinyfair codegen);
//  - golden_<Name>_int16.tfi and golden_<Name>_int16_records.csv, for each
//    model with an integer scorer: its vectors quantised as the model says
//    (QuantiseInputs, what Decide does first) for firmware that decides
//    16-bit inputs without float arithmetic, and the host's records of those
//    rows. A row that does not quantise (a non-finite input) is left out of
//    both; Decide refuses it without a draw, so the draws stay in step.
//  - golden_<Name>_keyed_records.csv and golden_<Name>_with_draw_records.csv
//    (and the same of the 16-bit rows, golden_<Name>_int16_keyed_records.csv
//    and _int16_with_draw_records.csv): the host's records of the same rows
//    with keyed draws and with the caller's draw (golden_draws.h), for the
//    entry points that take those draws (tests/device/entry_point_matrix).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "codegen/model_header.h"
#include "codegen/model_tables.h"
#include "host_tools/model/decision_vectors.h"
#include "host_tools/model/key_file_text.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/simulate/decision_runner.h"
#include "tests/golden/golden_draws.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/integer_quantise.h"
#include "tinyfair_runtime/model.h"

namespace {

using tinyfair::Model;

constexpr size_t kRowsPerModel = 1000;
constexpr float kInfinity = std::numeric_limits<float>::infinity();

void AddCategorical(Model& m, const char* name, std::vector<const char*> categories) {
  auto* input = m.add_inputs();
  input->set_name(name);
  input->set_kind(tinyfair::Input::CATEGORICAL);
  for (const char* c : categories) input->add_categories(c);
  input->set_category_count(static_cast<uint32_t>(categories.size()));
}

void AddNumeric(Model& m, const char* name, float offset, float scale) {
  auto* input = m.add_inputs();
  input->set_name(name);
  input->set_kind(tinyfair::Input::NUMERIC);
  input->set_offset(offset);
  input->set_scale(scale);
}

// Inputs: x (numeric, offset 1, scale 2), colour (3 categories), sex (2),
// z (numeric, offset -3, scale 0.5). Groups: sex. Scorer:
// margin = 0.5 + 1.5 (x - 1) 2 - 0.75 (z + 3) 0.5 + colour + sex terms.
Model Base(const std::string& id, tinyfair::LinearScorer::Link link) {
  Model m;
  m.set_model_id(id);
  AddNumeric(m, "x", 1.0f, 2.0f);
  AddCategorical(m, "colour", {"red", "green", "blue"});
  AddCategorical(m, "sex", {"female", "male"});
  AddNumeric(m, "z", -3.0f, 0.5f);
  auto* groups = m.mutable_groups();
  groups->set_kind(tinyfair::GroupFormation::FROM_ATTRIBUTES);
  groups->add_attribute_inputs(2);
  groups->add_group_names("sex=female");
  groups->add_group_names("sex=male");
  m.mutable_dimensions()->set_group_count(2);
  auto* scorer = m.mutable_scorer();
  scorer->set_bias(0.5f);
  for (float w : {1.5f, 0.0f, 0.0f, -0.75f}) scorer->add_weights(w);
  for (float w : {0.25f, -0.25f, 0.0f, -0.5f, 0.5f}) scorer->add_category_weights(w);
  scorer->set_link(link);
  for (float r : {0.4f, 0.45f}) m.add_reference_positive_rate(r);
  return m;
}

Model Threshold() {
  Model m = Base("threshold", tinyfair::LinearScorer::IDENTITY);
  for (float t : {0.0f, 1.0f}) m.mutable_threshold()->add_threshold(t);
  return m;
}

Model Ramp(const std::string& id = "ramp") {
  Model m = Base(id, tinyfair::LinearScorer::SIGNED_LOGISTIC);
  for (float t : {-0.25f, 0.25f}) m.mutable_ramp()->add_threshold(t);
  for (float w : {0.5f, 0.25f}) m.mutable_ramp()->add_width(w);
  return m;
}

// The integer path (schema 1.5) over Base's scorer, quantised by hand so
// that the golden vectors do not depend on export's quantiser: x and z
// enter as round(x * 2^12), the margin carries 16 fraction bits. Folded:
// margin = -3.625 + 3 x - 0.375 z + category terms.
constexpr int kGoldenFractionBits = 16;
constexpr double kGoldenScale = 65536.0;

tinyfair::IntegerScorer BaseIntegerScorer() {
  tinyfair::IntegerScorer s;
  s.set_input_bits(16);
  s.set_fraction_bits(kGoldenFractionBits);
  s.set_bias(static_cast<int32_t>(-3.625 * kGoldenScale));
  for (int shift : {12, 0, 0, 12}) s.add_input_shift(shift);
  for (int weight : {3 * 16, 0, 0, -6}) s.add_weights(weight);
  for (double w : {0.25, -0.25, 0.0, -0.5, 0.5}) {
    s.add_category_weights(static_cast<int32_t>(w * kGoldenScale));
  }
  return s;
}

Model IntegerThreshold() {
  Model m = Threshold();
  m.set_model_id("integer-threshold");
  tinyfair::IntegerScorer* s = m.mutable_threshold()->mutable_integer();
  *s = BaseIntegerScorer();
  for (double t : {0.0, 1.0}) s->add_threshold(static_cast<int32_t>(t * kGoldenScale));
  return m;
}

// The ramp of Ramp() through the signed logistic link, tanh(m / 2): per
// group from m = 2 atanh(t), in eight segments of 2^14 (they cover the
// ramps' widths in m, about 1.02 and 0.52).
Model IntegerRamp() {
  Model m = Ramp("integer-ramp");
  tinyfair::IntegerScorer s = BaseIntegerScorer();
  constexpr int kShift = 14;
  for (int g = 0; g < 2; ++g) {
    const double t = m.ramp().threshold(g), w = m.ramp().width(g);
    const auto start = static_cast<int32_t>(std::floor(2.0 * std::atanh(t) * kGoldenScale));
    s.add_ramp_start(start);
    s.add_ramp_shift(kShift);
    for (int j = 0; j <= 8; ++j) {
      const double margin = (start + j * (1 << kShift)) / kGoldenScale;
      // The unclamped ramp: the runtime clamps what it interpolates.
      const double p = std::clamp((std::tanh(margin / 2.0) - t) / w, 0.0, 65535.0 / 32768.0);
      s.add_ramp_probability(static_cast<uint32_t>(std::lround(p * 32768.0)));
    }
  }
  *m.mutable_ramp()->mutable_integer() = s;
  return m;
}

Model Fallback() {
  Model m = Ramp("fallback");
  m.mutable_groups()->set_unknown_policy(tinyfair::GroupFormation::FALLBACK);
  m.mutable_groups()->set_fallback_group(1);
  return m;
}

// The ramp model whose colour input lists red and green and an "other"
// category that decides every other whole index (schema 1.3).
Model OtherCategory() {
  Model m = Ramp("other-category");
  auto* colour = m.mutable_inputs(1);
  colour->clear_categories();
  for (const char* c : {"red", "green", "(other)"}) colour->add_categories(c);
  colour->set_last_category_is_other(true);
  return m;
}

// Models Load must refuse: an "other" category on a numeric input, and on a
// group attribute (whose unknown values follow the group policy).
Model OtherOnNumeric() {
  Model m = OtherCategory();
  m.mutable_inputs(0)->set_last_category_is_other(true);
  return m;
}

Model OtherOnGroup() {
  Model m = OtherCategory();
  m.mutable_inputs(2)->set_last_category_is_other(true);
  return m;
}

Model DirectGroup() {
  Model m = Ramp("direct");
  m.mutable_groups()->set_kind(tinyfair::GroupFormation::DIRECT);
  m.mutable_groups()->clear_attribute_inputs();
  return m;
}

// Groups colour x sex (6), a ramp per group.
Model Intersectional() {
  Model m = Base("intersectional", tinyfair::LinearScorer::SIGNED_LOGISTIC);
  auto* groups = m.mutable_groups();
  groups->clear_attribute_inputs();
  groups->clear_group_names();
  groups->add_attribute_inputs(1);
  groups->add_attribute_inputs(2);
  for (const char* c : {"red", "green", "blue"}) {
    for (const char* s : {"female", "male"}) {
      groups->add_group_names(std::string("colour=") + c + " & sex=" + s);
    }
  }
  m.mutable_dimensions()->set_group_count(6);
  m.clear_reference_positive_rate();
  for (int g = 0; g < 6; ++g) {
    m.mutable_ramp()->add_threshold(-0.3f + 0.1f * static_cast<float>(g));
    m.mutable_ramp()->add_width(0.1f + 0.05f * static_cast<float>(g));
    m.add_reference_positive_rate(0.5f);
  }
  return m;
}

Model TwoThreshold() {
  Model m = Base("two-threshold", tinyfair::LinearScorer::LOGISTIC);
  auto* rule = m.mutable_two_threshold();
  // Group 0: a randomized mix of two thresholds, with a constant mixed in;
  // group 1: constant 0.25.
  rule->add_ignore(0.2f);
  rule->add_constant(1.0f);
  rule->add_ignore(0.0f);
  rule->add_constant(0.0f);
  rule->add_threshold0(0.4f);
  rule->add_probability0(0.3f);
  rule->add_threshold1(0.6f);
  rule->add_probability1(0.7f);
  rule->add_threshold0(-kInfinity);
  rule->add_probability0(0.25f);
  rule->add_threshold1(kInfinity);
  rule->add_probability1(0.75f);
  return m;
}

Model Truncated(const std::string& id, tinyfair::TruncatedLogisticRule::Criterion criterion,
                std::vector<float> label1, std::vector<float> label0) {
  Model m = Base(id, tinyfair::LinearScorer::LOGISTIC);
  auto* rule = m.mutable_truncated_logistic();
  rule->set_criterion(criterion);
  for (float c : label1) rule->add_cell_label1(c);
  for (float c : label0) rule->add_cell_label0(c);
  rule->set_denominator_epsilon(1e-12f);
  return m;
}

Model MixtureClassify() {
  Model m = Base("mixture-classify", tinyfair::LinearScorer::SIGNED_LOGISTIC);
  auto* rule = m.mutable_mixture();
  rule->set_member_output(tinyfair::MixtureRule::CLASSIFY);
  const float probability[] = {0.5f, 0.3f, 0.2f};
  for (int j = 0; j < 3; ++j) {
    rule->add_probability(probability[j]);
    rule->add_bias(-0.2f * static_cast<float>(j));
    for (float w :
         {0.1f * static_cast<float>(j), 0.0f, 0.0f, 0.3f - 0.2f * static_cast<float>(j)}) {
      rule->add_weights(w);
    }
    for (int k = 0; k < 5; ++k) rule->add_category_weights(0.05f * static_cast<float>(k - j));
    rule->add_threshold(0.1f * static_cast<float>(j) - 0.1f);
  }
  return m;
}

Model MixtureRegress() {
  Model m = Base("mixture-regress", tinyfair::LinearScorer::LOGISTIC);
  auto* rule = m.mutable_mixture();
  rule->set_member_output(tinyfair::MixtureRule::REGRESS);
  for (float q : {0.6f, 0.4f}) rule->add_probability(q);
  for (float b : {0.0f, 0.3f}) rule->add_bias(b);
  for (float w : {0.2f, 0.0f, 0.0f, 0.1f, -0.4f, 0.0f, 0.0f, 0.2f}) rule->add_weights(w);
  for (int k = 0; k < 10; ++k) rule->add_category_weights(0.02f * static_cast<float>(k));
  rule->mutable_output()->set_min(0.0f);
  rule->mutable_output()->set_max(1.0f);
  rule->mutable_output()->set_grid_size(40);
  return m;
}

Model Regression() {
  Model m = Base("regression", tinyfair::LinearScorer::IDENTITY);
  auto* output = m.mutable_regression()->mutable_output();
  output->set_min(-1.0f);
  output->set_max(3.0f);
  output->set_grid_size(10);
  output->set_grid_value(tinyfair::RegressionOutput::MIDPOINT);
  return m;
}

struct Golden {
  std::string name;
  Model model;
};

std::vector<Golden> GoldenModels() {
  using C = tinyfair::TruncatedLogisticRule;
  return {
      {"SmallThresholdModel", Threshold()},
      {"SmallRampModel", Ramp("small-ramp")},
      {"FallbackModel", Fallback()},
      {"OtherCategoryModel", OtherCategory()},
      {"DirectGroupModel", DirectGroup()},
      {"IntersectionalModel", Intersectional()},
      {"TwoThresholdModel", TwoThreshold()},
      // Cell values from the spec's test vectors TV1 and TV3.
      {"TruncatedDpModel", Truncated("truncated-dp", C::DEMOGRAPHIC_PARITY, {-2.5f, 5.0f / 3.0f},
                                     {-2.5f, 5.0f / 3.0f})},
      {"TruncatedEoppModel", Truncated("truncated-eopp", C::EQUAL_OPPORTUNITY,
                                       {-2.1052631579f, 1.5789473684f}, {0.0f, 0.0f})},
      {"TruncatedEoddsModel",
       Truncated("truncated-eodds", C::EQUALIZED_ODDS, {1.2f, -1.5f}, {-0.8f, 2.0f})},
      {"MixtureClassifyModel", MixtureClassify()},
      {"MixtureRegressModel", MixtureRegress()},
      {"RegressionModel", Regression()},
      {"IntegerThresholdModel", IntegerThreshold()},
      {"IntegerRampModel", IntegerRamp()},
  };
}

// The threshold model retrained with its columns x and z swapped: the
// same inputs in another order, which firmware built for the threshold
// model's layout must refuse.
Model SwappedColumns() {
  Model m;
  m.set_model_id("swapped-columns");
  AddNumeric(m, "z", -3.0f, 0.5f);
  AddCategorical(m, "colour", {"red", "green", "blue"});
  AddCategorical(m, "sex", {"female", "male"});
  AddNumeric(m, "x", 1.0f, 2.0f);
  auto* groups = m.mutable_groups();
  groups->set_kind(tinyfair::GroupFormation::FROM_ATTRIBUTES);
  groups->add_attribute_inputs(2);
  groups->add_group_names("sex=female");
  groups->add_group_names("sex=male");
  m.mutable_dimensions()->set_group_count(2);
  auto* scorer = m.mutable_scorer();
  scorer->set_bias(0.5f);
  for (float w : {-0.75f, 0.0f, 0.0f, 1.5f}) scorer->add_weights(w);
  for (float w : {0.25f, -0.25f, 0.0f, -0.5f, 0.5f}) scorer->add_category_weights(w);
  scorer->set_link(tinyfair::LinearScorer::IDENTITY);
  for (float r : {0.4f, 0.45f}) m.add_reference_positive_rate(r);
  for (float t : {0.0f, 1.0f}) m.mutable_threshold()->add_threshold(t);
  return m;
}

// One model input more than the runtime holds; sealed by hand, since
// SealModel rightly refuses it.
// A model sealed as the host seals one, though the runtime refuses it
// (SealModelForLoad: SealModel's bytes without its check).
std::string RefusedSealedBytes(Model m) { return tinyfair::host::model::SealModelForLoad(m); }

Model Oversized() {
  Model m = Ramp("oversized");
  for (size_t i = m.inputs_size(); i <= tinyfair::runtime::kMaxInputs; ++i) {
    AddNumeric(m, ("extra" + std::to_string(i)).c_str(), 0.0f, 1.0f);
    m.mutable_scorer()->add_weights(0.01f);
  }
  return m;
}

// Seeded rows: mostly ordinary values, with every refusal mixed in.
tinyfair::host::model::DecisionVectors MakeVectors(uint64_t seed) {
  tinyfair::runtime::Pcg32 rng(seed, 0x90d);
  auto uniform = [&rng] { return (static_cast<float>(rng.Next() >> 8U) + 0.5f) / 16777216.0f; };
  tinyfair::host::model::DecisionVectors v;
  v.input_count = 4;
  v.seed = seed;
  v.stream = 7;
  for (size_t r = 0; r < kRowsPerModel; ++r) {
    float x = 1.0f + 2.0f * (uniform() - 0.5f);
    float z = -3.0f + 8.0f * (uniform() - 0.5f);
    float colour = static_cast<float>(static_cast<int>(uniform() * 3.0f));
    float sex = static_cast<float>(static_cast<int>(uniform() * 2.0f));
    uint32_t group = static_cast<uint32_t>(uniform() * 2.0f);
    const float special = uniform();
    if (special < 0.03f)
      x = std::numeric_limits<float>::quiet_NaN();
    else if (special < 0.05f)
      z = -kInfinity;
    else if (special < 0.07f)
      colour = 3.0f;  // unknown category
    else if (special < 0.075f)
      colour = -1.0f;  // unknown category, as a caller may mark one
    else if (special < 0.08f)
      colour = 0.5f;  // not an index
    else if (special < 0.11f)
      sex = 2.0f;  // unknown group attribute
    else if (special < 0.12f)
      sex = std::numeric_limits<float>::quiet_NaN();
    else if (special < 0.14f)
      group = 5;  // unknown direct group
    else if (special < 0.15f)
      x = 3.0e38f;  // overflow
    v.inputs.insert(v.inputs.end(), {x, colour, sex, z});
    v.groups.push_back(group);
  }
  return v;
}

// k<Name>Size and k<Name>[]: bytes as they are, unchecked (models, keys).
std::string RefusedModelBytes(const std::string& name, const std::string& bytes) {
  std::string text = "\nnamespace tinyfair_models {\ninline constexpr size_t k" + name +
                     "Size = " + std::to_string(bytes.size()) +
                     ";\nalignas(8) inline constexpr uint8_t k" + name + "[] = {";
  for (size_t i = 0; i < bytes.size(); ++i) {
    text += (i % 16 == 0 ? "\n   " : "") + std::string(" ") +
            std::to_string(static_cast<unsigned char>(bytes[i])) + ",";
  }
  return text + "\n};\n}  // namespace tinyfair_models\n";
}

// Little-endian bytes of an unsigned value.
template <typename T>
void AppendLittle(std::string& out, T value) {
  for (size_t i = 0; i < sizeof(T); ++i) out += static_cast<char>((value >> (8 * i)) & 0xFFU);
}

// Writes the logs of one model's rows decided with keyed draws (from
// kGoldenDrawsKey at kGoldenDrawsFirstCounter) and with the caller's draw
// (GoldenDrawForRow), as <stem>_keyed_records.csv and
// <stem>_with_draw_records.csv. `decide(row, draws, out)` and
// `decide_with_draw(row, draw, out)` decide row `row` by the entry point.
template <typename DecideKeyed, typename DecideWithDraw>
void WriteOtherDrawLogs(const std::string& stem, size_t rows, DecideKeyed decide_keyed,
                        DecideWithDraw decide_with_draw) {
  tinyfair::runtime::KeyedDraws draws(kGoldenDrawsKey, kGoldenDrawsFirstCounter);
  std::vector<tinyfair::runtime::Decision> keyed(rows), with_draw(rows);
  for (size_t r = 0; r < rows; ++r) {
    (void)decide_keyed(r, draws, keyed[r]);
    (void)decide_with_draw(r, GoldenDrawForRow(static_cast<uint32_t>(r)), with_draw[r]);
  }
  tinyfair::host::common::WriteFileAtomically(stem + "_keyed_records.csv",
                                              tinyfair::host::simulate::DecisionLog(keyed));
  tinyfair::host::common::WriteFileAtomically(stem + "_with_draw_records.csv",
                                              tinyfair::host::simulate::DecisionLog(with_draw));
}

// The float rows of `vectors` decided by the model with keyed draws and with
// the caller's draw (golden_<name>_keyed_records.csv, _with_draw_records.csv).
void WriteFloatOtherDrawLogs(const std::string& out, const std::string& name,
                             const tinyfair::runtime::Model& model,
                             const tinyfair::host::model::DecisionVectors& vectors) {
  const auto input = [&vectors](size_t r) {
    tinyfair::runtime::DecisionInput in;
    in.values = vectors.inputs.data() + r * vectors.input_count;
    in.count = vectors.input_count;
    in.group = vectors.groups[r];
    return in;
  };
  WriteOtherDrawLogs(
      out + "/golden_" + name, vectors.groups.size(),
      [&](size_t r, tinyfair::runtime::KeyedDraws& draws, tinyfair::runtime::Decision& d) {
        return model.Decide(input(r), draws, d);
      },
      [&](size_t r, uint32_t draw, tinyfair::runtime::Decision& d) {
        return model.DecideWithDraw(input(r), draw, d);
      });
}

// The 16-bit rows (`values`, input_count per row, with `groups`) decided by
// the model's integer scorer with keyed draws and with the caller's draw
// (golden_<name>_int16_keyed_records.csv, _int16_with_draw_records.csv).
void WriteIntegerOtherDrawLogs(const std::string& out, const std::string& name,
                               const tinyfair::runtime::Model& model, size_t input_count,
                               const std::vector<int16_t>& values,
                               const std::vector<uint32_t>& groups) {
  const auto input = [&](size_t r) {
    tinyfair::runtime::IntegerInput in;
    in.values = values.data() + r * input_count;
    in.count = input_count;
    in.group = groups[r];
    return in;
  };
  WriteOtherDrawLogs(
      out + "/golden_" + name + "_int16", groups.size(),
      [&](size_t r, tinyfair::runtime::KeyedDraws& draws, tinyfair::runtime::Decision& d) {
        return tinyfair::runtime::DecideInteger(model.tables(), input(r), draws, d);
      },
      [&](size_t r, uint32_t draw, tinyfair::runtime::Decision& d) {
        return tinyfair::runtime::DecideInteger(model.tables(), input(r), draw, d);
      });
}

// The rows of `vectors` that quantise, as golden_<name>_int16.tfi
// ("TFI1", uint32 input_count, uint32 row_count, uint64 seed, uint64 stream,
// then per row input_count int16 values and a uint32 group, little-endian),
// and the host's records of the same rows as golden_<name>_int16_records.csv.
// False when a row that does not quantise was decided (it would take a draw
// the 16-bit log does not).
bool WriteQuantisedVectors(const std::string& out, const std::string& name,
                           const tinyfair::runtime::Model& model,
                           const tinyfair::host::model::DecisionVectors& vectors,
                           const std::vector<tinyfair::runtime::Decision>& decisions) {
  std::string rows;
  std::vector<tinyfair::runtime::Decision> kept;
  std::vector<int16_t> quantised(vectors.input_count), kept_values;
  std::vector<uint32_t> kept_groups;
  for (size_t r = 0; r < decisions.size(); ++r) {
    const float* values = vectors.inputs.data() + r * vectors.input_count;
    if (tinyfair::runtime::QuantiseInputs(model.tables(), values, vectors.input_count,
                                          quantised.data()) != tinyfair::runtime::Status::kOk) {
      if (decisions[r].status == tinyfair::runtime::Status::kOk) return false;
      continue;
    }
    for (int16_t value : quantised) AppendLittle(rows, static_cast<uint16_t>(value));
    AppendLittle(rows, vectors.groups[r]);
    kept.push_back(decisions[r]);
    kept_values.insert(kept_values.end(), quantised.begin(), quantised.end());
    kept_groups.push_back(vectors.groups[r]);
  }
  std::string file = "TFI1";
  AppendLittle(file, vectors.input_count);
  AppendLittle(file, static_cast<uint32_t>(kept.size()));
  AppendLittle(file, vectors.seed);
  AppendLittle(file, vectors.stream);
  tinyfair::host::common::WriteFileAtomically(out + "/golden_" + name + "_int16.tfi", file + rows);
  tinyfair::host::common::WriteFileAtomically(out + "/golden_" + name + "_int16_records.csv",
                                              tinyfair::host::simulate::DecisionLog(kept));
  WriteIntegerOtherDrawLogs(out, name, model, vectors.input_count, kept_values, kept_groups);
  return true;
}

// A fixed key pair from a seed given in hex (test keys only).
tinyfair::host::model::SigningKey TestKey(const char* seed_hex) {
  std::array<uint8_t, 32> seed{};
  for (size_t i = 0; i < seed.size(); ++i) {
    seed[i] = static_cast<uint8_t>(std::stoi(std::string(seed_hex + 2 * i, 2), nullptr, 16));
  }
  return tinyfair::host::model::SigningKeyFromSeed(seed);
}

// The small ramp model at model_version 3, signed by the test key (RFC 8032
// section 7.1 test 1's seed) and by another key.
struct SignedGolden {
  tinyfair::host::model::SigningKey key, other;
  std::string sealed, signed_by_key, signed_by_other;
};

SignedGolden MakeSignedGolden() {
  using tinyfair::host::model::SignSealedModel;
  SignedGolden g;
  g.key = TestKey("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  g.other = TestKey("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
  Model versioned = Ramp("small-ramp");
  versioned.set_model_version(3);
  g.sealed = tinyfair::host::model::SealModel(versioned);
  g.signed_by_key = SignSealedModel(g.sealed, g.key);
  g.signed_by_other = SignSealedModel(g.sealed, g.other);
  return g;
}

// The signed files and both public keys, for the runtime's signature and
// rollback tests.
std::string SignedModelsHeader(const SignedGolden& g) {
  const auto as_string = [](const std::array<uint8_t, 32>& bytes) {
    return std::string(bytes.begin(), bytes.end());
  };
  return RefusedModelBytes("VersionedRampModel", g.sealed) +
         RefusedModelBytes("SignedRampModel", g.signed_by_key) +
         RefusedModelBytes("OtherKeySignedRampModel", g.signed_by_other) +
         RefusedModelBytes("TestPublicKey", as_string(g.key.public_key)) +
         RefusedModelBytes("OtherPublicKey", as_string(g.other.public_key));
}

// The same as files, for the firmware's route from keygen's .pub file to a
// compiled-in key (codegen --public-key): the signed file and both public
// key files.
void WriteSignedModelFiles(const SignedGolden& g, const std::string& out) {
  using tinyfair::host::common::WriteFileAtomically;
  using tinyfair::host::model::KeyFileText;
  using tinyfair::host::model::KeyKind;
  WriteFileAtomically(out + "/golden_SignedRampModel.pb", g.signed_by_key);
  WriteFileAtomically(out + "/golden_test_key.pub",
                      KeyFileText(KeyKind::kPublic, g.key.public_key));
  WriteFileAtomically(out + "/golden_other_key.pub",
                      KeyFileText(KeyKind::kPublic, g.other.public_key));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_golden_models OUT_DIR\n");
    return 2;
  }
  const std::string out = argv[1];
  std::string header;
  std::string registry =
      "namespace tinyfair_models {\n\nstruct GoldenModel {\n  const char* name;\n"
      "  const uint8_t* bytes;\n  size_t size;\n};\n\ninline constexpr GoldenModel kGoldenModels[] "
      "= {\n";
  std::string records;
  std::string tables =
      "// Generated by make_golden_models: do not edit.\n#pragma once\n\n#include <stdint.h>\n\n"
      "#include \"tinyfair_runtime/decide.h\"\n\nnamespace tinyfair_models {\n\n";
  std::string tables_registry =
      "struct GoldenTables {\n  const char* name;\n  const tinyfair::runtime::DecisionTables* "
      "tables;\n};\n\n"
      "inline constexpr GoldenTables kGoldenTables[] = {\n";
  uint64_t seed = 1000;
  for (auto& golden : GoldenModels()) {
    const std::string bytes = tinyfair::host::model::SealModel(golden.model);
    tinyfair::host::common::WriteFileAtomically(out + "/golden_" + golden.name + ".pb", bytes);
    std::string part = tinyfair::codegen::ModelBytesHeader(golden.name, bytes, golden.name);
    if (!header.empty()) part = part.substr(part.find("namespace tinyfair_models"));
    header += part;
    registry += "    {\"" + golden.name + "\", k" + golden.name + ", k" + golden.name + "Size},\n";

    // The host runtime's decisions on this model's vectors.
    const tinyfair::host::model::DecisionVectors vectors = MakeVectors(++seed);
    tinyfair::host::common::WriteFileAtomically(
        out + "/golden_" + golden.name + ".tfv",
        tinyfair::host::model::EncodeDecisionVectors(vectors));
    auto model = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
    model->AcceptIntegerModels();
    if (model->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()) !=
        tinyfair::runtime::Status::kOk) {
      std::fprintf(stderr, "make_golden_models: %s does not load\n", golden.name.c_str());
      return 1;
    }
    tables += tinyfair::codegen::ModelTablesDefinitions(golden.name, model->tables()) + "\n";
    tables_registry += "    {\"" + golden.name + "\", &k" + golden.name + "Tables},\n";
    tinyfair::runtime::Pcg32 rng(vectors.seed, vectors.stream);
    std::vector<tinyfair::runtime::Decision> decisions(kRowsPerModel);
    for (size_t r = 0; r < kRowsPerModel; ++r) {
      tinyfair::runtime::DecisionInput input;
      input.values = vectors.inputs.data() + r * vectors.input_count;
      input.count = vectors.input_count;
      input.group = vectors.groups[r];
      (void)model->Decide(input, rng, decisions[r]);
    }
    const std::string log = tinyfair::host::simulate::DecisionLog(decisions);
    tinyfair::host::common::WriteFileAtomically(out + "/golden_" + golden.name + "_records.csv",
                                                log);
    records += log;
    WriteFloatOtherDrawLogs(out, golden.name, *model, vectors);
    if (model->tables().integer != nullptr &&
        !WriteQuantisedVectors(out, golden.name, *model, vectors, decisions)) {
      std::fprintf(stderr, "make_golden_models: %s decided a row that does not quantise\n",
                   golden.name.c_str());
      return 1;
    }
  }
  registry += "};\n\n}  // namespace tinyfair_models\n";
  header += registry;
  Model swapped = SwappedColumns();
  const std::string swapped_part = tinyfair::codegen::ModelBytesHeader(
      "SwappedColumnsModel", tinyfair::host::model::SealModel(swapped), "SwappedColumnsModel");
  header += "\n" + swapped_part.substr(swapped_part.find("namespace tinyfair_models"));
  // Models the runtime refuses, which codegen (as strict as Load) would not
  // write: their bytes as they are.
  header += RefusedModelBytes("OtherOnNumericModel", RefusedSealedBytes(OtherOnNumeric()));
  header += RefusedModelBytes("OtherOnGroupModel", RefusedSealedBytes(OtherOnGroup()));
  header += RefusedModelBytes("OversizedModel", RefusedSealedBytes(Oversized()));
  const SignedGolden signed_golden = MakeSignedGolden();
  header += SignedModelsHeader(signed_golden);
  WriteSignedModelFiles(signed_golden, out);
  tinyfair::host::common::WriteFileAtomically(out + "/test_models.h", header);
  tinyfair::host::common::WriteFileAtomically(out + "/golden_records.csv", records);
  tables += tables_registry + "};\n\n}  // namespace tinyfair_models\n";
  tinyfair::host::common::WriteFileAtomically(out + "/golden_tables.h", tables);
  return 0;
}
