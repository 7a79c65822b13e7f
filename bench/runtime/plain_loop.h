/* The plain C loop the runtime's decisions are compared with. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* s = sum_i w[i] x[i], then s > t. */
bool tinyfair_bench_plain_decide(const float* w, const float* x, size_t n, float t);

#ifdef __cplusplus
} /* extern "C" */
#endif
