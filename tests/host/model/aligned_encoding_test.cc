// model::AlignedEncoding lays out every float array of a model on a
// multiple of 4 bytes and changes nothing else: each array is found by its
// own bytes in the encoding (not by the encoder's walk), and the protobuf
// library parses the encoding back to the same message.
#include "host_tools/model/aligned_encoding.h"

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "host_tools/model/model_file.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/crc32.h"

namespace tinyfair::host::model {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// Every float array of `message` and the messages in it, as its bytes.
void CollectFloatArrays(const Message& message, std::vector<std::string>& arrays) {
  const Reflection& reflection = *message.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection.ListFields(message, &fields);
  for (const FieldDescriptor* field : fields) {
    if (field->is_repeated() && field->type() == FieldDescriptor::TYPE_FLOAT) {
      std::string bytes;
      for (int k = 0; k < reflection.FieldSize(message, field); ++k) {
        const float value = reflection.GetRepeatedFloat(message, field, k);
        char little_endian[4];
        std::memcpy(little_endian, &value, 4);  // the host is little-endian
        bytes.append(little_endian, 4);
      }
      arrays.push_back(bytes);
    } else if (field->type() == FieldDescriptor::TYPE_MESSAGE && !field->is_repeated()) {
      CollectFloatArrays(reflection.GetMessage(message, field), arrays);
    }
  }
}

// A value no other array holds, so that each array is found only where it is.
float Distinct(int array, int k) {
  return 1000.0f * static_cast<float>(array + 1) + static_cast<float>(k);
}

void Fill(google::protobuf::RepeatedField<float>* values, int array, int count) {
  for (int k = 0; k < count; ++k) values->Add(Distinct(array, k));
}

// A model with arrays at the top level and inside messages; `id_bytes`
// shifts everything after the id, `categories` sets a length near a varint's
// width boundary.
tinyfair::Model ModelWithArrays(int id_bytes, int categories) {
  tinyfair::Model model;
  model.set_crc32(0x12345678);
  model.set_model_id(std::string(static_cast<size_t>(id_bytes), 'i'));
  Fill(model.mutable_scorer()->mutable_weights(), 0, 3);
  Fill(model.mutable_scorer()->mutable_category_weights(), 1, categories);
  Fill(model.mutable_ramp()->mutable_threshold(), 2, 2);
  Fill(model.mutable_ramp()->mutable_width(), 3, 2);
  Fill(model.mutable_reference_positive_rate(), 4, 2);
  return model;
}

void ExpectAlignedAndUnchanged(const tinyfair::Model& model) {
  const std::string encoding = AlignedEncoding(model);
  std::vector<std::string> arrays;
  CollectFloatArrays(model, arrays);
  ASSERT_EQ(arrays.size(), 5u);
  for (const std::string& array : arrays) {
    const size_t at = encoding.find(array);
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(at % 4, 0u) << "an array of " << array.size() / 4 << " floats at " << at;
  }
  tinyfair::Model parsed;
  ASSERT_TRUE(parsed.ParseFromString(encoding));
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(parsed, model));
  EXPECT_EQ(AlignedEncoding(parsed), encoding);  // the same bytes again
}

TEST(AlignedEncoding, EveryFloatArrayStartsOnAMultipleOfFour) {
  // Ids of 0 to 7 bytes put the arrays at every offset modulo 4.
  for (int id_bytes = 0; id_bytes < 8; ++id_bytes) {
    SCOPED_TRACE(id_bytes);
    ExpectAlignedAndUnchanged(ModelWithArrays(id_bytes, 5));
  }
}

TEST(AlignedEncoding, AMessageWhosePaddingCrossesAVarintWidthIsWidened) {
  // The scorer's length passes 127 bytes for some of these sizes only after
  // its arrays are moved, and a longer length moves them again.
  for (int categories = 26; categories <= 34; ++categories) {
    for (int id_bytes = 0; id_bytes < 4; ++id_bytes) {
      SCOPED_TRACE(testing::Message() << categories << " categories, id of " << id_bytes);
      ExpectAlignedAndUnchanged(ModelWithArrays(id_bytes, categories));
    }
  }
}

TEST(AlignedEncoding, AModelWithoutArraysIsTheLibrarysEncoding) {
  tinyfair::Model model;
  model.set_model_id("plain");
  model.mutable_dimensions()->set_group_count(2);
  EXPECT_EQ(AlignedEncoding(model), model.SerializeAsString());
}

TEST(AlignedEncoding, ASealedModelIsItsAlignedEncoding) {
  // SealAsItIs writes the CRC into bytes laid out with a placeholder: they
  // are the aligned encoding of the sealed model, whose CRC they hold.
  tinyfair::Model model = ModelWithArrays(3, 29);
  model.clear_crc32();
  const std::string sealed = SealAsItIs(model);
  EXPECT_EQ(sealed, AlignedEncoding(model));
  EXPECT_TRUE(IsSealedModel(sealed));
  EXPECT_EQ(SealedFileBytes(model), sealed);
  model.set_model_version(7);  // changed since it was sealed
  EXPECT_EQ(SealedFileBytes(model), std::nullopt);
}

TEST(AlignedEncoding, AFileSealedBeforeTheAlignmentIsGivenBackAsItWas) {
  // A model sealed as the library encodes it: its CRC is over that payload,
  // and SerializeModel gives those bytes, not the aligned ones.
  tinyfair::Model model = ModelWithArrays(1, 5);
  model.clear_crc32();
  const std::string payload = model.SerializeAsString();
  ASSERT_NE(AlignedEncoding(model), payload);  // the arrays move when aligned
  tinyfair::Model sealed = model;
  sealed.set_crc32(
      runtime::Crc32(reinterpret_cast<const uint8_t*>(payload.data()), payload.size()));
  const std::string canonical = sealed.SerializeAsString();
  ASSERT_TRUE(IsSealedModel(canonical));
  EXPECT_EQ(SerializeModel(sealed), canonical);
}

}  // namespace
}  // namespace tinyfair::host::model
