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

// 1: the runtime keeps runtime-sized vectors in Eigen fixed-capacity types;
// 0: plain arrays, for toolchains that ship no C++ standard library (Eigen
// needs <cmath>): Debian's riscv64-unknown-elf has only C headers. Both give
// the same bits: Eigen is used for exact coefficient-wise products only.
#ifndef TINYFAIR_RUNTIME_CFG_EIGEN
#define TINYFAIR_RUNTIME_CFG_EIGEN 1
#endif  // TINYFAIR_RUNTIME_CFG_EIGEN

static_assert(TINYFAIR_RUNTIME_CFG_EIGEN == 0 || TINYFAIR_RUNTIME_CFG_EIGEN == 1,
              "TINYFAIR_RUNTIME_CFG_EIGEN must be 0 or 1");
