// The semihosting console for the firmware's C sources.
#include <stddef.h>

#include "targets/common/semihosting.h"

extern "C" void firmware_print(const char* text, size_t size);

extern "C" void firmware_print(const char* text, size_t size) {
  tinyfair::target::Write(text, size);
}
