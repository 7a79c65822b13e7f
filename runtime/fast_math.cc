// exp and the logistic links from IEEE single-precision arithmetic only.
#include "tinyfair_runtime/internal/fast_math.h"

#include <stdint.h>
#include <string.h>

#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/float_bits.h"

namespace tinyfair::runtime::internal {
namespace {

float FromBits(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

}  // namespace

float Exp(float x) {
  if (x != x) return x;
  if (x > 88.72283f) return FromBits(0x7F800000U);  // +inf
  if (x < -87.33654f) return 0.0f;                  // below FLT_MIN
  // x = k ln2 + r with |r| <= ln2 / 2. ln2 is split so that k * kLn2High is
  // exact for |k| <= 128 (kLn2High has 15 significant bits).
  constexpr float kLog2E = 1.44269504088896341f;
  constexpr float kLn2High = 0.693145751953125f;
  constexpr float kLn2Low = 1.42860682030941723212e-6f;
  const float scaled = x * kLog2E;
  const int32_t k = static_cast<int32_t>(scaled + (scaled >= 0.0f ? 0.5f : -0.5f));
  const float kf = static_cast<float>(k);
  const float r = (x - kf * kLn2High) - kf * kLn2Low;
  // Taylor series of e^r to degree 7: the remainder is below 6e-9 on
  // |r| <= 0.347, under half an ulp of the result.
  float p = 1.0f / 5040.0f;
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  // k is in [-126, 128]; split 2^k so that each factor is a normal float.
  const int32_t half = k / 2;
  return (p * PowerOfTwo(half)) * PowerOfTwo(k - half);
}

float Logistic(float x) {
  // e = e^-|x| is in (0, 1], so nothing overflows.
  const float e = Exp(x >= 0.0f ? -x : x);
  return x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

float SignedLogistic(float x) {
  const float e = Exp(x >= 0.0f ? -x : x);
  const float magnitude = (1.0f - e) / (1.0f + e);
  return x >= 0.0f ? magnitude : -magnitude;
}

float Log(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof(bits));
  if (x != x || x < 0.0f) return FromBits(0x7FC00000U);   // NaN
  if (bits == 0x7F800000U) return x;                      // +inf
  if (x < 1.17549435e-38f) return FromBits(0xFF800000U);  // +-0 and subnormals: -inf
  // x = 2^e m with m in [sqrt(1/2), sqrt(2)), so that |s| <= 0.1716 below.
  int32_t e = static_cast<int32_t>((bits >> 23U) & 0xFFU) - 127;
  uint32_t mantissa_bits = (bits & 0x007FFFFFU) | 0x3F800000U;
  if (mantissa_bits > 0x3FB504F3U) {  // m > sqrt(2): halve it
    mantissa_bits -= 0x00800000U;
    ++e;
  }
  const float m = FromBits(mantissa_bits);
  // ln m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), s = (m - 1) / (m + 1);
  // the terms to s^9 leave a remainder below 3e-10.
  const float s = (m - 1.0f) / (m + 1.0f);
  const float s2 = s * s;
  float p = 1.0f / 9.0f;
  p = p * s2 + 1.0f / 7.0f;
  p = p * s2 + 1.0f / 5.0f;
  p = p * s2 + 1.0f / 3.0f;
  const float log_m = 2.0f * s + 2.0f * s * s2 * p;
  // The same split of ln 2 as Exp, so that e * kLn2High is exact.
  constexpr float kLn2High = 0.693145751953125f;
  constexpr float kLn2Low = 1.42860682030941723212e-6f;
  const float ef = static_cast<float>(e);
  return (ef * kLn2High + log_m) + ef * kLn2Low;
}

float Sqrt(float x) {
  if (x != x || x < 0.0f) return FromBits(0x7FC00000U);
  if (x == 0.0f || x > 3.40282347e38f) return x;
  // A first guess from halving the exponent (within 6 %), then Newton's
  // y <- (y + x / y) / 2, which doubles the correct bits each step.
  uint32_t bits;
  memcpy(&bits, &x, sizeof(bits));
  float y = FromBits((bits >> 1U) + 0x1FBD1DF5U);
  y = 0.5f * (y + x / y);
  y = 0.5f * (y + x / y);
  y = 0.5f * (y + x / y);
  return y;
}

}  // namespace tinyfair::runtime::internal
