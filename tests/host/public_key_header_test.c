/* The public key as firmware compiles it in (codegen --public-key), from C:
 * the signed golden model verifies under the header's key through the C API
 * and is refused under another key's; the key id the header states is the
 * one the model's signature envelope names; the same header compiles as C++
 * and verifies there (public_key_header_from_cpp.cc). Prints "N passed, M
 * failed" and exits non-zero on a failure. */
#include <stdio.h>
#include <string.h>

#include "c_check.h"
#include "golden_SignedRampModel_c.h"
#include "golden_other_key.h"
#include "golden_test_key.h"
#include "public_key_header_from_cpp.h"
#include "tinyfair_runtime/tinyfair.h"

static tinyfair_model model;

/* The key id of a SignedModel file: field 2 (fixed64, tag 0x11) after the
 * 64-byte signature (0x0A 0x40 ...), little-endian. */
static int envelope_key_id(const uint8_t* file, size_t size, uint64_t* id) {
  int i;
  if (size < 75 || file[0] != 0x0A || file[1] != 0x40 || file[66] != 0x11) return 0;
  *id = 0;
  for (i = 7; i >= 0; --i) *id = (*id << 8) | file[67 + i];
  return 1;
}

int main(void) {
  uint64_t id = 0;
  tinyfair_load_options options = {0, kGoldenTestPublicKey, 3};

  CHECK(sizeof(kGoldenTestPublicKey) == 32);
  CHECK(envelope_key_id(kSignedRampModel, kSignedRampModelSize, &id));
  CHECK(id == kGoldenTestPublicKeyId);
  CHECK(id != kGoldenOtherPublicKeyId);

  /* Under the header's key, at the model's own version as the minimum. */
  CHECK(tinyfair_model_load_with_options(&model, kSignedRampModel, kSignedRampModelSize,
                                         &options) == TINYFAIR_OK);
  CHECK(tinyfair_model_version(&model) == 3);
  CHECK(tinyfair_model_hash(&model) == kSignedRampModelHash);

  /* Another key's header: a bad signature, and the loaded model stays. */
  options.public_key = kGoldenOtherPublicKey;
  CHECK(tinyfair_model_load_with_options(&model, kSignedRampModel, kSignedRampModelSize,
                                         &options) == TINYFAIR_BAD_SIGNATURE);
  CHECK(tinyfair_model_loaded(&model) && tinyfair_model_version(&model) == 3);
  /* The right key's bytes with one bit changed. */
  {
    uint8_t flipped[sizeof(kGoldenTestPublicKey)];
    memcpy(flipped, kGoldenTestPublicKey, sizeof(flipped));
    flipped[5] ^= 0x10;
    options.public_key = flipped;
    CHECK(tinyfair_model_load_with_options(&model, kSignedRampModel, kSignedRampModelSize,
                                           &options) != TINYFAIR_OK);
  }
  /* The version read back is the next load's minimum: a rollback past it is
   * refused. */
  options.public_key = kGoldenTestPublicKey;
  options.minimum_model_version = tinyfair_model_version(&model) + 1;
  CHECK(tinyfair_model_load_with_options(&model, kSignedRampModel, kSignedRampModelSize,
                                         &options) == TINYFAIR_ROLLED_BACK);

  /* The same header from C++: the same key, verifying the same file. */
  CHECK(VerifyWithKeyHeaderFromCpp(kSignedRampModel, kSignedRampModelSize) == 1);

  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
