#include "vector_replay.h"

#include <stdint.h>
#include <string.h>

#include "targets/common/semihosting.h"

namespace tinyfair::testing {
namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;

constexpr size_t kHeaderSize = 4 + 4 + 4 + 8 + 8;

float g_row[kMaxInputs];
// Records are batched so that each semihosting call carries many lines.
char g_output[32 * kDecisionRecordLineSize];

long Fail(const char* label, const char* message) {
  target::WriteString("# ");
  target::WriteString(label);
  target::WriteString(": ");
  target::WriteString(message);
  target::WriteString("\n");
  return -1;
}

uint32_t Little32(const uint8_t* b) {
  return static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8U) |
         (static_cast<uint32_t>(b[2]) << 16U) | (static_cast<uint32_t>(b[3]) << 24U);
}

uint64_t Little64(const uint8_t* b) {
  return static_cast<uint64_t>(Little32(b)) | (static_cast<uint64_t>(Little32(b + 4)) << 32U);
}

}  // namespace

bool VectorReader::Open(const char* path, const char* magic, size_t max_inputs) {
  Close();
  file_ = target::Open(path, target::kOpenReadBinary);
  if (file_ < 0) return false;
  uint8_t header[kHeaderSize];
  if (target::Read(file_, header, kHeaderSize) != static_cast<long>(kHeaderSize) ||
      memcmp(header, magic, 4) != 0 || Little32(header + 4) > max_inputs) {
    Close();
    return false;
  }
  input_count_ = Little32(header + 4);
  rows_ = Little32(header + 8);
  seed_ = Little64(header + 12);
  stream_ = Little64(header + 20);
  return true;
}

void VectorReader::Close() {
  if (file_ >= 0) target::Close(file_);
  file_ = -1;
}

bool VectorReader::ReadGroup(uint32_t& group) {
  uint8_t bytes[4];
  if (target::Read(file_, bytes, sizeof(bytes)) != static_cast<long>(sizeof(bytes))) return false;
  group = Little32(bytes);
  return true;
}

bool VectorReader::Next(float* values, uint32_t& group) {
  const long bytes = static_cast<long>(input_count_ * sizeof(float));
  return target::Read(file_, values, static_cast<size_t>(bytes)) == bytes && ReadGroup(group);
}

bool VectorReader::Next(int16_t* values, uint32_t& group) {
  uint8_t bytes[2 * kMaxInputs];
  const long size = static_cast<long>(2 * input_count_);
  if (target::Read(file_, bytes, static_cast<size_t>(size)) != size) return false;
  for (uint32_t i = 0; i < input_count_; ++i) {
    values[i] = static_cast<int16_t>(
        static_cast<uint16_t>(bytes[2 * i] | static_cast<uint16_t>(bytes[2 * i + 1] << 8U)));
  }
  return ReadGroup(group);
}

char* RecordWriter::Line() { return g_output + used_; }

void RecordWriter::Commit(size_t size) {
  used_ += size;
  if (sizeof(g_output) - used_ < kDecisionRecordLineSize) Flush();
}

void RecordWriter::Flush() {
  if (used_ != 0) target::Write(g_output, used_);
  used_ = 0;
}

long ReplayVectors(const Model& model, const char* path, const char* label) {
  VectorReader vectors;
  if (!vectors.Open(path, "TFV1", kMaxInputs)) {
    return Fail(label, "cannot open its .tfv file, or it has no TFV1 header");
  }
  if (vectors.input_count() != model.input_count()) {
    return Fail(label, "bad .tfv header (or an input count other than the model's)");
  }
  Pcg32 rng(vectors.seed(), vectors.stream());
  DecisionInput input;
  input.values = g_row;
  input.count = model.input_count();
  target::Write(kDecisionRecordHeader, sizeof(kDecisionRecordHeader) - 1);
  RecordWriter records;
  for (uint32_t r = 0; r < vectors.rows(); ++r) {
    if (!vectors.Next(g_row, input.group)) return Fail(label, "short read");
    Decision decision;
    (void)model.Decide(input, rng, decision);  // the status is in the record
    records.Commit(FormatDecisionRecord(decision, records.Line(), kDecisionRecordLineSize));
  }
  return static_cast<long>(vectors.rows());
}

}  // namespace tinyfair::testing
