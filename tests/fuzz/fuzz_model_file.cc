// libFuzzer: the host's reading of a model file as every command reads one
// (host::model::AdmitModel, the entry check ReadTrustedModel applies after
// the file is read), on the bytes of a sealed, signed or JSON file, and then
// what each command does first with a model it accepted. The input is
//   byte 0     flags: bit 0 requires the test public key (the signed golden
//              model's), bit 1 a minimum model version (byte 1), bit 2
//              re-seals a sealed file (its content hash and CRC) so that
//              mutations reach the decoder, the host's own checks and the
//              commands, bit 3 puts values the
//              model does not list into the table the commands are given
//   byte 1     the minimum model version when bit 1 is set; the seed of the
//              decisions
//   the rest   the file
// Beyond not crashing: a refusal is a std::exception (a refused model, a bad
// file), never anything else; the host never accepts what the device
// refuses: a sealed or signed file it reads loads in the runtime, with the
// requirement's options when there is one, and with a key only a signed
// file passes. A model it accepted goes on through the commands' first
// steps, through the library functions they call: inspect (the record hash,
// the JSON), simulate, evaluate and export --integer (the input encoder and
// the group check on a table of the model's own inputs, the runtime model,
// the decisions), monitor (the report of those decisions read back),
// postprocess and sweep (the scoring model, scores through the runtime),
// codegen (the bytes and the tables header) and export (sealing); the
// runtime model and the export must succeed, since the entry check passed.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/model/model_export.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/model/monitor_report_reader.h"
#include "host_tools/model/record_model_hash.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/generated_header.h"
#include "host_tools/simulate/monitor_simulation.h"
#include "host_tools/simulate/score_through_runtime.h"
#include "tests/fuzz/test_public_key.h"
#include "tests/hardening/corruption.h"
#include "tinyfair_runtime/model.h"

namespace {

namespace host = tinyfair::host;
namespace host_model = tinyfair::host::model;
using tinyfair::runtime::LoadOptions;

[[noreturn]] void Violation(const char* what) {
  fprintf(stderr, "fuzz_model_file: %s\n", what);
  abort();
}

bool LoadsInRuntime(const std::string& bytes, const LoadOptions& options) {
  auto device = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  device->AcceptIntegerModels();
  return tinyfair::runtime::IsOk(
      device->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), options));
}

// The content hash (field 2, bytes 6-13 after the CRC field) of a sealed
// file laid out as the exporter lays it out, recomputed as the exporter
// computes it (over the protobuf library's encoding of the parsed model
// without fields 1 and 2), so that mutations that still parse pass the
// host's hash check and reach the commands.
void ResealContentHash(std::string& bytes) {
  if (bytes.size() < 14 || bytes[5] != 0x11) return;
  tinyfair::Model model;
  if (!model.ParseFromString(bytes)) return;
  const uint64_t hash = host_model::ContentHashOf(model);
  for (size_t b = 0; b < 8; ++b) bytes[6 + b] = static_cast<char>((hash >> (8 * b)) & 0xFFU);
}

// A table as a command would read it, with a column for every input of the
// model: a listed category (or, with `unlisted`, a value the model does not
// list), a number, a missing value.
host::data::CsvTable TableOfInputs(const tinyfair::Model& model, bool unlisted) {
  host::data::CsvTable table;
  table.path = "fuzz.csv";
  table.missing_markers = {"", "NA"};
  for (const tinyfair::Input& input : model.inputs()) table.header.push_back(input.name());
  for (size_t r = 0; r < 3; ++r) {
    std::vector<std::string> row;
    for (const tinyfair::Input& input : model.inputs()) {
      const int count = input.categories_size();
      if (input.kind() == tinyfair::Input::CATEGORICAL && count > 0 && !(unlisted && r == 2)) {
        row.push_back(input.categories(static_cast<int>(r % static_cast<size_t>(count))));
      } else {
        row.push_back(r == 0 ? "1.5" : r == 1 ? "-2" : "NA");
      }
    }
    table.rows.push_back(row);
    table.line_of_row.push_back(r + 2);
  }
  return table;
}

// inspect: what it prints of the model.
void Inspect(const tinyfair::Model& model) {
  try {
    (void)host_model::RecordModelHashSummary(model);
    (void)host_model::ModelToJson(model);
  } catch (const std::exception&) {
    Violation("inspect refused a model the entry check passed");
  }
}

std::unique_ptr<tinyfair::runtime::Model> RuntimeModel(const tinyfair::Model& model) {
  try {
    return host::simulate::LoadIntoRuntime(model);
  } catch (const std::exception&) {
    Violation("the runtime refused a model the entry check passed");
  }
}

// simulate, evaluate, export --integer (in their order: the encoder and the
// group check on the table, then the runtime model), then monitor on those
// decisions.
void Decide(const tinyfair::Model& model, const host::data::CsvTable& table, uint64_t seed) {
  std::unique_ptr<host::data::InputEncoder> encoder;
  try {
    encoder = std::make_unique<host::data::InputEncoder>(model.inputs(), table);
    host::data::CheckGroupsKnown(model, table);
  } catch (const std::exception&) {
    return;  // data the model refuses (a group it does not know)
  }
  const std::unique_ptr<tinyfair::runtime::Model> device = RuntimeModel(model);
  const std::vector<tinyfair::runtime::Decision> decisions =
      host::simulate::DecideRows(*device, *encoder, seed, 0);
  (void)host::simulate::RefusedRowsSummary(decisions, table);
  try {
    const auto monitor = host::simulate::MonitorDecisions(*device, decisions);
    (void)host_model::ParseMonitorReport(host::simulate::EncodeReport(*monitor), "fuzz.report",
                                         model);
  } catch (const std::exception&) {
    // A model without monitor settings; a report refused.
  }
}

// postprocess and sweep: the model as a scorer, its scores through the runtime.
void Score(const tinyfair::Model& model, const host::data::CsvTable& table) {
  try {
    tinyfair::Model scorer = model;
    host_model::PrepareScoringModel({}, scorer);
    (void)host::simulate::ScoreThroughRuntime(scorer, table, "", {});
  } catch (const std::exception&) {
    // A scorer the runtime refuses as a ramp, data it refuses.
  }
}

// codegen: both headers of the file's bytes (JSON text is refused).
void Codegen(const std::string& bytes) {
  for (const bool tables : {false, true}) {
    host::simulate::HeaderRequest request;
    request.tables = tables;
    try {
      (void)host::simulate::GeneratedHeader(request, bytes);
    } catch (const std::exception&) {
    }
  }
}

// export without settings: seals a JSON model, ships a sealed one unchanged.
void Export(const tinyfair::Model& model) {
  tinyfair::Model copy = model;
  try {
    (void)host_model::ExportModel(host_model::ExportSettings{}, copy);
  } catch (const std::exception&) {
    Violation("export refused a model the entry check passed");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t flags = data[0];
  std::string bytes(reinterpret_cast<const char*>(data + 2), size - 2);
  if ((flags & 4U) != 0 && bytes.size() >= 5 && bytes[0] == 0x0D) {
    ResealContentHash(bytes);
    tinyfair::hardening::Reseal(reinterpret_cast<uint8_t*>(bytes.data()), bytes.size());
  }
  host_model::TrustRequirement requirement;
  if ((flags & 1U) != 0) {
    requirement.public_key.emplace();
    for (size_t i = 0; i < 32; ++i)
      (*requirement.public_key)[i] = tinyfair::fuzz::kTestPublicKey[i];
  }
  if ((flags & 2U) != 0) requirement.minimum_model_version = data[1];

  std::string trust;
  tinyfair::Model model;
  try {
    model = host_model::AdmitModel(bytes, "fuzz.pb", requirement, &trust);
  } catch (const std::exception&) {
    return 0;  // Refused: a runtime status, the content hash, the protobuf parse.
  }
  const bool json = host_model::IsModelJson(bytes);
  if (!json) {
    LoadOptions options;
    if (requirement.public_key) options.public_key = tinyfair::fuzz::kTestPublicKey;
    options.minimum_model_version = requirement.minimum_model_version;
    if (!LoadsInRuntime(bytes, options)) Violation("the host read a model file Load() refuses");
    if (requirement.public_key && !host_model::IsSignedModelFile(bytes)) {
      Violation("a key passed an unsigned file");
    }
  }
  if (requirement.public_key && trust.rfind("signed by key ", 0) != 0) {
    Violation("a key passed a file not named as signed");
  }
  if (model.model_version() < requirement.minimum_model_version) {
    Violation("a model below the minimum version passed");
  }

  const host::data::CsvTable table = TableOfInputs(model, (flags & 8U) != 0);
  Decide(model, table, data[1]);
  Inspect(model);
  Score(model, table);
  if (!json) Codegen(bytes);
  Export(model);
  return 0;
}
