// The boot self-test passes on every target the runtime tests run on, and
// reports the first vector whose bits differ.
#include "tinyfair_runtime/self_test.h"

#include <string.h>

#include "tests/framework/tinytest.h"

namespace {

using namespace tinyfair::runtime;

TEST(SelfTest, PassesOnThisTarget) {
  size_t first_mismatch = 99;
  EXPECT_EQ(Status::kOk, RunSelfTest(&first_mismatch));
  EXPECT_EQ(99, first_mismatch);
  EXPECT_TRUE(SelfTestVectorCount() >= 6);
}

TEST(SelfTest, ReportsTheFirstMismatch) {
  SelfTestVector vectors[8];
  const size_t count = SelfTestVectorCount() < 8 ? SelfTestVectorCount() : 8;
  memcpy(vectors, SelfTestVectors(), count * sizeof(SelfTestVector));
  // One ulp off in the probability of the third vector.
  vectors[2].probability_bits += 1;
  size_t first_mismatch = 99;
  EXPECT_EQ(Status::kSelfTestFailed,
            CheckSelfTestVectors(SelfTestTables(), vectors, count, &first_mismatch));
  EXPECT_EQ(2, first_mismatch);
  // A flipped outcome in the first.
  memcpy(vectors, SelfTestVectors(), count * sizeof(SelfTestVector));
  vectors[0].positive = !vectors[0].positive;
  EXPECT_EQ(Status::kSelfTestFailed,
            CheckSelfTestVectors(SelfTestTables(), vectors, count, &first_mismatch));
  EXPECT_EQ(0, first_mismatch);
}

TEST(SelfTest, VectorsCoverTheRamp) {
  // Every vector lands inside its group's ramp, where a rounding difference
  // in the score shows in the probability bits.
  const SelfTestVector* vectors = SelfTestVectors();
  for (size_t i = 0; i < SelfTestVectorCount(); ++i) {
    float probability;
    memcpy(&probability, &vectors[i].probability_bits, sizeof(probability));
    EXPECT_TRUE(probability > 0.0f && probability < 1.0f);
  }
}

}  // namespace
