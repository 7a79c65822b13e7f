// Compile-time options of the runtime. Each one: #define it before the build
// (e.g. -DTINYFAIR_RUNTIME_CFG_STATUS_NAMES=0) to change its default.
#pragma once

// 1: StatusName() returns a readable name; 0: it returns "" and the names
// take no flash.
#ifndef TINYFAIR_RUNTIME_CFG_STATUS_NAMES
#define TINYFAIR_RUNTIME_CFG_STATUS_NAMES 1
#endif  // TINYFAIR_RUNTIME_CFG_STATUS_NAMES

static_assert(TINYFAIR_RUNTIME_CFG_STATUS_NAMES == 0 ||
                  TINYFAIR_RUNTIME_CFG_STATUS_NAMES == 1,
              "TINYFAIR_RUNTIME_CFG_STATUS_NAMES must be 0 or 1");
