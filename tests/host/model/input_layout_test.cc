// The input layout hash (host/input_layout.h), Load's check of it, and the
// generated names (codegen/input_names.h).
#include "host_tools/model/input_layout.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "codegen/comment_text.h"
#include "codegen/input_names.h"
#include "host_tools/model/model_file.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {
namespace {

void AddInput(tinyfair::Model& m, const std::string& name, std::vector<std::string> categories) {
  auto* input = m.add_inputs();
  input->set_name(name);
  if (categories.empty()) {
    input->set_kind(tinyfair::Input::NUMERIC);
    input->set_scale(1.0f);
    return;
  }
  input->set_kind(tinyfair::Input::CATEGORICAL);
  for (const auto& c : categories) input->add_categories(c);
  input->set_category_count(static_cast<uint32_t>(categories.size()));
}

// Inputs age (numeric), region (north, south), score (numeric); grouped by
// region; a threshold rule.
tinyfair::Model Screening(bool swap_age_and_score = false) {
  tinyfair::Model m;
  m.set_model_id("screening");
  AddInput(m, swap_age_and_score ? "score" : "age", {});
  AddInput(m, "region", {"north", "south"});
  AddInput(m, swap_age_and_score ? "age" : "score", {});
  m.mutable_groups()->add_attribute_inputs(1);
  m.mutable_dimensions()->set_group_count(2);
  auto* scorer = m.mutable_scorer();
  for (float w : {0.5f, 0.0f, -0.25f}) scorer->add_weights(w);
  for (float w : {0.125f, -0.125f}) scorer->add_category_weights(w);
  for (float t : {0.0f, 0.5f}) m.mutable_threshold()->add_threshold(t);
  for (float r : {0.5f, 0.5f}) m.add_reference_positive_rate(r);
  return m;
}

std::string Le32(uint32_t v) {
  std::string out;
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFFU);
  return out;
}

runtime::Status Load(const std::string& bytes, uint64_t layout) {
  auto model = std::make_unique<runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  return model->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), layout);
}

TEST(InputLayout, BytesAreTheDocumentedOnes) {
  tinyfair::Model m;
  AddInput(m, "ab", {});
  AddInput(m, "c", {"x", "yz"});
  const std::string expected = std::string(1, '\0') + Le32(2) + "ab" + Le32(0) +
                               std::string(1, '\1') + Le32(1) + "c" + Le32(2) + Le32(1) + "x" +
                               Le32(2) + "yz";
  EXPECT_EQ(expected, InputLayoutBytes(m));
  // FNV-1a 64's published vector for "a", then the hash of the bytes.
  EXPECT_EQ(0xaf63dc4c8601ec8cULL, Fnv1a64("a"));
  EXPECT_EQ(Fnv1a64(expected), InputLayoutHash(m));
}

TEST(InputLayout, OrderKindNamesAndCategoriesCount) {
  const uint64_t base = InputLayoutHash(Screening());
  EXPECT_NE(base, InputLayoutHash(Screening(true)));
  tinyfair::Model renamed = Screening();
  renamed.mutable_inputs(1)->set_categories(1, "east");
  EXPECT_NE(base, InputLayoutHash(renamed));
  tinyfair::Model reordered = Screening();
  reordered.mutable_inputs(1)->set_categories(0, "south");
  reordered.mutable_inputs(1)->set_categories(1, "north");
  EXPECT_NE(base, InputLayoutHash(reordered));
  // Weights, offsets and scales are not the layout: retraining keeps it.
  tinyfair::Model retrained = Screening();
  retrained.mutable_scorer()->set_weights(0, 2.0f);
  retrained.mutable_inputs(0)->set_offset(3.0f);
  EXPECT_EQ(base, InputLayoutHash(retrained));
}

TEST(InputLayout, LoadRefusesASwappedColumnModel) {
  tinyfair::Model original = Screening();
  const std::string original_bytes = SealModel(original);
  EXPECT_EQ(InputLayoutHash(original), original.input_layout_hash());
  tinyfair::Model swapped = Screening(true);
  const std::string swapped_bytes = SealModel(swapped);
  const uint64_t compiled_for = original.input_layout_hash();
  EXPECT_EQ(runtime::Status::kOk, Load(original_bytes, compiled_for));
  EXPECT_EQ(runtime::Status::kInputLayoutMismatch, Load(swapped_bytes, compiled_for));
  EXPECT_EQ(runtime::Status::kOk, Load(swapped_bytes, runtime::kAnyInputLayout));
  EXPECT_STREQ("input_layout_mismatch", runtime::StatusName(runtime::Status::kInputLayoutMismatch));
}

TEST(InputLayout, LoadRefusesAModelWithoutALayoutWhenOneIsRequired) {
  tinyfair::Model m = Screening();
  (void)SealModel(m);
  // Sealed again by hand without the field, as an older export wrote it.
  m.clear_input_layout_hash();
  m.clear_crc32();
  m.clear_content_hash();
  std::string payload;
  ASSERT_TRUE(m.SerializeToString(&payload));
  m.set_content_hash(Fnv1a64(payload));
  ASSERT_TRUE(m.SerializeToString(&payload));
  m.set_crc32(runtime::Crc32(reinterpret_cast<const uint8_t*>(payload.data()), payload.size()));
  std::string bytes;
  ASSERT_TRUE(m.SerializeToString(&bytes));
  EXPECT_EQ(runtime::Status::kOk, Load(bytes, runtime::kAnyInputLayout));
  EXPECT_EQ(runtime::Status::kInputLayoutMismatch, Load(bytes, InputLayoutHash(Screening())));
}

TEST(InputNames, IdentifiersFromUntrustedNames) {
  EXPECT_EQ("HoursPerWeek", codegen::CamelCaseWords("hours-per-week"));
  EXPECT_EQ("Sex", codegen::CamelCaseWords("sex"));
  EXPECT_EQ("1stPlace", codegen::CamelCaseWords("1st place"));
  EXPECT_EQ("", codegen::CamelCaseWords("*/ \xc3\xa9"));
  EXPECT_EQ("a\\x2A/ b\\x0A\\x5C", codegen::CommentText("a*/ b\n\\"));
}

TEST(InputNames, HostileNamesReachTheHeaderOnlyAsIdentifiersAndEscapedText) {
  tinyfair::Model m = Screening();
  m.mutable_inputs(0)->set_name("age*/\n#error injected\n//\\");
  m.mutable_inputs(1)->set_name("region");
  m.mutable_inputs(1)->set_categories(0, "n-orth");
  m.mutable_inputs(1)->set_categories(1, "n orth");
  m.mutable_inputs(2)->set_name("");
  (void)SealModel(m);
  for (const std::string& header :
       {codegen::InputNamesCpp("Screening", m), codegen::InputNamesC("Screening", m)}) {
    // The name's comment terminator, newline and backslash are escaped, so
    // "#error" stays comment text: no line starts a directive but the
    // generated #defines, and no comment ends early.
    std::istringstream lines(header);
    // A backslash may stand only inside an escape (\xNN), never at a line's
    // end, where it would continue a // comment onto the next line.
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && line[0] == '#') {
        EXPECT_EQ(0, line.rfind("#define kScreening", 0)) << line;
      }
      EXPECT_TRUE(line.empty() || line.back() != '\\') << line;
    }
    EXPECT_EQ(std::string::npos, header.find("age*/")) << header;
    EXPECT_NE(std::string::npos, header.find("age\\x2A/\\x0A#error injected")) << header;
  }
  const std::string cpp = codegen::InputNamesCpp("Screening", m);
  EXPECT_NE(std::string::npos, cpp.find("kAgeErrorInjected = 0,")) << cpp;
  EXPECT_NE(std::string::npos, cpp.find("kInput2 = 2,")) << cpp;
  // Two categories with the same words get distinct identifiers.
  EXPECT_NE(std::string::npos, cpp.find("kNOrth = 0,")) << cpp;
  EXPECT_NE(std::string::npos, cpp.find("kNOrth_2 = 1,")) << cpp;
  const std::string c = codegen::InputNamesC("Screening", m);
  EXPECT_NE(std::string::npos, c.find("kScreeningRegionCategoryNOrth_2 = 1,")) << c;
}

TEST(InputNames, CEnumeratorsDoNotTakeTheMacrosNames) {
  tinyfair::Model m = Screening();
  m.mutable_inputs(0)->set_name("count");
  m.mutable_inputs(2)->set_name("layout hash");
  (void)SealModel(m);
  const std::string c = codegen::InputNamesC("Screening", m);
  EXPECT_NE(std::string::npos, c.find("kScreeningInputCount_2 = 0,")) << c;
  EXPECT_NE(std::string::npos, c.find("kScreeningInputLayoutHash_2 = 2,")) << c;
}

TEST(InputNames, CodegenRefusesAModelWithoutItsLayoutHash) {
  tinyfair::Model m = Screening();
  EXPECT_THROW(codegen::InputNamesCpp("Screening", m), std::runtime_error);
  (void)SealModel(m);
  EXPECT_NO_THROW(codegen::InputNamesCpp("Screening", m));
}

}  // namespace
}  // namespace tinyfair::host::model
