// tinytest output on a target: semihosting stdout.
#include "targets/common/semihosting.h"
#include "tinytest.h"

namespace tinytest {

void Write(const char* text, size_t size) { tinyfair::target::Write(text, size); }

}  // namespace tinytest
