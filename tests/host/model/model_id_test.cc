#include "host_tools/model/model_id.h"

#include <gtest/gtest.h>

#include <string>

#include "tinyfair/model.nanopb.h"

namespace tinyfair::host::model {
namespace {

TEST(ModelId, TheRuntimesFieldLessItsNul) {
  EXPECT_EQ(sizeof(tinyfair_Model{}.model_id) - 1, MaxModelIdBytes());
}

TEST(ModelId, ShortPartsAreKeptWhole) {
  EXPECT_EQ("demo+hardt-dp", FittedModelId("demo", "+hardt-dp", CutPart::kHead));
  EXPECT_EQ("scores:p", FittedModelId("scores:", "p", CutPart::kTail));
}

TEST(ModelId, TheCutPartMakesRoomForTheOther) {
  const std::string base(40, 'b');
  const std::string derived = FittedModelId(base, "+hardt-dp", CutPart::kHead);
  EXPECT_EQ(MaxModelIdBytes(), derived.size());
  EXPECT_EQ("+hardt-dp", derived.substr(derived.size() - 9));
  const std::string scores = FittedModelId("scores:", base, CutPart::kTail);
  EXPECT_EQ(MaxModelIdBytes(), scores.size());
  EXPECT_EQ("scores:", scores.substr(0, 7));
}

TEST(ModelId, NeverCutsInsideAUtf8Character) {
  std::string base;
  for (int i = 0; i < 20; ++i) base += "\xC3\xA9";  // e-acute, two bytes each
  const std::string derived = FittedModelId(base, "+rto", CutPart::kHead);
  EXPECT_LE(derived.size(), MaxModelIdBytes());
  EXPECT_EQ(0u, (derived.size() - 4) % 2) << derived;
  const std::string kept = FittedModelId("x", std::string(40, 'k'), CutPart::kHead);
  EXPECT_EQ(MaxModelIdBytes(), kept.size());  // a part kept whole still fits
}

}  // namespace
}  // namespace tinyfair::host::model
