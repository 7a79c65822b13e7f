// Firmware that loads a signed golden model with its public key through the
// C API (tinyfair_model_load_with_options, the C route to signatures) and
// decides with it, on the stack the board's own linker script gives: the
// signed model must have the bare inner model's digest, state its version
// 3 (tinyfair_model_version), be refused as a rollback under a minimum of 4
// and, still loaded, decide every seeded input as its bare inner model does.
// Prints the stack the signed load used (the painted-stack probe of the
// benchmarks) and the image's high-water mark; a stack too small for the
// verifier ends in a fault, a non-zero exit.
#include <string.h>

#include "bench/runtime/stack_probe.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "test_models.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/tinyfair.h"

namespace {

namespace target = tinyfair::target;
using namespace tinyfair_models;

constexpr int kDecisions = 16;
constexpr size_t kMaxInputs = 16;

// Static: on the micro:bit the model's storage is half of RAM, never stack.
tinyfair_model g_model;
tinyfair_decision g_bare[kDecisions];

int Fail(const char* what, tinyfair_status status) {
  target::WriteString("signed_load: FAILED: ");
  target::WriteString(what);
  target::WriteString(": ");
  target::WriteString(tinyfair_status_name(status));
  target::WriteString("\n");
  return 1;
}

void Note(const char* what, size_t bytes) {
  target::WriteString("# signed_load: ");
  target::WriteString(what);
  target::WriteString(" ");
  target::WriteDecimal(static_cast<long>(bytes));
  target::WriteString(" B\n");
}

// Decision `d` of the seeded sequence; inputs 0 or 1 are valid both as
// numbers and as categories (every categorical input has two or more).
tinyfair_status DecideSeeded(int d, tinyfair_decision& out) {
  tinyfair::runtime::Pcg32 rng(2026, static_cast<uint64_t>(d));
  float inputs[kMaxInputs];
  const size_t count = tinyfair_model_input_count(&g_model);
  if (count > kMaxInputs) return TINYFAIR_INVALID_MODEL;
  for (size_t i = 0; i < count; ++i) inputs[i] = static_cast<float>(rng.Next() % 2U);
  const uint32_t group = rng.Next() % tinyfair_model_group_count(&g_model);
  return tinyfair_model_decide_with_draw(&g_model, inputs, count, group, rng.Next(), &out);
}

bool SameDecision(const tinyfair_decision& a, const tinyfair_decision& b) {
  return a.model_hash == b.model_hash && a.status == b.status && a.group == b.group &&
         memcmp(&a.score, &b.score, sizeof(a.score)) == 0 &&
         memcmp(&a.probability, &b.probability, sizeof(a.probability)) == 0 && a.draw == b.draw &&
         a.positive == b.positive && a.member == b.member &&
         memcmp(&a.value, &b.value, sizeof(a.value)) == 0;
}

}  // namespace

int main() {
  tinyfair_status status =
      tinyfair_model_load(&g_model, kVersionedRampModel, kVersionedRampModelSize);
  if (status != TINYFAIR_OK) return Fail("bare load", status);
  for (int d = 0; d < kDecisions; ++d) {
    status = DecideSeeded(d, g_bare[d]);
    if (status != TINYFAIR_OK) return Fail("bare decision", status);
  }

  // The signed file replaces the bare one in the same storage. One call
  // site of the signed load for both loads below, so that the second does
  // not change how the first is compiled (and the stack it is measured at).
  tinyfair_load_options options{0, kTestPublicKey, 3};
  tinyfair_status loads[2] = {TINYFAIR_NOT_LOADED, TINYFAIR_NOT_LOADED};
  size_t load_stack = 0;
  for (int load = 0; load < 2; ++load) {
    const size_t stack = tinyfair::bench::StackUse([&]() __attribute__((always_inline)) {
      loads[load] = tinyfair_model_load_with_options(&g_model, kSignedRampModel,
                                                     kSignedRampModelSize, &options);
    });
    if (load > 0) break;
    load_stack = stack;
    if (loads[0] != TINYFAIR_OK) break;
    // The version the firmware stores as its next minimum: the same file
    // again under a minimum above it is a rollback, refused.
    options.minimum_model_version = tinyfair_model_version(&g_model) + 1;
  }
  Note("stack of the signed load", load_stack);
  if (loads[0] != TINYFAIR_OK) return Fail("signed load", loads[0]);
  if (loads[1] != TINYFAIR_ROLLED_BACK) return Fail("a rollback was not refused", loads[1]);
  // The loaded model is the signed one still: version 3, and its digest
  // begins with the bare model's hash (big-endian), which its records keep
  // (no copy of the digest: on the micro:bit the stack has little to spare).
  if (tinyfair_model_version(&g_model) != 3) {
    return Fail("tinyfair_model_version is not the file's 3", status);
  }
  uint64_t digest_start = 0;
  for (int i = 0; i < 8; ++i) {
    digest_start = (digest_start << 8U) | tinyfair_model_digest(&g_model)[i];
  }
  if (digest_start != g_bare[0].model_hash || digest_start == 0) {
    return Fail("the signed model's digest is not the bare one's", status);
  }
  for (int d = 0; d < kDecisions; ++d) {
    tinyfair_decision signed_decision;
    status = DecideSeeded(d, signed_decision);
    if (status != TINYFAIR_OK) return Fail("signed decision", status);
    if (!SameDecision(signed_decision, g_bare[d])) {
      return Fail("the signed model decides otherwise than the bare one", status);
    }
  }
  Note("stack high-water mark", tinyfair_target_stack_high_water_bytes());
  Note("stack size", tinyfair_target_stack_size_bytes());
  target::WriteString(
      "signed_load: OK, version 3 read back, a rollback refused, 16 decisions as the bare "
      "model's\n");
  return 0;
}
