/* The reference for instructions per decision: the dot product and one
   comparison, nothing else, built with the firmware's flags. */
#include "bench/runtime/plain_loop.h"

bool tinyfair_bench_plain_decide(const float* w, const float* x, size_t n, float t) {
  float s = 0.0f;
  for (size_t i = 0; i < n; ++i) s += w[i] * x[i];
  return s > t;
}

bool tinyfair_bench_plain_integer_decide(const int16_t* w, const int16_t* x, size_t n, int32_t t) {
  int32_t s = 0;
  for (size_t i = 0; i < n; ++i) s += (int32_t)w[i] * (int32_t)x[i];
  return s >= t;
}
