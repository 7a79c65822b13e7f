// The decisions' digest of the refused-update tests.
#include "tests/runtime/decision_digest.h"

#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::testing {

using namespace runtime;

namespace {

uint64_t Fnv1a(uint64_t hash, const void* data, size_t size) {
  const auto* bytes = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

constexpr int kDecisions = 200;

}  // namespace

uint64_t DecisionDigest(const Model& model) {
  const DecisionTables& t = model.tables();
  Pcg32 rng(2026, 11);
  uint64_t digest = 0xcbf29ce484222325ULL;
  float values[kMaxInputs];
  for (int d = 0; d < kDecisions; ++d) {
    for (uint32_t i = 0; i < t.input_count; ++i) {
      values[i] = static_cast<float>(static_cast<int32_t>(rng.Next() % 2001U) - 1000) / 250.0f;
    }
    for (uint32_t k = 0; k < t.categorical_count; ++k) {
      values[t.categorical_input[k]] = static_cast<float>(rng.Next() % t.category_count_of[k]);
    }
    DecisionInput input{values, t.input_count, static_cast<uint32_t>(rng.Next() % t.group_count)};
    Decision decision;
    const Status status = model.DecideWithDraw(input, rng.Next(), decision);
    digest = Fnv1a(digest, &status, sizeof(status));
    digest = Fnv1a(digest, &decision.model_hash, sizeof(decision.model_hash));
    digest = Fnv1a(digest, &decision.group, sizeof(decision.group));
    digest = Fnv1a(digest, &decision.score, sizeof(decision.score));
    digest = Fnv1a(digest, &decision.probability, sizeof(decision.probability));
    digest = Fnv1a(digest, &decision.draw, sizeof(decision.draw));
    digest = Fnv1a(digest, &decision.positive, sizeof(decision.positive));
    digest = Fnv1a(digest, &decision.member, sizeof(decision.member));
    digest = Fnv1a(digest, &decision.value, sizeof(decision.value));
  }
  return digest;
}

}  // namespace tinyfair::testing
