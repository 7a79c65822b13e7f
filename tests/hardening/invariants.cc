#include "tests/hardening/invariants.h"

#include <string.h>

#include "tinyfair_runtime/capacity.h"

namespace tinyfair::hardening {
namespace {

using runtime::Criterion;
using runtime::Decision;
using runtime::DecisionInput;
using runtime::DecisionTables;
using runtime::GroupForm;
using runtime::Link;
using runtime::OutputTables;
using runtime::Pcg32;
using runtime::RuleKind;
using runtime::Status;

constexpr uint64_t kDrawCount = uint64_t{1} << 32U;
// Scores below this size cannot overflow a float sum of at most 400 terms.
constexpr double kNoOverflowBound = 1e38;

bool Finite(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return (bits & 0x7F800000U) != 0x7F800000U;
}

bool Probability(float value) { return value >= 0.0f && value <= 1.0f; }

bool AllFinite(const float* values, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!Finite(values[i])) return false;
  }
  return true;
}

bool AllProbabilities(const float* values, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!Probability(values[i])) return false;
  }
  return true;
}

// The format's "p0 + p1 = 1" and "sum of q_j = 1", to float precision.
bool SumsToOne(double sum) { return sum > 1.0 - 1e-4 && sum < 1.0 + 1e-4; }

double Abs(double value) { return value < 0.0 ? -value : value; }

const char* CheckOutput(const OutputTables& o) {
  if (!Finite(o.min) || !Finite(o.max) || !(o.min < o.max) || !Finite(o.max - o.min)) {
    return "regression output range";
  }
  if (o.grid_size > (1U << 16U)) return "regression grid size";
  return nullptr;
}

bool IsCategorical(const DecisionTables& t, uint32_t input) {
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    if (t.categorical_input[k] == input) return true;
  }
  return false;
}

// A categorical input is an integral index in [0, count).
bool CategoryIndex(float value, uint32_t count, uint32_t& index) {
  if (!(value >= 0.0f && value < static_cast<float>(count))) return false;
  index = static_cast<uint32_t>(value);
  return static_cast<float>(index) == value;
}

// An index outside [0, count) decides as the last category when the input
// has an "other" category and the index is a whole number (model.proto,
// Input.last_category_is_other).
bool HasOther(const DecisionTables& t, uint32_t k) {
  return t.other_category != nullptr && ((t.other_category[k / 32] >> (k % 32)) & 1U) != 0;
}

bool HeldCategory(const DecisionTables& t, uint32_t k, float value, uint32_t& category) {
  const uint32_t count = t.category_count_of[k];
  if (CategoryIndex(value, count, category)) return true;
  const bool finite = value == value && value - value == 0.0f;
  const bool whole = finite && (Abs(value) >= 8388608.0 ||
                                static_cast<float>(static_cast<long long>(value)) == value);
  if (!HasOther(t, k) || !whole) return false;
  category = count - 1;
  return true;
}

// The largest magnitude any partial sum of one margin reaches, computed in
// double in the runtime's order (categorical inputs contribute by table).
double LargestPartialSum(const DecisionTables& t, const float* x, float bias, const float* weights,
                         const float* category_weights, double& sum) {
  sum = bias;
  double largest = Abs(sum);
  for (uint32_t i = 0; i < t.input_count; ++i) {
    if (IsCategorical(t, i)) continue;
    const double product = static_cast<double>(weights[i]) * static_cast<double>(x[i]);
    sum += product;
    if (Abs(product) > largest) largest = Abs(product);
    if (Abs(sum) > largest) largest = Abs(sum);
  }
  uint32_t start = 0;
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    uint32_t category;
    const bool held = HeldCategory(t, k, x[t.categorical_input[k]], category);
    const uint32_t first = start;
    start += t.category_count_of[k];
    if (!held) continue;
    sum += category_weights[first + category];
    if (Abs(sum) > largest) largest = Abs(sum);
  }
  return largest;
}

uint32_t SelectedMember(const runtime::MixtureTables& m, uint32_t draw) {
  for (uint32_t j = 0; j < m.member_count; ++j) {
    if (static_cast<uint64_t>(draw) < m.draw_bound[j]) return j;
  }
  return m.member_count - 1;
}

// Whether float arithmetic may overflow on the scores this decision needs.
bool MayOverflow(const DecisionTables& t, const float* x, uint32_t draw) {
  double margin = 0.0;
  double largest = LargestPartialSum(t, x, t.bias, t.weights, t.category_weights, margin);
  if (t.rule == RuleKind::kMixture) {
    const runtime::MixtureTables& m = t.mixture_or_regression.mixture;
    const uint32_t selected = SelectedMember(m, draw);
    for (uint32_t j = 0; j < m.member_count; ++j) {
      if (m.regress && j != selected) continue;
      double member = 0.0;
      const double part = LargestPartialSum(t, x, m.bias[j], m.weights + j * t.input_count,
                                            m.category_weights + j * t.category_count, member);
      if (part > largest) largest = part;
      if (Abs(margin + member) > largest) largest = Abs(margin + member);
    }
  }
  return largest >= kNoOverflowBound;
}

// What the input calls for: a refusal status, or kOk (then the decision may
// still overflow); and the group it forms.
Status ExpectedStatus(const DecisionTables& t, const DecisionInput& input, uint32_t& group) {
  group = 0;
  if (input.values == nullptr || input.count != t.input_count) return Status::kInputCountMismatch;
  const float* x = input.values;
  uint32_t unknown_attributes = 0;
  bool known = true;
  if (t.group_form == GroupForm::kDirect) {
    group = input.group;
    known = group < t.group_count;
  } else {
    for (uint32_t j = 0; j < t.attribute_count; ++j) {
      const uint32_t k = t.attribute_categorical[j];
      uint32_t category = 0;
      if (!CategoryIndex(x[t.categorical_input[k]], t.category_count_of[k], category)) {
        unknown_attributes |= 1U << j;
        known = false;
      }
      group = group * t.category_count_of[k] + category;
    }
  }
  if (!known) {
    if (!t.unknown_group_fallback) {
      group = 0;
      return Status::kUnknownGroup;
    }
    group = t.fallback_group;
  }
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    uint32_t category;
    if (HeldCategory(t, k, x[t.categorical_input[k]], category)) continue;
    bool let_through = false;
    for (uint32_t j = 0; j < t.attribute_count; ++j) {
      if (t.attribute_categorical[j] == k && (unknown_attributes & (1U << j)) != 0) {
        let_through = true;
      }
    }
    if (!let_through) return Status::kUnknownCategory;
  }
  for (uint32_t i = 0; i < t.input_count; ++i) {
    if (!IsCategorical(t, i) && !Finite(x[i])) return Status::kNonFiniteInput;
  }
  return Status::kOk;
}

const char* CheckRefusal(const Decision& d, uint32_t group) {
  if (d.group != group) return "a refusal names another group";
  if (d.probability != 0.0f || d.positive || d.draw != 0 || d.member != 0 || d.value != 0.0f ||
      d.score != 0.0f) {
    return "a refusal carries part of a decision";
  }
  return nullptr;
}

bool InOutputRange(const OutputTables& o, float value) {
  return Finite(value) && value >= o.min && value <= o.max;
}

// The integer scorer as the schema states it (proto/tinyfair/model.proto,
// IntegerScorer): shifts within 30, weights within the input width's range
// and 0 on categorical inputs, a margin no 16-bit input can push past
// 2^31 - 1, and per group a threshold, or a ramp of nondecreasing knots.
const char* CheckIntegerTables(const DecisionTables& t) {
  const runtime::IntegerTables& s = *t.integer;
  if (t.rule != RuleKind::kThreshold && t.rule != RuleKind::kRamp) {
    return "an integer scorer outside a threshold or ramp rule";
  }
  if (s.fraction_bits > 30 || s.input_shift == nullptr || s.weights == nullptr ||
      (t.category_count != 0 && s.category_weights == nullptr)) {
    return "integer scorer tables";
  }
  int64_t bound = s.bias < 0 ? -int64_t{s.bias} : int64_t{s.bias};
  for (uint32_t i = 0; i < t.input_count; ++i) {
    if (s.input_shift[i] < -30 || s.input_shift[i] > 30) return "integer input shift";
    if (IsCategorical(t, i) && (s.weights[i] != 0 || s.input_shift[i] != 0)) {
      return "integer weight on a categorical input";
    }
    bound += (s.weights[i] < 0 ? -int64_t{s.weights[i]} : int64_t{s.weights[i]}) * 32768;
  }
  for (uint32_t c = 0; c < t.category_count; ++c) {
    const int64_t term = s.category_weights[c];
    bound += term < 0 ? -term : term;
  }
  if (bound > INT32_MAX) return "an integer margin that could overflow";
  if (t.rule == RuleKind::kThreshold)
    return s.threshold == nullptr ? "integer thresholds" : nullptr;
  if (s.ramp_start == nullptr || s.ramp_shift == nullptr || s.ramp_probability == nullptr) {
    return "integer ramps";
  }
  for (uint32_t g = 0; g < t.group_count; ++g) {
    if (s.ramp_shift[g] > 30) return "integer ramp shift";
    for (uint32_t j = 1; j < runtime::kIntegerRampKnots; ++j) {
      const uint16_t* knot = s.ramp_probability + g * runtime::kIntegerRampKnots;
      if (knot[j] < knot[j - 1]) return "a falling integer ramp knot";
    }
  }
  return nullptr;
}

}  // namespace

const char* CheckTables(const DecisionTables& t) {
  using runtime::kMaxCategories;
  using runtime::kMaxGroupAttributes;
  using runtime::kMaxGroups;
  using runtime::kMaxInputs;
  using runtime::kMaxMemberCategoryWeights;
  using runtime::kMaxMembers;
  using runtime::kMaxMemberWeights;
  if (t.input_count == 0 || t.input_count > kMaxInputs) return "input count";
  if (t.group_count == 0 || t.group_count > kMaxGroups) return "group count";
  if (t.category_count > kMaxCategories) return "category count";
  if (t.weights == nullptr || !Finite(t.bias) || !AllFinite(t.weights, t.input_count)) {
    return "scorer weights";
  }
  if (t.link != Link::kIdentity && t.link != Link::kLogistic && t.link != Link::kSignedLogistic) {
    return "link";
  }

  // Categorical inputs: increasing indices, contiguous category terms.
  if (t.categorical_count > t.input_count) return "categorical input count";
  if (t.categorical_count != 0 &&
      (t.categorical_input == nullptr || t.category_count_of == nullptr)) {
    return "categorical tables";
  }
  uint32_t start = 0;
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    const uint32_t input = t.categorical_input[k];
    if (input >= t.input_count || (k > 0 && input <= t.categorical_input[k - 1])) {
      return "categorical input index";
    }
    if (t.category_count_of[k] == 0) return "category layout";
    if (t.weights[input] != 0.0f) return "weight on a categorical input";
    start += t.category_count_of[k];
  }
  if (start != t.category_count) return "category total";
  if (t.category_count != 0 &&
      (t.category_weights == nullptr || !AllFinite(t.category_weights, t.category_count))) {
    return "category weights";
  }

  // Groups.
  if (t.group_form == GroupForm::kFromAttributes) {
    if (t.attribute_count == 0 || t.attribute_count > kMaxGroupAttributes ||
        t.attribute_categorical == nullptr) {
      return "group attribute count";
    }
    uint64_t product = 1;
    for (uint32_t j = 0; j < t.attribute_count; ++j) {
      const uint32_t k = t.attribute_categorical[j];
      if (k >= t.categorical_count) return "group attribute index";
      for (uint32_t i = 0; i < j; ++i) {
        if (t.attribute_categorical[i] == k) return "repeated group attribute";
      }
      if (HasOther(t, k)) return "other category on a group attribute";
      product *= t.category_count_of[k];
    }
    if (product != t.group_count) return "group count is not the attributes' product";
  } else if (t.group_form == GroupForm::kDirect) {
    if (t.attribute_count != 0) return "direct groups with attributes";
  } else {
    return "group form";
  }
  if (t.unknown_group_fallback && t.fallback_group >= t.group_count) return "fallback group";

  if (t.integer != nullptr) {
    if (const char* wrong = CheckIntegerTables(t); wrong != nullptr) return wrong;
  }
  const runtime::GroupRuleTables& r = t.groups;
  const uint32_t groups = t.group_count;
  switch (t.rule) {
    case RuleKind::kThreshold:
      if (r.threshold == nullptr || !AllFinite(r.threshold, groups)) return "thresholds";
      return nullptr;
    case RuleKind::kRamp:
      if (r.threshold == nullptr || r.width == nullptr || !AllFinite(r.threshold, groups) ||
          !AllFinite(r.width, groups)) {
        return "ramps";
      }
      for (uint32_t g = 0; g < groups; ++g) {
        if (!(r.width[g] > 0.0f)) return "ramp width";
      }
      return nullptr;
    case RuleKind::kTwoThreshold:
      if (r.threshold0 == nullptr || r.probability0 == nullptr || r.threshold1 == nullptr ||
          r.probability1 == nullptr || !AllProbabilities(r.probability0, groups) ||
          !AllProbabilities(r.probability1, groups)) {
        return "two-threshold tables";
      }
      if ((r.ignore == nullptr) != (r.constant == nullptr) ||
          (r.ignore != nullptr &&
           (!AllProbabilities(r.ignore, groups) || !AllProbabilities(r.constant, groups)))) {
        return "two-threshold constant";
      }
      for (uint32_t g = 0; g < groups; ++g) {
        if (r.threshold0[g] != r.threshold0[g] || r.threshold1[g] != r.threshold1[g] ||
            !SumsToOne(static_cast<double>(r.probability0[g]) + r.probability1[g])) {
          return "two-threshold branch";
        }
      }
      return nullptr;
    case RuleKind::kTruncatedLogistic:
      if (t.link != Link::kLogistic || r.cell_label1 == nullptr || r.cell_label0 == nullptr ||
          !AllFinite(r.cell_label1, groups) || !AllFinite(r.cell_label0, groups) ||
          !Finite(r.denominator_epsilon) || !(r.denominator_epsilon >= 0.0f)) {
        return "truncated logistic tables";
      }
      if (r.criterion == Criterion::kEqualOpportunity) {
        for (uint32_t g = 0; g < groups; ++g) {
          if (r.cell_label0[g] != 0.0f) return "equal opportunity with a y = 0 cell";
        }
      } else if (r.criterion != Criterion::kDemographicParity &&
                 r.criterion != Criterion::kEqualizedOdds) {
        return "criterion";
      }
      return nullptr;
    case RuleKind::kMixture: {
      const runtime::MixtureTables& m = t.mixture_or_regression.mixture;
      if (m.member_count == 0 || m.member_count > kMaxMembers ||
          uint64_t{m.member_count} * t.input_count > kMaxMemberWeights ||
          uint64_t{m.member_count} * t.category_count > kMaxMemberCategoryWeights) {
        return "member count";
      }
      if (m.draw_bound == nullptr || m.probability == nullptr || m.bias == nullptr ||
          m.weights == nullptr || (t.category_count != 0 && m.category_weights == nullptr)) {
        return "mixture tables";
      }
      double sum = 0.0;
      for (uint32_t j = 0; j < m.member_count; ++j) {
        sum += m.probability[j];
        if (m.draw_bound[j] > kDrawCount || (j > 0 && m.draw_bound[j] < m.draw_bound[j - 1])) {
          return "member draw bounds";
        }
        const float* weights = m.weights + j * t.input_count;
        for (uint32_t k = 0; k < t.categorical_count; ++k) {
          if (weights[t.categorical_input[k]] != 0.0f) {
            return "member weight on a categorical input";
          }
        }
      }
      if (m.draw_bound[m.member_count - 1] != kDrawCount) return "last member draw bound";
      if (!AllProbabilities(m.probability, m.member_count) || !SumsToOne(sum)) {
        return "member probabilities";
      }
      if (!AllFinite(m.bias, m.member_count) ||
          !AllFinite(m.weights, m.member_count * t.input_count) ||
          !AllFinite(m.category_weights, m.member_count * t.category_count)) {
        return "member weights";
      }
      if (m.regress) return CheckOutput(t.mixture_or_regression.output);
      if (m.threshold == nullptr || !AllFinite(m.threshold, m.member_count)) {
        return "member thresholds";
      }
      return nullptr;
    }
    case RuleKind::kRegression:
      return CheckOutput(t.mixture_or_regression.output);
  }
  return "rule kind";
}

const char* CheckDecision(const DecisionTables& t, const DecisionInput& input, uint32_t draw,
                          Status status, const Decision& d) {
  if (status != d.status) return "the status returned is not the record's";
  if (d.model_hash != t.model_hash) return "model hash";
  uint32_t group = 0;
  const Status expected = ExpectedStatus(t, input, group);
  if (expected != Status::kOk) {
    if (status != expected) return "not the refusal the input calls for";
    return CheckRefusal(d, group);
  }
  if (status == Status::kScoreOverflow) {
    if (!MayOverflow(t, input.values, draw)) return "score overflow on a score that fits";
    return CheckRefusal(d, group);
  }
  if (status != Status::kOk) return "refused an input that needs no refusal";
  if (d.group != group) return "not the group the input forms";
  if (d.draw != draw) return "not the draw given";
  if (!Finite(d.score)) return "non-finite score";
  switch (t.rule) {
    case RuleKind::kMixture: {
      const runtime::MixtureTables& m = t.mixture_or_regression.mixture;
      if (d.member >= m.member_count) return "member out of range";
      if (d.member != SelectedMember(m, draw)) return "not the member the draw selects";
      if (m.regress) {
        if (d.probability != 0.0f || d.positive) return "a regression mixture classified";
        if (!InOutputRange(t.mixture_or_regression.output, d.value))
          return "value outside the output range";
        return nullptr;
      }
      if (!Finite(d.probability) || !Probability(d.probability)) return "probability";
      if (d.value != 0.0f) return "a classifying mixture gave a value";
      if (d.positive && m.probability[d.member] > 0.0f && !(d.probability > 0.0f)) {
        return "positive member with no positive probability";
      }
      return nullptr;
    }
    case RuleKind::kRegression:
      if (d.probability != 0.0f || d.positive || d.member != 0) return "a regression classified";
      if (!InOutputRange(t.mixture_or_regression.output, d.value))
        return "value outside the output range";
      return nullptr;
    default:
      if (!Finite(d.probability) || !Probability(d.probability)) return "probability";
      if (d.positive != (static_cast<uint64_t>(draw) < runtime::PositiveDrawBound(d.probability))) {
        return "outcome is not draw < PositiveDrawBound(probability)";
      }
      if (d.member != 0 || d.value != 0.0f) return "member or value from a per-group rule";
      if (t.rule == RuleKind::kThreshold && d.probability != 0.0f && d.probability != 1.0f) {
        return "a threshold rule randomized";
      }
      // The integer path's probabilities are multiples of 2^-15.
      if (t.integer != nullptr) {
        const float units = d.probability * 32768.0f;
        if (static_cast<float>(static_cast<int32_t>(units)) != units) {
          return "an integer probability off the 2^-15 grid";
        }
      }
      return nullptr;
  }
}

bool SameDecision(const Decision& a, const Decision& b) {
  uint32_t bits[6];
  memcpy(&bits[0], &a.score, 4);
  memcpy(&bits[1], &b.score, 4);
  memcpy(&bits[2], &a.probability, 4);
  memcpy(&bits[3], &b.probability, 4);
  memcpy(&bits[4], &a.value, 4);
  memcpy(&bits[5], &b.value, 4);
  return a.model_hash == b.model_hash && a.status == b.status && a.group == b.group &&
         bits[0] == bits[1] && bits[2] == bits[3] && a.draw == b.draw && a.positive == b.positive &&
         a.member == b.member && bits[4] == bits[5];
}

void RandomInput(const DecisionTables& t, Pcg32& rng, float (&values)[kInputValuesCapacity],
                 DecisionInput& input) {
  // Uniform in [0, 1) from 24 bits.
  auto uniform = [&rng] { return static_cast<float>(rng.Next() >> 8U) * (1.0f / 16777216.0f); };
  const float kSpecial[] = {__builtin_nanf(""), __builtin_inff(), -__builtin_inff(), 3.0e38f,
                            -3.0e38f,           1.0e20f,          1.0e-40f,          -0.0f};
  const float kScale[] = {0.5f, 2.0f, 8.0f, 64.0f};
  // The model's inputs and one more, for a count mismatch.
  const size_t value_count =
      t.input_count < kInputValuesCapacity ? t.input_count + 1 : kInputValuesCapacity;
  for (size_t i = 0; i < value_count; ++i) {
    const uint32_t r = rng.Next();
    if ((r & 31U) == 0) {
      values[i] = kSpecial[(r >> 5U) % 8U];
    } else {
      values[i] = (2.0f * uniform() - 1.0f) * kScale[(r >> 5U) & 3U];
    }
  }
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    const uint32_t category_count = t.category_count_of[k];
    const uint32_t r = rng.Next();
    float& value = values[t.categorical_input[k]];
    if ((r & 15U) != 0) {
      value = static_cast<float>((r >> 4U) % category_count);
    } else {
      const float kUnknown[] = {static_cast<float>(category_count),
                                static_cast<float>(category_count) + 0.5f,
                                -1.0f,
                                0.5f,
                                __builtin_nanf(""),
                                1.0e9f};
      value = kUnknown[(r >> 4U) % 6U];
    }
  }
  const uint32_t r = rng.Next();
  input.values = values;
  input.count = t.input_count;
  input.group = (r & 15U) != 0 ? (r >> 4U) % t.group_count : t.group_count + ((r >> 4U) % 3U);
  const uint32_t odd = rng.Next();
  if ((odd & 255U) == 0) input.count = (odd & 256U) != 0 ? t.input_count + 1 : t.input_count - 1;
  if ((odd & 4095U) == 1) input.values = nullptr;
}

}  // namespace tinyfair::hardening
