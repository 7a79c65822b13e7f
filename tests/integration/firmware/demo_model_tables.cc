// The tables of `tinyfair codegen --tables --language c --name DemoModel`:
// one C++ source of the firmware compiles their definitions, the C sources
// call DecideDemoModel (DecideIntegerDemoModel for an int16 model).
#define TINYFAIR_DEMOMODEL_TABLES_IMPLEMENTATION
#include "demo_model_tables_c.h"
