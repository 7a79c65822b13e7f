// Model::Decide: group, margin, link, rule, draw. Relies on Load() having
// validated the model; checks only the inputs.

#include "tinyfair_runtime/internal/fast_math.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::runtime {
namespace {

using internal::IsFinite;

// A categorical input carries an integral category index in [0, count).
// NaN fails the range test.
bool CategoryIndex(float value, uint32_t count, uint32_t& index) {
  if (!(value >= 0.0f && value < static_cast<float>(count))) return false;
  index = static_cast<uint32_t>(value);
  return static_cast<float>(index) == value;
}

}  // namespace

Status Model::FormGroup(const DecisionInput& input, uint32_t& group,
                        uint32_t& unknown_attribute_mask) const {
  const tinyfair_GroupFormation& groups = message_.groups;
  unknown_attribute_mask = 0;
  bool known = true;
  if (groups.kind == tinyfair_GroupFormation_Kind_DIRECT) {
    group = input.group;
    known = group < message_.dimensions.group_count;
  } else {
    // Mixed radix over the attributes' category indices.
    group = 0;
    for (size_t j = 0; j < groups.attribute_inputs_count; ++j) {
      const uint32_t index = groups.attribute_inputs[j];
      const uint32_t count = message_.inputs[index].category_count;
      uint32_t category = 0;
      if (!CategoryIndex(input.values[index], count, category)) {
        unknown_attribute_mask |= 1U << j;
        known = false;
      }
      group = group * count + category;
    }
  }
  if (known) return Status::kOk;
  if (groups.unknown_policy != tinyfair_GroupFormation_UnknownPolicy_FALLBACK) {
    return Status::kUnknownGroup;
  }
  group = groups.fallback_group;
  return Status::kOk;
}

Status Model::Score(const DecisionInput& input, uint32_t unknown_attribute_mask,
                    float& margin) const {
  const float* x = input.values;
  const size_t n = message_.inputs_count;
  const tinyfair_GroupFormation& groups = message_.groups;

  // Categorical inputs must hold a known category, except a group attribute
  // that the fallback policy lets through: its terms count as zero.
  bool skip_categorical = false;
  for (size_t k = 0; k < categorical_count_; ++k) {
    const size_t i = categorical_inputs_[k];
    uint32_t category;
    if (CategoryIndex(x[i], message_.inputs[i].category_count, category)) {
      continue;
    }
    bool allowed = false;
    for (size_t j = 0; j < groups.attribute_inputs_count; ++j) {
      if (groups.attribute_inputs[j] == i &&
          (unknown_attribute_mask & (1U << j)) != 0) {
        allowed = true;
      }
    }
    if (!allowed) return Status::kUnknownCategory;
    skip_categorical = true;
  }

  // One multiply-add per input, in index order, so every target sums
  // identically. Categorical inputs have weight 0 and a finite index here,
  // unless an unknown one was let through: then they are skipped.
  const float* w = folded_weights_.data();
  float sum = folded_bias_;
  if (!skip_categorical) {
    for (size_t i = 0; i < n; ++i) sum += w[i] * x[i];
  } else {
    for (size_t i = 0; i < n; ++i) {
      if (message_.inputs[i].kind == tinyfair_Input_Kind_NUMERIC) {
        sum += w[i] * x[i];
      }
    }
  }
  const float* table = message_.scorer.category_weights;
  for (size_t k = 0; k < categorical_count_; ++k) {
    const size_t i = categorical_inputs_[k];
    uint32_t category;
    if (CategoryIndex(x[i], message_.inputs[i].category_count, category)) {
      sum += table[category_table_start_[k] + category];
    }
  }
  if (!IsFinite(sum)) {
    // A non-finite input always makes the sum non-finite (0 * inf is NaN),
    // so the inputs are looked at only on this path.
    for (size_t i = 0; i < n; ++i) {
      if (message_.inputs[i].kind == tinyfair_Input_Kind_NUMERIC &&
          !IsFinite(x[i])) {
        return Status::kNonFiniteInput;
      }
    }
    return Status::kScoreOverflow;
  }
  margin = sum;
  return Status::kOk;
}

float Model::Probability(uint32_t group, float score) const {
  if (message_.which_rule == tinyfair_Model_threshold_tag) {
    return score >= message_.rule.threshold.threshold[group] ? 1.0f : 0.0f;
  }
  // The ramp of the randomized threshold optimizer.
  const tinyfair_GroupRampRule& ramp = message_.rule.ramp;
  const float h = (score - ramp.threshold[group]) / ramp.width[group];
  if (h <= 0.0f) return 0.0f;
  if (h >= 1.0f) return 1.0f;
  return h;
}

Status Model::DecideWithDraw(const DecisionInput& input, uint32_t draw,
                             Decision& out) const {
  out = Decision{};
  out.model_hash = content_hash();
  if (!loaded_) return out.status = Status::kNotLoaded;
  if (input.values == nullptr || input.count != message_.inputs_count) {
    return out.status = Status::kInputCountMismatch;
  }
  uint32_t group = 0;
  uint32_t unknown_attribute_mask = 0;
  Status status = FormGroup(input, group, unknown_attribute_mask);
  if (!IsOk(status)) return out.status = status;
  out.group = group;
  float margin = 0.0f;
  status = Score(input, unknown_attribute_mask, margin);
  if (!IsOk(status)) return out.status = status;

  switch (message_.scorer.link) {
    case tinyfair_LinearScorer_Link_LOGISTIC:
      out.score = internal::Logistic(margin);
      break;
    case tinyfair_LinearScorer_Link_SIGNED_LOGISTIC:
      out.score = internal::SignedLogistic(margin);
      break;
    default:
      out.score = margin;
      break;
  }
  out.probability = Probability(group, out.score);
  out.draw = draw;
  out.positive = static_cast<uint64_t>(draw) < PositiveDrawBound(out.probability);
  return out.status = Status::kOk;
}

Status Model::Decide(const DecisionInput& input, Pcg32& rng,
                     Decision& out) const {
  // Only a decision that is made consumes a draw, so a refused input leaves
  // the stream where it was, on every target alike.
  const Status status = DecideWithDraw(input, 0, out);
  if (!IsOk(status)) return status;
  out.draw = rng.Next();
  out.positive =
      static_cast<uint64_t>(out.draw) < PositiveDrawBound(out.probability);
  return status;
}

}  // namespace tinyfair::runtime
