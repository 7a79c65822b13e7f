// Replays a decision-vector file (docs/decision_records.md) through a loaded
// model on the device and prints the decision log: shared by the parity
// firmwares, with the reader of the vectors files and the batched writer of
// the records it is built on.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/model.h"

namespace tinyfair::testing {

/// A vectors file read from the host through semihosting, row by row: a
/// .tfv ("TFV1", float inputs) or a .tfi ("TFI1", 16-bit inputs), each with
/// the input count, the row count and the PCG32 seed and stream of its log.
class VectorReader {
 public:
  VectorReader() = default;
  VectorReader(const VectorReader&) = delete;
  VectorReader& operator=(const VectorReader&) = delete;
  ~VectorReader() { Close(); }

  /// Opens `path` and reads its header, which must start with `magic`
  /// ("TFV1" or "TFI1") and state at most `max_inputs` inputs; false, with
  /// nothing left open, when it cannot.
  bool Open(const char* path, const char* magic, size_t max_inputs);
  void Close();

  uint32_t input_count() const { return input_count_; }
  uint32_t rows() const { return rows_; }
  uint64_t seed() const { return seed_; }
  uint64_t stream() const { return stream_; }

  /// The next row of a .tfv (input_count() floats) or of a .tfi
  /// (input_count() 16-bit integers), and its group; false on a short read.
  bool Next(float* values, uint32_t& group);
  bool Next(int16_t* values, uint32_t& group);

 private:
  bool ReadGroup(uint32_t& group);

  int file_ = -1;
  uint32_t input_count_ = 0;
  uint32_t rows_ = 0;
  uint64_t seed_ = 0;
  uint64_t stream_ = 0;
};

/// Prints record lines on stdout, batched so that each semihosting call
/// carries many of them. One writer at a time: they share one buffer.
class RecordWriter {
 public:
  RecordWriter() = default;
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  ~RecordWriter() { Flush(); }

  /// Room for one record line (runtime::kDecisionRecordLineSize bytes).
  char* Line();
  /// Keeps the `size` bytes written at Line().
  void Commit(size_t size);
  void Flush();

 private:
  size_t used_ = 0;
};

/// Decides every row of the .tfv file at `path` (read from the host through
/// semihosting) with Pcg32(seed, stream) from its header, and prints the log
/// header and one record per row on stdout. Returns the number of decisions,
/// or -1 after printing "# <label>: <reason>".
long ReplayVectors(const runtime::Model& model, const char* path, const char* label);

}  // namespace tinyfair::testing
