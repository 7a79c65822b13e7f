/* The key header from a C++ source (public_key_header_from_cpp.cc). */
#ifndef TINYFAIR_TESTS_PUBLIC_KEY_HEADER_FROM_CPP_H_
#define TINYFAIR_TESTS_PUBLIC_KEY_HEADER_FROM_CPP_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when the signed `file` loads through the C API from C++ under the key of
 * golden_test_key.h and is refused under golden_other_key.h's; 0 otherwise. */
int VerifyWithKeyHeaderFromCpp(const uint8_t* file, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_PUBLIC_KEY_HEADER_FROM_CPP_H_ */
