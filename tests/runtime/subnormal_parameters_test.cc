// Load() refuses subnormal parameters: a core that flushes subnormals to zero
// would read them as 0 and decide differently from the host. Zero and the
// smallest normal number are accepted.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/model_bytes.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;
using tinyfair::testing::Reseal;
using tinyfair::testing::SetFloatBits;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();

// The small ramp model with the float at `at` set to `bits`, re-sealed.
Status LoadWith(size_t at, uint32_t bits) {
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  SetFloatBits(g_buffer + at, bits);
  Reseal(g_buffer, kSmallRampModelSize);
  return g_model.Load(g_buffer, kSmallRampModelSize);
}

constexpr uint32_t kSmallestSubnormal = 0x00000001U;
constexpr uint32_t kLargestSubnormal = 0x007FFFFFU;
constexpr uint32_t kNegativeSubnormal = 0x80000001U;
constexpr uint32_t kSmallestNormal = 0x00800000U;

TEST(SubnormalParameters, AThresholdIsRefused) {
  const size_t at = tinyfair::testing::RampThresholdOffset();
  ASSERT_TRUE(at > 0);
  EXPECT_EQ(Status::kInvalidModel, LoadWith(at, kSmallestSubnormal));
  EXPECT_EQ(Status::kInvalidModel, LoadWith(at, kLargestSubnormal));
  EXPECT_EQ(Status::kInvalidModel, LoadWith(at, kNegativeSubnormal));
  EXPECT_EQ(Status::kOk, LoadWith(at, 0x00000000U));
  EXPECT_EQ(Status::kOk, LoadWith(at, 0x80000000U));
  EXPECT_EQ(Status::kOk, LoadWith(at, kSmallestNormal));
}

TEST(SubnormalParameters, AWidthIsRefused) {
  const size_t at = tinyfair::testing::RampWidthOffset();
  ASSERT_TRUE(at > 0);
  EXPECT_EQ(Status::kInvalidModel, LoadWith(at, kSmallestSubnormal));
  EXPECT_EQ(Status::kInvalidModel, LoadWith(at, kLargestSubnormal));
  EXPECT_EQ(Status::kOk, LoadWith(at, kSmallestNormal));
}

}  // namespace
