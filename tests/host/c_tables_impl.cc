// The one C++ source a C firmware adds for the tables path: it compiles the
// generated tables and their C functions.
#define TINYFAIR_DEMOTABLES_TABLES_IMPLEMENTATION
#include "demo_model_tables_c.h"
