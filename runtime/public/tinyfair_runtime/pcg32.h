// PCG32 (PCG-XSH-RR 64/32, O'Neill 2014): the runtime's one random number
// generator. Specified with test vectors in docs/prng.md.
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/internal/multiply_low64.h"
#include "tinyfair_runtime/internal/no_fast_math.h"

namespace tinyfair::runtime {

/// A PCG32 stream. Same seed and stream, same draws, on every target.
/// Seeding follows the reference pcg32_srandom_r(), so the published
/// reference outputs are this class's test vectors.
class Pcg32 {
 public:
  static constexpr uint64_t kMultiplier = 6364136223846793005ULL;

  /// @param seed   any 64-bit value (the starting state)
  /// @param stream selects one of 2^63 independent sequences
  constexpr Pcg32(uint64_t seed, uint64_t stream) : state_(0), increment_((stream << 1U) | 1U) {
    Next();
    state_ += seed;
    Next();
  }

  /// A stream resumed from a recorded state and increment (see state()).
  static constexpr Pcg32 FromState(uint64_t state, uint64_t increment) {
    Pcg32 rng(0, 0);
    rng.state_ = state;
    rng.increment_ = increment | 1U;
    return rng;
  }

  /// The next uniform 32-bit draw.
  constexpr uint32_t Next() {
    const uint32_t draw = Peek();
    Advance();
    return draw;
  }

  /// The draw Next() would return, without taking it: a decision that may
  /// be refused reads it, and takes it (Advance) only once it is made, with
  /// no copy of the generator.
  constexpr uint32_t Peek() const {
    const uint32_t xorshifted = static_cast<uint32_t>(((state_ >> 18U) ^ state_) >> 27U);
    const uint32_t rotation = static_cast<uint32_t>(state_ >> 59U);
    return (xorshifted >> rotation) | (xorshifted << ((0U - rotation) & 31U));
  }

  /// Moves past the draw Peek() returns.
  constexpr void Advance() {
#if defined(__ARM_ARCH_6M__)
    // Cortex-M0: the same bits without libgcc's 64-bit multiply.
    state_ = internal::MultiplyLow64(state_, kMultiplier) + increment_;
#else
    state_ = state_ * kMultiplier + increment_;
#endif
  }

  /// The state, so that an audit log can record where a stream stood.
  constexpr uint64_t state() const { return state_; }
  constexpr uint64_t increment() const { return increment_; }

 private:
  uint64_t state_;
  uint64_t increment_;
};

}  // namespace tinyfair::runtime
