// kMaxModelStorageBytes (runtime/.../internal/model_storage_bytes.h) states
// by hand what Load() copies; a firmware that sizes ModelWithStorage<> by it
// must load any model the build accepts, and should not hold more. Here each
// rule kind's golden model is grown to the capacities (every input, category
// and group; a mixture at each of its limits), sealed as export seals it,
// and loaded: the storage it needs stays within the constant, and the
// largest comes within 64 B of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/model/integer_scorer.h"
#include "host_tools/model/model_file.h"
#include "test_models.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/model.h"

namespace {

using tinyfair::runtime::kMaxCategories;
using tinyfair::runtime::kMaxGroups;
using tinyfair::runtime::kMaxInputs;
using tinyfair::runtime::kMaxMemberCategoryWeights;
using tinyfair::runtime::kMaxMembers;
using tinyfair::runtime::kMaxMemberWeights;
using tinyfair::runtime::kMaxModelStorageBytes;

tinyfair::Model Golden(const uint8_t* bytes, size_t size) {
  tinyfair::Model model;
  EXPECT_TRUE(model.ParseFromArray(bytes, static_cast<int>(size)));
  model.clear_content_hash();
  model.clear_crc32();
  model.clear_dimensions();  // SealModel states them for the grown model
  model.clear_input_layout_hash();
  return model;
}

tinyfair::IntegerScorer* IntegerScorerOf(tinyfair::Model& m) {
  return m.has_ramp() && m.ramp().has_integer() ? m.mutable_ramp()->mutable_integer()
         : m.has_threshold() && m.threshold().has_integer()
             ? m.mutable_threshold()->mutable_integer()
             : nullptr;
}

// A categorical input of `count` categories, with its scorer terms (0 in
// the float and integer weights, small terms per category).
void AddCategorical(tinyfair::Model& m, const std::string& name, size_t count, bool other) {
  tinyfair::Input* input = m.add_inputs();
  input->set_name(name);
  input->set_kind(tinyfair::Input::CATEGORICAL);
  for (size_t k = 0; k < count; ++k) input->add_categories(name + "=" + std::to_string(k));
  input->set_category_count(static_cast<uint32_t>(count));
  input->set_last_category_is_other(other);
  m.mutable_scorer()->add_weights(0.0f);
  for (size_t k = 0; k < count; ++k) m.mutable_scorer()->add_category_weights(0.001f);
  if (tinyfair::IntegerScorer* s = IntegerScorerOf(m)) {
    s->add_input_shift(0);
    s->add_weights(0);
    for (size_t k = 0; k < count; ++k) s->add_category_weights(64);
  }
}

void AddNumeric(tinyfair::Model& m, const std::string& name) {
  tinyfair::Input* input = m.add_inputs();
  input->set_name(name);
  input->set_kind(tinyfair::Input::NUMERIC);
  input->set_offset(0.0f);
  input->set_scale(1.0f);
  m.mutable_scorer()->add_weights(0.001f);
  if (tinyfair::IntegerScorer* s = IntegerScorerOf(m)) {
    s->add_input_shift(12);
    s->add_weights(1);
  }
}

size_t CategoryCount(const tinyfair::Model& m) {
  size_t count = 0;
  for (const tinyfair::Input& input : m.inputs()) count += input.category_count();
  return count;
}

// The golden models' groups come from sex (input 2, two categories); three
// more attributes of 2, 2 and 8 / kMaxGroups categories make kMaxGroups.
void GrowGroups(tinyfair::Model& m) {
  const size_t first = static_cast<size_t>(m.inputs_size());
  const size_t last = kMaxGroups / 8;
  AddCategorical(m, "a", 2, false);
  AddCategorical(m, "b", 2, false);
  AddCategorical(m, "c", last, false);
  tinyfair::GroupFormation* groups = m.mutable_groups();
  for (size_t i = first; i < first + 3; ++i) groups->add_attribute_inputs(static_cast<uint32_t>(i));
  groups->clear_group_names();
  for (size_t g = 0; g < kMaxGroups; ++g) groups->add_group_names("group " + std::to_string(g));
  m.clear_reference_positive_rate();
  for (size_t g = 0; g < kMaxGroups; ++g) m.add_reference_positive_rate(0.5f);
}

// Inputs up to `inputs`, carrying `categories` categories in all: the
// categories in inputs of at most 40 (each with an "other" category), the
// rest numeric; or, `all_categorical`, spread over every input added.
void GrowInputs(tinyfair::Model& m, size_t inputs, size_t categories,
                bool all_categorical = false) {
  for (size_t k = 0; CategoryCount(m) < categories; ++k) {
    const size_t left = categories - CategoryCount(m);
    const size_t free_inputs = inputs - static_cast<size_t>(m.inputs_size());
    const size_t count =
        all_categorical ? (left + free_inputs - 1) / free_inputs : std::min<size_t>(40, left);
    AddCategorical(m, "category input " + std::to_string(k), count, count > 1);
  }
  while (static_cast<size_t>(m.inputs_size()) < inputs) {
    AddNumeric(m, "numeric input " + std::to_string(m.inputs_size()));
  }
}

// Every per-group array of the model's rule copied from group 0 to
// kMaxGroups groups.
template <typename Repeated>
void GrowFromFirst(Repeated* values, size_t count, size_t per_group = 1) {
  while (static_cast<size_t>(values->size()) < count * per_group) {
    values->Add(values->Get(values->size() % static_cast<int>(per_group)));
  }
}

void GrowRuleGroups(tinyfair::Model& m) {
  const size_t n = kMaxGroups;
  if (m.has_threshold()) GrowFromFirst(m.mutable_threshold()->mutable_threshold(), n);
  if (m.has_ramp()) {
    GrowFromFirst(m.mutable_ramp()->mutable_threshold(), n);
    GrowFromFirst(m.mutable_ramp()->mutable_width(), n);
  }
  if (tinyfair::IntegerScorer* s = IntegerScorerOf(m)) {
    if (s->threshold_size() > 0) GrowFromFirst(s->mutable_threshold(), n);
    if (s->ramp_start_size() > 0) {
      GrowFromFirst(s->mutable_ramp_start(), n);
      GrowFromFirst(s->mutable_ramp_shift(), n);
      GrowFromFirst(s->mutable_ramp_probability(), n, tinyfair::runtime::kIntegerRampKnots);
    }
  }
  if (m.has_two_threshold()) {
    auto* rule = m.mutable_two_threshold();
    for (auto* values :
         {rule->mutable_threshold0(), rule->mutable_probability0(), rule->mutable_threshold1(),
          rule->mutable_probability1(), rule->mutable_ignore(), rule->mutable_constant()}) {
      GrowFromFirst(values, n);
    }
  }
  if (m.has_truncated_logistic()) {
    GrowFromFirst(m.mutable_truncated_logistic()->mutable_cell_label1(), n);
    GrowFromFirst(m.mutable_truncated_logistic()->mutable_cell_label0(), n);
  }
}

// A rule kind's golden model with every input, category and group (with
// `all_categorical`, every input it adds is categorical).
tinyfair::Model AtCapacity(const uint8_t* bytes, size_t size, bool all_categorical = false) {
  tinyfair::Model m = Golden(bytes, size);
  GrowGroups(m);
  GrowInputs(m, kMaxInputs, kMaxCategories, all_categorical);
  GrowRuleGroups(m);
  return m;
}

// The golden mixture with `members` members over `inputs` inputs carrying
// `categories` categories: each member's weights and category terms.
tinyfair::Model MixtureAt(size_t members, size_t inputs, size_t categories) {
  tinyfair::Model m =
      Golden(tinyfair_models::kMixtureClassifyModel, tinyfair_models::kMixtureClassifyModelSize);
  GrowInputs(m, inputs, categories);
  tinyfair::MixtureRule* rule = m.mutable_mixture();
  rule->clear_probability();
  rule->clear_bias();
  rule->clear_threshold();
  rule->clear_weights();
  rule->clear_category_weights();
  for (size_t j = 0; j < members; ++j) {
    rule->add_probability(1.0f / static_cast<float>(members));
    rule->add_bias(-0.01f * static_cast<float>(j));
    rule->add_threshold(0.0f);
    for (size_t i = 0; i < inputs; ++i) {
      rule->add_weights(m.inputs(static_cast<int>(i)).kind() == tinyfair::Input::NUMERIC ? 0.01f
                                                                                         : 0.0f);
    }
    for (size_t k = 0; k < categories; ++k) rule->add_category_weights(0.001f);
  }
  return m;
}

struct Shape {
  std::string name;
  tinyfair::Model model;
};

std::vector<Shape> CapacityShapes() {
  using namespace tinyfair_models;
  std::vector<Shape> shapes = {
      {"threshold, integer scorer", AtCapacity(kIntegerThresholdModel, kIntegerThresholdModelSize)},
      {"ramp, integer scorer", AtCapacity(kIntegerRampModel, kIntegerRampModelSize)},
      // The most categorical inputs: all but the golden model's two numeric.
      {"ramp, integer, categorical", AtCapacity(kIntegerRampModel, kIntegerRampModelSize, true)},
      {"ramp", AtCapacity(kSmallRampModel, kSmallRampModelSize)},
      {"two thresholds", AtCapacity(kTwoThresholdModel, kTwoThresholdModelSize)},
      {"truncated logistic", AtCapacity(kTruncatedEoddsModel, kTruncatedEoddsModelSize)},
      {"regression", AtCapacity(kRegressionModel, kRegressionModelSize)},
  };
  // A mixture at each of its limits: the most members (their weights and
  // category terms filled), then the most inputs and categories.
  const size_t narrow = kMaxMemberWeights / kMaxMembers;
  shapes.push_back({"mixture, most members",
                    MixtureAt(kMaxMembers, narrow, kMaxMemberCategoryWeights / kMaxMembers)});
  const size_t wide_members = kMaxMemberWeights / kMaxInputs;
  shapes.push_back({"mixture, most inputs",
                    MixtureAt(wide_members, kMaxInputs,
                              std::min(kMaxCategories, kMaxMemberCategoryWeights / wide_members))});
  return shapes;
}

TEST(CapacityStorage, EveryRuleKindAtCapacityFitsTheLargestStorage) {
  // Storage well beyond the constant, so that a model needing more still
  // loads here and the test can say by how much.
  std::vector<uint8_t> storage(4 * kMaxModelStorageBytes + 64);
  size_t most = 0;
  for (Shape& shape : CapacityShapes()) {
    SCOPED_TRACE(shape.name);
    std::string bytes;
    try {
      bytes = tinyfair::host::model::SealModel(shape.model);
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    auto model = std::make_unique<tinyfair::runtime::Model>(storage.data(), storage.size());
    model->AcceptIntegerModels();
    ASSERT_EQ(tinyfair::runtime::Status::kOk, model->Load(data, bytes.size()));
    EXPECT_LE(model->storage_needed(), kMaxModelStorageBytes);
    most = std::max(most, model->storage_needed());
    std::printf("%-28s %5zu of %zu B\n", shape.name.c_str(), model->storage_needed(),
                kMaxModelStorageBytes);
    // ModelWithStorage<> (kMaxModelStorageBytes) loads it too.
    auto bounded = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
    bounded->AcceptIntegerModels();
    EXPECT_EQ(tinyfair::runtime::Status::kOk, bounded->Load(data, bytes.size()));
  }
  // The constant is tight: the largest shape takes all of it but the
  // padding it allows for each array's alignment and the two numeric inputs
  // the golden models keep (a model can have at most 2 more categorical).
  EXPECT_GE(most + 64, kMaxModelStorageBytes) << "most " << most;
}

TEST(CapacityStorage, ShapesAreAtTheirCapacities) {
  for (const Shape& shape : CapacityShapes()) {
    SCOPED_TRACE(shape.name);
    const tinyfair::Model& m = shape.model;
    if (m.has_mixture()) {
      const size_t weights = static_cast<size_t>(m.mixture().weights_size());
      const size_t terms = static_cast<size_t>(m.mixture().category_weights_size());
      EXPECT_TRUE(weights == kMaxMemberWeights || terms == kMaxMemberCategoryWeights);
      continue;
    }
    EXPECT_EQ(kMaxInputs, static_cast<size_t>(m.inputs_size()));
    EXPECT_EQ(kMaxCategories, CategoryCount(m));
    EXPECT_EQ(kMaxGroups, static_cast<size_t>(m.reference_positive_rate_size()));
  }
}

}  // namespace
