// The runtime released with schema 1.3 (runtime_1_3/) given models of a
// newer minor version (make_newer_minor_models.cc):
//  (a) a 1.3 model re-encoded as 1.4 with fields it does not know and no
//      required feature loads and decides exactly as today's runtime does
//      (each names the model its own way: the 1.3 runtime by the content_hash
//      the file states, today's by the SHA-256 prefix CMake computed);
//  (b) the same model requiring a feature the 1.3 runtime lacks is refused
//      with missing_feature and decides nothing.
// This binary links only the 1.3 runtime, never today's.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tinyfair_runtime/model.h"

namespace {

using tinyfair::runtime::Decision;
using tinyfair::runtime::DecisionInput;
using tinyfair::runtime::Model;
using tinyfair::runtime::Pcg32;
using tinyfair::runtime::Status;

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

uint64_t Little(const std::string& bytes, size_t at, size_t width) {
  uint64_t value = 0;
  for (size_t i = 0; i < width; ++i) {
    value |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[at + i])) << (8U * i);
  }
  return value;
}

// The 1.3 runtime's decision log lines for a .tfv file (docs/decision_records.md).
std::vector<std::string> Decide(const Model& model, const std::string& tfv) {
  std::vector<std::string> lines;
  if (tfv.size() < 28 || tfv.compare(0, 4, "TFV1") != 0) return lines;
  const auto inputs = static_cast<size_t>(Little(tfv, 4, 4));
  const auto rows = static_cast<size_t>(Little(tfv, 8, 4));
  Pcg32 rng(Little(tfv, 12, 8), Little(tfv, 20, 8));
  size_t at = 28;
  std::vector<float> values(inputs);
  char line[tinyfair::runtime::kDecisionRecordLineSize];
  for (size_t r = 0; r < rows && at + 4 * inputs + 4 <= tfv.size(); ++r) {
    std::memcpy(values.data(), tfv.data() + at, 4 * inputs);
    DecisionInput input;
    input.values = values.data();
    input.count = inputs;
    input.group = static_cast<uint32_t>(Little(tfv, at + 4 * inputs, 4));
    at += 4 * inputs + 4;
    Decision decision;
    (void)model.Decide(input, rng, decision);  // the status is in the record
    lines.emplace_back(line, tinyfair::runtime::FormatDecisionRecord(decision, line, sizeof(line)));
  }
  return lines;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line + "\n");
  return lines;
}

Status Load(Model& model, const std::string& bytes) {
  return model.Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

TEST(Runtime1_3, DecidesANewerMinorWithUnknownFieldsAsTodaysRuntime) {
  const std::string bytes = ReadBytes(TINYFAIR_NEWER_MINOR_DIR "/newer_minor_unknown_field.pb");
  const std::vector<std::string> today =
      Lines(ReadBytes(TINYFAIR_NEWER_MINOR_DIR "/newer_minor_unknown_field.csv"));
  auto model = std::make_unique<Model>();
  ASSERT_EQ(Load(*model, bytes), Status::kOk);
  EXPECT_EQ(model->schema_minor(), 4U);
  const std::vector<std::string> old = Decide(*model, ReadBytes(TINYFAIR_NEWER_MINOR_VECTORS));
  ASSERT_GT(old.size(), 0U);
  ASSERT_EQ(today.size(), old.size() + 1) << "today's log: a header and one line per row";
  // Today's log has one more column, the keyed draw's counter (0 here, a
  // PCG32 draw), which the 1.3 record lacks.
  std::string header_1_3 = tinyfair::runtime::kDecisionRecordHeader;
  header_1_3.pop_back();
  EXPECT_EQ(today[0], header_1_3 + ",counter\n");
  char stated[17];
  std::snprintf(stated, sizeof(stated), "%016llx",
                static_cast<unsigned long long>(model->content_hash()));
  const std::string record_hash =
      ReadBytes(TINYFAIR_NEWER_MINOR_DIR "/newer_minor_unknown_field.record_hash");
  ASSERT_EQ(record_hash.size(), 16U);
  for (size_t r = 0; r < old.size(); ++r) {
    ASSERT_EQ(old[r].substr(0, 16), stated) << "row " << r + 1;
    ASSERT_EQ(today[r + 1].substr(0, 16), record_hash) << "row " << r + 1;
    std::string rest_1_3 = old[r].substr(16);
    rest_1_3.pop_back();
    ASSERT_EQ(rest_1_3 + ",0000000000000000\n", today[r + 1].substr(16)) << "row " << r + 1;
  }
}

TEST(Runtime1_3, RefusesANewerMinorRequiringAFeatureItLacks) {
  const std::string bytes = ReadBytes(TINYFAIR_NEWER_MINOR_DIR "/newer_minor_required_feature.pb");
  ASSERT_FALSE(bytes.empty());
  auto model = std::make_unique<Model>();
  EXPECT_EQ(Load(*model, bytes), Status::kMissingFeature);
  EXPECT_STREQ(tinyfair::runtime::StatusName(Load(*model, bytes)), "missing_feature");
  // Never decided: the model holds nothing.
  Decision decision;
  const float values[4] = {1.0f, 0.0f, 0.0f, -3.0f};
  DecisionInput input;
  input.values = values;
  input.count = 4;
  Pcg32 rng(1, 2);
  EXPECT_EQ(model->Decide(input, rng, decision), Status::kNotLoaded);
  EXPECT_EQ(model->input_count(), 0U);
}

}  // namespace
