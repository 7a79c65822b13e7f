// Sealing, verification and the JSON mapping of model files.
#include "host_tools/model/model_file.h"

#include <gtest/gtest.h>

#include "host_tools/model/model_trust.h"
#include "host_tools/model/record_model_hash.h"
#include "test_models.h"

namespace tinyfair::host::model {
namespace {

std::string SmallModelBytes() {
  return std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                     tinyfair_models::kSmallRampModelSize);
}

TEST(ModelFile, StartsWithTheCrcField) {
  const std::string bytes = SmallModelBytes();
  EXPECT_EQ(0x0D, static_cast<unsigned char>(bytes[0]));
  const tinyfair::Model model = ParseModelFile(bytes, "small");
  EXPECT_EQ(kSchemaMajor, model.schema_major());
  EXPECT_EQ(4u, model.dimensions().input_count());
  // The generated header names the model as its records do: by the SHA-256
  // of the sealed bytes, not by the content hash the file states.
  EXPECT_EQ(tinyfair_models::kSmallRampModelHash, RecordModelHash(bytes));
  EXPECT_NE(tinyfair_models::kSmallRampModelHash, model.content_hash());
}

TEST(ModelFile, SealingIsDeterministic) {
  tinyfair::Model model = ParseModelFile(SmallModelBytes(), "small");
  EXPECT_EQ(SmallModelBytes(), SealModel(model));
}

TEST(ModelFile, CorruptionIsNamed) {
  std::string bytes = SmallModelBytes();
  bytes[bytes.size() / 2] ^= 0x10;
  EXPECT_THROW(
      {
        try {
          ParseModelFile(bytes, "bad.pb");
        } catch (const std::runtime_error& e) {
          EXPECT_NE(std::string(e.what()).find("bad.pb"), std::string::npos);
          throw;
        }
      },
      std::runtime_error);
  EXPECT_THROW(ParseModelFile("", "empty.pb"), std::runtime_error);
}

TEST(ModelFile, JsonRoundTripKeepsEveryBit) {
  const tinyfair::Model model = ParseModelFile(SmallModelBytes(), "small");
  tinyfair::Model again = ModelFromJson(ModelToJson(model), "json");
  EXPECT_EQ(SmallModelBytes(), SealModel(again));
}

TEST(ModelFile, SealRefusesWhatTheRuntimeRefuses) {
  tinyfair::Model model = ParseModelFile(SmallModelBytes(), "small");
  model.mutable_ramp()->set_width(0, 0.0f);
  try {
    SealModel(model);
    FAIL() << "a zero ramp width was sealed";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ("the runtime refuses this model: invalid_model", e.what());
  }
}

// The CRC follows the tag byte 0x0D (whitespace to JSON); a CRC whose first
// byte is '{' once made a sealed model look like JSON text.
TEST(ModelFile, ReadsASealedModelWhoseCrcStartsWithABrace) {
  tinyfair::Model model = ParseModelFile(SmallModelBytes(), "small");
  std::string sealed;
  for (int i = 0; i < 100000; ++i) {
    model.set_model_id("brace-" + std::to_string(i));
    sealed = SealModel(model);
    if (sealed[1] == '{') break;
  }
  ASSERT_EQ('{', sealed[1]) << "no model id gave a CRC starting with '{'";
  const std::string path = ::testing::TempDir() + "brace_crc.pb";
  common::WriteFileAtomically(path, sealed);
  EXPECT_EQ(model.model_id(), ReadModel(path).model_id());
  const std::string json_path = ::testing::TempDir() + "brace_crc.json";
  common::WriteFileAtomically(json_path, "\r\n" + ModelToJson(model));
  EXPECT_EQ(model.model_id(), ReadModel(json_path).model_id());
}

}  // namespace
}  // namespace tinyfair::host::model
