// Measures the runtime on a board, for bench/run_runtime_benchmarks.sh:
//  - the stack depth of Model::Load and Model::Decide for every golden model
//    (every rule kind and group form), the demo model and the benchmark
//    models, and of the codegen path (DecideAs over constexpr tables);
//  - the emulated time of many calls of Model::Decide, of the codegen path,
//    of FairnessMonitor::Update alone and after Model::Decide, and of a
//    plain C dot-product loop, of one PCG32 draw, one keyed draw (SipHash)
//    and Model::Decide with keyed draws, of the integer path (DecideInteger
//    over the model quantised to int16, codegen tables) and a plain int16
//    dot-product loop with one compare, for 8, 32 and 128 inputs, of Update (alone
//    and after Decide) on a monitor of 32 groups, and of a loop of known
//    length, from which the script computes instructions per
//    call when QEMU runs with -icount shift=0;
//  - what trusting a model costs (verify_costs.py): one Ed25519
//    verification of a model digest with a valid and with an invalid
//    signature, SHA-256 of the signed golden model's inner model, and
//    Model::Load of that signed file with the public key against Load of the
//    same model unsigned, timed and with their stack depths.
// Prints one line per figure ("stack ...", "ticks ...", "calibration ...",
// "verify ...").
//
// Built with TINYFAIR_BENCH_TRACE=1, it instead makes one call of each
// function between two marker functions, for QEMU's per-instruction trace
// (-singlestep -d exec,nochain): the script counts the instructions between
// the markers, exactly, and by function.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench/runtime/instruction_counter.h"
#include "bench/runtime/plain_loop.h"
#include "bench/runtime/stack_probe.h"
#include "bench_models.h"
#include "demo_model.h"
#include "targets/common/semihosting.h"
#include "test_models.h"
#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/keyed_draws.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/sha256.h"

#ifndef TINYFAIR_BENCH_TRACE
#define TINYFAIR_BENCH_TRACE 0
#endif

namespace {

using namespace tinyfair::runtime;
namespace bench = tinyfair::bench;
namespace target = tinyfair::target;

// Two numbers of calls: their difference cancels the constant costs around
// the loop, and is large enough that a timer tick (40 to 63 instructions on
// these boards) is a small fraction of an instruction per call. The
// calibration loop runs two instructions per iteration.
constexpr uint32_t kCallsA = 100;
constexpr uint32_t kCallsB = 1100;
constexpr uint32_t kSpinA = 1000;
constexpr uint32_t kSpinB = 1001000;

ModelWithStorage<> g_model;
FairnessMonitor g_monitor;

// The monitor restarted with 32 groups (the same object: its capacity is the
// schema's, and the micro:bit has no RAM for a second one). The benchmark
// models have 2 groups, but the test's scan for the parity gap runs over
// every group.
constexpr uint32_t kManyGroups = 32;
static_assert(kManyGroups <= kMonitorGroups, "the runtime's monitor holds 32 groups");
float g_many_reference[kManyGroups];

void Line(const char* kind, const char* name, const char* key, long value) {
  target::WriteString(kind);
  target::WriteString(" ");
  target::WriteString(name);
  target::WriteString(" ");
  target::WriteString(key);
  target::WriteString(" ");
  target::WriteDecimal(value);
  target::WriteString("\n");
}

int Fail(const char* what, const char* name, Status status) {
  target::WriteString("error ");
  target::WriteString(what);
  target::WriteString(" ");
  target::WriteString(name);
  target::WriteString(": ");
  target::WriteString(StatusName(status));
  target::WriteString("\n");
  return 1;
}

// Stack depth of Load and Decide for one model and one input.
int MeasureStack(const char* name, const uint8_t* bytes, size_t size, const DecisionInput& input) {
  Status status = Status::kOk;
  const size_t load =
      bench::StackUse([&]() __attribute__((always_inline)) { status = g_model.Load(bytes, size); });
  if (status != Status::kOk) return Fail("load", name, status);
  Pcg32 rng(1, 2);
  Decision decision;
  const size_t decide = bench::StackUse([&]() __attribute__((always_inline)) {
    status = g_model.Decide(input, rng, decision);
  });
  if (status != Status::kOk) return Fail("decide", name, status);
  Line("stack", name, "load", static_cast<long>(load));
  Line("stack", name, "decide", static_cast<long>(decide));
  return 0;
}

int MeasureStacks() {
  // The golden models' inputs: x, colour, sex, z (see make_golden_models).
  const float golden[] = {1.5f, 1.0f, 0.0f, -2.5f};
  for (const auto& model : tinyfair_models::kGoldenModels) {
    if (MeasureStack(model.name, model.bytes, model.size, {golden, 4, 0}) != 0) return 1;
  }
  // test_score, experience, manager_rating, region, group.
  const float demo[] = {60.0f, 5.0f, 2.5f, 1.0f, 0.0f};
  if (MeasureStack("DemoModel", tinyfair_models::kDemoModel, tinyfair_models::kDemoModelSize,
                   {demo, 5, 0}) != 0) {
    return 1;
  }
  char name[] = "BenchRampD000";
  for (const auto& model : tinyfair_models::kBenchModels) {
    const uint32_t d = model.input_count;
    name[10] = static_cast<char>('0' + d / 100);
    name[11] = static_cast<char>('0' + d / 10 % 10);
    name[12] = static_cast<char>('0' + d % 10);
    const DecisionInput input{model.input, d, 0};
    if (MeasureStack(name, model.bytes, model.size, input) != 0) return 1;
    Pcg32 rng(1, 2);
    Decision decision;
    Status status = Status::kOk;
    const size_t tables = bench::StackUse([&]() __attribute__((always_inline)) {
      status = model.decide(input, rng, decision);
    });
    if (status != Status::kOk) return Fail("codegen decide", name, status);
    Line("stack", name, "decide_tables", static_cast<long>(tables));
  }
  return 0;
}

// A device key for the keyed draws (any key costs the same).
constexpr uint8_t kBenchKey[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

// What each measured call works on.
struct Case {
  DecisionInput input;
  Pcg32 rng{1, 2};
  KeyedDraws keyed{kBenchKey, 0};
  uint32_t draw = 0;
  Decision decision;
  Status status = Status::kOk;
  const tinyfair_models::BenchModel* bench = nullptr;
  const float* weights = nullptr;
  float threshold = 0.0f;
  // The integer path: the quantised model's input, weights and group 0's ramp start.
  IntegerInput integer_input;
  const int16_t* integer_weights = nullptr;
  int32_t integer_threshold = 0;
  bool positive = false;
  // The next group a decision is counted for on the 32-group monitor.
  uint32_t next_group = 0;
};

void CallNothing(void*) {}

void CallModelDecide(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = g_model.Decide(c.input, c.rng, c.decision);
}

void CallModelDecideKeyed(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = g_model.Decide(c.input, c.keyed, c.decision);
}

// One draw of each generator, alone: what a keyed draw costs over PCG32's.
void CallPcg32Draw(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.draw = c.rng.Next();
}

void CallKeyedDraw(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.draw = c.keyed.Next();
}

void CallCodegenDecide(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = c.bench->decide(c.input, c.rng, c.decision);
}

// The monitor's update of the last decision; its tolerance keeps the alarm
// down, so every update runs the whole test.
void CallMonitorUpdate(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = g_monitor.Update(c.decision);
}

void CallDecideAndUpdate(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = g_model.Decide(c.input, c.rng, c.decision);
  if (c.status == Status::kOk) c.status = g_monitor.Update(c.decision);
}

// The decision made last, counted for each of the 32 groups in turn, so
// that every group's test runs (every 16th of its updates) and scans all.
void CallManyGroupUpdate(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.decision.group = c.next_group;
  c.next_group = (c.next_group + 1) % kManyGroups;
  c.status = g_monitor.Update(c.decision);
}

// The rotation alone: the harness's part of the two calls above (what they
// do besides Decide, Update and storing the status), measured so that it can
// be taken out of them.
void CallRotateGroup(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.decision.group = c.next_group;
  c.next_group = (c.next_group + 1) % kManyGroups;
}

void CallDecideAndManyGroupUpdate(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = g_model.Decide(c.input, c.rng, c.decision);
  if (c.status != Status::kOk) return;
  c.decision.group = c.next_group;
  c.next_group = (c.next_group + 1) % kManyGroups;
  c.status = g_monitor.Update(c.decision);
}

// The model's own reference, widened to 32 groups (rates spread over 0.1 ..
// 0.9): the decisions are the model's, so the monitor accepts them.
Status StartManyGroupMonitor() {
  MonitorReference reference = MonitorReferenceOf(g_model);
  for (uint32_t g = 0; g < kManyGroups; ++g) {
    g_many_reference[g] = 0.1f + 0.8f * static_cast<float>(g) / (kManyGroups - 1);
  }
  reference.group_count = kManyGroups;
  reference.reference_rate = g_many_reference;
  reference.settings = {0.05f, 0.999f, 0};
  return g_monitor.Start(reference);
}

void CallPlainLoop(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.positive = tinyfair_bench_plain_decide(c.weights, c.input.values, c.input.count, c.threshold);
}

void CallIntegerDecide(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.status = c.bench->decide_integer(c.integer_input, c.rng, c.decision);
}

void CallPlainIntegerLoop(void* context) {
  Case& c = *static_cast<Case*>(context);
  c.positive = tinyfair_bench_plain_integer_decide(c.integer_weights, c.integer_input.values,
                                                   c.integer_input.count, c.integer_threshold);
}

#if TINYFAIR_BENCH_TRACE
// noipa: never merged with each other or inlined, so that each shows in the
// trace under its own name.
extern "C" __attribute__((noipa)) void tinyfair_bench_trace_begin() {}
extern "C" __attribute__((noipa)) void tinyfair_bench_trace_end() {}

void Time(const char* name, const char* function, void (*fn)(void*), Case& c) {
  Line("trace", name, function, 1);
  tinyfair_bench_trace_begin();
  fn(&c);
  tinyfair_bench_trace_end();
}
#else
void Time(const char* name, const char* function, void (*fn)(void*), Case& c) {
  Line("ticks", name, function, static_cast<long>(bench::CallTicks(fn, &c, kCallsA)));
  Line("ticks", name, function, static_cast<long>(bench::CallTicks(fn, &c, kCallsB)));
}
#endif

int MeasureInstructions() {
  if (!TINYFAIR_BENCH_TRACE) {
    bench::StartCounter();
    Line("calibration", "spin", "iterations", static_cast<long>(kSpinA));
    Line("calibration", "spin", "ticks", static_cast<long>(bench::CalibrationTicks(kSpinA)));
    Line("calibration", "spin", "iterations", static_cast<long>(kSpinB));
    Line("calibration", "spin", "ticks", static_cast<long>(bench::CalibrationTicks(kSpinB)));
    Line("calls", "all", "a", static_cast<long>(kCallsA));
    Line("calls", "all", "b", static_cast<long>(kCallsB));
  }
  char name[] = "d000";
  for (const auto& model : tinyfair_models::kBenchModels) {
    const uint32_t d = model.input_count;
    name[1] = static_cast<char>('0' + d / 100);
    name[2] = static_cast<char>('0' + d / 10 % 10);
    name[3] = static_cast<char>('0' + d % 10);
    const Status status = g_model.Load(model.bytes, model.size);
    if (status != Status::kOk) return Fail("load", name, status);
    Case c;
    c.input = DecisionInput{model.input, d, 0};
    c.bench = &model;
    // The same folded weights the runtime multiplies with, and group 0's
    // ramp threshold.
    c.weights = g_model.tables().weights;
    c.threshold = g_model.tables().groups.threshold[0];
    Time(name, "empty", CallNothing, c);
    Time(name, "model_decide", CallModelDecide, c);
    if (c.status != Status::kOk) return Fail("decide", name, c.status);
    Time(name, "codegen_decide", CallCodegenDecide, c);
    if (c.status != Status::kOk) return Fail("codegen decide", name, c.status);
    Time(name, "model_decide_keyed", CallModelDecideKeyed, c);
    if (c.status != Status::kOk) return Fail("keyed decide", name, c.status);
    Time(name, "pcg32_draw", CallPcg32Draw, c);
    Time(name, "keyed_draw", CallKeyedDraw, c);
    MonitorReference reference = MonitorReferenceOf(g_model);
    reference.settings = {0.05f, 0.999f, 0};
    const Status started = g_monitor.Start(reference);
    if (started != Status::kOk) return Fail("monitor start", name, started);
    Time(name, "monitor_update", CallMonitorUpdate, c);
    if (c.status != Status::kOk) return Fail("monitor update", name, c.status);
    Time(name, "decide_and_update", CallDecideAndUpdate, c);
    if (c.status != Status::kOk) return Fail("decide and update", name, c.status);
    const Status many_started = StartManyGroupMonitor();
    if (many_started != Status::kOk) return Fail("32-group monitor start", name, many_started);
    Time(name, "monitor_update_g32", CallManyGroupUpdate, c);
    if (c.status != Status::kOk) return Fail("32-group monitor update", name, c.status);
    Time(name, "decide_and_update_g32", CallDecideAndManyGroupUpdate, c);
    if (c.status != Status::kOk) return Fail("decide and 32-group update", name, c.status);
    Time(name, "rotate_group", CallRotateGroup, c);
    Time(name, "plain_loop", CallPlainLoop, c);
    c.integer_input = IntegerInput{model.integer_input, d, 0};
    c.integer_weights = model.integer_tables->integer->weights;
    c.integer_threshold = model.integer_tables->integer->ramp_start[0];
    Time(name, "integer_decide", CallIntegerDecide, c);
    if (c.status != Status::kOk) return Fail("integer decide", name, c.status);
    Time(name, "plain_integer_loop", CallPlainIntegerLoop, c);
  }
  return 0;
}

// ---- What trusting a model costs: the signed golden model (the small ramp
// model at model_version 3, signed by make_golden_models with the test key)
// and its inner model, the same model unsigned.

// A signed Load verifies an Ed25519 signature: millions of instructions on
// Cortex-M0, so a few calls keep each loop within SysTick's 24 bits.
constexpr uint32_t kSlowCallsA = 1;
constexpr uint32_t kSlowCallsB = 6;
// One SHA-256 block: 55 bytes and the 9 of the padding.
constexpr size_t kOneBlockBytes = 55;
// The writer's layout: 0x0A 0x40, then the 64 signature bytes.
constexpr size_t kSignatureAt = 2;
constexpr size_t kInnerAt =
    tinyfair_models::kSignedRampModelSize - tinyfair_models::kVersionedRampModelSize;

struct SignedCase {
  const uint8_t* signature = tinyfair_models::kSignedRampModel + kSignatureAt;
  uint8_t digest[crypto::kSha256Bytes] = {};
  // The digest of a model changed after signing (one bit of the digest).
  uint8_t tampered_digest[crypto::kSha256Bytes] = {};
  uint8_t out[crypto::kSha256Bytes] = {};
  LoadOptions with_key;
  bool verified = false;
  Status status = Status::kOk;
};

void CallSha256Model(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  crypto::Sha256(tinyfair_models::kVersionedRampModel, tinyfair_models::kVersionedRampModelSize,
                 c.out);
}

void CallSha256OneBlock(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  crypto::Sha256(tinyfair_models::kVersionedRampModel, kOneBlockBytes, c.out);
}

void CallVerifyValid(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  c.verified = crypto::VerifyEd25519(c.signature, c.digest, sizeof(c.digest),
                                     tinyfair_models::kTestPublicKey);
}

void CallVerifyInvalid(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  c.verified = crypto::VerifyEd25519(c.signature, c.tampered_digest, sizeof(c.tampered_digest),
                                     tinyfair_models::kTestPublicKey);
}

void CallLoadSigned(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  c.status = g_model.Load(tinyfair_models::kSignedRampModel, tinyfair_models::kSignedRampModelSize,
                          c.with_key);
}

// The signed file without a key: its envelope read, its signature not checked.
void CallLoadSignedWithoutKey(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  c.status = g_model.Load(tinyfair_models::kSignedRampModel, tinyfair_models::kSignedRampModelSize);
}

void CallLoadUnsigned(void* context) {
  SignedCase& c = *static_cast<SignedCase*>(context);
  c.status =
      g_model.Load(tinyfair_models::kVersionedRampModel, tinyfair_models::kVersionedRampModelSize);
}

// "verify <function> <calls> <ticks>" for two numbers of calls.
void TimeSigned(const char* function, void (*fn)(void*), SignedCase& c, uint32_t calls_a,
                uint32_t calls_b) {
  const uint32_t counts[] = {calls_a, calls_b};
  for (const uint32_t calls : counts) {
    target::WriteString("verify ");
    target::WriteString(function);
    target::WriteString(" ");
    target::WriteDecimal(static_cast<long>(calls));
    target::WriteString(" ");
    target::WriteDecimal(static_cast<long>(bench::CallTicks(fn, &c, calls)));
    target::WriteString("\n");
  }
}

int SignedFail(const char* what) {
  target::WriteString("error signed model: ");
  target::WriteString(what);
  target::WriteString("\n");
  return 1;
}

// The stack depths of a signed and an unsigned Load of the same model, and of
// one verification; each Load must succeed and leave the same digest.
int MeasureSignedStacks(SignedCase& c) {
  uint8_t unsigned_digest[kModelDigestBytes];
  const size_t load = bench::StackUse([&]() __attribute__((always_inline)) {
    c.status = g_model.Load(tinyfair_models::kVersionedRampModel,
                            tinyfair_models::kVersionedRampModelSize);
  });
  if (c.status != Status::kOk) return Fail("load", "VersionedRampModel", c.status);
  memcpy(unsigned_digest, g_model.digest(), sizeof(unsigned_digest));
  g_model.Unload();
  const size_t load_signed =
      bench::StackUse([&]() __attribute__((always_inline)) { CallLoadSigned(&c); });
  if (c.status != Status::kOk) return Fail("signed load", "SignedRampModel", c.status);
  if (memcmp(unsigned_digest, g_model.digest(), sizeof(unsigned_digest)) != 0) {
    return SignedFail("the signed and the unsigned Load give different digests");
  }
  const size_t verify =
      bench::StackUse([&]() __attribute__((always_inline)) { CallVerifyValid(&c); });
  if (!c.verified) return SignedFail("the valid signature does not verify");
  Line("verify", "stack", "load_unsigned", static_cast<long>(load));
  Line("verify", "stack", "load_signed", static_cast<long>(load_signed));
  Line("verify", "stack", "ed25519_verify", static_cast<long>(verify));
  return 0;
}

int MeasureSignedModels() {
  using namespace tinyfair_models;
  static_assert(kInnerAt > kSignatureAt + crypto::kEd25519SignatureBytes);
  if (memcmp(kSignedRampModel + kInnerAt, kVersionedRampModel, kVersionedRampModelSize) != 0) {
    return SignedFail("the signed file's inner model is not the versioned model");
  }
  SignedCase c;
  c.with_key.public_key = kTestPublicKey;
  crypto::Sha256(kVersionedRampModel, kVersionedRampModelSize, c.digest);
  memcpy(c.tampered_digest, c.digest, sizeof(c.digest));
  c.tampered_digest[0] ^= 1U;
  if (MeasureSignedStacks(c) != 0) return 1;
  Line("verify", "bytes", "sha256_model", static_cast<long>(kVersionedRampModelSize));
  Line("verify", "bytes", "sha256_one_block", static_cast<long>(kOneBlockBytes));
  // The empty function at both pairs of call counts, to subtract.
  TimeSigned("empty", CallNothing, c, kCallsA, kCallsB);
  TimeSigned("empty", CallNothing, c, kSlowCallsA, kSlowCallsB);
  TimeSigned("sha256_model", CallSha256Model, c, kCallsA, kCallsB);
  if (memcmp(c.out, c.digest, sizeof(c.out)) != 0) return SignedFail("SHA-256 differs");
  TimeSigned("sha256_one_block", CallSha256OneBlock, c, kCallsA, kCallsB);
  TimeSigned("ed25519_valid", CallVerifyValid, c, kSlowCallsA, kSlowCallsB);
  if (!c.verified) return SignedFail("the valid signature does not verify");
  TimeSigned("ed25519_invalid", CallVerifyInvalid, c, kSlowCallsA, kSlowCallsB);
  if (c.verified) return SignedFail("the signature verifies over another digest");
  TimeSigned("load_unsigned", CallLoadUnsigned, c, kCallsA, kCallsB);
  if (c.status != Status::kOk) return Fail("load", "VersionedRampModel", c.status);
  TimeSigned("load_signed_without_key", CallLoadSignedWithoutKey, c, kCallsA, kCallsB);
  if (c.status != Status::kOk) return Fail("load without key", "SignedRampModel", c.status);
  TimeSigned("load_signed", CallLoadSigned, c, kSlowCallsA, kSlowCallsB);
  if (c.status != Status::kOk) return Fail("signed load", "SignedRampModel", c.status);
  return 0;
}

}  // namespace

int main() {
  g_model.AcceptIntegerModels();
  if (!TINYFAIR_BENCH_TRACE && MeasureStacks() != 0) return 1;
  if (MeasureInstructions() != 0) return 1;
  // The trace image leaves these out: one verification is millions of
  // single-stepped, logged instructions.
  if (!TINYFAIR_BENCH_TRACE && MeasureSignedModels() != 0) return 1;
  target::WriteString("done\n");
  return 0;
}
