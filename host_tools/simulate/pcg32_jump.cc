#include "host_tools/simulate/pcg32_jump.h"

namespace tinyfair::host::simulate {

runtime::Pcg32 Pcg32After(uint64_t seed, uint64_t stream, uint64_t draws) {
  const runtime::Pcg32 start(seed, stream);
  // state_n = a^n state + c (a^(n-1) + ... + 1): square-and-multiply on
  // the affine map state -> a state + c, all modulo 2^64.
  uint64_t multiplier = 1, increment = 0;
  uint64_t step_multiplier = runtime::Pcg32::kMultiplier, step_increment = start.increment();
  for (uint64_t n = draws; n > 0; n >>= 1U) {
    if ((n & 1U) != 0) {
      multiplier *= step_multiplier;
      increment = increment * step_multiplier + step_increment;
    }
    step_increment = (step_multiplier + 1) * step_increment;
    step_multiplier *= step_multiplier;
  }
  return runtime::Pcg32::FromState(multiplier * start.state() + increment, start.increment());
}

}  // namespace tinyfair::host::simulate
