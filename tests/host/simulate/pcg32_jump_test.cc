// Pcg32After(seed, stream, n) is the generator after n draws, computed by
// jump-ahead: it must equal drawing n times, for every n the tests can reach.
#include "host_tools/simulate/pcg32_jump.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace tinyfair::host::simulate {
namespace {

TEST(Pcg32Jump, EqualsDrawingThatManyTimes) {
  for (const uint64_t stream : {uint64_t{0}, uint64_t{3}, uint64_t{1} << 40}) {
    runtime::Pcg32 sequential(2024, stream);
    for (uint64_t n = 0; n <= 5000; ++n) {
      if (n % 97 == 0 || n < 10) {
        runtime::Pcg32 jumped = Pcg32After(2024, stream, n);
        runtime::Pcg32 copy = sequential;
        for (int k = 0; k < 4; ++k) ASSERT_EQ(copy.Next(), jumped.Next()) << n << " " << stream;
      }
      sequential.Next();
    }
  }
}

TEST(Pcg32Jump, ALargeJumpThenDrawsIsTheLargerJump) {
  // 2^33 + 12345 draws (a data set larger than 32 bits of rows), then 1000
  // more drawn one by one, land where a jump of all of them lands.
  const uint64_t far = (uint64_t{1} << 33) + 12345;
  runtime::Pcg32 stepped = Pcg32After(7, 1, far);
  for (int k = 0; k < 1000; ++k) stepped.Next();
  runtime::Pcg32 jumped = Pcg32After(7, 1, far + 1000);
  EXPECT_EQ(stepped.state(), jumped.state());
  EXPECT_EQ(stepped.Next(), jumped.Next());
}

}  // namespace
}  // namespace tinyfair::host::simulate
