// The entry check (AdmitModel, AdmitSerializedModel): the runtime's Load()
// judges every model from outside before host code reads it, a JSON model
// and a pickled one as the sealed file export makes of them, and a fit's
// intermediate model (no scorer, rule or reference rates yet) with
// placeholders for what it lacks, so that what it states is still judged.
#include <gtest/gtest.h>

#include <string>

#include "host_tools/model/model_file.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_trust.h"
#include "tests/host/model/crafted_models.h"

namespace tinyfair::host::model {
namespace {

using tinyfair::crafted::SmallRamp;

// The status AdmitModel or AdmitSerializedModel refused with, "" if none.
template <typename Read>
std::string RefusedWith(Read read) {
  try {
    read();
  } catch (const ModelRefused& refused) {
    return refused.status();
  }
  return "";
}

tinyfair::Model PastInputs(tinyfair::Model model) {
  model.mutable_groups()->set_attribute_inputs(0, 57);
  return model;
}

// The design a Dask fit sends its workers: inputs and groups only.
tinyfair::Model Design(tinyfair::Model model) {
  model.clear_scorer();
  model.clear_rule();
  model.clear_reference_positive_rate();
  model.clear_crc32();
  model.clear_content_hash();
  return model;
}

TEST(ModelEntry, AJsonModelIsJudgedByTheRuntimeBeforeItIsRead) {
  tinyfair::Model model = SmallRamp();
  model.clear_crc32();
  EXPECT_EQ("", RefusedWith([&] { AdmitModel(ModelToJson(model), "ok.json"); }));
  const std::string spoilt = ModelToJson(PastInputs(model));
  EXPECT_EQ("invalid_model", RefusedWith([&] { AdmitModel(spoilt, "spoilt.json"); }));
  try {
    AdmitModel(spoilt, "spoilt.json");
  } catch (const ModelRefused& refused) {
    EXPECT_STREQ("spoilt.json: the runtime refuses this model: invalid_model", refused.what());
  }
}

TEST(ModelEntry, APickledModelIsJudgedSealedOrNot) {
  const tinyfair::Model model = SmallRamp();
  EXPECT_EQ("", RefusedWith([&] { AdmitSerializedModel(SerializeModel(model), "p"); }));
  EXPECT_EQ("invalid_model",
            RefusedWith([&] { AdmitSerializedModel(SerializeModel(PastInputs(model)), "p"); }));
  EXPECT_EQ("invalid_model", RefusedWith([&] {
              AdmitSerializedModel(tinyfair::crafted::SealAsStated(PastInputs(model)), "p");
            }));
  EXPECT_THROW(AdmitSerializedModel("\xff\xff not a model", "p"), ModelFileError);
}

TEST(ModelEntry, AnIntermediateModelIsJudgedOnWhatItStates) {
  const tinyfair::Model design = Design(SmallRamp());
  const tinyfair::Model read = AdmitSerializedModel(SerializeModel(design), "design");
  EXPECT_EQ(SerializeModel(design), SerializeModel(read));  // nothing added
  EXPECT_EQ("invalid_model", RefusedWith([&] {
              AdmitSerializedModel(SerializeModel(Design(PastInputs(SmallRamp()))), "design");
            }));
  tinyfair::Model no_inputs = design;
  no_inputs.clear_inputs();
  EXPECT_EQ("invalid_model",
            RefusedWith([&] { AdmitSerializedModel(SerializeModel(no_inputs), "design"); }));
  // Only a pickle may be intermediate: a model file is judged as it is.
  EXPECT_NE("", RefusedWith([&] { AdmitModel(ModelToJson(design), "design.json"); }));
}

}  // namespace
}  // namespace tinyfair::host::model
