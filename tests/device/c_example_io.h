/* Host file and console access for the C example firmware (semihosting). */
#ifndef TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_
#define TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int example_open_binary(const char* path);
long example_read(int handle, void* buffer, size_t size);
void example_close(int handle);
void example_write(const char* text, size_t size);

/* Little-endian integers of the files the examples read (.tfv, .tfi). */
static inline uint32_t example_little32(const uint8_t* b) {
  return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}

static inline uint64_t example_little64(const uint8_t* b) {
  return (uint64_t)example_little32(b) | ((uint64_t)example_little32(b + 4) << 32);
}

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_ */
