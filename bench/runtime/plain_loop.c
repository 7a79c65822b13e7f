/* The reference for instructions per decision: the dot product and one
   comparison, nothing else, built with the firmware's flags. */
#include "bench/runtime/plain_loop.h"

bool tinyfair_bench_plain_decide(const float* w, const float* x, size_t n, float t) {
  float s = 0.0f;
  for (size_t i = 0; i < n; ++i) s += w[i] * x[i];
  return s > t;
}
