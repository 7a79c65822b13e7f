// A loaded tinyfair model: validated once at Load(), then Decide() per input.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/input_layout.h"
#include "tinyfair_runtime/internal/model_storage_bytes.h"
#include "tinyfair_runtime/keyed_draws.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {
namespace internal {
struct CheckedModel;
struct IntegerPath;
}  // namespace internal

#if TINYFAIR_RUNTIME_CFG_INTEGER
/// The integer path (schema 1.5): what checks, builds and decides a model
/// whose rule carries an integer scorer. Named by
/// Model::AcceptIntegerModels, and so linked only by a firmware that calls it.
extern const internal::IntegerPath kIntegerPath;
#endif  // TINYFAIR_RUNTIME_CFG_INTEGER

inline constexpr size_t kModelDigestBytes = 32;

/// Verifies a signature of a message under a public key
/// (crypto::VerifyEd25519's form).
using SignatureVerifier = bool (*)(const uint8_t* signature, const uint8_t* message, size_t size,
                                   const uint8_t* public_key);

/// What Load() requires of a model file beyond its own checks.
struct LoadOptions {
  /// The input layout the firmware was compiled for (the generated header's
  /// k<Name>InputLayoutHash); kAnyInputLayout accepts any layout.
  uint64_t input_layout_hash = kAnyInputLayout;
  /// 32 bytes, an Ed25519 public key: when set, only a signed file
  /// (tinyfair.SignedModel) whose signature verifies under this key loads.
  /// When null, both sealed and signed files load, and a signed file's
  /// signature is NOT checked (its inner model still is, CRC and all).
  const uint8_t* public_key = nullptr;
  /// The lowest Model.model_version accepted: an older model is refused
  /// with kRolledBack (the firmware keeps the minimum, e.g. the version it
  /// last loaded, in its own storage).
  uint32_t minimum_model_version = 0;
  /// Where Decide() reads the model's arrays from. false (the default): a
  /// copy in the model's storage, so the bytes may be reused once Load()
  /// returns. true: the bytes themselves, wherever an array lies aligned
  /// for its type (4 bytes), so the storage holds only what Load() derives
  /// (folded weights, category indices, draw bounds, decoded varints) and
  /// the bytes MUST stay readable and unchanged while the model is loaded:
  /// a firmware that receives updates keeps two slots (docs/firmware.md).
  bool in_place = false;
};

/// Storage that holds what Load() keeps of any model this build accepts,
/// arrays copied (LoadOptions::in_place false): the capacities' worst case.
/// A firmware that knows its model needs less: `inspect --footprint`, or
/// the generated header's k<Name>StorageBytes.
inline constexpr size_t kMaxModelStorageBytes = internal::kMaxStorageBytes;

/// A loaded model: the tables Decide() reads and what records name it by,
/// in a few hundred bytes; the arrays it reads are in storage the firmware
/// gives it (Model(storage, size), or ModelWithStorage<N>, which a load
/// through a Model& cannot see: load it as itself), or, loaded in
/// place, in the model's bytes. It never allocates.
///
/// Load() treats its bytes as untrusted: it checks the CRC, the schema
/// version, the capacities, then every index, count and number, and
/// measures the storage this model needs, all before it touches the model
/// it holds. After a successful Load(), Decide() checks only the inputs it
/// is given.
class Model {
 public:
  /// A model whose arrays go to `storage` (`size` bytes, any alignment: the
  /// first bytes up to an 8-byte boundary are not used).
  Model(uint8_t* storage, size_t size) { Attach(storage, size); }
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  /// Loads a model file. On any failure the model is left as it was: a
  /// refused update leaves the model loaded before deciding, bit for bit.
  Status Load(const uint8_t* bytes, size_t size) {
    return LoadWith(bytes, size, LoadOptions{}, nullptr);
  }

  /// Loads a model file whose inputs must have the layout the firmware was
  /// compiled for: `input_layout_hash` is the generated header's
  /// k<Name>InputLayoutHash. A model whose inputs differ in order, kind or
  /// categories (or that carries no layout hash) is refused with
  /// kInputLayoutMismatch; kAnyInputLayout accepts any layout.
  Status Load(const uint8_t* bytes, size_t size, uint64_t input_layout_hash) {
    LoadOptions options;
    options.input_layout_hash = input_layout_hash;
    return LoadWith(bytes, size, options, nullptr);
  }

  /// Loads a sealed (0x0D...) or signed (0x0A 0x40...) model file. In order:
  /// a signed file's envelope must be laid out as tinyfair's writer lays it
  /// out (else kMalformed); with a key, a bare file is kUnsignedModel and
  /// the signature of SHA-256(inner model) must verify (else
  /// kBadSignature); then the inner model's own checks (CRC, header),
  /// model_version against the minimum (kRolledBack), and the rest. All of
  /// it before the loaded model is touched.
  ///
  /// Inline so that the verifier is named in the firmware's own code: an
  /// image that never loads with options links no Ed25519 code (about
  /// 25 KB on Cortex-M0).
  Status Load(const uint8_t* bytes, size_t size, const LoadOptions& options) {
    return LoadWith(bytes, size, options, options.public_key != nullptr ? kVerifier : nullptr);
  }

  /// Loads a model file whose arrays Decide() reads where they lie
  /// (LoadOptions::in_place): `bytes` must stay readable and unchanged while
  /// the model is loaded. Names no verifier, as Load(bytes, size).
  Status LoadInPlace(const uint8_t* bytes, size_t size,
                     uint64_t input_layout_hash = kAnyInputLayout) {
    LoadOptions options;
    options.input_layout_hash = input_layout_hash;
    options.in_place = true;
    return LoadWith(bytes, size, options, nullptr);
  }

  /// Lets Load() accept models whose rule carries an integer scorer (schema
  /// 1.5, `tinyfair export --integer`), which then decide by it. Without
  /// this call such a model is refused with kMissingFeature and the image
  /// links none of the integer path (2,000 B on Cortex-M4F,
  /// docs/benchmarks.md): a firmware pays for it only when it decides
  /// integer models, as TensorFlow Lite Micro's links only the operators a
  /// firmware registers with its op resolver. It stays
  /// accepted for every later load. A build for integer models only
  /// (TINYFAIR_RUNTIME_CFG_FLOAT=0) accepts them without the call; a build
  /// without the integer path (TINYFAIR_RUNTIME_CFG_INTEGER=0) refuses them.
  void AcceptIntegerModels() {
#if TINYFAIR_RUNTIME_CFG_INTEGER && TINYFAIR_RUNTIME_CFG_FLOAT
    integer_path_ = &kIntegerPath;
#endif  // TINYFAIR_RUNTIME_CFG_INTEGER && TINYFAIR_RUNTIME_CFG_FLOAT
  }

  /// Drops the loaded model: Decide() then returns kNotLoaded.
  void Unload() {
    loaded_ = false;
    for (uint8_t& byte : digest_) byte = 0;
  }

  /// Decides for one input, taking one draw from `rng` when a decision is
  /// made. The record is always filled, with the status also returned.
  Status Decide(const DecisionInput& input, Pcg32& rng, Decision& out) const;

  /// Decides for one input with the next keyed draw (the draw an applicant
  /// cannot predict), recording its counter; a refused input takes none.
  Status Decide(const DecisionInput& input, KeyedDraws& draws, Decision& out) const;

  /// Decides with a draw the caller supplies (e.g. from a hardware entropy
  /// source, or to replay a recorded decision).
  Status DecideWithDraw(const DecisionInput& input, uint32_t draw, Decision& out) const;

  bool loaded() const { return loaded_; }
  size_t input_count() const { return loaded_ ? tables_.input_count : 0; }
  size_t group_count() const { return loaded_ ? tables_.group_count : 0; }
  /// The content_hash the file states (FNV-1a, written by the host): not
  /// checked by Load() and never used in records, since any file can state any.
  uint64_t content_hash() const { return loaded_ ? content_hash_ : 0; }
  /// SHA-256 of the sealed model bytes (a signed file's inner model),
  /// computed by Load(); kModelDigestBytes bytes, zero when not loaded.
  const uint8_t* digest() const { return digest_; }
  /// The model hash records carry: digest()'s first 8 bytes, big-endian
  /// (model_hash.h); 0 when not loaded.
  uint64_t model_hash() const { return loaded_ ? tables_.model_hash : 0; }
  /// The model's model_version (0 when not loaded or not stated).
  uint32_t model_version() const { return loaded_ ? model_version_ : 0; }
  /// The schema minor version the model states (0 when not loaded).
  uint32_t schema_minor() const { return loaded_ ? schema_minor_ : 0; }
  /// The model id, NUL-terminated ("" when not loaded).
  const char* model_id() const { return loaded_ ? model_id_ : ""; }
  /// The tables decisions read; valid while the model is loaded.
  const DecisionTables& tables() const { return tables_; }
  /// Per group, the positive rate measured when the rule was fitted
  /// (nullptr when not loaded).
  const float* reference_positive_rate() const { return loaded_ ? reference_rate_ : nullptr; }
  /// The fairness monitor's settings (0 when the model sets none).
  float monitor_alpha() const { return loaded_ ? monitor_alpha_ : 0.0f; }
  float monitor_tolerance() const { return loaded_ ? monitor_tolerance_ : 0.0f; }
  uint32_t monitor_window() const { return loaded_ ? monitor_window_ : 0; }
  /// Bytes of storage the loaded model uses; after a kStorageTooSmall, the
  /// bytes the refused model needs.
  size_t storage_needed() const { return storage_needed_; }

 protected:
  // For ModelWithStorage, whose loads attach its own storage.
  constexpr Model() = default;
  void Attach(uint8_t* storage, size_t size);

 private:
#if TINYFAIR_RUNTIME_CFG_SIGNATURES
  static constexpr SignatureVerifier kVerifier = &crypto::VerifyEd25519;
#else
  static constexpr SignatureVerifier kVerifier = nullptr;
#endif  // TINYFAIR_RUNTIME_CFG_SIGNATURES

  Status LoadWith(const uint8_t* bytes, size_t size, const LoadOptions& options,
                  SignatureVerifier verify);
  static Status Unwrap(const uint8_t*& bytes, size_t& size, const LoadOptions& options,
                       SignatureVerifier verify);
  Status LoadSealed(const uint8_t* bytes, size_t size, const LoadOptions& options);
  void KeepHeader(const internal::CheckedModel& checked);
  /// Decide() of a loaded model: by its integer scorer when it has one.
  Status DecideLoaded(const DecisionInput& input, uint32_t draw, Decision& out) const;

  // First: every Decide() reads it, and a Cortex-M0 loads a byte with an
  // immediate offset only within the first 32 bytes.
  bool loaded_ = false;
  uint32_t model_version_ = 0;
  DecisionTables tables_;
  const float* reference_rate_ = nullptr;
  uint8_t* storage_ = nullptr;
  size_t storage_size_ = 0;
  size_t storage_needed_ = 0;
  uint64_t content_hash_ = 0;
  uint32_t schema_minor_ = 0;
  float monitor_alpha_ = 0.0f;
  float monitor_tolerance_ = 0.0f;
  uint32_t monitor_window_ = 0;
  const char* model_id_ = nullptr;                       // in the storage, at its own length
  const internal::IntegerPath* integer_path_ = nullptr;  // AcceptIntegerModels
  uint8_t digest_[kModelDigestBytes] = {};
};

/// A Model with its storage beside it: `kStorageBytes` from the generated
/// header's k<Name>StorageBytes (or `inspect --footprint`) for a
/// firmware that ships one model, kMaxModelStorageBytes for any.
template <size_t kStorageBytes = kMaxModelStorageBytes>
class ModelWithStorage : public Model {
 public:
  // constexpr: a static one is zeroed .bss, with no constructor to run (a
  // constructor that pointed at the storage would cost every image about
  // 200 B of startup code); its loads point the model at its storage.
  constexpr ModelWithStorage() = default;

  /// Model::Load's forms, into this model's storage.
  template <typename... Options>
  Status Load(const uint8_t* bytes, size_t size, const Options&... options) {
    Attach(storage_, kStorageBytes);
    return Model::Load(bytes, size, options...);
  }
  Status LoadInPlace(const uint8_t* bytes, size_t size,
                     uint64_t input_layout_hash = kAnyInputLayout) {
    Attach(storage_, kStorageBytes);
    return Model::LoadInPlace(bytes, size, input_layout_hash);
  }

 private:
  alignas(8) uint8_t storage_[kStorageBytes] = {};
};

inline Status Model::Decide(const DecisionInput& input, KeyedDraws& draws, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  return DecideWithNextKeyedDraw(draws, out,
                                 [&](uint32_t draw) { return DecideLoaded(input, draw, out); });
}

}  // namespace tinyfair::runtime
