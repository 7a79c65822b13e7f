// Model::Load: checks the untrusted bytes (model_check.cc) without touching
// the working model, then decodes them into it and builds the tables
// Decide() reads.
#include <stddef.h>
#include <string.h>

#include "model_check.h"
#include "pb_decode.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/config.h"
#if TINYFAIR_RUNTIME_CFG_EIGEN
#include <Eigen/Core>
#endif  // TINYFAIR_RUNTIME_CFG_EIGEN
#include "signed_model.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/fold.h"
#include "tinyfair_runtime/internal/rule_kinds.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/model_hash.h"
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::runtime {
namespace {

using internal::IsFinite;
using internal::kFloatDecisions;
using internal::kIntegerDecisions;
using internal::RuleKindSupported;

// Field 1 (crc32), wire type 5 (fixed32): the first byte of every model file.
constexpr uint8_t kCrcTag = (1U << 3U) | 5U;
constexpr size_t kCrcFieldSize = 5;

OutputTables OutputOf(const tinyfair_RegressionOutput& output) {
  return {output.min, output.max, output.grid_size,
          output.grid_value == tinyfair_RegressionOutput_GridValue_MIDPOINT};
}

// Folds the numeric inputs' offsets and scales into a linear scorer:
// margin = bias + sum_i w_i (x_i - o_i) s_i = folded bias + sum_i w'_i x_i,
// with w'_i = w_i s_i (0 for categorical inputs) written over w_i and the
// folded bias summed in index order. The host decides through this same
// code, so the fold changes no decision. Folding can overflow for extreme
// but finite numbers: false when a folded value is not finite.
#if TINYFAIR_RUNTIME_CFG_EIGEN
// A runtime-sized weight vector: an Eigen vector with the compile-time
// maximum over the decoded array (no copy, never the heap).
using WeightVector =
    Eigen::Map<Eigen::Matrix<float, Eigen::Dynamic, 1, 0, static_cast<int>(kMaxInputs), 1>>;
#else
// The same few members over a plain array, for toolchains without Eigen.
struct WeightVector {
  WeightVector(float* values, ptrdiff_t size) : values_(values), size_(size) {}
  float& operator[](ptrdiff_t i) { return values_[i]; }
  float* values_;
  ptrdiff_t size_;
};
#endif  // TINYFAIR_RUNTIME_CFG_EIGEN

bool FoldFinite(const tinyfair_Model& m, float* weights, float& bias) {
  WeightVector folded(weights, static_cast<ptrdiff_t>(m.inputs_count));
  // The runtime's bit test, not Eigen's allFinite(): same answer, less code.
  bool finite = true;
  for (size_t i = 0; i < m.inputs_count; ++i) {
    const tinyfair_Input& input = m.inputs[i];
    const auto k = static_cast<ptrdiff_t>(i);
    internal::FoldInput(input.kind == tinyfair_Input_Kind_NUMERIC, input.scale, input.offset,
                        folded[k], bias);
    finite = finite && IsFinite(folded[k]);
  }
  return finite && IsFinite(bias);
}

// The integer path's tables point into the decoded scorer, which the check
// accepted whole (runtime/integer_scorer_check.cc).
IntegerTables IntegerTablesOf(const tinyfair_IntegerScorer& scorer) {
  IntegerTables t;
  t.present = true;
  t.fraction_bits = scorer.fraction_bits;
  t.bias = scorer.bias;
  t.input_shift = scorer.input_shift;
  t.weights = scorer.weights;
  t.category_weights = scorer.category_weights;
  t.threshold = scorer.threshold;
  t.ramp_start = scorer.ramp_start;
  t.ramp_shift = scorer.ramp_shift;
  t.ramp_probability = scorer.ramp_probability;
  return t;
}

}  // namespace

// The sealed model inside `bytes` (the file itself, or a signed file's inner
// model), its signature checked when `options` name a key.
Status Model::Unwrap(const uint8_t*& bytes, size_t& size, const LoadOptions& options,
                     SignatureVerifier verify) {
  if (!internal::LooksSigned(bytes, size)) {
    if (options.public_key == nullptr) return Status::kOk;
    return bytes[0] == kCrcTag ? Status::kUnsignedModel : Status::kMissingCrc;
  }
  internal::SignedEnvelope envelope;
  if (!internal::ReadSignedEnvelope(bytes, size, envelope)) return Status::kMalformed;
  bytes = envelope.model;
  size = envelope.model_size;
  if (options.public_key == nullptr) return Status::kOk;
  // A key and no verifier: a build without signatures (config.h).
  if (verify == nullptr) return Status::kMissingFeature;
  if (envelope.key_id != internal::KeyIdOf(options.public_key)) return Status::kBadSignature;
  uint8_t digest[crypto::kSha256Bytes];
  crypto::Sha256(bytes, size, digest);
  if (!verify(envelope.signature, digest, sizeof(digest), options.public_key)) {
    return Status::kBadSignature;
  }
  return Status::kOk;
}

Status Model::LoadWith(const uint8_t* bytes, size_t size, const LoadOptions& options,
                       SignatureVerifier verify) {
  if (bytes == nullptr || size == 0) return Status::kEmptyModel;
  if (const Status status = Unwrap(bytes, size, options, verify); !IsOk(status)) return status;
  if (size < kCrcFieldSize || bytes[0] != kCrcTag) return Status::kMissingCrc;
  const uint32_t stored_crc =
      static_cast<uint32_t>(bytes[1]) | (static_cast<uint32_t>(bytes[2]) << 8U) |
      (static_cast<uint32_t>(bytes[3]) << 16U) | (static_cast<uint32_t>(bytes[4]) << 24U);
  if (Crc32(bytes + kCrcFieldSize, size - kCrcFieldSize) != stored_crc) {
    return Status::kCrcMismatch;
  }
  if (const Status status = internal::CheckModel(bytes, size, options.input_layout_hash,
                                                 options.minimum_model_version);
      !IsOk(status)) {
    return status;
  }
  // The digest names the model in records; computed before the working
  // model changes so that a refused update leaves the old one's.
  uint8_t digest[kModelDigestBytes];
  crypto::Sha256(bytes, size, digest);
  // Every check has passed: only now is the working model replaced. The
  // check decoded these bytes and folded these numbers, so neither step
  // below fails; if one did, nothing half-built would decide.
  loaded_ = false;
  message_ = tinyfair_Model_init_zero;
  pb_istream_t stream = pb_istream_from_buffer(bytes, size);
  if (!pb_decode(&stream, tinyfair_Model_fields, &message_)) return Status::kMalformed;
  if (const Status status = Prepare(); !IsOk(status)) return status;
  memcpy(digest_, digest, sizeof(digest_));
  tables_.model_hash = ModelHashOfDigest(digest_);
  loaded_ = true;
  return Status::kOk;
}

// The decision tables of the decoded, checked message_, in named steps.
Status Model::Prepare() {
  tables_ = DecisionTables{};
  if (!PrepareScorer()) return Status::kInvalidModel;
  PrepareCategories();
  PrepareGroupFormation();
  if (!PrepareRule()) return Status::kInvalidModel;
  PrepareIntegerScorer();
  return Status::kOk;
}

// The scorer's counts, link and weights, the numeric inputs' offsets and
// scales folded into them. No scratch vectors: the weights are folded where
// they were decoded, so Load's stack stays that of the decoder.
bool Model::PrepareScorer() {
  tinyfair_Model& m = message_;
  DecisionTables& t = tables_;
  t.input_count = static_cast<uint32_t>(m.inputs_count);
  t.group_count = m.dimensions.group_count;
  t.category_count = m.dimensions.category_count;
  t.link = static_cast<Link>(m.scorer.link);
  t.bias = m.scorer.bias;
  // A build for integer models only never reads the float scorer.
  if (kFloatDecisions && !FoldFinite(m, m.scorer.weights, t.bias)) return false;
  t.weights = m.scorer.weights;
  t.category_weights = m.scorer.category_weights;
  return true;
}

// Where each categorical input's categories start among the category
// weights, and which inputs keep their last category for "other".
void Model::PrepareCategories() {
  const tinyfair_Model& m = message_;
  DecisionTables& t = tables_;
  uint32_t categorical = 0;
  uint16_t start = 0;
  bool any_other = false;
  for (uint32_t& word : other_category_) word = 0;
  for (size_t i = 0; i < m.inputs_count; ++i) {
    if (m.inputs[i].kind != tinyfair_Input_Kind_CATEGORICAL) continue;
    categorical_input_[categorical] = static_cast<uint8_t>(i);
    category_start_[categorical] = start;
    category_count_of_[categorical] = static_cast<uint16_t>(m.inputs[i].category_count);
    if (m.inputs[i].last_category_is_other) {
      other_category_[categorical / 32] |= 1U << (categorical % 32);
      any_other = true;
    }
    start = static_cast<uint16_t>(start + m.inputs[i].category_count);
    ++categorical;
  }
  t.categorical_count = categorical;
  t.categorical_input = categorical_input_;
  t.category_start = category_start_;
  t.category_count_of = category_count_of_;
  t.other_category = any_other ? other_category_ : nullptr;
}

// How a group is formed: given directly, or from categorical attributes
// (each attribute input as its index among the categorical inputs).
void Model::PrepareGroupFormation() {
  const tinyfair_Model& m = message_;
  DecisionTables& t = tables_;
  static_assert(static_cast<int>(GroupForm::kDirect) == tinyfair_GroupFormation_Kind_DIRECT);
  t.group_form = static_cast<GroupForm>(m.groups.kind);
  t.attribute_count = m.groups.attribute_inputs_count;
  for (uint32_t j = 0; j < t.attribute_count; ++j) {
    for (uint32_t k = 0; k < t.categorical_count; ++k) {
      if (categorical_input_[k] == m.groups.attribute_inputs[j]) {
        attribute_categorical_[j] = static_cast<uint8_t>(k);
      }
    }
  }
  t.attribute_categorical = attribute_categorical_;
  t.unknown_group_fallback =
      m.groups.unknown_policy == tinyfair_GroupFormation_UnknownPolicy_FALLBACK;
  t.fallback_group = m.groups.fallback_group;
}

// The rule's per-group tables (a rule kind this build leaves out keeps
// none: Decide refuses it).
bool Model::PrepareRule() {
  tinyfair_Model& m = message_;
  DecisionTables& t = tables_;
  // The oneof tags are consecutive, in RuleKind's order.
  static_assert(tinyfair_Model_ramp_tag == tinyfair_Model_threshold_tag + 1 &&
                tinyfair_Model_two_threshold_tag == tinyfair_Model_threshold_tag + 2 &&
                tinyfair_Model_truncated_logistic_tag == tinyfair_Model_threshold_tag + 3 &&
                tinyfair_Model_mixture_tag == tinyfair_Model_threshold_tag + 4 &&
                tinyfair_Model_regression_tag == tinyfair_Model_threshold_tag + 5);
  t.rule = static_cast<RuleKind>(m.which_rule - tinyfair_Model_threshold_tag);
  GroupRuleTables& r = t.groups;
  switch (m.which_rule) {
    case tinyfair_Model_threshold_tag:
      if (RuleKindSupported(RuleKind::kThreshold)) r.threshold = m.rule.threshold.threshold;
      return true;
    case tinyfair_Model_ramp_tag:
      if (!RuleKindSupported(RuleKind::kRamp)) return true;
      r.threshold = m.rule.ramp.threshold;
      r.width = m.rule.ramp.width;
      return true;
    case tinyfair_Model_two_threshold_tag: {
      if (!RuleKindSupported(RuleKind::kTwoThreshold)) return true;
      tinyfair_GroupTwoThresholdRule& rule = m.rule.two_threshold;
      r.threshold0 = rule.threshold0;
      r.probability0 = rule.probability0;
      r.threshold1 = rule.threshold1;
      r.probability1 = rule.probability1;
      if (rule.ignore_count != 0) {
        r.ignore = rule.ignore;
        r.constant = rule.constant;
      }
      return true;
    }
    case tinyfair_Model_truncated_logistic_tag:
      if (!RuleKindSupported(RuleKind::kTruncatedLogistic)) return true;
      r.cell_label1 = m.rule.truncated_logistic.cell_label1;
      r.cell_label0 = m.rule.truncated_logistic.cell_label0;
      r.criterion = static_cast<Criterion>(m.rule.truncated_logistic.criterion);
      r.denominator_epsilon = m.rule.truncated_logistic.denominator_epsilon;
      return true;
    case tinyfair_Model_mixture_tag:
      return !RuleKindSupported(RuleKind::kMixture) || !kFloatDecisions || PrepareMixture();
    case tinyfair_Model_regression_tag:
      if (RuleKindSupported(RuleKind::kRegression)) t.output = OutputOf(m.rule.regression.output);
      return true;
    default:  // Validate() accepted no other rule
      return true;
  }
}

// A mixture's members: each member's weights folded as the scorer's, and
// the draw bounds that pick a member. False when a folded weight is not
// finite.
bool Model::PrepareMixture() {
  tinyfair_Model& m = message_;
  DecisionTables& t = tables_;
  tinyfair_MixtureRule& mixture = m.rule.mixture;
  const size_t n = m.inputs_count;
  const uint32_t members = m.dimensions.member_count;
  MixtureTables& mt = t.mixture;
  mt.member_count = members;
  mt.regress = mixture.member_output == tinyfair_MixtureRule_MemberOutput_REGRESS;
  // Member j is drawn iff bound[j-1] <= draw < bound[j]: cumulative
  // probabilities summed in member order, as draw counts; the last member
  // takes whatever rounding left over.
  float cumulative = 0.0f;
  for (uint32_t j = 0; j < members; ++j) {
    cumulative += mixture.probability[j];
    member_draw_bound_[j] = PositiveDrawBound(cumulative);
    if (!FoldFinite(m, mixture.weights + j * n, mixture.bias[j])) return false;
  }
  member_draw_bound_[members - 1] = uint64_t{1} << 32U;
  mt.draw_bound = member_draw_bound_;
  mt.probability = mixture.probability;
  mt.bias = mixture.bias;
  mt.weights = mixture.weights;
  mt.category_weights = mixture.category_weights;
  mt.threshold = mixture.threshold;
  if (mt.regress) t.output = OutputOf(mixture.output);
  return true;
}

// The integer scorer, which the check accepted only in a threshold or a
// ramp rule.
void Model::PrepareIntegerScorer() {
  if (!kIntegerDecisions) return;
  const tinyfair_Model& m = message_;
  if (m.which_rule == tinyfair_Model_threshold_tag && m.rule.threshold.has_integer) {
    tables_.integer = IntegerTablesOf(m.rule.threshold.integer);
  } else if (m.which_rule == tinyfair_Model_ramp_tag && m.rule.ramp.has_integer) {
    tables_.integer = IntegerTablesOf(m.rule.ramp.integer);
  }
}

Status Model::DecideWithDraw(const DecisionInput& input, uint32_t draw, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  return runtime::Decide(tables_, input, draw, out);
}

Status Model::Decide(const DecisionInput& input, Pcg32& rng, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  return runtime::Decide(tables_, input, rng, out);
}

}  // namespace tinyfair::runtime
