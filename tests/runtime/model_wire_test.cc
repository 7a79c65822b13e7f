// The model's wire format as Load reads it (runtime/wire_reader.h,
// runtime/model_reader.cc): what it skips, what it refuses and with which
// status, on copies of the small ramp model with fields written after it or
// its rule written again. Each refusal sits beside a control that loads, so
// that a reader that skips the check fails here. Runs on the host and on
// every board.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/model_bytes.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair/model.nanopb.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;
using tinyfair::testing::CopyWithoutField;
using tinyfair::testing::RampThresholdOffset;
using tinyfair::testing::RampWidthOffset;
using tinyfair::testing::Reseal;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();
constexpr size_t kScratchSize = tinyfair::testing::kScratchSize;

constexpr uint32_t kVarint = 0;
constexpr uint32_t kFixed64 = 1;
constexpr uint32_t kDelimited = 2;
constexpr uint32_t kStartGroup = 3;
constexpr uint32_t kFixed32 = 5;
// A field number no message of the schema uses.
constexpr uint32_t kUnknownField = 111;

// Writes protobuf's wire format into the scratch buffer from `size`.
class Writer {
 public:
  explicit Writer(size_t size) : size_(size) {}

  void Byte(uint8_t byte) {
    if (size_ < kScratchSize) g_buffer[size_] = byte;
    ++size_;
  }
  void Bytes(const uint8_t* bytes, size_t count) {
    for (size_t i = 0; i < count; ++i) Byte(bytes[i]);
  }
  void Zeros(size_t count) {
    for (size_t i = 0; i < count; ++i) Byte(0);
  }
  void Varint(uint64_t value) {
    for (; value >= 0x80U; value >>= 7U) Byte(static_cast<uint8_t>(value | 0x80U));
    Byte(static_cast<uint8_t>(value));
  }
  void Key(uint32_t field, uint32_t wire) { Varint(uint64_t{field} << 3U | wire); }
  size_t size() const { return size_; }

 private:
  size_t size_;
};

// What LoadAppended and LoadWithRule return when the test's own bytes do not
// fit the scratch buffer: a status Load never returns for bytes.
constexpr Status kTestBytesDoNotFit = Status::kNotLoaded;

// Loads the small ramp model with `write`'s bytes after it, sealed again.
Status LoadAppended(void (*write)(Writer&)) {
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  Writer w(kSmallRampModelSize);
  write(w);
  if (w.size() > kScratchSize) return kTestBytesDoNotFit;
  Reseal(g_buffer, w.size());
  return g_model.Load(g_buffer, w.size());
}

// Loads the small ramp model with its rule left out and `write`'s bytes
// (a rule written again) after the rest, sealed again.
Status LoadWithRule(void (*write)(Writer&)) {
  const size_t rest =
      CopyWithoutField(kSmallRampModel, kSmallRampModelSize, tinyfair_Model_ramp_tag, g_buffer);
  if (rest == 0 || rest >= kSmallRampModelSize) return kTestBytesDoNotFit;
  Writer w(rest);
  write(w);
  if (w.size() > kScratchSize) return kTestBytesDoNotFit;
  Reseal(g_buffer, w.size());
  return g_model.Load(g_buffer, w.size());
}

// The small ramp model's two thresholds and two widths, as packed fields of
// `length` bytes (8: both values), the ramp's payload.
void RampArray(Writer& w, uint32_t field, size_t offset, size_t length) {
  w.Key(field, kDelimited);
  w.Varint(length);
  w.Bytes(kSmallRampModel + offset, length);
}

TEST(ModelWire, TheTestLocatesTheRampArrays) {
  ASSERT_TRUE(RampThresholdOffset() > 0 && RampThresholdOffset() + 8 <= kSmallRampModelSize);
  ASSERT_TRUE(RampWidthOffset() > 0 && RampWidthOffset() + 8 <= kSmallRampModelSize);
}

TEST(ModelWire, UnknownFieldsOfEveryWireTypeAreSkipped) {
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) {
              // A skipped varint may be of any length, as nanopb skipped it.
              w.Key(kUnknownField, kVarint);
              for (int i = 0; i < 11; ++i) w.Byte(0x80);
              w.Byte(0);
              w.Key(kUnknownField, kFixed64);
              w.Zeros(8);
              w.Key(kUnknownField, kDelimited);
              w.Varint(3);
              w.Zeros(3);
              w.Key(kUnknownField, kFixed32);
              w.Zeros(4);
            }));
}

TEST(ModelWire, AGroupWireTypeIsMalformed) {
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) { w.Key(kUnknownField, kStartGroup); }));
}

TEST(ModelWire, FieldNumberZeroIsMalformed) {
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(0, kVarint);
              w.Byte(0);
            }));
}

TEST(ModelWire, ALengthPastTheEndIsMalformed) {
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) {
              w.Key(kUnknownField, kDelimited);
              w.Varint(4);
              w.Zeros(4);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(kUnknownField, kDelimited);
              w.Varint(5);
              w.Zeros(4);
            }));
}

// A GroupFormation merged into the model's, holding an unknown
// length-delimited field of 3 bytes: within the message (5 bytes) it is
// skipped; with the message cut to 2 bytes its length runs past the message,
// though not past the model, where the 3 bytes read as an unknown field.
TEST(ModelWire, ALengthPastItsMessageIsMalformed) {
  const auto kWithin = [](Writer& w) {
    w.Key(tinyfair_Model_groups_tag, kDelimited);
    w.Varint(5);
    w.Key(15, kDelimited);
    w.Varint(3);
    w.Key(kUnknownField, kVarint);
    w.Byte(0);
  };
  const auto kPast = [](Writer& w) {
    w.Key(tinyfair_Model_groups_tag, kDelimited);
    w.Varint(2);
    w.Key(15, kDelimited);
    w.Varint(3);
    w.Key(kUnknownField, kVarint);
    w.Byte(0);
  };
  EXPECT_EQ(Status::kOk, LoadAppended(kWithin));
  EXPECT_EQ(Status::kMalformed, LoadAppended(kPast));
}

TEST(ModelWire, AVarintHoldsTenBytesAtMost) {
  // monitor_window: 0 in ten bytes loads; in eleven, or with bits past the
  // 64th in the tenth byte, it is malformed.
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_window_tag, kVarint);
              for (int i = 0; i < 9; ++i) w.Byte(0x80);
              w.Byte(0);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_window_tag, kVarint);
              for (int i = 0; i < 10; ++i) w.Byte(0x80);
              w.Byte(0);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_window_tag, kVarint);
              for (int i = 0; i < 9; ++i) w.Byte(0x80);
              w.Byte(0x02);
            }));
}

TEST(ModelWire, A32BitFieldRefusesAWiderValue) {
  static_assert(sizeof(tinyfair_Model{}.monitor_window) == 4);
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_window_tag, kVarint);
              w.Varint(UINT32_MAX);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_window_tag, kVarint);
              w.Varint(uint64_t{UINT32_MAX} + 1);
            }));
}

// monitor_alpha, a float: fixed32 loads; a varint or a fixed64 does not,
// though their bytes and an unknown field after them would read as four
// bytes of a float and what follows.
TEST(ModelWire, AFieldOfAnotherWireTypeIsMalformed) {
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_alpha_tag, kFixed32);
              w.Zeros(4);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_alpha_tag, kVarint);
              w.Byte(0);
              w.Key(kUnknownField, kVarint);
              w.Byte(0);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_monitor_alpha_tag, kFixed64);
              w.Zeros(4);
              w.Key(kUnknownField, kVarint);
              w.Byte(0x80);
              w.Byte(0);
            }));
}

// model_id holds its max_size (model.options) less the terminating 0; the
// last occurrence of a field wins.
constexpr size_t kModelIdCapacity = sizeof(tinyfair_Model{}.model_id);

void WriteModelId(Writer& w, size_t length) {
  w.Key(tinyfair_Model_model_id_tag, kDelimited);
  w.Varint(length);
  for (size_t i = 0; i < length; ++i) w.Byte('a');
}

TEST(ModelWire, AStringOneByteOverItsMaxSizeIsMalformed) {
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) { WriteModelId(w, kModelIdCapacity - 1); }));
  char expected[kModelIdCapacity] = {};
  memset(expected, 'a', kModelIdCapacity - 1);
  EXPECT_EQ(0, strcmp(expected, g_model.model_id()));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) { WriteModelId(w, kModelIdCapacity); }));
}

TEST(ModelWire, TheLastScalarWins) {
  EXPECT_EQ(Status::kOk, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_content_hash_tag, kFixed64);
              for (uint8_t byte = 1; byte <= 8; ++byte) w.Byte(byte);
            }));
  EXPECT_TRUE(g_model.content_hash() == 0x0807060504030201ULL);
}

// GroupFormation merged into the model's, adding attribute inputs to its
// one: up to the array's size they decode (and then do not match the
// dimensions); one more overflows the array.
template <size_t kAdded>
void WriteAttributes(Writer& w) {
  w.Key(tinyfair_Model_groups_tag, kDelimited);
  w.Varint(2 + kAdded);
  w.Key(tinyfair_GroupFormation_attribute_inputs_tag, kDelimited);
  w.Varint(kAdded);
  for (size_t i = 0; i < kAdded; ++i) w.Byte(2);
}

TEST(ModelWire, ARepeatedFieldOverItsMaxCountIsMalformed) {
  EXPECT_EQ(kMaxGroupAttributes > 1 ? Status::kInvalidModel : Status::kOk,
            LoadAppended(WriteAttributes<kMaxGroupAttributes - 1>));
  EXPECT_EQ(Status::kMalformed, LoadAppended(WriteAttributes<kMaxGroupAttributes>));
}

TEST(ModelWire, ASecondRuleIsMalformed) {
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_ramp_tag, kDelimited);
              w.Varint(0);
            }));
  EXPECT_EQ(Status::kMalformed, LoadAppended([](Writer& w) {
              w.Key(tinyfair_Model_threshold_tag, kDelimited);
              w.Varint(0);
            }));
}

TEST(ModelWire, TheRuleWrittenAgainLoads) {
  EXPECT_EQ(Status::kOk, LoadWithRule([](Writer& w) {
              w.Key(tinyfair_Model_ramp_tag, kDelimited);
              w.Varint(20);
              RampArray(w, tinyfair_GroupRampRule_threshold_tag, RampThresholdOffset(), 8);
              RampArray(w, tinyfair_GroupRampRule_width_tag, RampWidthOffset(), 8);
            }));
}

TEST(ModelWire, APackedFloatArrayOfAPartValueIsMalformed) {
  EXPECT_EQ(Status::kMalformed, LoadWithRule([](Writer& w) {
              w.Key(tinyfair_Model_ramp_tag, kDelimited);
              w.Varint(19);
              RampArray(w, tinyfair_GroupRampRule_threshold_tag, RampThresholdOffset(), 8);
              RampArray(w, tinyfair_GroupRampRule_width_tag, RampWidthOffset(), 7);
            }));
}

TEST(ModelWire, AnArrayRunningPastItsMessageIsMalformed) {
  // The ramp's length covers the widths' key and length, not their values.
  EXPECT_EQ(Status::kMalformed, LoadWithRule([](Writer& w) {
              w.Key(tinyfair_Model_ramp_tag, kDelimited);
              w.Varint(12);
              RampArray(w, tinyfair_GroupRampRule_threshold_tag, RampThresholdOffset(), 8);
              RampArray(w, tinyfair_GroupRampRule_width_tag, RampWidthOffset(), 8);
            }));
}

// The widths given unpacked, one value a field: nanopb handed such a value
// over in a copy, not where Decide() could read it, so one value alone is
// malformed (not merely one width short of the groups), and a second is a
// second occurrence of the array.
template <size_t kValues>
void WriteUnpackedWidths(Writer& w) {
  w.Key(tinyfair_Model_ramp_tag, kDelimited);
  w.Varint(10 + 5 * kValues);
  RampArray(w, tinyfair_GroupRampRule_threshold_tag, RampThresholdOffset(), 8);
  for (size_t i = 0; i < kValues; ++i) {
    w.Key(tinyfair_GroupRampRule_width_tag, kFixed32);
    w.Bytes(kSmallRampModel + RampWidthOffset() + 4 * i, 4);
  }
}

TEST(ModelWire, AnUnpackedFloatArrayIsMalformed) {
  EXPECT_EQ(Status::kMalformed, LoadWithRule(WriteUnpackedWidths<1>));
  EXPECT_EQ(Status::kMalformed, LoadWithRule(WriteUnpackedWidths<2>));
}

}  // namespace
