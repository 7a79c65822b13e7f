// Compile-time options of the runtime. Each one: #define it before the build
// (e.g. -DTINYFAIR_RUNTIME_CFG_STATUS_NAMES=0) to change its default.
#pragma once

#include "tinyfair_runtime/internal/no_fast_math.h"

// 1: StatusName() returns a readable name; 0: it returns "" and the names
// take no flash.
#ifndef TINYFAIR_RUNTIME_CFG_STATUS_NAMES
#define TINYFAIR_RUNTIME_CFG_STATUS_NAMES 1
#endif  // TINYFAIR_RUNTIME_CFG_STATUS_NAMES

static_assert(TINYFAIR_RUNTIME_CFG_STATUS_NAMES == 0 || TINYFAIR_RUNTIME_CFG_STATUS_NAMES == 1,
              "TINYFAIR_RUNTIME_CFG_STATUS_NAMES must be 0 or 1");

// 1: runtime-sized vectors are Eigen types with a compile-time maximum
// (Eigen::Map over the decoded fixed-capacity arrays: no copy, never the
// heap); 0: plain loops, for toolchains that ship no C++ standard library,
// which Eigen needs. Both compute the same bits: the vectors only hold
// exact coefficient-wise products, and every sum keeps its index order.
#ifndef TINYFAIR_RUNTIME_CFG_EIGEN
#define TINYFAIR_RUNTIME_CFG_EIGEN 1
#endif  // TINYFAIR_RUNTIME_CFG_EIGEN

static_assert(TINYFAIR_RUNTIME_CFG_EIGEN == 0 || TINYFAIR_RUNTIME_CFG_EIGEN == 1,
              "TINYFAIR_RUNTIME_CFG_EIGEN must be 0 or 1");

// The rule kinds the runtime supports, as a mask with bit k for RuleKind k
// (decision_tables.h): 0x01 threshold, 0x02 ramp, 0x04 two-threshold,
// 0x08 truncated logistic, 0x10 mixture, 0x20 regression. Load() refuses a
// model of any other kind with kUnsupportedRule, and only these kinds' code
// is linked: firmware that ships one kind of model can leave out the rest.
#ifndef TINYFAIR_RUNTIME_CFG_RULE_KINDS
#define TINYFAIR_RUNTIME_CFG_RULE_KINDS 0x3F
#endif  // TINYFAIR_RUNTIME_CFG_RULE_KINDS

static_assert(TINYFAIR_RUNTIME_CFG_RULE_KINDS > 0 && TINYFAIR_RUNTIME_CFG_RULE_KINDS <= 0x3F,
              "TINYFAIR_RUNTIME_CFG_RULE_KINDS must name at least one of the six rule kinds");

// The groups a FairnessMonitor holds counters for; 0: the schema's group
// capacity (model.options). Fewer saves RAM (80 bytes a group); the
// monitor refuses a model with more groups.
#ifndef TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS
#define TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS 0
#endif  // TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS

static_assert(TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS >= 0,
              "TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS must be 0 or a group count");

// The fairness monitor tests a group's rate and the gap at every k-th
// decision of the group's window (k a power of two): any subset of times
// keeps the alarm's false-alarm rate, an alarm comes at most k - 1 of the
// group's decisions later, and an update costs the test's logarithm, square
// root and divisions once in k (docs/monitor.md measures both).
#ifndef TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY
#define TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY 16
#endif  // TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY

static_assert(TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY >= 1 &&
                  (TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY &
                   (TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY - 1)) == 0,
              "TINYFAIR_RUNTIME_CFG_MONITOR_TEST_EVERY must be a power of two");

// 1: Load() verifies signed models (LoadOptions::public_key) with Ed25519;
// 0: the verifier is not linked and Load() refuses a key with
// kMissingFeature (signed files still load, unverified, without a key).
#ifndef TINYFAIR_RUNTIME_CFG_SIGNATURES
#define TINYFAIR_RUNTIME_CFG_SIGNATURES 1
#endif  // TINYFAIR_RUNTIME_CFG_SIGNATURES

static_assert(TINYFAIR_RUNTIME_CFG_SIGNATURES == 0 || TINYFAIR_RUNTIME_CFG_SIGNATURES == 1,
              "TINYFAIR_RUNTIME_CFG_SIGNATURES must be 0 or 1");

// 1: Load() computes the SHA-256 of every model it loads, which names the
// model in its decision records (model_hash.h) and in the monitor's reports;
// 0: for a firmware that keeps no records for audit, no digest is computed
// for an unsigned load and none is linked for it: digest() is all zero and
// every record carries model hash 0, the sign that the build kept none. A
// signed load with a key still hashes the model, to verify its signature.
#ifndef TINYFAIR_RUNTIME_CFG_DIGEST
#define TINYFAIR_RUNTIME_CFG_DIGEST 1
#endif  // TINYFAIR_RUNTIME_CFG_DIGEST

static_assert(TINYFAIR_RUNTIME_CFG_DIGEST == 0 || TINYFAIR_RUNTIME_CFG_DIGEST == 1,
              "TINYFAIR_RUNTIME_CFG_DIGEST must be 0 or 1");

// 1: models decide by float arithmetic, or by their integer scorer when
// they carry one; 0: integer models only (integer_decide.h), for cores
// without an FPU: Load() refuses a model without an integer scorer with
// kUnsupportedRule, Decide() with float inputs refuses every input with
// kUnsupportedRule (DecideInteger decides), and no decision links a
// soft-float routine.
#ifndef TINYFAIR_RUNTIME_CFG_FLOAT
#define TINYFAIR_RUNTIME_CFG_FLOAT 1
#endif  // TINYFAIR_RUNTIME_CFG_FLOAT

static_assert(TINYFAIR_RUNTIME_CFG_FLOAT == 0 || TINYFAIR_RUNTIME_CFG_FLOAT == 1,
              "TINYFAIR_RUNTIME_CFG_FLOAT must be 0 or 1");

// 1: a model whose rule carries an integer scorer (schema 1.5) loads and
// decides by it; 0: the integer path is left out of the decoder (1,856 B
// of flash on Cortex-M4F, docs/benchmarks.md) and Load() refuses such
// a model with kMissingFeature, for firmware that ships float models only.
#ifndef TINYFAIR_RUNTIME_CFG_INTEGER
#define TINYFAIR_RUNTIME_CFG_INTEGER 1
#endif  // TINYFAIR_RUNTIME_CFG_INTEGER

static_assert(TINYFAIR_RUNTIME_CFG_INTEGER == 0 || TINYFAIR_RUNTIME_CFG_INTEGER == 1,
              "TINYFAIR_RUNTIME_CFG_INTEGER must be 0 or 1");
static_assert(TINYFAIR_RUNTIME_CFG_FLOAT == 1 || TINYFAIR_RUNTIME_CFG_INTEGER == 1,
              "a runtime with neither float nor integer decisions decides nothing");
