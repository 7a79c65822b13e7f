// What the report JSON must keep: every double reads back as the same
// double, counts stay integers, non-finite values are null, and strings are
// escaped so that any JSON reader gets the text back.
#include "host_tools/common/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

namespace tinyfair::host::common {
namespace {

// Parsed by the C library, not by the writer's JSON library.
double ReadBack(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  EXPECT_EQ(*end, '\0') << text;
  return value;
}

TEST(JsonWriter, DoublesRoundTrip) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> exponent(-300, 300);
  for (int i = 0; i < 20000; ++i) {
    const double value = (unit(random) - 0.5) * std::pow(10.0, exponent(random));
    const std::string text = JsonNumber(value);
    ASSERT_EQ(ReadBack(text), value) << text;
  }
  for (double value : {0.1, 1.0 / 3.0, 2.0 / 3.0, 1e-7, 5e-324, 1.7976931348623157e308,
                       std::nextafter(1.0, 2.0), 0.30000000000000004}) {
    EXPECT_EQ(ReadBack(JsonNumber(value)), value) << JsonNumber(value);
  }
}

TEST(JsonWriter, NumbersStayReadable) {
  // The shortest form that round-trips, not 17 digits of rounding noise.
  EXPECT_EQ(JsonNumber(0.1), "0.1");
  EXPECT_EQ(JsonNumber(0.25), "0.25");
  EXPECT_EQ(JsonNumber(-2.5), "-2.5");
  // Counts are written as integers.
  EXPECT_EQ(JsonNumber(0.0), "0");
  EXPECT_EQ(JsonNumber(12.0), "12");
  EXPECT_EQ(JsonNumber(-30162.0), "-30162");
  EXPECT_EQ(JsonNumber(4294967296.0), "4294967296");
  EXPECT_EQ(ReadBack(JsonNumber(-0.0)), 0.0);
  EXPECT_TRUE(std::signbit(ReadBack(JsonNumber(-0.0))));
}

TEST(JsonWriter, NonFiniteIsNull) {
  EXPECT_EQ(JsonNumber(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(JsonNumber(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(JsonNumber(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonWriter, StringsAreEscaped) {
  EXPECT_EQ(JsonQuoted("plain"), "\"plain\"");
  EXPECT_EQ(JsonQuoted("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(JsonQuoted("tab\there"), "\"tab\\there\"");
  EXPECT_EQ(JsonQuoted("line\nbreak"), "\"line\\nbreak\"");
  EXPECT_EQ(JsonQuoted(std::string("\x01", 1)), "\"\\u0001\"");
  EXPECT_EQ(JsonQuoted("caf\xc3\xa9"), "\"caf\xc3\xa9\"");  // UTF-8 passes through
  // A byte that is not UTF-8 (Latin-1 'e acute') becomes U+FFFD: the report stays JSON.
  EXPECT_EQ(JsonQuoted("caf\xe9"), "\"caf\xef\xbf\xbd\"");
}

TEST(JsonWriter, ArraysAndObjectsKeepTheirLayout) {
  Eigen::VectorXd values(3);
  values << 1.0, 0.5, std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(JsonArray(values), "[1, 0.5, null]");
  EXPECT_EQ(JsonArray(std::vector<std::string>{"a", "b\"c"}), "[\"a\", \"b\\\"c\"]");
  JsonObject inner;
  inner.Number("rate", 0.125).Text("name", "x");
  JsonObject outer;
  outer.Number("rows", 100.0).Raw("group", inner.Str(2));
  EXPECT_EQ(
      outer.Str(),
      "{\n  \"rows\": 100,\n  \"group\": {\n    \"rate\": 0.125,\n    \"name\": \"x\"\n  }\n}");
}

}  // namespace
}  // namespace tinyfair::host::common
