/* The part of Zephyr's ztest API (zephyr/ztest.h, Zephyr 3.x) that a
 * generated unit test uses, for compiling and running its ztest form on the
 * host where Zephyr is not installed: ZTEST_SUITE registers nothing, ZTEST
 * defines ztest_<suite>_<test>(), zassert_equal fails the process. */
#ifndef TINYFAIR_TESTS_ZTEST_STUB_H_
#define TINYFAIR_TESTS_ZTEST_STUB_H_

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define printk printf

/* Zephyr's signature: name, predicate, setup, before, after, teardown. */
#define ZTEST_SUITE(suite, predicate, setup, before, after, teardown) \
  extern int ztest_suite_##suite##_declared

#define ZTEST(suite, test)           \
  void ztest_##suite##_##test(void); \
  void ztest_##suite##_##test(void)

#define zassert_equal(a, b, message)                 \
  do {                                               \
    if ((a) != (b)) {                                \
      printf("zassert_equal failed: %s\n", message); \
      exit(1);                                       \
    }                                                \
  } while (0)

#endif /* TINYFAIR_TESTS_ZTEST_STUB_H_ */
