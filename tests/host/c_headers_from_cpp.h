/* The generated C headers used from C++ (c_headers_from_cpp.cc). */
#ifndef TINYFAIR_TESTS_HOST_C_HEADERS_FROM_CPP_H_
#define TINYFAIR_TESTS_HOST_C_HEADERS_FROM_CPP_H_

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when the headers' bytes load and the demo tables decide a row as the
 * decoder does, from C++; 0 otherwise. */
int DecideThroughCHeadersFromCpp(void);

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_HOST_C_HEADERS_FROM_CPP_H_ */
