// Writes test_models.h: small sealed models of each rule kind and group form,
// and one that exceeds the runtime's input capacity, for the runtime tests on
// the host and on every target.
#include <cstdio>
#include <string>

#include "codegen/model_header.h"
#include "host_tools/model_file.h"
#include "tinyfair_runtime/capacity.h"

namespace {

using tinyfair::Model;

// Inputs: x (numeric, offset 1, scale 2), colour (3 categories), sex (2).
Model SmallModel(bool ramp) {
  Model m;
  m.set_model_id(ramp ? "small-ramp" : "small-threshold");
  auto* x = m.add_inputs();
  x->set_name("x");
  x->set_kind(tinyfair::Input::NUMERIC);
  x->set_offset(1.0f);
  x->set_scale(2.0f);
  auto* colour = m.add_inputs();
  colour->set_name("colour");
  colour->set_kind(tinyfair::Input::CATEGORICAL);
  for (const char* c : {"red", "green", "blue"}) colour->add_categories(c);
  colour->set_category_count(3);
  auto* sex = m.add_inputs();
  sex->set_name("sex");
  sex->set_kind(tinyfair::Input::CATEGORICAL);
  for (const char* c : {"female", "male"}) sex->add_categories(c);
  sex->set_category_count(2);
  auto* groups = m.mutable_groups();
  groups->set_kind(tinyfair::GroupFormation::FROM_ATTRIBUTES);
  groups->add_attribute_inputs(2);
  groups->add_group_names("sex=female");
  groups->add_group_names("sex=male");
  m.mutable_dimensions()->set_group_count(2);
  auto* scorer = m.mutable_scorer();
  // margin = 0.5 + 1.5 * (x - 1) * 2 + colour term + sex term
  scorer->set_bias(0.5f);
  for (float w : {1.5f, 0.0f, 0.0f}) scorer->add_weights(w);
  for (float w : {0.25f, -0.25f, 0.0f, -0.5f, 0.5f}) scorer->add_category_weights(w);
  if (ramp) {
    scorer->set_link(tinyfair::LinearScorer::SIGNED_LOGISTIC);
    auto* rule = m.mutable_ramp();
    for (float t : {-0.25f, 0.25f}) rule->add_threshold(t);
    for (float w : {0.5f, 0.25f}) rule->add_width(w);
  } else {
    scorer->set_link(tinyfair::LinearScorer::IDENTITY);
    auto* rule = m.mutable_threshold();
    for (float t : {0.0f, 1.0f}) rule->add_threshold(t);
  }
  for (float r : {0.4f, 0.45f}) m.add_reference_positive_rate(r);
  return m;
}

Model FallbackModel() {
  Model m = SmallModel(true);
  m.set_model_id("small-fallback");
  m.mutable_groups()->set_unknown_policy(tinyfair::GroupFormation::FALLBACK);
  m.mutable_groups()->set_fallback_group(1);
  return m;
}

Model DirectGroupModel() {
  Model m = SmallModel(true);
  m.set_model_id("small-direct");
  m.mutable_groups()->set_kind(tinyfair::GroupFormation::DIRECT);
  m.mutable_groups()->clear_attribute_inputs();
  return m;
}

// One input more than the runtime holds; sealed by hand, since SealModel
// rightly refuses it.
std::string OversizedModelBytes() {
  Model m = SmallModel(true);
  m.set_model_id("oversized");
  for (size_t i = m.inputs_size(); i <= tinyfair::runtime::kMaxInputs; ++i) {
    auto* input = m.add_inputs();
    input->set_name("extra" + std::to_string(i));
    input->set_kind(tinyfair::Input::NUMERIC);
    input->set_scale(1.0f);
    m.mutable_scorer()->add_weights(0.01f);
  }
  try {
    (void)tinyfair::host::SealModel(m);
  } catch (const std::exception&) {
    // Expected: the runtime refuses it. The model now carries its hash and
    // CRC as computed before the check.
  }
  std::string bytes;
  m.SerializeToString(&bytes);
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_test_models OUT_HEADER\n");
    return 2;
  }
  std::string header;
  auto add = [&header](const std::string& name, Model model) {
    const std::string bytes = tinyfair::host::SealModel(model);
    std::string part = tinyfair::codegen::ModelBytesHeader(name, bytes, name);
    if (!header.empty()) part = part.substr(part.find("namespace tinyfair_models"));
    header += part;
  };
  add("SmallRampModel", SmallModel(true));
  add("SmallThresholdModel", SmallModel(false));
  add("FallbackModel", FallbackModel());
  add("DirectGroupModel", DirectGroupModel());
  const std::string oversized = OversizedModelBytes();
  header += "namespace tinyfair_models {\ninline constexpr size_t kOversizedModelSize = " +
            std::to_string(oversized.size()) + ";\nalignas(8) inline constexpr uint8_t kOversizedModel[] = {";
  for (size_t i = 0; i < oversized.size(); ++i) {
    header += (i % 16 == 0 ? "\n   " : "") + std::string(" ") +
              std::to_string(static_cast<unsigned char>(oversized[i])) + ",";
  }
  header += "\n};\n}  // namespace tinyfair_models\n";
  tinyfair::host::WriteFileAtomically(argv[1], header);
  return 0;
}
