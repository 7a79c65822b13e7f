// tinyfair export / inspect / codegen: the model file and its header.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/inspect_footprint.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/model_export_file.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/model_keys.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/model/provenance.h"
#include "host_tools/model/record_model_hash.h"
#include "host_tools/simulate/generated_header.h"
#include "host_tools/simulate/generated_key_header.h"
#include "host_tools/simulate/generated_unit_test.h"

namespace tinyfair::cli {
namespace {

struct ModelOptions {
  std::string model, out, name = "Model", id, language = "c++";
  bool tables = false;
  // The fairness monitor's settings (docs/monitor.md); negative: unchanged.
  double monitor_alpha = -1.0, monitor_tolerance = -1.0;
  long long monitor_window = -1;
  // export --sign, --model-version (negative: unchanged)
  std::string sign_key;
  long long model_version = -1;
  // export --provenance names|none (empty: the model's, as its fit decided)
  std::string provenance;
  // export --integer int16|int8: the integer scorer, fitted to --data and
  // checked on it against the float model.
  std::string integer, data;
  LabelOptions label;
  double max_gap_change = 0.01;
  uint64_t seed = 1;
  // inspect --footprint
  bool footprint = false;
  FootprintRequest footprint_request;
  // inspect, codegen --public-key / --minimum-version: verified as a device would.
  TrustFlags trust;
  // codegen --unit-test: the first --rows rows of --data, decided with
  // PCG32(--seed, --stream), over the model's C header --model-header.
  bool unit_test = false;
  bool integer_inputs = false;
  size_t rows = 10;
  uint64_t stream = 0;
  std::string model_header;
  CommandOption language_option;
};

void Export(const ModelOptions& o) {
  // Never over the model, the data or the signing key (a lost private key
  // means no new model until new firmware ships).
  host::common::RefuseOutputsOverInputs(
      {{"--model", o.model}, {"--sign", o.sign_key}, {"--data", o.data}}, {{"--out", o.out}});
  host::fit::ExportFileRequest request;
  request.model_name = o.model;
  request.out = o.out;
  // The key first: a bad key file stops the export before anything is written.
  if (!o.sign_key.empty()) request.key = host::model::ReadSigningKeyFile(o.sign_key);
  tinyfair::Model model = host::model::ReadModel(o.model);
  host::fit::RefuseSignedModelFile(o.model);
  std::optional<host::data::CsvTable> file;
  std::optional<host::data::ColumnTable> data;
  if (!o.integer.empty()) {
    if (o.data.empty()) RefuseMissingOption("--data (with --integer)");
    if (o.label.label.empty()) RefuseMissingOption("--label (with --integer)");
    file = ReadDataCsv(o.data);
    data = host::data::ColumnTableFromCsv(*file);
    request.integer =
        host::fit::IntegerPathRequest{o.integer, &*data, o.label, o.max_gap_change, o.seed};
  } else if (!o.label.label.empty() || !o.label.positive.empty()) {
    throw std::invalid_argument("export: --label and --positive go with --integer");
  }
  host::model::ExportSettings& settings = request.settings;
  settings.model_id = o.id;
  if (o.monitor_alpha >= 0.0) settings.monitor_alpha = o.monitor_alpha;
  if (o.monitor_tolerance >= 0.0) settings.monitor_tolerance = o.monitor_tolerance;
  if (o.monitor_window >= 0) settings.monitor_window = static_cast<uint32_t>(o.monitor_window);
  if (o.model_version >= 0) settings.model_version = static_cast<uint32_t>(o.model_version);
  if (!o.provenance.empty()) {
    settings.provenance = host::model::ProvenanceDetailNamed(o.provenance);
  }
  host::fit::ExportModelFile(request, model);
}

void Inspect(ModelOptions& o) {
  if (o.footprint && o.footprint_request.board.empty()) RefuseMissingOption("--board");
  // How the file is signed, and the device's word on it, before anything else.
  std::string trust;
  const tinyfair::Model model =
      host::model::ReadTrustedModel(o.model, TrustRequired(o.trust), &trust);
  if (!trust.empty()) Note(o.model + ": " + trust);
  if (o.footprint) {
    o.footprint_request.model = o.model;
    PrintFootprint(o.footprint_request);
    return;
  }
  Note(o.model + ": " + host::model::RecordModelHashSummary(model));
  std::fputs(host::model::ModelToJson(model).c_str(), stdout);
  std::fputs("\n", stdout);
}

// codegen --public-key without --model: the key as a header for firmware.
void CodegenPublicKey(const ModelOptions& o) {
  if (o.tables || o.trust.minimum_version > 0) {
    throw std::invalid_argument(
        "--tables and --minimum-version need --model; --public-key alone writes the key's "
        "header");
  }
  host::common::RefuseOutputsOverInputs({{"--public-key", o.trust.public_key}}, {{"--out", o.out}});
  const host::simulate::KeyHeader header =
      host::simulate::GeneratedPublicKeyHeader(o.name, o.trust.public_key);
  host::common::WriteFileAtomically(o.out, header.text);
  Note("codegen: wrote " + o.out + " (key id " + host::model::KeyIdText(header.key_id) + ")");
}

// codegen --unit-test: the test source a firmware's test runner compiles.
void CodegenUnitTest(const ModelOptions& o) {
  if (o.model.empty()) RefuseMissingOption("--model (with --unit-test)");
  if (o.data.empty()) RefuseMissingOption("--data (with --unit-test)");
  if (o.model_header.empty()) RefuseMissingOption("--model-header (with --unit-test)");
  host::common::RefuseOutputsOverInputs(
      {{"--model", o.model}, {"--public-key", o.trust.public_key}, {"--data", o.data}},
      {{"--out", o.out}});
  host::simulate::UnitTestRequest request;
  request.name = o.name;
  request.model_header = o.model_header;
  // Plain C unless ztest is asked for: the test is C in either form.
  request.language = o.language_option.Given() ? o.language : "c";
  if (request.language == "c++") {
    throw std::invalid_argument("--unit-test writes C: --language c (default) or ztest");
  }
  request.rows = o.rows;
  request.seed = o.seed;
  request.stream = o.stream;
  request.source = std::filesystem::path(o.model).filename().string();
  request.integer_inputs = o.integer_inputs;
  request.tables = o.tables;
  const std::string bytes = ReadModelBytesTrusted("codegen", o.model, o.trust);
  const host::data::CsvTable table = ReadDataCsv(o.data);
  host::common::WriteFileAtomically(o.out,
                                    host::simulate::GeneratedUnitTest(request, bytes, table));
  Note("codegen: wrote " + o.out + " (" + std::to_string(o.rows) + " records of " + o.data +
       ", seed " + std::to_string(o.seed) + ")");
}

void Codegen(const ModelOptions& o) {
  if (o.unit_test) {
    CodegenUnitTest(o);
    return;
  }
  if (o.language == "ztest") throw std::invalid_argument("--language ztest goes with --unit-test");
  if (o.model.empty()) {
    if (o.trust.public_key.empty()) {
      throw std::invalid_argument(
          "give --model (the model's header) or --public-key alone (the key's header)");
    }
    CodegenPublicKey(o);
    return;
  }
  host::common::RefuseOutputsOverInputs(
      {{"--model", o.model}, {"--public-key", o.trust.public_key}}, {{"--out", o.out}});
  host::simulate::HeaderRequest request;
  request.name = o.name;
  request.language = o.language;
  request.tables = o.tables;
  request.source = std::filesystem::path(o.model).filename().string();
  const std::string bytes = ReadModelBytesTrusted("codegen", o.model, o.trust);
  host::common::WriteFileAtomically(o.out, host::simulate::GeneratedHeader(request, bytes));
  Note("codegen: wrote " + o.out);
}

}  // namespace

void AddModelCommands(CommandLine& command_line) {
  auto o = std::make_shared<ModelOptions>();
  Command export_command = command_line.AddCommand(
      "export", "Validate a model through the runtime and write the sealed model.pb");
  export_command.Option("--model", &o->model, "Model (JSON or .pb)").Required().ExistingFile();
  export_command.Option("--out", &o->out, "Output file (model.pb)").Required();
  export_command.Option("--id", &o->id,
                        "Set the model id (at most " +
                            std::to_string(host::model::MaxModelIdBytes()) + " characters)");
  export_command
      .Option("--monitor-alpha", &o->monitor_alpha,
              "The monitor's drift alarm: false-alarm probability over the deployment")
      .Check(InRange(host::fit::kMonitorAlpha));
  export_command
      .Option("--monitor-tolerance", &o->monitor_tolerance,
              "The monitor's drift alarm: how far a group's positive rate (and the parity "
              "gap) may move from the reference before it is drift")
      .Check(InRange(host::fit::kMonitorTolerance));
  export_command
      .Option("--monitor-window", &o->monitor_window,
              "The monitor's test window in decisions per group (0: one window)")
      .Within(0LL, 4294967295LL);
  export_command
      .Option("--model-version", &o->model_version,
              "Set the model version (0 to 4294967295), which a device that refuses "
              "rollback requires to grow from one signed model to the next")
      .Within(0LL, 4294967295LL);
  export_command
      .Option("--provenance", &o->provenance,
              "Record less of the data than the fit did: names (each data file's base name "
              "and hash) or none (no provenance). Without it the file keeps the model's "
              "provenance as its fit's --provenance decided (by default: names), so that "
              "the file and the model are one model with one hash; with it, as with --id, "
              "the file is another model: decide from the file")
      .OneOf({host::model::kProvenanceDetailNames[0], "none"});
  export_command
      .Option("--sign", &o->sign_key,
              "Sign the sealed model with this private key file (tinyfair keygen) and "
              "write a SignedModel file")
      .Check({[](const std::string& path) -> std::string {
                return path.empty() ? "an empty path; give the private key file (tinyfair keygen)"
                                    : "";
              },
              "FILE"});
  const CommandOption integer =
      export_command
          .Option("--integer", &o->integer,
                  "Add the integer scorer (docs/integer_path.md), quantised to int16 or "
                  "int8 for --data's inputs, and report on --data how the decisions change")
          .OneOf({"int16", "int8"});
  export_command
      .Option("--data", &o->data,
              "With --integer: labelled CSV to quantise the inputs for and to compare on")
      .ExistingFile()
      .Needs(integer);
  AddLabelOptions(export_command, o->label, false);
  export_command
      .Option("--max-gap-change", &o->max_gap_change,
              "With --integer: the largest change of the DP gap on --data; above it, exit "
              "2 and write nothing (default 0.01)")
      .Within(0.0, 1.0)
      .Needs(integer);
  export_command.Option("--seed", &o->seed, "With --integer: PCG32 seed of the comparison")
      .Check(Uint64Text())
      .Needs(integer);
  export_command.Action([o] { Export(*o); });

  Command inspect = command_line.AddCommand(
      "inspect",
      "Verify a model file and print it as JSON, or (--footprint) what it costs on a board");
  inspect.Option("model", &o->model, "Model (.pb or JSON)").Required().ExistingFile();
  inspect.Flag("--footprint", &o->footprint,
               "Print the flash and RAM the model costs on --board by each way of shipping "
               "it (decoder, codegen --tables), measured from the board's size images, and "
               "the capacities in force there");
  inspect.Option("--board", &o->footprint_request.board, "Board of --footprint")
      .OneOf({"mps2_an386", "mps2_an505", "microbit", "riscv32_virt"});
  inspect.Option("--footprint-table", &o->footprint_request.table,
                 "The board's footprint table (default: an installed tinyfair's "
                 "<tinyfair's folder>/../share/tinyfair/footprint/<board>.txt, else the "
                 "host build's, <tinyfair's folder>/../firmware/<board>/bench/size/"
                 "footprint.txt)");
  inspect.Flag("--json", &o->footprint_request.json, "--footprint as JSON");
  AddTrustOptions(inspect, o->trust);
  inspect.Action([o] { Inspect(*o); });

  Command codegen = command_line.AddCommand(
      "codegen",
      "Write a C++ header holding a model's bytes for firmware, or (--public-key alone) a C and "
      "C++ header holding the public key signed models are verified with");
  codegen.Option("--model", &o->model, "Sealed model (.pb)").ExistingFile();
  codegen.Option("--name", &o->name,
                 "CamelCase name: the header defines k<Name>, k<Name>Size, k<Name>Hash "
                 "(a key's header: k<Name>PublicKey, k<Name>PublicKeyId)");
  codegen.Option("--out", &o->out, "Output header").Required();
  o->language_option =
      codegen
          .Option("--language", &o->language,
                  "c++ (default) or c (for the C API: model bytes, or with --tables the "
                  "tables behind C functions); with --unit-test c (default) or ztest")
          .OneOf({"c++", "c", "ztest"});
  codegen.Flag("--tables", &o->tables,
               "Emit constexpr decision tables sized for the model (no decoder needed) "
               "instead of the model bytes; with --unit-test: the test decides with the "
               "tables header's Decide<Name> (--model-header: codegen --tables --language c)");
  const CommandOption unit_test = codegen.Flag(
      "--unit-test", &o->unit_test,
      "Write an on-device unit test instead (C): the first --rows rows of --data and the "
      "records simulate decides for them (--seed, --stream); int tinyfair_unit_test_<Name>(void) "
      "returns 0, or the 1-based index of the first record the device decides differently, "
      "which it prints");
  codegen.Option("--data", &o->data, "With --unit-test: CSV with the model's input columns")
      .ExistingFile()
      .Needs(unit_test);
  codegen.Option("--rows", &o->rows, "With --unit-test: how many rows, from the first (10)")
      .Within(size_t{1}, size_t{100000})
      .Needs(unit_test);
  codegen.Option("--seed", &o->seed, "With --unit-test: PCG32 seed, as simulate's")
      .Check(Uint64Text())
      .Needs(unit_test);
  codegen.Option("--stream", &o->stream, "With --unit-test: PCG32 stream, as simulate's")
      .Check(Uint64Text())
      .Needs(unit_test);
  codegen
      .Flag("--integer-inputs", &o->integer_inputs,
            "With --unit-test: the rows quantised for the model's int16 scorer, decided with "
            "tinyfair_model_decide_integer (firmware built with "
            "TINYFAIR_RUNTIME_CFG_FLOAT=0)")
      .Needs(unit_test);
  codegen
      .Option("--model-header", &o->model_header,
              "With --unit-test: the model's C header the test includes (codegen "
              "--language c --name <Name>), e.g. demo_model.h")
      .Needs(unit_test);
  AddTrustOptions(codegen, o->trust);
  codegen.Action([o] { Codegen(*o); });
}

}  // namespace tinyfair::cli
