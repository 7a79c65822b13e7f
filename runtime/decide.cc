// Decide: group, margin, link, rule, draw. Relies on the tables being valid
// (Model::Load checks them; codegen emits only tables Load accepted); checks
// only the inputs.
#include "tinyfair_runtime/decide.h"

#include "input_categories.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/integer_quantise.h"
#include "tinyfair_runtime/internal/fast_math.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime {
namespace {

using internal::CategoryOf;
using internal::CheckCategories;
using internal::FormGroup;
using internal::IsFinite;
using internal::Refuse;
using internal::RuleKindSupported;

float Clamp01(float value) {
  if (value <= 0.0f) return 0.0f;
  if (value >= 1.0f) return 1.0f;
  return value;
}

// bias + sum_i w[i] x[i] + the terms of the categories held, in this
// fixed order on every target. Categorical inputs have weight 0; when an
// unknown one was let through (`skip`), categorical inputs are left out of
// the products so that a NaN there cannot reach the sum.
float Margin(const DecisionTables& t, const float* x, float bias, const float* w,
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
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    uint32_t category;
    if (CategoryOf(t, k, x[t.categorical_input[k]], category)) {
      sum += category_weights[t.category_start[k] + category];
    }
  }
  return sum;
}

// A non-finite input always makes the sum non-finite (0 * inf is NaN), so
// the inputs are looked at only when the sum is.
Status CheckMargin(const DecisionTables& t, const float* x, float margin) {
  if (IsFinite(margin)) return Status::kOk;
  uint32_t k = 0;
  for (uint32_t i = 0; i < t.input_count; ++i) {
    if (k < t.categorical_count && t.categorical_input[k] == i) {
      ++k;
      continue;
    }
    if (!IsFinite(x[i])) return Status::kNonFiniteInput;
  }
  return Status::kScoreOverflow;
}

float ApplyLink(Link link, float margin) {
  switch (link) {
    case Link::kLogistic:
      return internal::Logistic(margin);
    case Link::kSignedLogistic:
      return internal::SignedLogistic(margin);
    default:
      return margin;
  }
}

// z_k = min + (max - min) * (k / N), computed one way everywhere.
float GridPoint(const OutputTables& o, uint32_t k) {
  return o.min + (o.max - o.min) * (static_cast<float>(k) / static_cast<float>(o.grid_size));
}

// The regression output: clamp, then the bucket j = #{k in 1..N : v >= z_k}
// (found from floor((v - min) / (max - min) * N) and corrected against the
// grid points themselves, so values on a grid point land in its bucket).
float Output(const OutputTables& o, float value) {
  if (value < o.min) value = o.min;
  if (value > o.max) value = o.max;
  if (o.grid_size == 0) return value;
  const uint32_t n = o.grid_size;
  const float position = (value - o.min) / (o.max - o.min) * static_cast<float>(n);
  uint32_t j = position <= 0.0f
                   ? 0U
                   : (position >= static_cast<float>(n) ? n : static_cast<uint32_t>(position));
  if (j < n && value >= GridPoint(o, j + 1)) ++j;
  if (j >= 1 && value < GridPoint(o, j)) --j;
  const float floor = j == 0 ? o.min : GridPoint(o, j);
  if (!o.grid_midpoint) return floor;
  const float midpoint = floor + (o.max - o.min) / (2.0f * static_cast<float>(n));
  return midpoint < o.max ? midpoint : o.max;
}

// Truncation bounds of the fair robust log-loss predictor ([S9]).
float Upper(float c) { return c > 1.0f ? 1.0f / c : 1.0f; }
float Lower(float c) { return c < -1.0f ? 1.0f + 1.0f / c : 0.0f; }
float Truncate(float p, float c) {
  const float lo = Lower(c), hi = Upper(c);
  return p < lo ? lo : (p > hi ? hi : p);
}

// [S10]-[S17]: P(positive | x, a) for group g.
float TruncatedLogistic(const GroupRuleTables& r, uint32_t g, float pe) {
  const float c1 = r.cell_label1[g];
  if (r.criterion == Criterion::kDemographicParity) return Truncate(pe, c1);
  const float c0 = r.cell_label0[g];
  const float p1 = Truncate(pe, c1), p0 = Truncate(pe, c0);
  const float q1 = Clamp01(p1 * (1.0f + c1 * (1.0f - p1)));
  const float q0 = Clamp01(p0 * (1.0f + c0 * (1.0f - p0)));
  const float denominator = (1.0f - q1) + q0;
  const float q = denominator > r.denominator_epsilon ? q0 / denominator : pe;
  return Clamp01(p0 + q * (p1 - p0));
}

template <RuleKind kRule>
float GroupProbabilityAs(const GroupRuleTables& r, uint32_t g, float score) {
  if constexpr (kRule == RuleKind::kThreshold) {
    return score >= r.threshold[g] ? 1.0f : 0.0f;
  } else if constexpr (kRule == RuleKind::kRamp) {
    return Clamp01((score - r.threshold[g]) / r.width[g]);
  } else if constexpr (kRule == RuleKind::kTwoThreshold) {
    const float thresholds = (score > r.threshold0[g] ? r.probability0[g] : 0.0f) +
                             (score > r.threshold1[g] ? r.probability1[g] : 0.0f);
    if (r.ignore == nullptr) return Clamp01(thresholds);
    return Clamp01((1.0f - r.ignore[g]) * thresholds + r.ignore[g] * r.constant[g]);
  } else {
    static_assert(kRule == RuleKind::kTruncatedLogistic);
    return TruncatedLogistic(r, g, score);
  }
}

// Rule kinds the build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS) never
// reach here: Decide() refuses them first; their cases are left empty so
// that their code is not linked.
// Always inlined: Decide's image stays as it was with DecideFromScore, its
// second caller, in the same file (a firmware links Decide alone).
__attribute__((always_inline)) inline float GroupProbability(RuleKind rule,
                                                             const GroupRuleTables& r, uint32_t g,
                                                             float score) {
  switch (rule) {
    case RuleKind::kThreshold:
      if (!RuleKindSupported(RuleKind::kThreshold)) break;
      return GroupProbabilityAs<RuleKind::kThreshold>(r, g, score);
    case RuleKind::kRamp:
      if (!RuleKindSupported(RuleKind::kRamp)) break;
      return GroupProbabilityAs<RuleKind::kRamp>(r, g, score);
    case RuleKind::kTwoThreshold:
      if (!RuleKindSupported(RuleKind::kTwoThreshold)) break;
      return GroupProbabilityAs<RuleKind::kTwoThreshold>(r, g, score);
    case RuleKind::kTruncatedLogistic:
      if (!RuleKindSupported(RuleKind::kTruncatedLogistic)) break;
      return GroupProbabilityAs<RuleKind::kTruncatedLogistic>(r, g, score);
    default:
      break;
  }
  return 0.0f;
}

uint32_t DrawMember(const MixtureTables& m, uint32_t draw) {
  uint32_t j = 0;
  while (j + 1 < m.member_count && static_cast<uint64_t>(draw) >= m.draw_bound[j]) ++j;
  return j;
}

// Everything before the rule: group, categories, margin. Shared by every
// rule kind (one copy in the image).
__attribute__((noinline)) Status Prologue(const DecisionTables& t, const DecisionInput& input,
                                          uint32_t draw, Decision& out, float& margin, bool& skip) {
  out = Decision{};
  out.model_hash = t.model_hash;
  if (input.values == nullptr || input.count != t.input_count) {
    return Refuse(out, Status::kInputCountMismatch);
  }
  const float* x = input.values;
  uint32_t group = 0, unknown_attributes = 0;
  Status status = FormGroup(t, input, group, unknown_attributes);
  if (!IsOk(status)) return Refuse(out, status);
  out.group = group;
  status = CheckCategories(t, x, unknown_attributes, skip);
  if (!IsOk(status)) return Refuse(out, status);
  margin = Margin(t, x, t.bias, t.weights, t.category_weights, skip);
  status = CheckMargin(t, x, margin);
  if (!IsOk(status)) return Refuse(out, status);
  out.draw = draw;
  return Status::kOk;
}

// The per-group rules: a probability, then the draw decides. `probability`
// is GroupProbability for a rule known at run time, or one rule's
// GroupProbabilityAs, so that a codegen image links only that rule.
template <typename Probability>
Status GroupRuleOutcome(const DecisionTables& t, float score, Decision& out,
                        Probability probability) {
  out.score = score;
  out.probability = probability(t.groups, out.group, out.score);
  out.positive = static_cast<uint64_t>(out.draw) < PositiveDrawBound(out.probability);
  return out.status = Status::kOk;
}

template <typename Probability>
Status GroupRuleTail(const DecisionTables& t, float margin, Decision& out,
                     Probability probability) {
  return GroupRuleOutcome(t, ApplyLink(t.link, margin), out, probability);
}

bool IsGroupRule(RuleKind rule) {
  return rule == RuleKind::kThreshold || rule == RuleKind::kRamp ||
         rule == RuleKind::kTwoThreshold || rule == RuleKind::kTruncatedLogistic;
}

// The draw chooses a member; every member's score gives the record the
// mixture's P(positive); the drawn member decides.
__attribute__((noinline)) Status MixtureTail(const DecisionTables& t, const DecisionInput& input,
                                             float margin, bool skip, Decision& out) {
  const MixtureTables& m = t.mixture;
  const uint32_t member = DrawMember(m, out.draw);
  float probability = 0.0f;
  for (uint32_t j = 0; j < m.member_count; ++j) {
    if (m.regress && j != member) continue;
    const float member_margin =
        margin + Margin(t, input.values, m.bias[j], m.weights + j * t.input_count,
                        m.category_weights + j * t.category_count, skip);
    if (!IsFinite(member_margin)) return Refuse(out, Status::kScoreOverflow);
    const float score = ApplyLink(t.link, member_margin);
    if (j == member) out.score = score;
    if (!m.regress && score >= m.threshold[j]) {
      probability += m.probability[j];
      if (j == member) out.positive = true;
    }
  }
  out.member = member;
  if (m.regress) {
    out.value = Output(t.output, out.score);
  } else {
    out.probability = Clamp01(probability);
  }
  return out.status = Status::kOk;
}

Status RegressionTail(const DecisionTables& t, float margin, Decision& out) {
  out.score = ApplyLink(t.link, margin);
  out.value = Output(t.output, out.score);
  return out.status = Status::kOk;
}

// A build for integer models only (TINYFAIR_RUNTIME_CFG_FLOAT=0) decides no
// float inputs: DecideInteger does.
Status RefuseFloatInputs(const DecisionTables& t, Decision& out) {
  out = Decision{};
  out.model_hash = t.model_hash;
  return Refuse(out, Status::kUnsupportedRule);
}

}  // namespace

template <RuleKind kRule>
Status DecideAs(const DecisionTables& t, const DecisionInput& input, uint32_t draw, Decision& out) {
  if (!internal::kFloatDecisions) return RefuseFloatInputs(t, out);
  float margin = 0.0f;
  bool skip = false;
  const Status status = Prologue(t, input, draw, out, margin, skip);
  if (!IsOk(status)) return status;
  if constexpr (kRule == RuleKind::kMixture) {
    return MixtureTail(t, input, margin, skip, out);
  } else if constexpr (kRule == RuleKind::kRegression) {
    return RegressionTail(t, margin, out);
  } else {
    return GroupRuleTail(t, margin, out, GroupProbabilityAs<kRule>);
  }
}

template Status DecideAs<RuleKind::kThreshold>(const DecisionTables&, const DecisionInput&,
                                               uint32_t, Decision&);
template Status DecideAs<RuleKind::kRamp>(const DecisionTables&, const DecisionInput&, uint32_t,
                                          Decision&);
template Status DecideAs<RuleKind::kTwoThreshold>(const DecisionTables&, const DecisionInput&,
                                                  uint32_t, Decision&);
template Status DecideAs<RuleKind::kTruncatedLogistic>(const DecisionTables&, const DecisionInput&,
                                                       uint32_t, Decision&);
template Status DecideAs<RuleKind::kMixture>(const DecisionTables&, const DecisionInput&, uint32_t,
                                             Decision&);
template Status DecideAs<RuleKind::kRegression>(const DecisionTables&, const DecisionInput&,
                                                uint32_t, Decision&);

Status Decide(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
              Decision& out) {
  if (!internal::kFloatDecisions) return RefuseFloatInputs(tables, out);
  // A model with an integer scorer decides by it, as the host predicted.
  if (internal::kIntegerDecisions && tables.integer.present) {
    return DecideQuantised(tables, input, draw, out);
  }
  // One prologue and the rule's tail chosen at run time, so a decoder image
  // holds one copy of each part rather than one DecideAs<> per rule.
  float margin = 0.0f;
  bool skip = false;
  const Status status = Prologue(tables, input, draw, out, margin, skip);
  if (!IsOk(status)) return status;
  // A kind the build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS) is refused
  // like an unknown one; with every kind built in, no check is made.
  switch (tables.rule) {
    case RuleKind::kMixture:
      if (!RuleKindSupported(RuleKind::kMixture)) break;
      return MixtureTail(tables, input, margin, skip, out);
    case RuleKind::kRegression:
      if (!RuleKindSupported(RuleKind::kRegression)) break;
      return RegressionTail(tables, margin, out);
    case RuleKind::kThreshold:
    case RuleKind::kRamp:
    case RuleKind::kTwoThreshold:
    case RuleKind::kTruncatedLogistic:
      if (!internal::kEveryRuleKind && !RuleKindSupported(tables.rule)) break;
      return GroupRuleTail(tables, margin, out,
                           [rule = tables.rule](const GroupRuleTables& r, uint32_t g, float score) {
                             return GroupProbability(rule, r, g, score);
                           });
  }
  return Refuse(out, Status::kUnsupportedRule);
}

Status DecideFromScore(const DecisionTables& tables, uint32_t group, float score, uint32_t draw,
                       Decision& out) {
  out = Decision{};
  out.model_hash = tables.model_hash;
  const bool float_rule =
      internal::kFloatDecisions && !(internal::kIntegerDecisions && tables.integer.present);
  if (!float_rule || !IsGroupRule(tables.rule) ||
      (!internal::kEveryRuleKind && !RuleKindSupported(tables.rule))) {
    return Refuse(out, Status::kUnsupportedRule);
  }
  if (group >= tables.group_count) return Refuse(out, Status::kUnknownGroup);
  out.group = group;
  out.draw = draw;
  return GroupRuleOutcome(tables, score, out,
                          [rule = tables.rule](const GroupRuleTables& r, uint32_t g, float f) {
                            return GroupProbability(rule, r, g, f);
                          });
}

Status Decide(const DecisionTables& tables, const DecisionInput& input, Pcg32& rng, Decision& out) {
  const Status status = Decide(tables, input, rng.Peek(), out);
  if (IsOk(status)) rng.Advance();
  return status;
}

}  // namespace tinyfair::runtime
