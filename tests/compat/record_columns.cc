#include "record_columns.h"

#include <string.h>

#include "tinyfair_runtime/decision.h"

namespace tinyfair::compat {
namespace {

Text WithoutNewline(Text line) {
  while (line.size > 0 && (line.data[line.size - 1] == '\n' || line.data[line.size - 1] == '\r')) {
    --line.size;
  }
  return line;
}

bool Equal(Text a, Text b) { return a.size == b.size && memcmp(a.data, b.data, a.size) == 0; }

size_t FieldCount(Text line) {
  line = WithoutNewline(line);
  size_t count = 1;
  for (size_t i = 0; i < line.size; ++i) count += line.data[i] == ',' ? 1 : 0;
  return count;
}

}  // namespace

Text RecordField(Text line, size_t index) {
  line = WithoutNewline(line);
  size_t start = 0;
  for (size_t field = 0; field < index; ++field) {
    while (start < line.size && line.data[start] != ',') ++start;
    if (start == line.size) return Text{line.data + line.size, 0};
    ++start;
  }
  size_t end = start;
  while (end < line.size && line.data[end] != ',') ++end;
  return Text{line.data + start, end - start};
}

bool MapRecordColumns(Text frozen_header, RecordColumns& columns) {
  const Text today{runtime::kDecisionRecordHeader, sizeof(runtime::kDecisionRecordHeader) - 1};
  const size_t frozen_count = FieldCount(frozen_header);
  const size_t today_count = FieldCount(today);
  if (frozen_count > kMaxRecordColumns) return false;
  columns.count = frozen_count;
  for (size_t c = 0; c < frozen_count; ++c) {
    const Text name = RecordField(frozen_header, c);
    size_t t = 0;
    while (t < today_count && !Equal(RecordField(today, t), name)) ++t;
    if (t == today_count) return false;
    columns.today[c] = t;
    // Today's header is static; the frozen header's buffer may be reused.
    columns.names[c] = RecordField(today, t);
  }
  return true;
}

int FirstDifferentColumn(const RecordColumns& columns, Text frozen, Text today,
                         const ModelHashRule& hashes) {
  static constexpr char kModelHash[] = "model_hash";
  const Text model_hash{kModelHash, sizeof(kModelHash) - 1};
  for (size_t c = 0; c < columns.count; ++c) {
    const Text was = RecordField(frozen, c);
    const Text is = RecordField(today, columns.today[c]);
    const bool same = Equal(columns.names[c], model_hash)
                          ? Equal(was, hashes.frozen) && Equal(is, hashes.today)
                          : Equal(was, is);
    if (!same) return static_cast<int>(c);
  }
  // A frozen record with more fields than its header is not a record.
  if (FieldCount(frozen) != columns.count) return static_cast<int>(columns.count) - 1;
  return -1;
}

bool FrozenRecordsNameTheDigest(const char* name) {
  // The first minor version whose release names models by their digest.
  constexpr unsigned kDigestMinor = 5;
  if (name == nullptr || name[0] != '1' || name[1] != '.') return false;
  unsigned minor = 0;
  for (const char* c = name + 2; *c >= '0' && *c <= '9'; ++c) minor = minor * 10 + (*c - '0');
  return minor >= kDigestMinor;
}

}  // namespace tinyfair::compat
