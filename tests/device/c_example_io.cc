// C wrappers over the targets' semihosting functions.
#include "c_example_io.h"

#include "targets/common/semihosting.h"

extern "C" {

int example_open_binary(const char* path) {
  return tinyfair::target::Open(path, tinyfair::target::kOpenReadBinary);
}
long example_read(int handle, void* buffer, size_t size) {
  return tinyfair::target::Read(handle, buffer, size);
}
void example_close(int handle) { tinyfair::target::Close(handle); }
void example_write(const char* text, size_t size) { tinyfair::target::Write(text, size); }
long example_command_line(char* buffer, size_t size) {
  return tinyfair::target::GetCommandLine(buffer, size);
}

}  // extern "C"
