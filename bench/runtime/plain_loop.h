/* The plain C loop the runtime's decisions are compared with. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* s = sum_i w[i] x[i], then s > t. */
bool tinyfair_bench_plain_decide(const float* w, const float* x, size_t n, float t);

/* The integer path's reference: s = sum_i w[i] x[i] in 32 bits, then s >= t. */
bool tinyfair_bench_plain_integer_decide(const int16_t* w, const int16_t* x, size_t n, int32_t t);

#ifdef __cplusplus
} /* extern "C" */
#endif
