// The model's hashes in its JSON form: the 16 hexadecimal digits of the
// decision log, and read back in that form or the protobuf mapping's decimal.
#include "host_tools/model/model_json_hashes.h"

#include <gtest/gtest.h>

#include "host_tools/model/model_file.h"
#include "test_models.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::model {
namespace {

tinyfair::Model SmallModel() {
  return ParseModelFile(std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                                    tinyfair_models::kSmallRampModelSize),
                        "small");
}

// The hash as the runtime's decision log line writes it.
std::string LogHash(uint64_t hash) {
  runtime::Decision decision;
  decision.model_hash = hash;
  char line[runtime::kDecisionRecordLineSize];
  runtime::FormatDecisionRecord(decision, line, sizeof(line));
  return std::string(line, 16);
}

TEST(ModelJsonHashes, JsonWritesTheHashAsTheDecisionLogDoes) {
  const tinyfair::Model model = SmallModel();
  const std::string json = ModelToJson(model);
  EXPECT_NE(json.find("\"content_hash\": \"" + LogHash(model.content_hash()) + "\""),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"input_layout_hash\": \"" + LogHash(model.input_layout_hash()) + "\""),
            std::string::npos)
      << json;
  EXPECT_EQ(json.find("\"content_hash\": \"" + std::to_string(model.content_hash())),
            std::string::npos);
}

TEST(ModelJsonHashes, ReadsHexAndDecimal) {
  const tinyfair::Model model = SmallModel();
  EXPECT_EQ(model.content_hash(), ModelFromJson(ModelToJson(model), "hex").content_hash());
  const std::string decimal = "{\"content_hash\": \"" + std::to_string(model.content_hash()) +
                              "\", \"input_layout_hash\":\"12\"}";
  const tinyfair::Model read = ModelFromJson(decimal, "decimal");
  EXPECT_EQ(model.content_hash(), read.content_hash());
  EXPECT_EQ(12u, read.input_layout_hash());
}

TEST(ModelJsonHashes, OnlyHashValuesAreRewritten) {
  // A model id or category that reads "content_hash" is a value, not a key.
  const std::string json =
      "{\"model_id\": \"content_hash\", \"names\": [\"content_hash\", \"10\"], "
      "\"content_hash\": \"255\"}";
  EXPECT_EQ(
      "{\"model_id\": \"content_hash\", \"names\": [\"content_hash\", \"10\"], "
      "\"content_hash\": \"00000000000000ff\"}",
      HashesToHex(json));
  EXPECT_EQ(json, HashesToDecimal(HashesToHex(json)));
}

}  // namespace
}  // namespace tinyfair::host::model
