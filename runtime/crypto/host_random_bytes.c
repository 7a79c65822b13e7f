/* libsodium's randombytes_buf for the host's signing half: keypair.c's
 * crypto_sign_ed25519_keypair draws its seed with it. From the kernel's
 * random source (getrandom), which blocks until it is seeded; a failure
 * other than an interruption aborts rather than return a predictable key. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/random.h>

void randombytes_buf(void* const buf, const size_t size);

void randombytes_buf(void* const buf, const size_t size) {
  unsigned char* bytes = (unsigned char*)buf;
  size_t filled = 0;
  while (filled < size) {
    const ssize_t got = getrandom(bytes + filled, size - filled, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) abort();
    filled += (size_t)got;
  }
}
