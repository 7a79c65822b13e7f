// Finishing a model: id, reference rates (as floats, one per group) and
// provenance are set, empty parts keep what the model has, the provenance is
// recorded at its detail, a wrong rate count is refused, and the written
// file reads back as the finished model.
#include "host_tools/model/finish_model.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::host::model {
namespace {

tinyfair::Model TwoGroupModel() {
  tinyfair::Model model;
  model.set_model_id("logistic");
  model.set_provenance("train: logistic");
  model.mutable_dimensions()->set_group_count(2);
  model.add_reference_positive_rate(0.0f);
  model.add_reference_positive_rate(0.0f);
  return model;
}

TEST(FinishModel, SetsIdRatesAndProvenance) {
  tinyfair::Model model = TwoGroupModel();
  FinishModel({"logistic+rto", {0.25, 1.0 / 3.0}, "train; postprocess: rto"}, model);
  EXPECT_EQ(model.model_id(), "logistic+rto");
  ASSERT_EQ(model.reference_positive_rate_size(), 2);
  EXPECT_EQ(model.reference_positive_rate(0), 0.25f);
  EXPECT_EQ(model.reference_positive_rate(1), static_cast<float>(1.0 / 3.0));
  EXPECT_EQ(model.provenance(), "train; postprocess: rto");
}

TEST(FinishModel, EmptyPartsKeepTheModels) {
  tinyfair::Model model = TwoGroupModel();
  model.set_reference_positive_rate(1, 0.5f);
  FinishModel({}, model);
  EXPECT_EQ(model.model_id(), "logistic");
  EXPECT_EQ(model.reference_positive_rate(1), 0.5f);
  EXPECT_EQ(model.provenance(), "train: logistic");
}

TEST(FinishModel, RecordsTheProvenanceAtItsDetail) {
  const std::string fitted = "train: x, data \"/data/folder/train.csv\" sha256 0123456789abcdef";
  tinyfair::Model names = TwoGroupModel(), full = TwoGroupModel(), none = TwoGroupModel();
  FinishModel({"", {}, fitted}, names);
  EXPECT_EQ(names.provenance(), "train: x, data \"train.csv\" sha256 0123456789abcdef");
  FinishModel({"", {}, fitted, ProvenanceDetail::kFull}, full);
  EXPECT_EQ(full.provenance(), fitted);
  FinishModel({"", {}, fitted, ProvenanceDetail::kNone}, none);
  EXPECT_EQ(none.provenance(), "");
  // A scorer's provenance the finish keeps is recorded at the detail too.
  tinyfair::Model kept = TwoGroupModel();
  kept.set_provenance(fitted);
  FinishModel({}, kept);
  EXPECT_EQ(kept.provenance(), names.provenance());
}

TEST(FinishModel, RefusesARateCountOtherThanTheGroupCount) {
  tinyfair::Model model = TwoGroupModel();
  EXPECT_THROW(FinishModel({"", {0.5}, ""}, model), std::invalid_argument);
  EXPECT_THROW(FinishModel({"", {0.5, 0.5, 0.5}, ""}, model), std::invalid_argument);
  EXPECT_EQ(model.reference_positive_rate(0), 0.0f);  // unchanged
}

TEST(FinishModel, WritesTheFinishedModelAsJson) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "finish_model_test.json").string();
  tinyfair::Model model = TwoGroupModel();
  FinishAndWriteModel({"", {0.125, 0.75}, "made here"}, path, model);
  // The JSON as written (a fragment: no inputs, no rule, which the entry
  // check of a model from outside refuses; parsed here, not admitted).
  const tinyfair::Model read = ModelFromJson(common::ReadFile(path), path);
  std::filesystem::remove(path);
  EXPECT_EQ(read.model_id(), "logistic");
  EXPECT_EQ(read.provenance(), "made here");
  ASSERT_EQ(read.reference_positive_rate_size(), 2);
  EXPECT_EQ(read.reference_positive_rate(0), 0.125f);
  EXPECT_EQ(read.reference_positive_rate(1), 0.75f);
}

}  // namespace
}  // namespace tinyfair::host::model
