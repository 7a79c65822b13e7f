#include "host_tools/model/model_id.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "host_tools/model/model_export.h"
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

TEST(ModelId, AGivenIdThatDoesNotFitIsRefusedWithTheLimit) {
  EXPECT_NO_THROW(RequireModelIdFits(""));
  EXPECT_NO_THROW(RequireModelIdFits(std::string(MaxModelIdBytes(), 'i')));
  const std::string long_id(MaxModelIdBytes() + 1, 'i');
  try {
    RequireModelIdFits(long_id);
    ADD_FAILURE() << "an id of " << long_id.size() << " bytes was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ("id: " + std::to_string(long_id.size()) + " bytes; a model's id holds at most " +
                  std::to_string(MaxModelIdBytes()),
              e.what());
  }
}

TEST(ModelId, ExportRefusesAnIdThatDoesNotFitBeforeSealing) {
  ExportSettings settings;
  settings.model_id = std::string(MaxModelIdBytes() + 1, 'e');
  tinyfair::Model model;
  model.set_model_id("kept");
  EXPECT_THROW(ExportModel(settings, model), std::invalid_argument);
  EXPECT_EQ("kept", model.model_id());
}

}  // namespace
}  // namespace tinyfair::host::model
