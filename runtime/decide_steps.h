// The steps of a decision that Decide (decide.cc) and each rule kind's own
// decision (rules/) share: the margin of a linear scorer, its link, and how
// a per-group rule's probability becomes the record.
#pragma once

#include <stdint.h>

#include "input_categories.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/internal/fast_math.h"

namespace tinyfair::runtime::internal {

// A fresh record of the model `model_hash`: every other field as in
// Decision{}, written one by one. `out = Decision{}` is a call to memset
// (51 of a decision's instructions on the M4F, 60 on the micro:bit); the
// stores are a few.
static_assert(sizeof(Decision) == 48,
              "StartRecord writes every field of Decision: one added to it is written there too");
inline void StartRecord(Decision& out, uint64_t model_hash) {
  out.model_hash = model_hash;
  out.status = Status::kNotLoaded;
  out.group = 0;
  out.score = 0.0f;
  out.probability = 0.0f;
  out.draw = 0;
  out.positive = false;
  out.member = 0;
  out.value = 0.0f;
  out.counter = 0;
}

inline float Clamp01(float value) {
  if (value <= 0.0f) return 0.0f;
  if (value >= 1.0f) return 1.0f;
  return value;
}

// bias + sum_i w[i] x[i] + the terms of the categories held, in this
// fixed order on every target. Categorical inputs have weight 0; when an
// unknown one was let through (`skip`), categorical inputs are left out of
// the products so that a NaN there cannot reach the sum.
inline float Margin(const DecisionTables& t, const float* x, float bias, const float* w,
                    const float* category_weights, bool skip) {
  const uint32_t n = t.input_count;
  float sum = bias;
  if (!skip) {
    for (uint32_t i = 0; i < n; ++i) sum += w[i] * x[i];
  } else {
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (k < t.categorical_count && t.categorical_input[k] == i) {
        ++k;
        continue;
      }
      sum += w[i] * x[i];
    }
  }
  // Each categorical input's terms follow the previous one's.
  const float* terms = category_weights;
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    uint32_t category;
    if (CategoryOf(t, k, x[t.categorical_input[k]], category)) sum += terms[category];
    terms += t.category_count_of[k];
  }
  return sum;
}

inline float ApplyLink(Link link, float margin) {
  switch (link) {
    case Link::kLogistic:
      return Logistic(margin);
    case Link::kSignedLogistic:
      return SignedLogistic(margin);
    default:
      return margin;
  }
}

// A per-group rule's record: `probability` (the rule's Probability) of the
// linked score for the row's group, then the draw decides.
template <typename Probability>
Status GroupRuleOutcome(const DecisionTables& t, float score, Decision& out,
                        Probability probability) {
  out.score = score;
  out.probability = probability(t.groups, out.group, out.score);
  out.positive = static_cast<uint64_t>(out.draw) < PositiveDrawBound(out.probability);
  return out.status = Status::kOk;
}

template <typename Probability>
Status GroupRuleDecision(const DecisionTables& t, float margin, Decision& out,
                         Probability probability) {
  return GroupRuleOutcome(t, ApplyLink(t.link, margin), out, probability);
}

}  // namespace tinyfair::runtime::internal
