// The firmware's test runner: the generated unit test of the model it ships
// (`tinyfair codegen --unit-test --name DemoModel`), its print hook on the
// semihosting console and its result the image's exit status (0: every
// record equal to tinyfair simulate's; else the first that differs).
#include "targets/common/semihosting.h"

extern "C" int tinyfair_unit_test_DemoModel(void);
extern "C" void tinyfair_unit_test_print(const char* text);

extern "C" void tinyfair_unit_test_print(const char* text) { tinyfair::target::WriteString(text); }

int main() { return tinyfair_unit_test_DemoModel(); }
