// Entry point of a tinytest binary, on the host and on every target.
#include "tinytest.h"

int main() { return tinytest::RunAllTests() == 0 ? 0 : 1; }
