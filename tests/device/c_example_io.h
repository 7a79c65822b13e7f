/* Host file and console access for the C example firmware (semihosting). */
#ifndef TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_
#define TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

int example_open_binary(const char* path);
long example_read(int handle, void* buffer, size_t size);
void example_close(int handle);
void example_write(const char* text, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_DEVICE_C_EXAMPLE_IO_H_ */
