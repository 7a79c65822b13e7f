// The tinytest runner: GoogleTest-style output, a count of failures.
#include "tinytest.h"

#include <string.h>

// The bounds of the section TEST() fills (tinytest.h): the GNU linker
// defines them for a section named like a C identifier; the boards' linker
// scripts define them where they place the section in flash.
extern "C" {
extern const tinytest::TestCase* const __start_tinytest_cases[];
extern const tinytest::TestCase* const __stop_tinytest_cases[];
}

namespace tinytest {
namespace {

bool g_current_failed = false;

void WriteLine(const char* tag, const TestCase& test) {
  WriteString(tag);
  WriteString(test.suite);
  WriteString(".");
  WriteString(test.name);
  WriteString("\n");
}

}  // namespace

void WriteString(const char* text) { Write(text, strlen(text)); }

void WriteNumber(long long value) {
  char digits[24];
  size_t n = 0;
  unsigned long long magnitude = value < 0 ? 0ULL - static_cast<unsigned long long>(value)
                                           : static_cast<unsigned long long>(value);
  do {
    digits[n++] = static_cast<char>('0' + magnitude % 10U);
    magnitude /= 10U;
  } while (magnitude != 0U);
  if (value < 0) digits[n++] = '-';
  char text[24];
  for (size_t i = 0; i < n; ++i) text[i] = digits[n - 1 - i];
  Write(text, n);
}

void Fail(const char* file, int line, const char* expression) {
  g_current_failed = true;
  WriteString(file);
  WriteString(":");
  WriteNumber(line);
  WriteString(": Failure\n  expected true: ");
  WriteString(expression);
  WriteString("\n");
}

void FailEqual(const char* file, int line, const char* expected_text, const char* actual_text,
               long long expected, long long actual) {
  g_current_failed = true;
  WriteString(file);
  WriteString(":");
  WriteNumber(line);
  WriteString(": Failure\n  Expected equality of these values:\n    ");
  WriteString(expected_text);
  WriteString("\n      Which is: ");
  WriteNumber(expected);
  WriteString("\n    ");
  WriteString(actual_text);
  WriteString("\n      Which is: ");
  WriteNumber(actual);
  WriteString("\n");
}

bool CurrentTestFailed() { return g_current_failed; }

int RunAllTests() {
  const int total = static_cast<int>(__stop_tinytest_cases - __start_tinytest_cases);
  int failed = 0;
  WriteString("[==========] Running ");
  WriteNumber(total);
  WriteString(" tests.\n");
  for (const TestCase* const* entry = __start_tinytest_cases; entry != __stop_tinytest_cases;
       ++entry) {
    const TestCase& test = **entry;
    g_current_failed = false;
    WriteLine("[ RUN      ] ", test);
    test.body();
    if (g_current_failed) {
      ++failed;
      WriteLine("[  FAILED  ] ", test);
    } else {
      WriteLine("[       OK ] ", test);
    }
  }
  WriteString("[==========] ");
  WriteNumber(total);
  WriteString(" tests ran.\n[  PASSED  ] ");
  WriteNumber(total - failed);
  WriteString(" tests.\n");
  if (failed > 0) {
    WriteString("[  FAILED  ] ");
    WriteNumber(failed);
    WriteString(" tests.\n");
  }
  WriteNumber(total - failed);
  WriteString(" passed, ");
  WriteNumber(failed);
  WriteString(" failed\n");
  return failed;
}

}  // namespace tinytest
