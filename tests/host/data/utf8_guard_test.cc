// Input that is not UTF-8 text is refused where it stops being text.
#include "host_tools/data/utf8_guard.h"

#include <gtest/gtest.h>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {
namespace {

const std::string kName = "f.csv";

// The message of the DataError that feeding `chunks` (then the end) raises;
// empty when the input is accepted.
std::string Refusal(std::initializer_list<std::string_view> chunks) {
  Utf8Guard guard(kName);
  try {
    for (auto chunk : chunks) guard.Feed(chunk);
    guard.Finish();
  } catch (const common::DataError& error) {
    return error.what();
  }
  return "";
}

TEST(Utf8Guard, AcceptsUtf8WithCharactersAcrossChunks) {
  // "Öther", "€" and U+10348 (four bytes), each split between two chunks.
  EXPECT_EQ("", Refusal({"sex\n\xC3", "\x96ther,\xE2\x82", "\xAC,\xF0\x90\x8D", "\x88\n"}));
}

TEST(Utf8Guard, RefusesLatin1AtItsByte) {
  EXPECT_EQ(
      "f.csv:2: 0xD6 at byte 1 of the line is not UTF-8; if the file is Latin-1, convert it "
      "(iconv -f LATIN1 -t UTF-8)",
      Refusal({"sex,y\n\xD6ther,1\n"}));
}

TEST(Utf8Guard, RefusesOverlongFormsSurrogatesAndStrayContinuations) {
  EXPECT_NE("", Refusal({"\xC0\xAF"}));          // overlong '/'
  EXPECT_NE("", Refusal({"\xE0\x80\xAF"}));      // overlong, three bytes
  EXPECT_NE("", Refusal({"\xED\xA0\x80"}));      // a UTF-16 surrogate
  EXPECT_NE("", Refusal({"\xF4\x90\x80\x80"}));  // beyond U+10FFFF
  EXPECT_NE("", Refusal({"a\x80"}));             // continuation without a lead
  EXPECT_EQ(
      "f.csv:1: 0xE2 at byte 3 of the line is not UTF-8; if the file is Latin-1, "
      "convert it (iconv -f LATIN1 -t UTF-8)",
      Refusal({"ab\xE2\x82"}));  // cut short at the end
}

TEST(Utf8Guard, NamesUtf16AndNulBytes) {
  EXPECT_EQ(
      "f.csv:1: the file starts with a UTF-16 byte order mark; convert it to UTF-8 (iconv -f "
      "UTF-16 -t UTF-8)",
      Refusal({std::string_view("\xFF\xFEs\0e\0", 6)}));
  EXPECT_EQ(
      "f.csv:2: a NUL byte at byte 2 of the line; text holds none (a UTF-16 file has one in "
      "every other byte: iconv -f UTF-16 -t UTF-8 converts it)",
      Refusal({std::string_view("sex\nM\0,1\n", 9)}));
}

}  // namespace
}  // namespace tinyfair::host::data
