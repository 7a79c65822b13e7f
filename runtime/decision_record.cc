// The decision log line: fixed-width hexadecimal, no printf, no floats
// printed as decimals, so the device and the host write identical bytes.
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/internal/float_bits.h"

namespace tinyfair::runtime {
namespace {

char* PutHex(char* out, uint64_t value, int digits) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (int i = digits - 1; i >= 0; --i) {
    out[i] = kDigits[value & 0x0FU];
    value >>= 4U;
  }
  return out + digits;
}

}  // namespace

size_t FormatDecisionRecord(const Decision& decision, char* line, size_t size) {
  if (line == nullptr || size < kDecisionRecordLineSize) return 0;
  char* out = PutHex(line, decision.model_hash, 16);
  *out++ = ',';
  out = PutHex(out, static_cast<uint8_t>(decision.status), 2);
  *out++ = ',';
  out = PutHex(out, decision.group, 8);
  *out++ = ',';
  out = PutHex(out, internal::BitsOf(decision.score), 8);
  *out++ = ',';
  out = PutHex(out, internal::BitsOf(decision.probability), 8);
  *out++ = ',';
  out = PutHex(out, decision.draw, 8);
  *out++ = ',';
  *out++ = decision.positive ? '1' : '0';
  *out++ = ',';
  out = PutHex(out, decision.member, 2);
  *out++ = ',';
  out = PutHex(out, internal::BitsOf(decision.value), 8);
  *out++ = ',';
  out = PutHex(out, decision.counter, 16);
  *out++ = '\n';
  *out = '\0';
  return static_cast<size_t>(out - line);
}

}  // namespace tinyfair::runtime
