#include "host_tools/data/csv_rows_as_read.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace tinyfair::host::data {
namespace {

CsvTable KeepingText(const std::string& text) {
  CsvOptions options;
  options.keep_record_text = true;
  return ParseCsv(text, "f.csv", options);
}

TEST(CsvRowsAsReadTest, CopiesTheChosenRowsByteForByte) {
  const CsvTable t = KeepingText(
      "\xEF\xBB\xBF"
      "w,note\r\n\" Private\",\"a, b\"\r\n Gov ,\"say \"\"hi\"\"\"\r\nx,\"two\r\nlines\"\r\n");
  EXPECT_EQ(CsvRowsAsRead(t, {2, 0}),
            "\xEF\xBB\xBF"
            "w,note\r\nx,\"two\r\nlines\"\r\n\" Private\",\"a, b\"\r\n");
  EXPECT_EQ(CsvRowsAsRead(t, {1}),
            "\xEF\xBB\xBF"
            "w,note\r\n Gov ,\"say \"\"hi\"\"\"\r\n");
  EXPECT_EQ(CsvRowsAsRead(t, {}),
            "\xEF\xBB\xBF"
            "w,note\r\n");
}

TEST(CsvRowsAsReadTest, ALastLineWithoutLineEndGetsTheHeaders) {
  const CsvTable crlf = KeepingText("a,b\r\n1,2\r\n3,4");
  EXPECT_EQ(CsvRowsAsRead(crlf, {1, 0}), "a,b\r\n3,4\r\n1,2\r\n");
  const CsvTable lf = KeepingText("a,b\n1,2\n3,4");
  EXPECT_EQ(CsvRowsAsRead(lf, {1, 0}), "a,b\n3,4\n1,2\n");
  // A last line ended by a lone CR in a CRLF file.
  const CsvTable cr = KeepingText("a,b\r\n1,2\r");
  EXPECT_EQ(CsvRowsAsRead(cr, {0}), "a,b\r\n1,2\r\n");
}

TEST(CsvRowsAsReadTest, NeedsTheRecordsText) {
  EXPECT_THROW(CsvRowsAsRead(ParseCsv("a\n1\n", "f.csv"), {0}), std::logic_error);
}

}  // namespace
}  // namespace tinyfair::host::data
