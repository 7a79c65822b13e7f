// The decision log line and the integer draw comparison.
#include <string.h>

#include "tests/framework/tinytest.h"
#include "tinyfair_runtime/decision.h"

namespace {

using namespace tinyfair::runtime;

TEST(DecisionRecord, FormatsFixedWidthHex) {
  Decision d;
  d.model_hash = 0x0123456789abcdefULL;
  d.status = Status::kOk;
  d.group = 3;
  d.score = 0.5f;        // 0x3f000000
  d.probability = 1.0f;  // 0x3f800000
  d.draw = 0xdeadbeefU;
  d.positive = true;
  d.member = 2;
  d.value = -2.0f;  // 0xc0000000
  d.counter = 0xfedcba9876543210ULL;
  char line[kDecisionRecordLineSize];
  const size_t n = FormatDecisionRecord(d, line, sizeof(line));
  const char expected[] =
      "0123456789abcdef,00,00000003,3f000000,3f800000,deadbeef,1,02,c0000000,fedcba9876543210\n";
  EXPECT_EQ(sizeof(expected) - 1, n);
  EXPECT_EQ(0, memcmp(expected, line, sizeof(expected)));
  EXPECT_EQ(0U, FormatDecisionRecord(d, line, sizeof(line) - 1));
  EXPECT_EQ(0, strcmp(kDecisionRecordHeader,
                      "model_hash,status,group,score_bits,probability_bits,draw,positive,member,"
                      "value_bits,counter\n"));
}

// A PCG32 draw has no counter: the last column is 0.
TEST(DecisionRecord, APcg32DrawsCounterIsZero) {
  Decision d;
  d.draw = 7;
  char line[kDecisionRecordLineSize];
  const size_t n = FormatDecisionRecord(d, line, sizeof(line));
  EXPECT_EQ(kDecisionRecordLineSize - 1, n);
  EXPECT_EQ(0, memcmp(",0000000000000000\n", line + n - 18, 18));
}

TEST(DecisionRecord, DrawBound) {
  EXPECT_EQ(0U, PositiveDrawBound(0.0f));
  EXPECT_EQ(0U, PositiveDrawBound(-0.0f));
  EXPECT_EQ(0U, PositiveDrawBound(__builtin_nanf("")));
  EXPECT_EQ(1ULL << 32U, PositiveDrawBound(1.0f));
  EXPECT_EQ(1ULL << 31U, PositiveDrawBound(0.5f));
  EXPECT_EQ(1ULL << 30U, PositiveDrawBound(0.25f));
  // The largest float below 1 and the smallest positive ones.
  EXPECT_EQ(4294967296ULL - 256ULL, PositiveDrawBound(0.99999994f));
  EXPECT_EQ(1ULL, PositiveDrawBound(2.3283064e-10f));  // 2^-32
  EXPECT_EQ(0ULL, PositiveDrawBound(1.0e-10f));
  EXPECT_EQ(0ULL, PositiveDrawBound(1.0e-45f));  // denormal
  // Every draw is below 2^32: probability 1 is always positive.
  EXPECT_TRUE(static_cast<uint64_t>(0xFFFFFFFFU) < PositiveDrawBound(1.0f));
}

}  // namespace
