// Firmware that loads every frozen model of every released schema version
// (tests/compat/models, embedded as bytes), decides its frozen vectors
// (<version>/<Name>.tfv, read through semihosting) and compares each record
// with the frozen log (<version>/<Name>.csv), column by column as the host
// test does (record_columns.h; model_hash by rule: the frozen log holds the
// content_hash the file states, or from 1.5 on the SHA-256 prefix, and
// today's record the SHA-256 prefix CMake computed of the file). The first difference ends the run:
// "# frozen_models: <version>/<Name>: row <r>, field <column>: frozen '<a>',
// today '<b>'" and exit code 1.
#include <string.h>

#include "frozen_models.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "tests/compat/record_columns.h"
#include "tests/compat/vector_layout.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using tinyfair::compat::Text;
namespace target = tinyfair::target;

ModelWithStorage<> g_model;
float g_row[kMaxInputs];

// Lines of a host file, read in blocks.
struct LineReader {
  int file = -1;
  char buffer[512] = {};
  size_t start = 0;
  size_t end = 0;
};

bool NextLine(LineReader& reader, Text& line) {
  for (;;) {
    const char* newline = static_cast<const char*>(
        memchr(reader.buffer + reader.start, '\n', reader.end - reader.start));
    if (newline != nullptr) {
      line = Text{reader.buffer + reader.start,
                  static_cast<size_t>(newline - (reader.buffer + reader.start)) + 1};
      reader.start += line.size;
      return true;
    }
    memmove(reader.buffer, reader.buffer + reader.start, reader.end - reader.start);
    reader.end -= reader.start;
    reader.start = 0;
    if (reader.end == sizeof(reader.buffer)) return false;  // a line longer than the buffer
    const long got =
        target::Read(reader.file, reader.buffer + reader.end, sizeof(reader.buffer) - reader.end);
    if (got <= 0) return false;
    reader.end += static_cast<size_t>(got);
  }
}

LineReader g_log;

uint32_t Little32(const uint8_t* b) {
  return static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8U) |
         (static_cast<uint32_t>(b[2]) << 16U) | (static_cast<uint32_t>(b[3]) << 24U);
}

uint64_t Little64(const uint8_t* b) {
  return static_cast<uint64_t>(Little32(b)) | (static_cast<uint64_t>(Little32(b + 4)) << 32U);
}

void WriteText(Text text) { target::Write(text.data, text.size); }

long Fail(const char* name, const char* message) {
  target::WriteString("# frozen_models: ");
  target::WriteString(name);
  target::WriteString(": ");
  target::WriteString(message);
  target::WriteString("\n");
  return -1;
}

long Mismatch(const char* name, uint32_t row, const tinyfair::compat::RecordColumns& columns,
              int column, Text frozen, Text today) {
  const auto c = static_cast<size_t>(column);
  target::WriteString("# frozen_models: ");
  target::WriteString(name);
  target::WriteString(": row ");
  target::WriteDecimal(static_cast<long>(row));
  target::WriteString(", field ");
  WriteText(columns.names[c]);
  target::WriteString(": frozen '");
  WriteText(tinyfair::compat::RecordField(frozen, c));
  target::WriteString("', today '");
  WriteText(tinyfair::compat::RecordField(today, columns.today[c]));
  target::WriteString("'\n");
  return -1;
}

int OpenNamed(const char* name, const char* extension) {
  char path[96];
  strncpy(path, name, sizeof(path) - 8);
  path[sizeof(path) - 8] = '\0';
  strcat(path, extension);
  return target::Open(path, target::kOpenReadBinary);
}

// The content_hash the loaded model's file states, as 16 hex digits: what its
// release wrote in the model_hash column.
void StatedHashHex(char (&hex)[17]) {
  static constexpr char kDigits[] = "0123456789abcdef";
  const uint64_t hash = g_model.content_hash();
  for (int i = 0; i < 16; ++i) hex[i] = kDigits[(hash >> (60U - 4U * i)) & 0xFU];
  hex[16] = '\0';
}

// Decides the vectors with the loaded model and compares every record with
// the frozen log; the rows compared, or -1 after a note.
long Compare(const char* name, const char* record_hash, int vectors, LineReader& log) {
  using tinyfair::compat::kVectorsHeaderSize;
  uint8_t header[kVectorsHeaderSize];
  if (target::Read(vectors, header, kVectorsHeaderSize) != static_cast<long>(kVectorsHeaderSize) ||
      memcmp(header, "TFV1", 4) != 0 || Little32(header + 4) != g_model.input_count()) {
    return Fail(name, "bad .tfv header (or an input count other than the model's)");
  }
  tinyfair::compat::RecordColumns columns;
  Text line;
  if (!NextLine(log, line) || !tinyfair::compat::MapRecordColumns(line, columns)) {
    return Fail(name, "the frozen log's header names a column today's record lacks");
  }
  const uint32_t rows = Little32(header + 8);
  const long length = target::FileLength(vectors);
  const size_t row_bytes = tinyfair::compat::VectorRowBytes(
      Little32(header + 4), rows, length < 0 ? 0 : static_cast<uint64_t>(length));
  if (row_bytes == 0) return Fail(name, "its .tfv file's size does not match its header");
  // The first release's rows have no group: decided with group 0.
  const bool with_group = row_bytes > g_model.input_count() * sizeof(float);
  char stated[17];
  StatedHashHex(stated);
  // From 1.5 on, the frozen log names the model by its digest, as today's does.
  const char* frozen_hash =
      tinyfair::compat::FrozenRecordsNameTheDigest(name) ? record_hash : stated;
  const tinyfair::compat::ModelHashRule hashes{Text{frozen_hash, 16}, Text{record_hash, 16}};
  Pcg32 rng(Little64(header + 12), Little64(header + 20));
  DecisionInput input;
  input.values = g_row;
  input.count = g_model.input_count();
  char today[kDecisionRecordLineSize];
  for (uint32_t r = 0; r < rows; ++r) {
    const long bytes = static_cast<long>(input.count * sizeof(float));
    uint8_t group[4] = {0, 0, 0, 0};
    if (target::Read(vectors, g_row, static_cast<size_t>(bytes)) != bytes ||
        (with_group &&
         target::Read(vectors, group, sizeof(group)) != static_cast<long>(sizeof(group)))) {
      return Fail(name, "short read of its .tfv file");
    }
    input.group = Little32(group);
    Decision decision;
    (void)g_model.Decide(input, rng, decision);  // the status is in the record
    const Text record{today, FormatDecisionRecord(decision, today, sizeof(today))};
    if (!NextLine(log, line)) return Fail(name, "the frozen log has fewer records than vectors");
    const int column = tinyfair::compat::FirstDifferentColumn(columns, line, record, hashes);
    if (column >= 0) return Mismatch(name, r + 1, columns, column, line, record);
  }
  if (NextLine(log, line)) return Fail(name, "the frozen log has more records than vectors");
  return static_cast<long>(rows);
}

long Check(const tinyfair_frozen::FrozenModel& frozen) {
  const Status status = g_model.Load(frozen.bytes, frozen.size);
  if (!IsOk(status)) {
    target::WriteString("# frozen_models: ");
    target::WriteString(frozen.name);
    target::WriteString(": today's runtime refuses the model: ");
    target::WriteString(StatusName(status));
    target::WriteString("\n");
    return -1;
  }
  const int vectors = OpenNamed(frozen.name, ".tfv");
  if (vectors < 0) return Fail(frozen.name, "cannot open its .tfv file");
  LineReader& log = g_log;
  log.start = log.end = 0;
  log.file = OpenNamed(frozen.name, ".csv");
  if (log.file < 0) {
    target::Close(vectors);
    return Fail(frozen.name, "cannot open its .csv file");
  }
  const long rows = Compare(frozen.name, frozen.record_hash, vectors, log);
  target::Close(vectors);
  target::Close(log.file);
  return rows;
}

}  // namespace

int main() {
  g_model.AcceptIntegerModels();
  long total = 0, models = 0;
  for (const auto& frozen : tinyfair_frozen::kFrozenModels) {
    const long rows = Check(frozen);
    if (rows < 0) return 1;
    total += rows;
    ++models;
  }
  target::WriteString("# frozen_models: models ");
  target::WriteDecimal(models);
  target::WriteString(", decisions ");
  target::WriteDecimal(total);
  target::WriteString(", every record as frozen\n");
  return models > 0 ? 0 : 1;
}
