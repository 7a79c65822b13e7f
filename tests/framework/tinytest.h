// tinytest: a heap-free subset of the GoogleTest API, so that the runtime's
// unit tests are the same sources on the host and on every emulated target.
// Output follows GoogleTest's format.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinytest {

/// One test. TEST() places a pointer to it in the section `tinytest_cases`
/// (the linker gathers them between __start_tinytest_cases and
/// __stop_tinytest_cases), so registering a test costs flash, not RAM, and
/// runs no constructor: how many tests an image holds never depends on the
/// board's RAM.
struct TestCase {
  const char* suite;
  const char* name;
  void (*body)();
};

/// Runs every registered test; returns the number of failed tests.
int RunAllTests();

/// Records a failed expectation in the running test.
void Fail(const char* file, int line, const char* expression);
void FailEqual(const char* file, int line, const char* expected_text, const char* actual_text,
               long long expected, long long actual);
bool CurrentTestFailed();

/// Writes text to the test output. The host build writes to stdout; each
/// target implements it with semihosting.
void Write(const char* text, size_t size);
void WriteString(const char* text);
void WriteNumber(long long value);

}  // namespace tinytest

#define TINYTEST_CONCAT_(a, b) a##b
#define TINYTEST_CONCAT(a, b) TINYTEST_CONCAT_(a, b)

// A pointer per test in `tinytest_cases`: pointers have one size and
// alignment, so the section is an array whatever the compiler pads objects to.
#define TINYTEST_REGISTRATION __attribute__((used, section("tinytest_cases")))

#define TEST(suite, name)                                                         \
  static void TINYTEST_CONCAT(suite##_##name, _Body)();                           \
  static const ::tinytest::TestCase TINYTEST_CONCAT(suite##_##name, _Case) = {    \
      #suite, #name, &TINYTEST_CONCAT(suite##_##name, _Body)};                    \
  TINYTEST_REGISTRATION static const ::tinytest::TestCase* const TINYTEST_CONCAT( \
      suite##_##name, _Registration) = &TINYTEST_CONCAT(suite##_##name, _Case);   \
  static void TINYTEST_CONCAT(suite##_##name, _Body)()

#define EXPECT_TRUE(condition)                                          \
  do {                                                                  \
    if (!(condition)) ::tinytest::Fail(__FILE__, __LINE__, #condition); \
  } while (0)
#define EXPECT_FALSE(condition) EXPECT_TRUE(!(condition))

// Compares as integers (status codes, counts, bit patterns, enums).
#define EXPECT_EQ(expected, actual)                                                     \
  do {                                                                                  \
    const long long tinytest_expected_ = static_cast<long long>(expected);              \
    const long long tinytest_actual_ = static_cast<long long>(actual);                  \
    if (tinytest_expected_ != tinytest_actual_) {                                       \
      ::tinytest::FailEqual(__FILE__, __LINE__, #expected, #actual, tinytest_expected_, \
                            tinytest_actual_);                                          \
    }                                                                                   \
  } while (0)
#define EXPECT_NE(a, b) EXPECT_TRUE(static_cast<long long>(a) != static_cast<long long>(b))

#define ASSERT_TRUE(condition)                          \
  do {                                                  \
    if (!(condition)) {                                 \
      ::tinytest::Fail(__FILE__, __LINE__, #condition); \
      return;                                           \
    }                                                   \
  } while (0)
#define ASSERT_EQ(expected, actual)              \
  do {                                           \
    EXPECT_EQ(expected, actual);                 \
    if (::tinytest::CurrentTestFailed()) return; \
  } while (0)
