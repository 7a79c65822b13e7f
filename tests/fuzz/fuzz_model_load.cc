// libFuzzer: Model::Load on untrusted bytes, then decide() on inputs taken
// from the rest of the data. The input is
//   byte 0       flags: bit 0 re-seals the CRC (so that mutations reach the
//                decoder and the validator), bit 1 also loads the bytes as
//                given first, bit 2 loads with a public key (RFC 8032
//                section 7.1 test 1's, the key of the signed golden model):
//                then only a file signed by that key may load
//   bytes 1, 2   model length L, little-endian (cut to what is there)
//   L bytes      the model file
//   the rest     decisions: [control][draw, 4 bytes][group] then one
//                selector byte per input (see Value())
// Every decision is checked against the invariants (tests/hardening) and
// decided again from exactly sized copies of the tables, so that
// AddressSanitizer sees any read past the model's counts.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "tests/fuzz/test_public_key.h"
#include "tests/hardening/corruption.h"
#include "tests/hardening/exact_tables.h"
#include "tests/hardening/invariants.h"
#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
namespace hardening = tinyfair::hardening;

constexpr size_t kMaxDecisions = 64;

[[noreturn]] void Violation(const char* what) {
  fprintf(stderr, "fuzz_model_load: %s\n", what);
  abort();
}

uint32_t Little32(const uint8_t* b) {
  return static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8U) |
         (static_cast<uint32_t>(b[2]) << 16U) | (static_cast<uint32_t>(b[3]) << 24U);
}

// Reads the decision records one byte at a time; 0 once they run out.
struct Script {
  const uint8_t* data;
  size_t size;
  uint8_t Byte() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  float RawFloat() {
    uint8_t b[4] = {Byte(), Byte(), Byte(), Byte()};
    float value;
    memcpy(&value, b, sizeof(value));
    return value;
  }
};

// A selector byte: 0xFF takes a raw float from the next four bytes; 0xF8 to
// 0xFE are special values; below that, a category index (count itself being
// the unknown one) for a categorical input, a small number for a numeric one.
float Value(Script& script, bool categorical, uint32_t count) {
  const uint8_t selector = script.Byte();
  if (selector == 0xFF) return script.RawFloat();
  if (selector >= 0xF8) {
    const float kSpecial[] = {
        __builtin_nanf(""), __builtin_inff(), -__builtin_inff(), 3.0e38f, -3.0e38f, 0.5f, -1.0f};
    return kSpecial[selector - 0xF8];
  }
  if (categorical) return static_cast<float>(selector % (count + 1));
  return static_cast<float>(static_cast<int8_t>(selector)) / 8.0f;
}

ModelWithStorage<> g_model;

using tinyfair::fuzz::kTestPublicKey;

// With a key, what loaded must be a signed file whose signature verifies
// over the digest of the model that was loaded.
void CheckSignedLoad(const std::vector<uint8_t>& bytes) {
  if (bytes.size() < 66 || bytes[0] != 0x0A || bytes[1] != 0x40) {
    Violation("a load with a key accepted an unsigned file");
  }
  if (!crypto::VerifyEd25519(bytes.data() + 2, g_model.digest(), kModelDigestBytes,
                             kTestPublicKey)) {
    Violation("a load with a key accepted a signature that does not verify");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  g_model.AcceptIntegerModels();
  if (size < 3) return 0;
  const uint8_t flags = data[0];
  size_t length = static_cast<size_t>(data[1]) | (static_cast<size_t>(data[2]) << 8U);
  if (length > size - 3) length = size - 3;
  // The model in a block of its own, so that any over-read is seen.
  std::vector<uint8_t> bytes(data + 3, data + 3 + length);
  // A refused load keeps the model as it was: loaded or not, the same hash.
  LoadOptions options;
  if ((flags & 4U) != 0) options.public_key = kTestPublicKey;
  const auto load = [&bytes, &options]() {
    const bool was_loaded = g_model.loaded();
    const uint64_t hash = g_model.content_hash();
    const Status status = g_model.Load(bytes.data(), bytes.size(), options);
    if (status != Status::kOk &&
        (g_model.loaded() != was_loaded || g_model.content_hash() != hash)) {
      Violation("a refused load changed the model");
    }
    return status;
  };
  if ((flags & 2U) != 0) (void)load();
  if ((flags & 1U) != 0) hardening::Reseal(bytes.data(), bytes.size());
  const Status status = load();
  if (*StatusName(status) == '\0') Violation("Load() returned an unnamed status");
  if (status != Status::kOk) return 0;
  if (options.public_key != nullptr) CheckSignedLoad(bytes);
  const DecisionTables& tables = g_model.tables();
  if (const char* what = hardening::CheckTables(tables)) Violation(what);
  const hardening::ExactTables exact(tables);

  Script script{data + 3 + length, size - 3 - length};
  float values[hardening::kInputValuesCapacity];
  for (size_t d = 0; d < kMaxDecisions && script.size >= 6; ++d) {
    const uint8_t control = script.Byte();
    uint8_t draw_bytes[4] = {script.Byte(), script.Byte(), script.Byte(), script.Byte()};
    const uint32_t draw = Little32(draw_bytes);
    DecisionInput input;
    input.group = script.Byte();
    uint32_t k = 0;
    for (uint32_t i = 0; i <= tables.input_count; ++i) {
      const bool categorical = k < tables.categorical_count && tables.categorical_input[k] == i;
      values[i] = Value(script, categorical, categorical ? tables.category_count_of[k] : 0);
      if (categorical) ++k;
    }
    input.values = (control & 4U) != 0 ? nullptr : values;
    input.count = tables.input_count;
    if ((control & 1U) != 0) input.count += (control & 2U) != 0 ? 1 : -1;

    Decision from_model, from_exact;
    const Status a = g_model.DecideWithDraw(input, draw, from_model);
    const Status b = Decide(exact.tables(), input, draw, from_exact);
    if (a != b || !hardening::SameDecision(from_model, from_exact)) {
      Violation("exactly sized tables decide otherwise");
    }
    if (const char* what = hardening::CheckDecision(tables, input, draw, a, from_model)) {
      Violation(what);
    }
  }
  return 0;
}
