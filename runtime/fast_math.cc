// exp and the logistic links from IEEE single-precision arithmetic only.
#include "tinyfair_runtime/internal/fast_math.h"

#include <stdint.h>
#include <string.h>

#include "strict_float.h"  // no FMA contraction in the functions defined after it

namespace tinyfair::runtime::internal {
namespace {

float FromBits(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

// 2^k for k in [-126, 127], built from its exponent bits.
float PowerOfTwo(int32_t k) { return FromBits(static_cast<uint32_t>(k + 127) << 23U); }

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

}  // namespace tinyfair::runtime::internal
