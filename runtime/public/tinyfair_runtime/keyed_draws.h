// Keyed draws: a draw that only the holder of a device key can predict or
// replay. Specified with test vectors in docs/prng.md.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// The draw for `counter` under `key`: the low 32 bits of
/// SipHash-2-4(key, the 8 little-endian bytes of counter). An auditor who
/// holds the key replays any recorded decision from its counter; without
/// the key, earlier draws say nothing about the next one.
inline uint32_t DrawAt(const uint8_t key[crypto::kSipHashKeyBytes], uint64_t counter) {
  uint8_t bytes[8] = {};
  for (size_t i = 0; i < sizeof(bytes); ++i) {
    bytes[i] = static_cast<uint8_t>(counter >> (8U * i));
  }
  return static_cast<uint32_t>(crypto::SipHash24(key, bytes, sizeof(bytes)));
}

/// A stream of keyed draws: draw i is DrawAt(key, start + i). The caller
/// persists counter() (docs/prng.md: reserve counters in blocks before using
/// them) so that no counter is ever used twice with the same key.
class KeyedDraws {
 public:
  constexpr KeyedDraws(const uint8_t key[crypto::kSipHashKeyBytes], uint64_t counter)
      : key_{}, counter_(counter) {
    for (size_t i = 0; i < crypto::kSipHashKeyBytes; ++i) key_[i] = key[i];
  }

  /// The draw for counter(), then the counter advances by one.
  uint32_t Next() { return DrawAt(key_, counter_++); }

  /// The counter the next draw will use.
  constexpr uint64_t counter() const { return counter_; }

 private:
  uint8_t key_[crypto::kSipHashKeyBytes];
  uint64_t counter_;
};

/// Decides with the next keyed draw, `decide(draw)` filling `out`, and
/// records its counter; a refused input takes no draw and leaves the counter
/// where it was. Every keyed Decide is this rule around its own decision.
template <typename DecideWithDraw>
Status DecideWithNextKeyedDraw(KeyedDraws& draws, Decision& out, DecideWithDraw decide) {
  KeyedDraws probe = draws;
  const uint64_t counter = probe.counter();
  const Status status = decide(probe.Next());
  if (!IsOk(status)) return status;
  out.counter = counter;
  draws = probe;
  return status;
}

}  // namespace tinyfair::runtime
