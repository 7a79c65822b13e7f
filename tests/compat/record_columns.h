// Compares one decision record with a frozen log's record, column by column,
// by the names in the frozen log's header: an older log may have fewer
// columns than today's record (schema 1.0 logs end at `positive`), and every
// column it has must be today's bit for bit, except model_hash, compared by
// rule (ModelHashRule). Heap-free, so that the boards compare on the device
// what the host compares.
#pragma once

#include <stddef.h>

namespace tinyfair::compat {

inline constexpr size_t kMaxRecordColumns = 16;

/// A piece of a line (no terminating NUL).
struct Text {
  const char* data = nullptr;
  size_t size = 0;
};

/// Field `index` of a comma-separated line (a trailing newline is not part of
/// the last field); empty when the line has fewer fields.
Text RecordField(Text line, size_t index);

/// Where each column of a frozen log's header is in today's record.
struct RecordColumns {
  size_t count = 0;
  /// The column names, in today's header (static storage).
  Text names[kMaxRecordColumns];
  size_t today[kMaxRecordColumns] = {};
};

/// Maps a frozen header onto today's kDecisionRecordHeader. False when it
/// names a column today's record does not have, or has too many columns.
bool MapRecordColumns(Text frozen_header, RecordColumns& columns);

/// The model_hash column, compared by rule: the frozen logs carry the
/// content_hash their release wrote, today's records the first 16 hex digits
/// of the SHA-256 of the sealed model. `frozen`: the text the frozen log must
/// hold (the model file's content_hash); `today`: the text today's record
/// must hold (that SHA-256 prefix, computed apart from the runtime).
struct ModelHashRule {
  Text frozen;
  Text today;
};

/// Whether the release that froze `name` ("<major>.<minor>/<Name>") wrote in
/// its records' model_hash the SHA-256 prefix of the model, as today's
/// runtime does (schema 1.5 on), rather than the content_hash the file
/// states (1.0 to 1.4): what the frozen side of ModelHashRule must be.
bool FrozenRecordsNameTheDigest(const char* name);

/// The first frozen column whose text differs between the frozen record and
/// today's (model_hash: either side differs from `hashes`), or -1 when every
/// one is equal (and the frozen record has no more fields than its header).
int FirstDifferentColumn(const RecordColumns& columns, Text frozen, Text today,
                         const ModelHashRule& hashes);

}  // namespace tinyfair::compat
