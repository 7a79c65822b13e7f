/* Runs the ztest form of a generated unit test on the host, against the
 * stub of ztest's macros (zephyr_stub/zephyr/ztest.h). */
#include <stdio.h>

void ztest_tinyfair_DemoModel_test_records_equal_simulate(void);

int main(void) {
  ztest_tinyfair_DemoModel_test_records_equal_simulate();
  puts("ztest tinyfair_DemoModel: passed");
  return 0;
}
