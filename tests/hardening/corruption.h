// Corrupted copies of a sealed model, loaded one by one: every truncation,
// every single-bit flip, and seeded random multi-byte corruptions, each both
// as stored (the CRC must catch it) and re-sealed with a correct CRC (so
// that it reaches the decoder and the validator). Every copy must be
// refused with a named status, or load into tables that pass CheckTables()
// and decide inputs within CheckDecision(). Heap-free: the caller owns the
// model storage and the scratch buffer, so it runs on every board.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/model.h"

namespace tinyfair::hardening {

/// Writes the CRC of bytes[5..size) into bytes[1..5), as the exporter does.
void Reseal(uint8_t* bytes, size_t size);

enum class Corruption : uint8_t {
  kTruncated,
  kTruncatedResealed,
  kBitFlip,
  kBitFlipResealed,
  kRandom,
  kRandomResealed,
};
inline constexpr size_t kCorruptionKinds = 6;
const char* CorruptionName(Corruption kind);
inline constexpr bool IsResealed(Corruption kind) {
  return kind == Corruption::kTruncatedResealed || kind == Corruption::kBitFlipResealed ||
         kind == Corruption::kRandomResealed;
}

/// Load() statuses, counted by value.
struct StatusCounts {
  uint32_t by_status[16] = {};
  void Add(runtime::Status status) { ++by_status[static_cast<uint8_t>(status) & 15U]; }
  uint32_t Total() const;
  uint32_t Accepted() const { return by_status[0]; }
};

struct CampaignBudget {
  /// Random multi-byte corruptions of each kind (as stored, re-sealed).
  uint32_t random_corruptions = 10000;
  /// Inputs decided on every corrupted model that loads.
  uint32_t decisions_per_accepted = 16;
  /// Re-sealed bit flips: every stride-th bit (1: all of them).
  uint32_t resealed_bit_stride = 1;
  uint64_t seed = 1;
};

struct CampaignResult {
  StatusCounts counts[kCorruptionKinds];
  /// Decisions checked on corrupted models that loaded.
  uint32_t decisions = 0;
  uint32_t violations = 0;
  /// The first violation: what, and which corrupted copy.
  const char* first_violation = nullptr;
  Corruption first_violation_kind = Corruption::kTruncated;
  uint32_t first_violation_index = 0;
};

/// Called for every corrupted copy that loads, after the common checks;
/// returns nullptr or what is wrong. The host tests decide again from
/// exactly sized copies of the tables, so AddressSanitizer sees any read
/// past the model's real counts.
using AcceptedCheck = const char* (*)(const runtime::Model& model, runtime::Pcg32& rng,
                                      void* context);

/// Runs the whole campaign on the sealed model `bytes`. `scratch` needs
/// size + 16 bytes.
void RunCorruptionCampaign(const uint8_t* bytes, size_t size, uint8_t* scratch, size_t scratch_size,
                           runtime::ModelWithStorage<>& model, const CampaignBudget& budget,
                           CampaignResult& result, AcceptedCheck check = nullptr,
                           void* context = nullptr);

}  // namespace tinyfair::hardening
