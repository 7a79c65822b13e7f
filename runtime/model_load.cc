// Model::Load: checks the untrusted bytes (model_check.cc) without touching
// the working model, measures the storage the model needs, then builds the
// tables Decide() reads from the check's decoding (table_builder.cc): one
// decoding of the bytes, no working copy of the message.
#include <stddef.h>
#include <string.h>

#include "integer_path.h"
#include "model_check.h"
#include "signed_model.h"
#include "table_builder.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/internal/rule_kinds.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/model_hash.h"
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::runtime {
namespace {

// Field 1 (crc32), wire type 5 (fixed32): the first byte of every model file.
constexpr uint8_t kCrcTag = (1U << 3U) | 5U;
constexpr size_t kCrcFieldSize = 5;
constexpr size_t kStorageAlignment = 8;

bool CrcMatches(const uint8_t* bytes, size_t size) {
  const uint32_t stored_crc =
      static_cast<uint32_t>(bytes[1]) | (static_cast<uint32_t>(bytes[2]) << 8U) |
      (static_cast<uint32_t>(bytes[3]) << 16U) | (static_cast<uint32_t>(bytes[4]) << 24U);
  return Crc32(bytes + kCrcFieldSize, size - kCrcFieldSize) == stored_crc;
}

internal::ArrayPlacement PlacementOf(const LoadOptions& options) {
  return options.in_place ? internal::ArrayPlacement::kInPlace : internal::ArrayPlacement::kCopy;
}

// The storage a checked model needs, measured by the code that fills it.
// Not inlined: the tables it builds only to count are in this frame, not in
// Load's, which is deepest while the check runs.
__attribute__((noinline)) size_t StorageNeeded(const internal::CheckedModel& checked,
                                               internal::ArrayPlacement placement,
                                               const internal::IntegerPath* integer_path) {
  internal::StorageArena counter;
  DecisionTables scratch;
  internal::KeptBesideTables scratch_kept;
  internal::BuildTables(checked, placement, counter, integer_path, scratch, scratch_kept);
  return counter.used();
}

}  // namespace

void Model::Attach(uint8_t* storage, size_t size) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(storage);
  const size_t skip = (kStorageAlignment - at % kStorageAlignment) % kStorageAlignment;
  storage_ = storage == nullptr || size < skip ? nullptr : storage + skip;
  storage_size_ = storage_ == nullptr ? 0 : size - skip;
}

// The sealed model inside `bytes` (the file itself, or a signed file's inner
// model), its signature checked when `options` name a key.
Status Model::Unwrap(const uint8_t*& bytes, size_t& size, const LoadOptions& options,
                     SignatureVerifier verify) {
  if (!internal::LooksSigned(bytes, size)) {
    if (options.public_key == nullptr) return Status::kOk;
    return bytes[0] == kCrcTag ? Status::kUnsignedModel : Status::kMissingCrc;
  }
  internal::SignedEnvelope envelope;
  if (!internal::ReadSignedEnvelope(bytes, size, envelope)) return Status::kMalformed;
  bytes = envelope.model;
  size = envelope.model_size;
  if (options.public_key == nullptr) return Status::kOk;
  // A key and no verifier: a build without signatures (config.h).
  if (verify == nullptr) return Status::kMissingFeature;
  if (envelope.key_id != internal::KeyIdOf(options.public_key)) return Status::kBadSignature;
  uint8_t digest[crypto::kSha256Bytes];
  crypto::Sha256(bytes, size, digest);
  if (!verify(envelope.signature, digest, sizeof(digest), options.public_key)) {
    return Status::kBadSignature;
  }
  return Status::kOk;
}

Status Model::LoadWith(const uint8_t* bytes, size_t size, const LoadOptions& options,
                       SignatureVerifier verify) {
  if (bytes == nullptr || size == 0) return Status::kEmptyModel;
  if (const Status status = Unwrap(bytes, size, options, verify); !IsOk(status)) return status;
  return LoadSealed(bytes, size, options);
}

// Not inlined: the check's decoding lives in this frame, which a signed
// load enters only after the signature verifier has returned.
__attribute__((noinline)) Status Model::LoadSealed(const uint8_t* bytes, size_t size,
                                                   const LoadOptions& options) {
  if (size < kCrcFieldSize || bytes[0] != kCrcTag) return Status::kMissingCrc;
  if (!CrcMatches(bytes, size)) return Status::kCrcMismatch;
  // Read once: the calls below could change the member, as far as the
  // compiler knows.
  const internal::IntegerPath* integer_path = integer_path_;
  internal::CheckedModel checked;
  if (const Status status =
          internal::CheckModel(bytes, size, options.input_layout_hash,
                               options.minimum_model_version, integer_path, checked);
      !IsOk(status)) {
    return status;
  }
  if (const size_t needed = StorageNeeded(checked, PlacementOf(options), integer_path);
      needed > storage_size_) {
    storage_needed_ = needed;
    return Status::kStorageTooSmall;
  }
  // The digest names the model in records; computed before the working
  // model changes so that a refused update leaves the old one's. A build
  // that keeps none leaves it zero (config.h).
  uint8_t digest[kModelDigestBytes];
  if (internal::kKeepsDigest) {
    crypto::Sha256(bytes, size, digest);
  } else {
    memset(digest, 0, sizeof(digest));
  }
  // Every check has passed and the storage is large enough: only now is
  // the working model replaced, by steps that cannot fail.
  loaded_ = false;
  internal::StorageArena arena(storage_, storage_size_);
  internal::KeptBesideTables kept;
  internal::BuildTables(checked, PlacementOf(options), arena, integer_path, tables_, kept);
  reference_rate_ = kept.reference_rate;
  model_id_ = kept.model_id;
  storage_needed_ = arena.used();
  KeepHeader(checked);
  memcpy(digest_, digest, sizeof(digest_));
  tables_.model_hash = ModelHashOfDigest(digest_);
  loaded_ = true;
  return Status::kOk;
}

// What the model states about itself, for logs, records and the monitor.
void Model::KeepHeader(const internal::CheckedModel& checked) {
  const tinyfair_check_Model& m = checked.m;
  content_hash_ = m.content_hash;
  model_version_ = m.model_version;
  schema_minor_ = m.schema_minor;
  monitor_alpha_ = m.monitor_alpha;
  monitor_tolerance_ = m.monitor_tolerance;
  monitor_window_ = m.monitor_window;
}

// Only a model loaded through the integer path has integer tables; a build
// for integer models only decides no float inputs (DecideByFloatScorer
// refuses them).
Status Model::DecideLoaded(const DecisionInput& input, uint32_t draw, Decision& out) const {
  if (internal::kFloatDecisions && internal::kIntegerDecisions && tables_.integer != nullptr) {
    return integer_path_->decide(tables_, input, draw, out);
  }
  return DecideByFloatScorer(tables_, input, draw, out);
}

Status Model::DecideWithDraw(const DecisionInput& input, uint32_t draw, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  return DecideLoaded(input, draw, out);
}

Status Model::Decide(const DecisionInput& input, Pcg32& rng, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  const Status status = DecideLoaded(input, rng.Peek(), out);
  if (IsOk(status)) rng.Advance();
  return status;
}

}  // namespace tinyfair::runtime
