// The key headers codegen --public-key writes, from C++: they compile as C++
// (both in one source: their guards and names keep them apart), and the key
// verifies through the C API as from C.
#include "public_key_header_from_cpp.h"

#include "golden_other_key.h"
#include "golden_test_key.h"
#include "tinyfair_runtime/tinyfair.h"

namespace {

static_assert(sizeof(kGoldenTestPublicKey) == 32);
static_assert(kGoldenTestPublicKeyId != kGoldenOtherPublicKeyId);

tinyfair_model g_model;

}  // namespace

extern "C" int VerifyWithKeyHeaderFromCpp(const uint8_t* file, size_t size) {
  tinyfair_load_options options{0, kGoldenTestPublicKey, 0};
  if (tinyfair_model_load_with_options(&g_model, file, size, &options) != TINYFAIR_OK) return 0;
  options.public_key = kGoldenOtherPublicKey;
  return tinyfair_model_load_with_options(&g_model, file, size, &options) == TINYFAIR_BAD_SIGNATURE
             ? 1
             : 0;
}
