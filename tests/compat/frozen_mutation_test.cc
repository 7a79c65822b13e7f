// The frozen-model check can fail: a frozen model with one byte changed
// (sealed again or not) or a frozen log with one line changed is reported,
// naming the model, the row and the field. The mutations are made on
// in-memory copies; the frozen files are never touched.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "frozen_model_check.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/record_model_hash.h"
#include "record_columns.h"
#include "tinyfair/model.pb.h"

namespace {

using tinyfair::compat::CheckFrozenModel;
using tinyfair::compat::FrozenModel;

// The frozen SmallRampModel of every version.
std::vector<std::string> RampModels() {
  std::vector<std::string> names;
  for (const auto& m : tinyfair::compat::ReadFrozenModels(TINYFAIR_COMPAT_MODELS_DIR)) {
    if (m.name.size() > 15 && m.name.compare(m.name.size() - 15, 15, "/SmallRampModel") == 0) {
      names.push_back(m.name);
    }
  }
  return names;
}

FrozenModel Find(const std::string& name) {
  for (auto& m : tinyfair::compat::ReadFrozenModels(TINYFAIR_COMPAT_MODELS_DIR)) {
    if (m.name == name) return m;
  }
  ADD_FAILURE() << name << " is not frozen";
  return {};
}

// The mutations, on the frozen SmallRampModel of each version.
class FrozenMutationTest : public testing::TestWithParam<std::string> {
 protected:
  FrozenModel frozen_ = Find(GetParam());
};

TEST_P(FrozenMutationTest, UnmutatedCopyPasses) { EXPECT_EQ(CheckFrozenModel(frozen_), ""); }

TEST_P(FrozenMutationTest, OneModelByteChangedIsReported) {
  FrozenModel mutated = frozen_;
  mutated.model[mutated.model.size() / 2] ^= 0x01;
  const std::string message = CheckFrozenModel(mutated);
  std::printf("one model byte changed: %s\n", message.c_str());
  EXPECT_NE(message.find(frozen_.name + ": "), std::string::npos) << message;
}

TEST_P(FrozenMutationTest, ResealedModelWithOneWeightChangedIsReported) {
  tinyfair::Model model = tinyfair::host::model::ParseModelFile(frozen_.model, frozen_.name);
  const uint64_t frozen_hash = model.content_hash();
  // One byte of the scorer's bias (0.5f) changed: 0x3f000000 -> 0x3f010000.
  model.mutable_scorer()->set_bias(0.50390625f);
  FrozenModel mutated = frozen_;
  mutated.model = tinyfair::host::model::SealModel(model);
  const std::string message = CheckFrozenModel(mutated);
  std::printf("re-sealed, bias changed: %s\n", message.c_str());
  EXPECT_NE(message.find(frozen_.name + ": row "), std::string::npos) << message;
  EXPECT_NE(message.find(", field "), std::string::npos) << message;

  // The decisions differ too, not only the hash: with the log's hash
  // replaced by the re-sealed model's and today's expected by its SHA-256
  // prefix, a decision field is reported.
  // (From 1.5 on the log names the model by its SHA-256 prefix as today's
  // records do: that is the hash to replace, by the re-sealed model's.)
  char hex[3][17];
  std::snprintf(hex[0], sizeof(hex[0]), "%016llx", static_cast<unsigned long long>(frozen_hash));
  std::snprintf(hex[1], sizeof(hex[1]), "%016llx",
                static_cast<unsigned long long>(model.content_hash()));
  std::snprintf(
      hex[2], sizeof(hex[2]), "%016llx",
      static_cast<unsigned long long>(tinyfair::host::model::RecordModelHash(mutated.model)));
  const bool digest = tinyfair::compat::FrozenRecordsNameTheDigest(frozen_.name.c_str());
  const std::string logged = digest ? frozen_.record_hash : hex[0];
  const std::string relogged = digest ? hex[2] : hex[1];
  for (size_t at = mutated.log.find(logged); at != std::string::npos;
       at = mutated.log.find(logged, at + 16)) {
    mutated.log.replace(at, 16, relogged);
  }
  mutated.record_hash = hex[2];
  const std::string decisions = CheckFrozenModel(mutated);
  std::printf("re-sealed, bias changed, hash aside: %s\n", decisions.c_str());
  EXPECT_NE(decisions.find(frozen_.name + ": row "), std::string::npos) << decisions;
  EXPECT_EQ(decisions.find("field model_hash"), std::string::npos) << decisions;
}

// The model_hash column is compared by rule, and still fails on one digit:
// in the frozen log (no longer the file's content_hash) and in what today's
// records must carry (no longer the file's SHA-256 prefix).
TEST_P(FrozenMutationTest, OneModelHashDigitChangedIsReported) {
  FrozenModel mutated = frozen_;
  const size_t row_3 = [&] {
    size_t at = 0;
    for (int line = 0; line < 3; ++line) at = mutated.log.find('\n', at) + 1;
    return at;
  }();
  mutated.log[row_3 + 15] = mutated.log[row_3 + 15] == '0' ? '1' : '0';
  const std::string in_log = CheckFrozenModel(mutated);
  std::printf("one log hash digit changed: %s\n", in_log.c_str());
  EXPECT_NE(in_log.find(frozen_.name + ": row 3, field model_hash: frozen '"), std::string::npos)
      << in_log;

  mutated = frozen_;
  ASSERT_EQ(mutated.record_hash.size(), 16U);
  mutated.record_hash[0] = mutated.record_hash[0] == '0' ? '1' : '0';
  const std::string expected = CheckFrozenModel(mutated);
  std::printf("expected record hash changed: %s\n", expected.c_str());
  EXPECT_NE(expected.find(frozen_.name + ": row 1, field model_hash: frozen '"), std::string::npos)
      << expected;
}

TEST_P(FrozenMutationTest, OneLogLineChangedIsReported) {
  FrozenModel mutated = frozen_;
  // Row 5 is line 6 (after the header); its probability_bits is field 4.
  size_t at = 0;
  for (int line = 0; line < 5; ++line) at = mutated.log.find('\n', at) + 1;
  for (int field = 0; field < 4; ++field) at = mutated.log.find(',', at) + 1;
  const size_t last_digit = mutated.log.find(',', at) - 1;
  mutated.log[last_digit] = mutated.log[last_digit] == '0' ? '1' : '0';
  const std::string message = CheckFrozenModel(mutated);
  std::printf("one log line changed: %s\n", message.c_str());
  EXPECT_NE(message.find(frozen_.name + ": row 5, field probability_bits: frozen '"),
            std::string::npos)
      << message;
}

INSTANTIATE_TEST_SUITE_P(Ramp, FrozenMutationTest, testing::ValuesIn(RampModels()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = "v" + info.param;
                           for (char& c : name) {
                             if (c == '.' || c == '/') c = '_';
                           }
                           return name;
                         });

}  // namespace
