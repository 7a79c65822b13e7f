// What a decision reads: flat tables with the scorer's offsets and scales
// folded in, built by Model::Load() from a decoded model, or emitted as
// constexpr arrays by `tinyfair codegen --tables` so that firmware can drop
// the decoder. Both give the same decisions, bit for bit.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/internal/no_fast_math.h"

namespace tinyfair::runtime {

enum class Link : uint8_t { kIdentity = 0, kLogistic = 1, kSignedLogistic = 2 };
enum class GroupForm : uint8_t { kFromAttributes = 0, kDirect = 1 };
enum class RuleKind : uint8_t {
  kThreshold = 0,
  kRamp = 1,
  kTwoThreshold = 2,
  kTruncatedLogistic = 3,
  kMixture = 4,
  kRegression = 5,
};
enum class Criterion : uint8_t {
  kDemographicParity = 0,
  kEqualOpportunity = 1,
  kEqualizedOdds = 2,
};

/// Regression output: clamp to [min, max], then optionally the grid.
struct OutputTables {
  float min = 0.0f;
  float max = 0.0f;
  /// 0: no grid; N: z_k = min + (max - min) k / N, k = 1..N.
  uint32_t grid_size = 0;
  /// Report the cell midpoint instead of its floor z_j.
  bool grid_midpoint = false;
};

/// Per-group parameters of the per-group rules (one entry per group).
struct GroupRuleTables {
  const float* threshold = nullptr;     // threshold, ramp
  const float* width = nullptr;         // ramp
  const float* threshold0 = nullptr;    // two-threshold
  const float* probability0 = nullptr;  // two-threshold
  const float* threshold1 = nullptr;    // two-threshold
  const float* probability1 = nullptr;  // two-threshold
  const float* ignore = nullptr;        // two-threshold, optional
  const float* constant = nullptr;      // two-threshold, optional
  const float* cell_label1 = nullptr;   // truncated logistic
  const float* cell_label0 = nullptr;   // truncated logistic
  Criterion criterion = Criterion::kDemographicParity;
  float denominator_epsilon = 0.0f;
};

struct MixtureTables {
  uint32_t member_count = 0;
  bool regress = false;
  /// member j is drawn iff bound[j-1] <= draw < bound[j] (bound[-1] = 0,
  /// bound[member_count - 1] = 2^32): cumulative probabilities as draw
  /// counts, computed once.
  const uint64_t* draw_bound = nullptr;
  const float* probability = nullptr;       // [member_count]
  const float* bias = nullptr;              // [member_count], folded
  const float* weights = nullptr;           // [member_count][input_count], folded
  const float* category_weights = nullptr;  // [member_count][category_count]
  const float* threshold = nullptr;         // [member_count], CLASSIFY
};

/// The tables of the rules that are not per group: a mixture's members,
/// and the output of a regression or of a mixture that regresses.
struct MixtureOrRegressionTables {
  MixtureTables mixture;  // mixture
  OutputTables output;    // regression, a mixture that regresses
};

/// The integer path (schema 1.5, integer_decide.h): the scorer quantised
/// at export, thresholds and ramps in the domain of the integer margin.
struct IntegerTables {
  /// The integer margin is about the float margin times 2^fraction_bits.
  uint8_t fraction_bits = 0;
  int32_t bias = 0;
  /// Per input: numeric inputs are passed as round(x * 2^input_shift[i]).
  const int8_t* input_shift = nullptr;
  const int16_t* weights = nullptr;           // [input_count], 0 for categorical
  const int32_t* category_weights = nullptr;  // [category_count]
  const int32_t* threshold = nullptr;         // [group_count], threshold rule
  const int32_t* ramp_start = nullptr;        // [group_count], ramp rule
  const uint8_t* ramp_shift = nullptr;        // [group_count], ramp rule
  /// [group_count][kIntegerRampKnots], units of 2^-15, ramp rule.
  const uint16_t* ramp_probability = nullptr;
};

/// Whether a rule kind's tables are DecisionTables' groups (a per-group
/// rule) rather than its mixture_or_regression.
constexpr bool UsesGroupRuleTables(RuleKind rule) {
  return rule != RuleKind::kMixture && rule != RuleKind::kRegression;
}

struct DecisionTables {
  /// Tables of a per-group rule (groups, the union's first member).
  constexpr DecisionTables() : groups() {}
  /// Tables of a mixture or a regression. A constant's union member lives
  /// from its construction: C++17 cannot change it in a constant expression.
  constexpr explicit DecisionTables(const MixtureOrRegressionTables& tables)
      : mixture_or_regression(tables) {}

  /// The model hash every record carries (model_hash.h): set by Load() from
  /// the digest it computed, or by codegen from the sealed model's SHA-256.
  uint64_t model_hash = 0;
  // The one-byte fields share a word: the scorer's link, how a group is
  // formed and whether an unknown group falls back, the rule's kind.
  Link link = Link::kIdentity;
  GroupForm group_form = GroupForm::kFromAttributes;
  bool unknown_group_fallback = false;
  RuleKind rule = RuleKind::kThreshold;
  uint32_t input_count = 0;
  uint32_t group_count = 0;
  uint32_t category_count = 0;

  // The scorer: margin = bias + sum_i weights[i] x_i + category terms,
  // through the link.
  float bias = 0.0f;
  const float* weights = nullptr;  // [input_count], 0 for categorical inputs
  /// The categorical inputs, in input order, with their category count:
  /// their terms follow one another in category_weights, in that order.
  uint32_t categorical_count = 0;
  const uint8_t* categorical_input = nullptr;
  const uint16_t* category_count_of = nullptr;
  const float* category_weights = nullptr;  // [category_count]
  /// Bit k (word k / 32) set: categorical input k's last category stands
  /// for every value the model does not list, so an integral index outside
  /// its range decides as that category. nullptr: no input has one.
  const uint32_t* other_category = nullptr;

  // Groups, formed as group_form says.
  /// Group attributes as indices into the categorical inputs above.
  uint32_t attribute_count = 0;
  const uint8_t* attribute_categorical = nullptr;
  uint32_t fallback_group = 0;  // when unknown_group_fallback

  /// The rule's own tables: a model reads one of them, never both.
  union {
    GroupRuleTables groups;                           // threshold, ramp, two-threshold,
                                                      // truncated logistic
    MixtureOrRegressionTables mixture_or_regression;  // mixture, regression
  };
  /// The model decides by these tables when set (its threshold or ramp rule
  /// has an integer scorer). Out of line, so that a model without them
  /// keeps a pointer, not the tables: Load puts them in the model's storage,
  /// codegen beside the tables.
  const IntegerTables* integer = nullptr;
};

}  // namespace tinyfair::runtime
