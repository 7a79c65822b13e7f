/* Runs a generated unit test (codegen --unit-test) on the host, as a
 * firmware's test runner does on its device: the print hook writes to
 * standard output, and the exit status is the test's result. */
#include <stdio.h>

int tinyfair_unit_test_DemoModel(void);
void tinyfair_unit_test_print(const char* text);

void tinyfair_unit_test_print(const char* text) { fputs(text, stdout); }

int main(void) {
  const int result = tinyfair_unit_test_DemoModel();
  printf("tinyfair_unit_test_DemoModel returned %d\n", result);
  return result;
}
