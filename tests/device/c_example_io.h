/* Host file and console access for the C example firmware (semihosting). */
#ifndef TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_
#define TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

int example_open_binary(const char* path);
long example_read(int handle, void* buffer, size_t size);
void example_close(int handle);
void example_write(const char* text, size_t size);
/* The boards' semihosting command line (the image path, a space and QEMU's
 * -append text) with its NUL; its length, or -1 (c_example_io.cc only). */
long example_command_line(char* buffer, size_t size);

/* Little-endian integers of the files the examples read (.tfv, .tfi). */
static inline uint32_t example_little32(const uint8_t* b) {
  return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}

static inline uint64_t example_little64(const uint8_t* b) {
  return (uint64_t)example_little32(b) | ((uint64_t)example_little32(b + 4) << 32);
}

/* The bytes of a vectors file's header (.tfv: "TFV1", .tfi: "TFI1"): its
 * magic, input count, row count, seed and stream. */
enum { kExampleVectorsHeaderBytes = 28 };

/* Opens a vectors file and reads its header, which must start with `magic`
 * (4 characters); the handle, or -1 (nothing left open). */
static inline int example_open_vectors(const char* path, const char* magic,
                                       uint8_t header[kExampleVectorsHeaderBytes]) {
  const int file = example_open_binary(path);
  if (file < 0) return -1;
  if (example_read(file, header, kExampleVectorsHeaderBytes) != kExampleVectorsHeaderBytes ||
      memcmp(header, magic, 4) != 0) {
    example_close(file);
    return -1;
  }
  return file;
}

/* Writes `value` in decimal. */
static inline void example_write_decimal(uint32_t value) {
  char digits[12];
  size_t n = 0;
  do {
    digits[sizeof(digits) - 1 - n++] = (char)('0' + value % 10);
    value /= 10;
  } while (value != 0);
  example_write(digits + sizeof(digits) - n, n);
}

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_ */
