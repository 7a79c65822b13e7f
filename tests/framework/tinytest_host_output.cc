// tinytest output on the host: stdout.
#include <stdio.h>

#include "tinytest.h"

namespace tinytest {

void Write(const char* text, size_t size) {
  fwrite(text, 1, size, stdout);
  fflush(stdout);
}

}  // namespace tinytest
