# Fails when a linked firmware image defines or references signature code:
# the runtime's Ed25519 verifier and libsodium's Ed25519 and SHA-512 (its
# verification hashes with SHA-512): what an image that never loads a
# signed model with a key must not pay for.
#
# Usage: cmake -DELF=<image.elf> [-DNM=<path to nm>] -P check_no_signature_code.cmake

cmake_minimum_required(VERSION 3.16)

include("${CMAKE_CURRENT_LIST_DIR}/image_symbols.cmake")
tinyfair_image_symbols(check_no_signature_code "${ELF}" "${NM}" symbols)

# libsodium's names (crypto_sign_ed25519_verify_detached and its internal
# _crypto_sign_ed25519_verify_detached, the group and field arithmetic
# ge25519_* / fe25519_* / sc25519_*, crypto_hash_sha512*) and the runtime's
# crypto::VerifyEd25519 (mangled, so matched anywhere in the name).
set(patterns
  "^_?crypto_sign_ed25519"
  "^_?crypto_hash_sha512"
  "^(ge|fe|sc)25519_"
  "VerifyEd25519")

tinyfair_symbols_matching("${symbols}" "${patterns}" offenders)

if(offenders)
  message("check_no_signature_code: ${ELF} links signature code:\n${offenders}"
          "Find who calls it with the linker's -Wl,--trace-symbol=<name>.")
  message(FATAL_ERROR "check_no_signature_code: FAILED")
endif()
message(STATUS "check_no_signature_code: OK, no Ed25519 or SHA-512 symbol in ${ELF}")
