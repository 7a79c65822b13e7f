#include "tests/hardening/corruption.h"

#include <string.h>

#include "tests/hardening/invariants.h"
#include "tinyfair_runtime/crc32.h"

namespace tinyfair::hardening {
namespace {

using runtime::Decision;
using runtime::DecisionInput;
using runtime::Model;
using runtime::ModelWithStorage;
using runtime::Pcg32;
using runtime::Status;

// Field 1 (fixed32): the tag byte and four CRC bytes.
constexpr size_t kCrcFieldSize = 5;
constexpr size_t kMaxGrowth = 16;

// Load() may answer only with the statuses that describe a model file.
bool IsLoadStatus(Status status) {
  switch (status) {
    case Status::kOk:
    case Status::kEmptyModel:
    case Status::kMissingCrc:
    case Status::kCrcMismatch:
    case Status::kMalformed:
    case Status::kUnsupportedVersion:
    case Status::kCapacityExceeded:
    case Status::kInvalidModel:
    case Status::kUnsupportedRule:
    case Status::kMissingFeature:
      return true;
    default:
      return false;
  }
}

uint32_t Below(Pcg32& rng, uint32_t bound) { return bound == 0 ? 0 : rng.Next() % bound; }

// One random multi-byte corruption of `original` into `out`; returns the new
// size. Re-sealed copies keep the CRC field's five bytes, which resealing
// rewrites anyway, so that every change reaches the decoder.
size_t Corrupt(const uint8_t* original, size_t size, uint8_t* out, size_t capacity, Pcg32& rng,
               bool resealed) {
  memcpy(out, original, size);
  const size_t first = resealed ? kCrcFieldSize : 0;
  if (size <= first + 1) return size;
  const uint32_t span = static_cast<uint32_t>(size - first);
  size_t n = size;
  switch (Below(rng, 7)) {
    case 0: {  // a few scattered bytes
      const uint32_t count = 2 + Below(rng, 7);
      for (uint32_t i = 0; i < count; ++i) {
        out[first + Below(rng, span)] = static_cast<uint8_t>(rng.Next());
      }
      break;
    }
    case 1: {  // a burst of random bytes
      const uint32_t length = 2 + Below(rng, 15);
      const size_t at = first + Below(rng, span);
      for (uint32_t i = 0; i < length && at + i < n; ++i) {
        out[at + i] = static_cast<uint8_t>(rng.Next());
      }
      break;
    }
    case 2: {  // bytes inserted
      const uint32_t length = 1 + Below(rng, 8);
      const size_t at = first + Below(rng, span + 1);
      if (n + length > capacity) break;
      memmove(out + at + length, out + at, n - at);
      for (uint32_t i = 0; i < length; ++i) out[at + i] = static_cast<uint8_t>(rng.Next());
      n += length;
      break;
    }
    case 3: {  // bytes deleted
      const size_t at = first + Below(rng, span);
      uint32_t length = 1 + Below(rng, 8);
      if (at + length > n) length = static_cast<uint32_t>(n - at);
      memmove(out + at, out + at + length, n - at - length);
      n -= length;
      break;
    }
    case 4: {  // a range copied over another
      const size_t from = first + Below(rng, span);
      const size_t to = first + Below(rng, span);
      const uint32_t length = 2 + Below(rng, 15);
      for (uint32_t i = 0; i < length && from + i < n && to + i < n; ++i) {
        out[to + i] = original[from + i];
      }
      break;
    }
    case 5: {  // a run of 0x00 or 0xFF
      const uint8_t fill = (rng.Next() & 1U) != 0 ? 0xFFU : 0x00U;
      const uint32_t length = 2 + Below(rng, 10);
      const size_t at = first + Below(rng, span);
      for (uint32_t i = 0; i < length && at + i < n; ++i) out[at + i] = fill;
      break;
    }
    default: {  // two bytes with single bits flipped
      for (int i = 0; i < 2; ++i) {
        out[first + Below(rng, span)] ^= static_cast<uint8_t>(1U << Below(rng, 8));
      }
      break;
    }
  }
  if (n == size && memcmp(out, original, size) == 0) {
    // The change undid itself: change one more byte so every copy differs.
    out[first + Below(rng, span)] ^= static_cast<uint8_t>(1U + Below(rng, 255));
  }
  return n;
}

class Campaign {
 public:
  Campaign(ModelWithStorage<>& model, const CampaignBudget& budget, CampaignResult& result,
           AcceptedCheck check, void* context)
      : model_(model),
        budget_(budget),
        result_(result),
        check_(check),
        context_(context),
        rng_(budget.seed, 0x4841524445ULL) {}

  void Load(Corruption kind, uint32_t index, const uint8_t* bytes, size_t size) {
    const bool was_loaded = model_.loaded();
    const uint64_t hash = model_.content_hash();
    const Status status = model_.Load(bytes, size);
    result_.counts[static_cast<size_t>(kind)].Add(status);
    if (!IsLoadStatus(status)) return Violation(kind, index, "Load() returned a decision status");
    if (status != Status::kOk) {
      // A refused load keeps the model as it was: loaded or not, the same hash.
      if (model_.loaded() != was_loaded || model_.content_hash() != hash) {
        return Violation(kind, index, "a refused load changed the model");
      }
      Decision decision;
      DecisionInput input;
      if (!was_loaded && model_.DecideWithDraw(input, 0, decision) != Status::kNotLoaded) {
        return Violation(kind, index, "a refused model decides");
      }
      return;
    }
    if (!model_.loaded()) return Violation(kind, index, "kOk, yet not loaded");
    if (const char* what = CheckTables(model_.tables())) return Violation(kind, index, what);
    for (uint32_t i = 0; i < budget_.decisions_per_accepted; ++i) {
      if (const char* what = DecideOnce()) return Violation(kind, index, what);
    }
    if (check_ != nullptr) {
      if (const char* what = check_(model_, rng_, context_)) return Violation(kind, index, what);
    }
  }

  // Seeds the corruptions too, so that one seed fixes the whole campaign.
  Pcg32& rng() { return rng_; }

 private:
  // One random input, decided with a PRNG and again with its draw.
  const char* DecideOnce() {
    float values[kInputValuesCapacity];
    DecisionInput input;
    RandomInput(model_.tables(), rng_, values, input);
    Pcg32 stream(rng_.Next(), 5);
    const Pcg32 before = stream;
    Pcg32 probe = stream;
    const uint32_t draw = probe.Next();
    Decision decided, replayed;
    const Status status = model_.Decide(input, stream, decided);
    ++result_.decisions;
    if (const char* what = CheckDecision(model_.tables(), input, draw, status, decided)) {
      return what;
    }
    const bool advanced = stream.state() != before.state();
    if (advanced != (status == Status::kOk)) {
      return "the PRNG moved on a refusal, or not on a decision";
    }
    const Status again = model_.DecideWithDraw(input, draw, replayed);
    if (again != status || !SameDecision(decided, replayed)) {
      return "replaying the draw decides otherwise";
    }
    return nullptr;
  }

  void Violation(Corruption kind, uint32_t index, const char* what) {
    if (result_.violations++ == 0) {
      result_.first_violation = what;
      result_.first_violation_kind = kind;
      result_.first_violation_index = index;
    }
  }

  ModelWithStorage<>& model_;
  const CampaignBudget& budget_;
  CampaignResult& result_;
  AcceptedCheck check_;
  void* context_;
  Pcg32 rng_;
};

}  // namespace

void Reseal(uint8_t* bytes, size_t size) {
  if (size < kCrcFieldSize) return;
  const uint32_t crc = runtime::Crc32(bytes + kCrcFieldSize, size - kCrcFieldSize);
  for (size_t i = 0; i < 4; ++i) bytes[1 + i] = static_cast<uint8_t>(crc >> (8U * i));
}

const char* CorruptionName(Corruption kind) {
  switch (kind) {
    case Corruption::kTruncated:
      return "truncated";
    case Corruption::kTruncatedResealed:
      return "truncated, resealed";
    case Corruption::kBitFlip:
      return "bit flip";
    case Corruption::kBitFlipResealed:
      return "bit flip, resealed";
    case Corruption::kRandom:
      return "random";
    case Corruption::kRandomResealed:
      return "random, resealed";
  }
  return "?";
}

uint32_t StatusCounts::Total() const {
  uint32_t total = 0;
  for (uint32_t count : by_status) total += count;
  return total;
}

void RunCorruptionCampaign(const uint8_t* bytes, size_t size, uint8_t* scratch, size_t scratch_size,
                           ModelWithStorage<>& model, const CampaignBudget& budget,
                           CampaignResult& result, AcceptedCheck check, void* context) {
  result = CampaignResult{};
  Campaign campaign(model, budget, result, check, context);
  if (scratch_size < size + kMaxGrowth) {
    result.violations = 1;
    result.first_violation = "scratch buffer too small";
    return;
  }
  // Every truncation, as stored and re-sealed.
  for (size_t n = 0; n < size; ++n) {
    campaign.Load(Corruption::kTruncated, static_cast<uint32_t>(n), bytes, n);
    memcpy(scratch, bytes, n);
    Reseal(scratch, n);
    campaign.Load(Corruption::kTruncatedResealed, static_cast<uint32_t>(n), scratch, n);
  }
  // Every single-bit flip as stored; re-sealed, every flip the CRC field
  // does not absorb (a flip inside it is undone by resealing).
  memcpy(scratch, bytes, size);
  for (size_t bit = 0; bit < size * 8; ++bit) {
    const uint8_t mask = static_cast<uint8_t>(1U << (bit % 8));
    scratch[bit / 8] ^= mask;
    campaign.Load(Corruption::kBitFlip, static_cast<uint32_t>(bit), scratch, size);
    const size_t byte = bit / 8;
    if ((byte == 0 || byte >= kCrcFieldSize) && bit % budget.resealed_bit_stride == 0) {
      Reseal(scratch, size);
      campaign.Load(Corruption::kBitFlipResealed, static_cast<uint32_t>(bit), scratch, size);
      memcpy(scratch + 1, bytes + 1, 4);
    }
    scratch[bit / 8] ^= mask;
  }
  // Seeded random multi-byte corruptions.
  for (uint32_t i = 0; i < budget.random_corruptions; ++i) {
    size_t n = Corrupt(bytes, size, scratch, scratch_size, campaign.rng(), false);
    campaign.Load(Corruption::kRandom, i, scratch, n);
    n = Corrupt(bytes, size, scratch, scratch_size, campaign.rng(), true);
    Reseal(scratch, n);
    campaign.Load(Corruption::kRandomResealed, i, scratch, n);
  }
}

}  // namespace tinyfair::hardening
