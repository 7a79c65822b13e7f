// CsvRecordReader: reading in chunks of any size gives what parsing the
// whole text gives, rows, line numbers and errors alike.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"
#include "host_tools/common/data_error.h"
#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::data {
namespace {

// A source handing out `text` at most `piece` bytes per call, whatever the
// reader asks for, so that records straddle every possible boundary.
CsvRecordReader::ByteSource PiecesOf(std::string text, size_t piece) {
  auto offset = std::make_shared<size_t>(0);
  return [text = std::move(text), piece, offset](char* buffer, size_t capacity) {
    const size_t n = std::min({piece, capacity, text.size() - *offset});
    text.copy(buffer, n, *offset);
    *offset += n;
    return n;
  };
}

CsvTable ReadInPieces(const std::string& text, size_t piece, size_t chunk,
                      const CsvOptions& options = {}) {
  CsvRecordReader reader(PiecesOf(text, piece), "f.csv", options, chunk);
  CsvTable table;
  if (!reader.NextBlock(SIZE_MAX, &table)) throw common::DataError("f.csv", 0, 0, "no data rows");
  EXPECT_EQ(reader.bytes_consumed(), text.size());
  return table;
}

std::string ErrorOf(const std::function<void()>& read) {
  try {
    read();
  } catch (const common::DataError& e) {
    return e.what();
  }
  return "(no error)";
}

const std::vector<std::string> kTexts = {
    "a,b,c\n\"x, y\",\"he said \"\"hi\"\"\",3\n\"multi\nline\",2,3\n",
    "\xEF\xBB\xBF"
    "age, income ,label\r\n39, 7.5e3 ,yes\r\n50,?,no",
    "x;y;z\n1,5;NA;-inf\n;0x1p3;nan\n",
    "\n\n  \nx\ty\n1\t2\n\n3\t4\n\n",
    "\"first\nheader\",b\n1,2\r",
    "a,b\n\"\",\"\"\n\" \",\"\"\"\"\n",
    "a\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
};

TEST(CsvRecordReaderTest, AnyChunkingReadsWhatTheWholeTextGives) {
  for (const std::string& text : kTexts) {
    const CsvTable whole = ParseCsv(text, "f.csv");
    for (size_t piece : {1, 2, 3, 5, 64}) {
      for (size_t chunk : {1, 4, 1 << 20}) {
        SCOPED_TRACE(text + " in pieces of " + std::to_string(piece) + ", chunks of " +
                     std::to_string(chunk));
        const CsvTable read = ReadInPieces(text, piece, chunk);
        EXPECT_EQ(read.delimiter, whole.delimiter);
        EXPECT_EQ(read.header, whole.header);
        EXPECT_EQ(read.rows, whole.rows);
        EXPECT_EQ(read.line_of_row, whole.line_of_row);
      }
    }
  }
}

TEST(CsvRecordReaderTest, RecordBytesAreTheFilesInAnyChunking) {
  CsvOptions options;
  options.keep_record_text = true;
  for (const std::string& text : kTexts) {
    const CsvTable whole = ParseCsv(text, "f.csv", options);
    // Without blank lines, the records are the whole text again.
    if (text.find("\n\n") == std::string::npos) {
      std::string joined = whole.byte_order_mark + whole.header_text;
      for (const auto& row : whole.row_text) joined += row;
      EXPECT_EQ(joined, text);
    }
    for (size_t piece : {1, 3, 64}) {
      for (size_t chunk : {1, 4, 1 << 20}) {
        SCOPED_TRACE(text + " in pieces of " + std::to_string(piece) + ", chunks of " +
                     std::to_string(chunk));
        const CsvTable read = ReadInPieces(text, piece, chunk, options);
        EXPECT_EQ(read.byte_order_mark, whole.byte_order_mark);
        EXPECT_EQ(read.header_text, whole.header_text);
        EXPECT_EQ(read.row_text, whole.row_text);
      }
    }
  }
}

TEST(CsvRecordReaderTest, ErrorsAreTheSameInChunks) {
  CsvOptions short_lines;
  short_lines.max_line_bytes = 8;
  const std::vector<std::pair<std::string, CsvOptions>> bad = {
      {"a,b\n1,2\n3\n", {}},   {"a,b\n1,\"2\n3,4\n", {}},
      {"a,b\n\"1\"x,2\n", {}}, {"a,b\n1,2\n123456789,1\n", short_lines},
      {"a,a\n1,2\n", {}},      {"\n\n", {}},
      {"a,b\n", {}},
  };
  for (const auto& case_of : bad) {
    // Named references: a lambda may not capture a structured binding (C++17).
    const std::string& text = case_of.first;
    const CsvOptions& options = case_of.second;
    const std::string whole = ErrorOf([&] { ParseCsv(text, "f.csv", options); });
    ASSERT_NE(whole, "(no error)") << text;
    for (size_t piece : {1, 3, 64}) {
      EXPECT_EQ(ErrorOf([&] { ReadInPieces(text, piece, 2, options); }), whole) << text;
    }
  }
}

TEST(CsvRecordReaderTest, BlocksCarryLineNumbersAndReuseTheTable) {
  std::string text = "id,note\n";
  for (int i = 0; i < 10; ++i) {
    text += std::to_string(i) + (i == 4 ? ",\"two\nlines\"\n" : ",x\n");
  }
  CsvRecordReader reader(PiecesOf(text, 7), "f.csv", {}, 16);
  CsvTable block;
  std::vector<size_t> sizes, lines;
  while (reader.NextBlock(4, &block)) {
    sizes.push_back(block.rows.size());
    lines.insert(lines.end(), block.line_of_row.begin(), block.line_of_row.end());
    EXPECT_EQ(block.header, (std::vector<std::string>{"id", "note"}));
    EXPECT_EQ(block.path, "f.csv");
  }
  EXPECT_EQ(sizes, (std::vector<size_t>{4, 4, 2}));
  EXPECT_EQ(lines, (std::vector<size_t>{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}));
  EXPECT_TRUE(block.rows.empty());
}

TEST(CsvRecordReaderTest, ReadsAFileLikeItsText) {
  const std::string path = ::testing::TempDir() + "csv_record_reader_test.csv";
  std::string text = "score,group,label\n";
  for (int i = 0; i < 5000; ++i) {
    text += std::to_string(i % 97) + ",\"g" + std::to_string(i % 3) + "\"," +
            std::to_string(i % 2) + "\r\n";
  }
  std::ofstream(path, std::ios::binary) << text;
  const CsvTable whole = ParseCsv(text, path);
  const CsvTable read = ReadCsv(path);
  EXPECT_EQ(read.rows, whole.rows);
  EXPECT_EQ(read.line_of_row, whole.line_of_row);
  CsvRecordReader reader(path);
  std::vector<std::string> fields;
  size_t line = 0, rows = 0;
  while (reader.Next(&fields, &line)) ++rows;
  EXPECT_EQ(rows, 5000u);
  EXPECT_EQ(line, 5001u);
  EXPECT_EQ(reader.bytes_consumed(), text.size());
  std::remove(path.c_str());
  EXPECT_NE(ErrorOf([&] { CsvRecordReader missing(path); }).find("cannot open file"),
            std::string::npos);
}

TEST(CsvRecordReaderTest, NumberTextParsesWholeCellsOnly) {
  double value = 0.0;
  EXPECT_TRUE(ParseNumberText("-1.5e2", &value));
  EXPECT_EQ(value, -150.0);
  EXPECT_FALSE(ParseNumberText("", &value));
  EXPECT_FALSE(ParseNumberText("1.5x", &value));
  EXPECT_FALSE(ParseNumberText("yes", &value));
}

}  // namespace
}  // namespace tinyfair::host::data
