/* The three helpers of libsodium's utils.c that the verifier, SHA-2 and
 * SipHash call. utils.c itself also locks pages, allocates guarded memory
 * and reads the system's random source, none of which a freestanding
 * runtime has; these keep its contracts (constant time, no early exit). */
#include <stddef.h>

void sodium_memzero(void* const pnt, const size_t len);
int sodium_memcmp(const void* const b1_, const void* const b2_, size_t len);
int sodium_is_zero(const unsigned char* n, const size_t nlen);

/* Volatile stores: the compiler may not drop the wipe of a dead buffer. */
void sodium_memzero(void* const pnt, const size_t len) {
  volatile unsigned char* const bytes = (volatile unsigned char*)pnt;
  for (size_t i = 0; i < len; i++) bytes[i] = 0U;
}

/* 0 when equal, -1 otherwise, after reading every byte. */
int sodium_memcmp(const void* const b1_, const void* const b2_, size_t len) {
  const volatile unsigned char* const b1 = (const volatile unsigned char*)b1_;
  const volatile unsigned char* const b2 = (const volatile unsigned char*)b2_;
  unsigned int difference = 0U;
  for (size_t i = 0; i < len; i++) difference |= (unsigned int)(b1[i] ^ b2[i]);
  return (int)((1U & ((difference - 1U) >> 8)) - 1U);
}

/* 1 when every byte is zero, 0 otherwise, after reading every byte. */
int sodium_is_zero(const unsigned char* n, const size_t nlen) {
  const volatile unsigned char* const bytes = n;
  unsigned int bits = 0U;
  for (size_t i = 0; i < nlen; i++) bits |= bytes[i];
  return (int)(1U & ((bits - 1U) >> 8));
}
