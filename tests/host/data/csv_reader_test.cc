#include "host_tools/data/csv_reader.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"
#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {
namespace {

using Rows = std::vector<std::vector<std::string>>;
using Names = std::vector<std::string>;

// Parses `text` expecting a DataError and returns its what().
std::string ParseError(std::string_view text, const CsvOptions& options = {}) {
  try {
    ParseCsv(text, "f.csv", options);
  } catch (const common::DataError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no DataError for: " << text;
  return "";
}

std::string NumberError(const CsvTable& table, size_t row, size_t column) {
  try {
    ParseNumber(table, row, column);
  } catch (const common::DataError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no DataError for cell " << row << ", " << column;
  return "";
}

// Path of a shared dataset relative to the repository root, which tests get
// from TINYFAIR_SOURCE_DIR (default: the working directory).
std::string DatasetPath(const std::string& relative) {
  const char* root = std::getenv("TINYFAIR_SOURCE_DIR");
  return std::string(root != nullptr ? root : ".") + "/../shared/datasets/" + relative;
}

bool FileExists(const std::string& path) { return std::ifstream(path).good(); }

std::string WriteTempFile(const std::string& name, std::string_view text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// --- DataError -------------------------------------------------------------

TEST(DataErrorTest, FormatsLocation) {
  EXPECT_STREQ(common::DataError("a.csv", 3, 7, "bad").what(), "a.csv:3:7: bad");
  EXPECT_STREQ(common::DataError("a.csv", 3, 0, "bad").what(), "a.csv:3: bad");
  EXPECT_STREQ(common::DataError("a.csv", 0, 0, "bad").what(), "a.csv: bad");
  EXPECT_STREQ(common::DataError("a.csv", 0, 7, "bad").what(), "a.csv: bad");
  const common::DataError e("a.csv", 3, 7, "bad");
  EXPECT_EQ(e.file(), "a.csv");
  EXPECT_EQ(e.line(), 3u);
  EXPECT_EQ(e.column(), 7u);
  EXPECT_EQ(e.message(), "bad");
}

// --- Well-formed input -----------------------------------------------------

TEST(ParseCsvTest, ReadsSimpleTable) {
  const CsvTable t = ParseCsv("a,b,c\n1,2,3\n4,5,6\n", "f.csv");
  EXPECT_EQ(t.path, "f.csv");
  EXPECT_EQ(t.delimiter, ',');
  EXPECT_EQ(t.header, (Names{"a", "b", "c"}));
  EXPECT_EQ(t.rows, (Rows{{"1", "2", "3"}, {"4", "5", "6"}}));
  EXPECT_EQ(t.line_of_row, (std::vector<size_t>{2, 3}));
}

TEST(ParseCsvTest, HandlesCrlfLineEnds) {
  const CsvTable t = ParseCsv("a,b\r\n1,2\r\n3,4\r\n", "f.csv");
  EXPECT_EQ(t.header, (Names{"a", "b"}));
  EXPECT_EQ(t.rows, (Rows{{"1", "2"}, {"3", "4"}}));
}

TEST(ParseCsvTest, HandlesFinalLineWithoutLineEnd) {
  EXPECT_EQ(ParseCsv("a,b\n1,2", "f.csv").rows, (Rows{{"1", "2"}}));
  EXPECT_EQ(ParseCsv("a,b\r\n1,2\r", "f.csv").rows, (Rows{{"1", "2"}}));
  EXPECT_EQ(ParseCsv("a,b\n1,", "f.csv").rows, (Rows{{"1", ""}}));
  EXPECT_EQ(ParseCsv("a,b\n1,\"x\"", "f.csv").rows, (Rows{{"1", "x"}}));
}

TEST(ParseCsvTest, SkipsUtf8ByteOrderMark) {
  const CsvTable t = ParseCsv(
      "\xEF\xBB\xBF"
      "a,b\n1,2\n",
      "f.csv");
  EXPECT_EQ(t.header, (Names{"a", "b"}));
}

TEST(ParseCsvTest, SkipsBlankAndTrailingEmptyLines) {
  const CsvTable t = ParseCsv("\na,b\n\n1,2\n   \n\r\n3,4\n\n", "f.csv");
  EXPECT_EQ(t.header, (Names{"a", "b"}));
  EXPECT_EQ(t.rows, (Rows{{"1", "2"}, {"3", "4"}}));
  EXPECT_EQ(t.line_of_row, (std::vector<size_t>{4, 7}));
}

TEST(ParseCsvTest, TrimsUnquotedFields) {
  // The Adult files separate fields with ", ".
  const CsvTable t = ParseCsv("age, sex , Y\n39, Male,  <=50K\n", "f.csv");
  EXPECT_EQ(t.header, (Names{"age", "sex", "Y"}));
  EXPECT_EQ(t.rows, (Rows{{"39", "Male", "<=50K"}}));
}

TEST(ParseCsvTest, HandlesQuotedFields) {
  const CsvTable t = ParseCsv(
      "id,text,n\n"
      "1,\"a,b\",2\n"
      "2,\"say \"\"hi\"\"\",3\n"
      "3, \"  padded  \" ,4\n"
      "4,\"\",5\n"
      "5,ab\"c,6\n",
      "f.csv");
  EXPECT_EQ(t.rows, (Rows{{"1", "a,b", "2"},
                          {"2", "say \"hi\"", "3"},
                          {"3", "  padded  ", "4"},
                          {"4", "", "5"},
                          {"5", "ab\"c", "6"}}));
}

TEST(ParseCsvTest, QuotedFieldsMayContainLineBreaks) {
  const CsvTable t = ParseCsv("a,b\n1,\"two\nlines\"\n2,\"x\r\ny\"\r\n3,z\n", "f.csv");
  EXPECT_EQ(t.rows, (Rows{{"1", "two\nlines"}, {"2", "x\r\ny"}, {"3", "z"}}));
  EXPECT_EQ(t.line_of_row, (std::vector<size_t>{2, 4, 6}));
}

TEST(ParseCsvTest, QuotedEmptyLineIsARow) {
  const CsvTable t = ParseCsv("a\n\"\"\nx\n", "f.csv");
  EXPECT_EQ(t.rows, (Rows{{""}, {"x"}}));
}

TEST(ParseCsvTest, DetectsDelimiter) {
  EXPECT_EQ(ParseCsv("a;b\n1,5;2\n", "f.csv").rows, (Rows{{"1,5", "2"}}));
  EXPECT_EQ(ParseCsv("a\tb\n1\t2\n", "f.csv").delimiter, '\t');
  EXPECT_EQ(ParseCsv("\"x;y\",b\n1,2\n", "f.csv").delimiter, ',');
  EXPECT_EQ(ParseCsv("a\n1\n", "f.csv").delimiter, ',');
}

TEST(ParseCsvTest, UsesGivenDelimiter) {
  CsvOptions options;
  options.delimiter = ';';
  const CsvTable t = ParseCsv("a,b;c\n1,2;3\n", "f.csv", options);
  EXPECT_EQ(t.header, (Names{"a,b", "c"}));
  EXPECT_EQ(t.rows, (Rows{{"1,2", "3"}}));
}

TEST(ParseCsvTest, TabDelimiterKeepsEmptyFields) {
  const CsvTable t = ParseCsv("a\tb\tc\n1\t\t 3 \n", "f.csv");
  EXPECT_EQ(t.rows, (Rows{{"1", "", "3"}}));
}

// Bytes that are not UTF-8 are refused with their line (a Latin-1 file
// used to pass through and mangle its categories); UTF-8 passes unchanged.
TEST(ParseCsvTest, RefusesInvalidUtf8AndKeepsUtf8) {
  EXPECT_THROW(ParseCsv("a,b\n\xff\xfe,caf\xc3\n", "f.csv"), common::DataError);
  EXPECT_THROW(ParseCsv("a,b\n1,caf\xe9\n", "f.csv"), common::DataError);
  const CsvTable t = ParseCsv("a,b\n\xc3\x96ther,caf\xc3\xa9\n", "f.csv");
  EXPECT_EQ(t.rows, (Rows{{"\xc3\x96ther", "caf\xc3\xa9"}}));
}

TEST(ParseCsvTest, RejectsQuoteOrLineEndAsDelimiter) {
  CsvOptions options;
  options.delimiter = '"';
  EXPECT_THROW(ParseCsv("a\n1\n", "f.csv", options), std::invalid_argument);
  options.delimiter = '\n';
  EXPECT_THROW(ParseCsv("a\n1\n", "f.csv", options), std::invalid_argument);
}

TEST(ParseCsvTest, UsesGivenColumnNamesForFilesWithoutHeader) {
  CsvOptions options;
  options.column_names = {"x", "y"};
  const CsvTable t = ParseCsv("1,2\n3,4\n", "f.csv", options);
  EXPECT_EQ(t.header, (Names{"x", "y"}));
  EXPECT_EQ(t.rows, (Rows{{"1", "2"}, {"3", "4"}}));
  EXPECT_EQ(t.line_of_row, (std::vector<size_t>{1, 2}));

  options.column_names = {"x", "x"};
  EXPECT_EQ(ParseError("1,2\n", options),
            "f.csv: duplicate column name 'x' (column 2), first in column 1");
  options.column_names = {"x", "y", "z"};
  EXPECT_EQ(ParseError("1,2\n", options), "f.csv:1: expected 3 fields, found 2");
  EXPECT_EQ(ParseError("\n\n", options), "f.csv: no data rows");
}

TEST(ParseCsvTest, RenamesBadHeaderNamesWhenAsked) {
  CsvOptions options;
  options.rename_bad_header_names = true;
  const CsvTable t =
      ParseCsv(",race,score,x,score,score.1,score\n1,2,3,4,5,6,7\n", "f.csv", options);
  EXPECT_EQ(t.header, (Names{"Unnamed: 0", "race", "score", "x", "score.2", "score.1", "score.3"}));
  ASSERT_EQ(t.renamed_columns.size(), 3u);
  EXPECT_EQ(t.renamed_columns[0].Warning("f.csv"),
            "f.csv:1:1: warning: empty column name; read as 'Unnamed: 0' (--ignore 'Unnamed: 0' "
            "leaves it out)");
  EXPECT_EQ(t.renamed_columns[1].Warning("f.csv"),
            "f.csv:1:5: warning: duplicate column name 'score', first in column 3; read as "
            "'score.2' (--ignore score.2 leaves it out)");
  EXPECT_EQ(t.renamed_columns[2].column, 6u);
  EXPECT_EQ(t.renamed_columns[2].original, "score");
  EXPECT_EQ(t.renamed_columns[2].name, "score.3");
  EXPECT_EQ(t.renamed_columns[2].first_column, 2u);
}

TEST(ParseCsvTest, RenamedHeaderNamesNeverTakeAnotherColumnsName) {
  CsvOptions options;
  options.rename_bad_header_names = true;
  // The header's own "Unnamed: 0" keeps its name; the empty one gives way.
  const CsvTable t = ParseCsv(",Unnamed: 0,a,a,a.1,\n1,2,3,4,5,6\n", "f.csv", options);
  EXPECT_EQ(t.header, (Names{"Unnamed: 0.1", "Unnamed: 0", "a", "a.2", "a.1", "Unnamed: 5"}));
  ASSERT_EQ(t.renamed_columns.size(), 3u);
  EXPECT_EQ(t.renamed_columns[0].name, "Unnamed: 0.1");
  EXPECT_EQ(t.renamed_columns[1].name, "a.2");
  EXPECT_EQ(t.renamed_columns[2].name, "Unnamed: 5");
  // A name with a quote is quoted for the shell in the hint.
  const CsvTable u = ParseCsv("it's,it's\n1,2\n", "f.csv", options);
  EXPECT_EQ(u.renamed_columns.at(0).Warning("f.csv"),
            "f.csv:1:2: warning: duplicate column name 'it's', first in column 1; read as "
            "'it's.1' (--ignore 'it'\\''s.1' leaves it out)");
  // Nothing renamed, nothing to say.
  EXPECT_TRUE(ParseCsv("a,b\n1,2\n", "f.csv", options).renamed_columns.empty());
}

TEST(ParseCsvTest, KeepsEachRecordsBytesWhenAsked) {
  CsvOptions options;
  options.keep_record_text = true;
  const std::string_view text =
      "\xEF\xBB\xBF"
      "a, b\r\n\n\" x\",\"y\"\"\r\nz\"\r\n 1 ,2\n3,4";
  const CsvTable t = ParseCsv(text, "f.csv", options);
  EXPECT_EQ(t.byte_order_mark, "\xEF\xBB\xBF");
  EXPECT_EQ(t.header_text, "a, b\r\n");
  EXPECT_EQ(t.rows, (Rows{{" x", "y\"\r\nz"}, {"1", "2"}, {"3", "4"}}));
  EXPECT_EQ(t.row_text, (Names{"\" x\",\"y\"\"\r\nz\"\r\n", " 1 ,2\n", "3,4"}));
  EXPECT_TRUE(ParseCsv(text, "f.csv").row_text.empty());
}

// --- Lookups ---------------------------------------------------------------

TEST(CsvTableTest, FindsColumns) {
  const CsvTable t = ParseCsv("age,sex,Y\n1,2,3\n", "f.csv");
  EXPECT_EQ(t.column("age"), 0u);
  EXPECT_EQ(t.column("Y"), 2u);
  EXPECT_TRUE(t.has_column("sex"));
  EXPECT_FALSE(t.has_column("race"));
  try {
    t.column("race");
    ADD_FAILURE() << "no DataError";
  } catch (const common::DataError& e) {
    EXPECT_STREQ(e.what(), "f.csv: no column named 'race'; the columns are: age, sex, Y");
  }
}

TEST(CsvTableTest, RecognisesMissingMarkers) {
  const CsvTable t = ParseCsv("a,b,c,d,e,f\n?,,NA,N/A,NaN,0\n", "f.csv");
  for (size_t c = 0; c < 5; ++c) EXPECT_TRUE(t.is_missing(t.rows[0][c])) << c;
  EXPECT_FALSE(t.is_missing(t.rows[0][5]));

  CsvOptions options;
  options.missing_markers = {"-"};
  const CsvTable u = ParseCsv("a,b\n-,?\n", "f.csv", options);
  EXPECT_TRUE(u.is_missing(u.rows[0][0]));
  EXPECT_FALSE(u.is_missing(u.rows[0][1]));
}

// --- Malformed input ---------------------------------------------------------

TEST(ParseCsvErrorTest, EmptyInput) {
  EXPECT_EQ(ParseError(""), "f.csv: empty file: no header");
  EXPECT_EQ(ParseError("\xEF\xBB\xBF"), "f.csv: empty file: no header");
  EXPECT_EQ(ParseError("\n  \r\n\n"), "f.csv: empty file: no header");
}

TEST(ParseCsvErrorTest, HeaderOnly) {
  EXPECT_EQ(ParseError("a,b\n"), "f.csv: no data rows");
  EXPECT_EQ(ParseError("a,b"), "f.csv: no data rows");
  EXPECT_EQ(ParseError("a,b\n\n\n"), "f.csv: no data rows");
}

TEST(ParseCsvErrorTest, BadHeaderNames) {
  EXPECT_EQ(ParseError("\na,b,a\n1,2,3\n"),
            "f.csv:2:3: duplicate column name 'a', first in column 1");
  EXPECT_EQ(ParseError("a,,c\n1,2,3\n"), "f.csv:1:2: empty column name");
  EXPECT_EQ(ParseError("a, \"\" ,c\n1,2,3\n"), "f.csv:1:2: empty column name");
}

TEST(ParseCsvErrorTest, WrongNumberOfFields) {
  EXPECT_EQ(ParseError("a,b\n1,2\n1,2,3\n"), "f.csv:3: expected 2 fields, found 3");
  EXPECT_EQ(ParseError("a,b\n\n1\n"), "f.csv:3: expected 2 fields, found 1");
}

TEST(ParseCsvErrorTest, UnterminatedQuote) {
  EXPECT_EQ(ParseError("a,b\n1,\"oops\n2,3\n"), "f.csv:2:2: unterminated quote");
  EXPECT_EQ(ParseError("a,\"b"), "f.csv:1:2: unterminated quote");
}

TEST(ParseCsvErrorTest, TextAfterClosingQuote) {
  EXPECT_EQ(ParseError("a,b\n1,2\n\"x\"y,3\n"), "f.csv:3:1: unexpected text after closing quote");
  EXPECT_EQ(ParseError("a,b\n1,\"x\"\r2\n"), "f.csv:2:2: unexpected text after closing quote");
}

TEST(ParseCsvErrorTest, LineTooLong) {
  CsvOptions options;
  options.max_line_bytes = 8;
  // Exactly at the limit is fine, and a CRLF's CR does not count.
  EXPECT_NO_THROW(ParseCsv("abc,defg\r\n1234,678\r\n", "f.csv", options));
  EXPECT_EQ(ParseError("a,b\n1234,6789\n", options),
            "f.csv:2: line longer than the reader's limit of 8 bytes");
  EXPECT_EQ(ParseError("a\n1\n123456789", options),
            "f.csv:3: line longer than the reader's limit of 8 bytes");
}

// --- ParseNumber -------------------------------------------------------------

TEST(ParseNumberTest, ParsesNumbers) {
  const CsvTable t = ParseCsv(
      "a,b,c,d,e,f,g,h,i\n"
      "39,-1.5,2e3,+.5,inf,-Infinity,0x10,1e999,\" 7\"\n",
      "f.csv");
  EXPECT_EQ(ParseNumber(t, 0, 0), 39.0);
  EXPECT_EQ(ParseNumber(t, 0, 1), -1.5);
  EXPECT_EQ(ParseNumber(t, 0, 2), 2000.0);
  EXPECT_EQ(ParseNumber(t, 0, 3), 0.5);
  EXPECT_EQ(ParseNumber(t, 0, 4), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseNumber(t, 0, 5), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseNumber(t, 0, 6), 16.0);
  EXPECT_EQ(ParseNumber(t, 0, 7), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseNumber(t, 0, 8), 7.0);  // strtod skips leading space.

  const CsvTable n = ParseCsv("a\nnan\n", "f.csv");
  EXPECT_TRUE(std::isnan(ParseNumber(n, 0, 0)));
}

TEST(ParseNumberTest, RejectsNonNumbers) {
  const CsvTable t = ParseCsv(
      "a,b\n"
      "1,2\n"
      "\n"
      "1.5x,abc\n"
      ",\"7 \"\n",
      "f.csv");
  EXPECT_EQ(NumberError(t, 1, 0), "f.csv:4:1: column 'a': not a number: '1.5x'");
  EXPECT_EQ(NumberError(t, 1, 1), "f.csv:4:2: column 'b': not a number: 'abc'");
  EXPECT_EQ(NumberError(t, 2, 0), "f.csv:5:1: column 'a': not a number: ''");
  EXPECT_EQ(NumberError(t, 2, 1), "f.csv:5:2: column 'b': not a number: '7 '");
  EXPECT_THROW(ParseNumber(t, 3, 0), std::out_of_range);
  EXPECT_THROW(ParseNumber(t, 0, 2), std::out_of_range);
}

TEST(ParseNumberTest, ShortensLongCellsInMessages) {
  const std::string cell(100, 'x');
  const CsvTable t = ParseCsv("a\n" + cell + "\n", "f.csv");
  EXPECT_EQ(NumberError(t, 0, 0),
            "f.csv:2:1: column 'a': not a number: '" + std::string(64, 'x') + "...'");
}

// --- Files -------------------------------------------------------------------

TEST(ReadCsvTest, ReadsFile) {
  const std::string path = WriteTempFile("csv_reader_test_ok.csv", "a,b\r\n1,\"x,y\"\r\n");
  const CsvTable t = ReadCsv(path);
  EXPECT_EQ(t.path, path);
  EXPECT_EQ(t.rows, (Rows{{"1", "x,y"}}));
  std::remove(path.c_str());
}

TEST(ReadCsvTest, ReportsErrorsWithFileName) {
  const std::string path = WriteTempFile("csv_reader_test_bad.csv", "a,b\n1\n");
  try {
    ReadCsv(path);
    ADD_FAILURE() << "no DataError";
  } catch (const common::DataError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":2: expected 2 fields, found 1");
  }
  std::remove(path.c_str());
}

TEST(ReadCsvTest, ReportsFilesThatCannotBeRead) {
  const std::string missing = testing::TempDir() + "csv_reader_test_missing.csv";
  try {
    ReadCsv(missing);
    ADD_FAILURE() << "no DataError";
  } catch (const common::DataError& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": cannot open file: No such file or directory");
  }
  const std::string directory = testing::TempDir();
  try {
    ReadCsv(directory);
    ADD_FAILURE() << "no DataError";
  } catch (const common::DataError& e) {
    EXPECT_EQ(std::string(e.what()), directory + ": cannot read file: Is a directory");
  }
}

// --- The shared datasets
// -------------------------------------------------------

#define SKIP_IF_ABSENT(path)                                                \
  if (!FileExists(path)) {                                                  \
    GTEST_SKIP() << (path) << " not found; set TINYFAIR_SOURCE_DIR to the " \
                 << "repository root (datasets are read from "              \
                 << "../shared/datasets relative to it)";                   \
  }

const Names kAdultHeader = {"age",
                            "workclass",
                            "fnlwgt",
                            "education",
                            "education-num",
                            "marital-status",
                            "occupation",
                            "relationship",
                            "race",
                            "sex",
                            "capital-gain",
                            "capital-loss",
                            "hours-per-week",
                            "native-country",
                            "Y"};

TEST(SharedDatasetsTest, ReadsAdultData) {
  const std::string path = DatasetPath("adult/adult.data");
  SKIP_IF_ABSENT(path);
  const CsvTable t = ReadCsv(path);
  EXPECT_EQ(t.header, kAdultHeader);
  ASSERT_EQ(t.rows.size(), 32561u);
  EXPECT_EQ(t.line_of_row.back(), 32562u);
  EXPECT_EQ(t.rows[0][0], "39");
  EXPECT_EQ(t.rows[0][1], "State-gov");
  EXPECT_EQ(t.rows[0][14], "<=50K");
  EXPECT_EQ(ParseNumber(t, 0, t.column("fnlwgt")), 77516.0);
  size_t missing = 0;
  for (const auto& row : t.rows) {
    for (const auto& cell : row) missing += t.is_missing(cell);
  }
  EXPECT_EQ(missing, 4262u);  // '?' cells in the UCI training file.
}

TEST(SharedDatasetsTest, ReadsAdultTest) {
  const std::string path = DatasetPath("adult/adult.test");
  SKIP_IF_ABSENT(path);
  const CsvTable t = ReadCsv(path);
  EXPECT_EQ(t.header, kAdultHeader);
  ASSERT_EQ(t.rows.size(), 16281u);
  EXPECT_EQ(t.rows[0][0], "25");
  EXPECT_EQ(t.rows[0][14], "<=50K.");
  EXPECT_EQ(t.rows.back()[14], ">50K.");
}

TEST(SharedDatasetsTest, ReadsCompasWithRepeatedNames) {
  const std::string path = DatasetPath("compas/compas-scores-two-years.csv");
  SKIP_IF_ABSENT(path);
  try {
    ReadCsv(path);
    ADD_FAILURE() << "repeated names accepted";
  } catch (const common::DataError& e) {
    EXPECT_EQ(e.message(), "duplicate column name 'decile_score', first in column 9");
  }
  CsvOptions options;
  options.rename_bad_header_names = true;
  const CsvTable t = ReadCsv(path, options);
  EXPECT_EQ(t.rows.size(), 7214u);
  EXPECT_EQ(t.header.size(), 50u);
  EXPECT_EQ(t.column("decile_score.1"), 36u);
  EXPECT_EQ(t.column("priors_count.1"), 45u);
  EXPECT_EQ(t.column("two_year_recid"), 49u);
}

TEST(SharedDatasetsTest, ReadsLawSchoolWithUnnamedIndex) {
  const std::string path = DatasetPath("law_school/law_data.csv");
  SKIP_IF_ABSENT(path);
  CsvOptions options;
  options.rename_bad_header_names = true;
  const CsvTable t = ReadCsv(path, options);
  EXPECT_EQ(t.rows.size(), 21791u);
  EXPECT_EQ(t.header.front(), "Unnamed: 0");
  EXPECT_TRUE(t.has_column("ZFYA"));
}

TEST(SharedDatasetsTest, ReadsCreditDefault) {
  const std::string path = DatasetPath("credit_default/UCI_Credit_Card.csv");
  SKIP_IF_ABSENT(path);
  const CsvTable t = ReadCsv(path);
  EXPECT_EQ(t.rows.size(), 30000u);
  EXPECT_EQ(t.header.back(), "default.payment.next.month");
}

TEST(SharedDatasetsTest, ReadsCommunitiesWithoutHeader) {
  const std::string path = DatasetPath("communities/communities.data");
  SKIP_IF_ABSENT(path);
  CsvOptions options;
  for (int i = 0; i < 128; ++i) {
    options.column_names.push_back("c" + std::to_string(i));
  }
  const CsvTable t = ReadCsv(path, options);
  EXPECT_EQ(t.rows.size(), 1994u);
  EXPECT_EQ(t.line_of_row.front(), 1u);
}

}  // namespace
}  // namespace tinyfair::host::data
