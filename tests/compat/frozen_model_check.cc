#include "frozen_model_check.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "frozen_record_hashes.h"
#include "host_tools/model/decision_vectors.h"
#include "host_tools/model/model_file.h"
#include "record_columns.h"
#include "tinyfair_runtime/model.h"
#include "vector_layout.h"

namespace tinyfair::compat {
namespace {

std::string ReadBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot read");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

Text AsText(const std::string& s) { return Text{s.data(), s.size()}; }

std::string AsString(Text t) { return std::string(t.data, t.size); }

uint32_t Little32(const std::string& bytes, size_t at) {
  uint32_t value = 0;
  for (size_t i = 0; i < 4; ++i) {
    value |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8U * i);
  }
  return value;
}

// Vectors in the first release's layout (rows without a group) rewritten in
// memory with group 0 on every row, the layout today's reader reads; other
// files unchanged (the reader judges them).
std::string InTodaysLayout(const std::string& vectors) {
  if (vectors.size() < kVectorsHeaderSize) return vectors;
  const uint32_t inputs = Little32(vectors, 4);
  const uint32_t rows = Little32(vectors, 8);
  if (VectorRowBytes(inputs, rows, vectors.size()) != size_t{4} * inputs) return vectors;
  std::string out = vectors.substr(0, kVectorsHeaderSize);
  for (uint32_t r = 0; r < rows; ++r) {
    out.append(vectors, kVectorsHeaderSize + size_t{4} * inputs * r, size_t{4} * inputs);
    out.append(4, '\0');
  }
  return out;
}

std::string RecordHashOf(const std::string& name) {
  for (const auto& frozen : tinyfair_frozen::kFrozenRecordHashes) {
    if (name == frozen.name) return frozen.hex;
  }
  return "";
}

// The content_hash the model file states, as 16 hex digits, when it is the
// FNV-1a its release defined (ParseModelFile checks it); "" otherwise.
std::string StatedHashHex(const FrozenModel& frozen) {
  try {
    const uint64_t hash = host::model::ParseModelFile(frozen.model, frozen.name).content_hash();
    char hex[17];
    std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(hash));
    return hex;
  } catch (const std::exception&) {
    return "";
  }
}

}  // namespace

std::vector<std::string> TodaysRecords(const std::string& name, const std::string& model_bytes,
                                       const std::string& vectors_bytes, std::string& problem) {
  const host::model::DecisionVectors vectors =
      host::model::DecodeDecisionVectors(InTodaysLayout(vectors_bytes), name + ".tfv");
  auto model = std::make_unique<runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  const runtime::Status status =
      model->Load(reinterpret_cast<const uint8_t*>(model_bytes.data()), model_bytes.size());
  if (status != runtime::Status::kOk) {
    problem = "today's runtime refuses the model: " + std::string(runtime::StatusName(status));
    return {};
  }
  if (vectors.input_count != model->input_count()) {
    problem = "its vectors have " + std::to_string(vectors.input_count) + " inputs, the model " +
              std::to_string(model->input_count());
    return {};
  }
  runtime::Pcg32 rng(vectors.seed, vectors.stream);
  const size_t rows = vectors.input_count == 0 ? 0 : vectors.inputs.size() / vectors.input_count;
  std::vector<std::string> records;
  char line[runtime::kDecisionRecordLineSize];
  for (size_t r = 0; r < rows; ++r) {
    runtime::DecisionInput input;
    input.values = vectors.inputs.data() + r * vectors.input_count;
    input.count = vectors.input_count;
    input.group = vectors.groups.empty() ? 0 : vectors.groups[r];
    runtime::Decision decision;
    (void)model->Decide(input, rng, decision);  // the status is in the record
    records.emplace_back(line, runtime::FormatDecisionRecord(decision, line, sizeof(line)));
  }
  return records;
}

std::vector<FrozenModel> ReadFrozenModels(const std::string& models_dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& version : std::filesystem::directory_iterator(models_dir)) {
    if (!version.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(version.path())) {
      if (file.path().extension() == ".pb") files.push_back(file.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<FrozenModel> models;
  for (const auto& pb : files) {
    FrozenModel m;
    m.name = pb.parent_path().filename().string() + "/" + pb.stem().string();
    m.model = ReadBytes(pb);
    m.vectors = ReadBytes(std::filesystem::path(pb).replace_extension(".tfv"));
    m.log = ReadBytes(std::filesystem::path(pb).replace_extension(".csv"));
    m.record_hash = RecordHashOf(m.name);
    models.push_back(std::move(m));
  }
  return models;
}

std::string CheckFrozenModel(const FrozenModel& frozen) {
  const std::vector<std::string> expected = Lines(frozen.log);
  RecordColumns columns;
  if (expected.empty() || !MapRecordColumns(AsText(expected[0]), columns)) {
    return frozen.name + ": the frozen log's header names a column today's record lacks";
  }
  std::string problem;
  const std::vector<std::string> today =
      TodaysRecords(frozen.name, frozen.model, frozen.vectors, problem);
  if (!problem.empty()) return frozen.name + ": " + problem;
  const std::string stated =
      FrozenRecordsNameTheDigest(frozen.name.c_str()) ? frozen.record_hash : StatedHashHex(frozen);
  const ModelHashRule hashes{AsText(stated), AsText(frozen.record_hash)};
  if (today.size() != expected.size() - 1) {
    return frozen.name + ": " + std::to_string(expected.size() - 1) + " frozen records, " +
           std::to_string(today.size()) + " decided today";
  }
  for (size_t r = 0; r < today.size(); ++r) {
    const Text frozen_record = AsText(expected[r + 1]);
    const Text today_record = AsText(today[r]);
    const int column = FirstDifferentColumn(columns, frozen_record, today_record, hashes);
    if (column < 0) continue;
    const auto c = static_cast<size_t>(column);
    return frozen.name + ": row " + std::to_string(r + 1) + ", field " +
           AsString(columns.names[c]) + ": frozen '" + AsString(RecordField(frozen_record, c)) +
           "', today '" + AsString(RecordField(today_record, columns.today[c])) + "'";
  }
  return "";
}

}  // namespace tinyfair::compat
