/* The checks of the C tests: CHECK(condition) counts a pass or prints the
 * failed condition with its line; the test prints "N passed, M failed". */
#ifndef TINYFAIR_TESTS_C_CHECK_H_
#define TINYFAIR_TESTS_C_CHECK_H_

#include <stdio.h>

static int passed, failed;

#define CHECK(condition)                                                            \
  do {                                                                              \
    if (condition) {                                                                \
      ++passed;                                                                     \
    } else {                                                                        \
      ++failed;                                                                     \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                               \
  } while (0)

#endif /* TINYFAIR_TESTS_C_CHECK_H_ */
