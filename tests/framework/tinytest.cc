// The tinytest runner: GoogleTest-style output, a count of failures.
#include "tinytest.h"

#include <string.h>

namespace tinytest {
namespace {

TestCase* g_first = nullptr;
TestCase* g_last = nullptr;
bool g_current_failed = false;

void WriteLine(const char* tag, const TestCase& test) {
  WriteString(tag);
  WriteString(test.suite);
  WriteString(".");
  WriteString(test.name);
  WriteString("\n");
}

}  // namespace

Registrar::Registrar(TestCase* test) {
  // Keep registration order, so output follows the source.
  if (g_last == nullptr) {
    g_first = test;
  } else {
    g_last->next = test;
  }
  g_last = test;
}

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
  int total = 0;
  int failed = 0;
  for (TestCase* test = g_first; test != nullptr; test = test->next) ++total;
  WriteString("[==========] Running ");
  WriteNumber(total);
  WriteString(" tests.\n");
  for (TestCase* test = g_first; test != nullptr; test = test->next) {
    g_current_failed = false;
    WriteLine("[ RUN      ] ", *test);
    test->body();
    if (g_current_failed) {
      ++failed;
      WriteLine("[  FAILED  ] ", *test);
    } else {
      WriteLine("[       OK ] ", *test);
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
