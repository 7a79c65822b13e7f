/* The C parity images' file and console access on the host (stdio), where
 * the boards use semihosting (tests/device/c_example_io.cc). */
#include <stdio.h>

#include "c_example_io.h"

static FILE* files[4];

int example_open_binary(const char* path) {
  for (int handle = 0; handle < (int)(sizeof(files) / sizeof(files[0])); ++handle) {
    if (files[handle] != NULL) continue;
    files[handle] = fopen(path, "rb");
    return files[handle] != NULL ? handle : -1;
  }
  return -1;
}

long example_read(int handle, void* buffer, size_t size) {
  return (long)fread(buffer, 1, size, files[handle]);
}

void example_close(int handle) {
  fclose(files[handle]);
  files[handle] = NULL;
}

void example_write(const char* text, size_t size) { fwrite(text, 1, size, stdout); }
