// The boot self-test's model and vectors. The expected bits were decided by
// the runtime on the host (x86-64, SSE, no FMA); the golden parity suite shows
// every target decides the same, and this lets a firmware check it for the
// build it runs.
#include "tinyfair_runtime/self_test.h"

#include <string.h>

#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/decide.h"

namespace tinyfair::runtime {
namespace {

// Weights with many significant bits, so that a contracted a * b + c rounds
// differently from the product and the sum rounded one after the other.
constexpr float kWeights[4] = {0.7310585f, -1.2337005f, 0.0f, 0.3183099f};
constexpr uint8_t kCategoricalInput[1] = {2};
constexpr uint16_t kCategoryCountOf[1] = {3};
constexpr float kCategoryWeights[3] = {0.1234567f, -0.4567891f, 0.9876543f};
constexpr uint8_t kAttributeCategorical[1] = {0};
constexpr float kThreshold[3] = {0.1010101f, 0.0523599f, 0.3010300f};
constexpr float kWidth[3] = {0.6931472f, 0.3333333f, 0.7568025f};

constexpr DecisionTables MakeTables() {
  DecisionTables t;
  t.model_hash = 0x5e1f7e57ULL;
  t.input_count = 4;
  t.group_count = 3;
  t.category_count = 3;
  t.link = Link::kLogistic;
  t.bias = -0.2718282f;
  t.weights = kWeights;
  t.categorical_count = 1;
  t.categorical_input = kCategoricalInput;
  t.category_count_of = kCategoryCountOf;
  t.category_weights = kCategoryWeights;
  t.group_form = GroupForm::kFromAttributes;
  t.attribute_count = 1;
  t.attribute_categorical = kAttributeCategorical;
  t.rule = RuleKind::kRamp;
  t.groups.threshold = kThreshold;
  t.groups.width = kWidth;
  return t;
}

constexpr DecisionTables kTables = MakeTables();

// Decided by the runtime on the host: score, probability, outcome.
constexpr SelfTestVector kVectors[] = {
    {{1.6180339f, 0.6931472f, 0.0f, -2.7182817f}, 0x9e3779b9U, 0x3eab7e6bU, 0x3eaccd1aU, false},
    {{-0.5772157f, 1.4142135f, 1.0f, 3.1415927f}, 0x7f4a7c15U, 0x3e05c680U, 0x3e707a00U, false},
    {{2.2360680f, -1.7320508f, 2.0f, 0.5772157f}, 0x3c6ef372U, 0x3f7da023U, 0x3f694cbfU, true},
    {{0.3333333f, 0.1111111f, 1.0f, -0.9999999f}, 0xdaa66d2bU, 0x3e8fc9bbU, 0x3f2f7839U, false},
    {{-1.2345678f, -0.8765432f, 0.0f, 1.1111111f}, 0x78dde6e4U, 0x3f1849bfU, 0x3f366632U, true},
    {{0.0999999f, 0.2000001f, 2.0f, -0.3000001f}, 0x1715609dU, 0x3f1c1f65U, 0x3ed0edccU, true},
};

uint32_t Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

}  // namespace

const DecisionTables& SelfTestTables() { return kTables; }
const SelfTestVector* SelfTestVectors() { return kVectors; }
size_t SelfTestVectorCount() { return sizeof(kVectors) / sizeof(kVectors[0]); }

Status CheckSelfTestVectors(const DecisionTables& tables, const SelfTestVector* vectors,
                            size_t count, size_t* first_mismatch) {
  for (size_t i = 0; i < count; ++i) {
    const SelfTestVector& v = vectors[i];
    const DecisionInput input{v.inputs, 4};
    Decision decision;
    // The ramp's own instantiation, so the test runs whatever rule kinds the
    // build keeps (TINYFAIR_RUNTIME_CFG_RULE_KINDS).
    const Status status = DecideAs<RuleKind::kRamp>(tables, input, v.draw, decision);
    if (!IsOk(status) || Bits(decision.score) != v.score_bits ||
        Bits(decision.probability) != v.probability_bits || decision.positive != v.positive) {
      if (first_mismatch != nullptr) *first_mismatch = i;
      return Status::kSelfTestFailed;
    }
  }
  return Status::kOk;
}

Status RunSelfTest(size_t* first_mismatch) {
  return CheckSelfTestVectors(kTables, kVectors, SelfTestVectorCount(), first_mismatch);
}

}  // namespace tinyfair::runtime
