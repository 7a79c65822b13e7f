// tinyfair export / inspect / codegen: the model file and its header.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/inspect_footprint.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/model/model_export.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_keys.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/model/record_model_hash.h"
#include "host_tools/simulate/generated_header.h"

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
  // inspect --footprint
  bool footprint = false;
  FootprintRequest footprint_request;
  // inspect, codegen --public-key / --minimum-version: verified as a device would.
  TrustFlags trust;
};

// The first bytes of `path` are a SignedModel file's.
bool IsSignedFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string start(2, '\0');
  in.read(start.data(), static_cast<std::streamsize>(start.size()));
  return in.gcount() == 2 && host::model::IsSignedModelFile(start);
}

void Export(const ModelOptions& o) {
  // A signed model ships as it is: exporting it again would drop the
  // signature or sign it a second time.
  if (IsSignedFile(o.model)) {
    throw std::invalid_argument(
        "export: " + o.model +
        " is a signed model file, which ships as it is; export the model's JSON form to "
        "change or sign it");
  }
  // The key first: a bad key file stops the export before anything is written.
  std::optional<host::model::SigningKey> key;
  if (!o.sign_key.empty()) key = host::model::ReadSigningKeyFile(o.sign_key);
  tinyfair::Model model = host::model::ReadModel(o.model);
  host::model::ExportSettings settings;
  settings.model_id = o.id;
  if (o.monitor_alpha >= 0.0) settings.monitor_alpha = o.monitor_alpha;
  if (o.monitor_tolerance >= 0.0) settings.monitor_tolerance = o.monitor_tolerance;
  if (o.monitor_window >= 0) settings.monitor_window = static_cast<uint32_t>(o.monitor_window);
  if (o.model_version >= 0) settings.model_version = static_cast<uint32_t>(o.model_version);
  const std::string sealed = host::model::ExportModel(settings, model);
  const std::string bytes = key ? host::model::SignSealedModel(sealed, *key) : sealed;
  host::common::WriteFileAtomically(o.out, bytes);
  Note(host::model::ExportSummary(o.out, bytes, model));
  if (key) Note(host::model::SignatureSummary(sealed, host::model::KeyId(key->public_key)));
}

void Inspect(ModelOptions& o) {
  if (o.footprint && o.footprint_request.board.empty()) throw CLI::RequiredError("--board");
  // How the file is signed, and the device's word on it, before anything else.
  std::string trust;
  const std::string bytes =
      host::model::ReadTrustedModelBytes(o.model, TrustRequired(o.trust), &trust);
  if (!trust.empty()) Note(o.model + ": " + trust);
  if (o.footprint) {
    o.footprint_request.model = o.model;
    PrintFootprint(o.footprint_request);
    return;
  }
  const tinyfair::Model model = host::model::ParseModelBytes(bytes, o.model);
  Note(o.model + ": " + host::model::RecordModelHashSummary(model));
  std::fputs(host::model::ModelToJson(model).c_str(), stdout);
  std::fputs("\n", stdout);
}

void Codegen(const ModelOptions& o) {
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

void AddModelCommands(CLI::App& app) {
  auto o = std::make_shared<ModelOptions>();
  auto* export_command = app.add_subcommand(
      "export", "Validate a model through the runtime and write the sealed model.pb");
  export_command->add_option("--model", o->model, "Model (JSON or .pb)")
      ->required()
      ->check(CLI::ExistingFile);
  export_command->add_option("--out", o->out, "Output file (model.pb)")->required();
  export_command->add_option("--id", o->id, "Set the model id (at most 31 characters)");
  export_command
      ->add_option("--monitor-alpha", o->monitor_alpha,
                   "The monitor's drift alarm: false-alarm probability over the deployment")
      ->check(CLI::Range(1e-9, 0.999999));
  export_command
      ->add_option("--monitor-tolerance", o->monitor_tolerance,
                   "The monitor's drift alarm: how far a group's positive rate (and the parity "
                   "gap) may move from the reference before it is drift")
      ->check(CLI::Range(0.0, 0.999999));
  export_command
      ->add_option("--monitor-window", o->monitor_window,
                   "The monitor's test window in decisions per group (0: one window)")
      ->check(CLI::Range(0LL, 4294967295LL));
  export_command
      ->add_option("--model-version", o->model_version,
                   "Set the model version (0 to 4294967295), which a device that refuses "
                   "rollback requires to grow from one signed model to the next")
      ->check(CLI::Range(0LL, 4294967295LL));
  export_command->add_option(
      "--sign", o->sign_key,
      "Sign the sealed model with this private key file (tinyfair keygen) and "
      "write a SignedModel file");
  export_command->callback([o] { Export(*o); });

  auto* inspect = app.add_subcommand(
      "inspect",
      "Verify a model file and print it as JSON, or (--footprint) what it costs on a board");
  inspect->add_option("model", o->model, "Model (.pb or JSON)")
      ->required()
      ->check(CLI::ExistingFile);
  inspect->add_flag("--footprint", o->footprint,
                    "Print the flash and RAM the model costs on --board by each way of shipping "
                    "it (decoder, codegen --tables), measured from the board's size images, and "
                    "the capacities in force there");
  inspect->add_option("--board", o->footprint_request.board, "Board of --footprint")
      ->check(CLI::IsMember({"mps2_an386", "mps2_an505", "microbit", "riscv32_virt"}));
  inspect->add_option("--footprint-table", o->footprint_request.table,
                      "The board's footprint table (default: the host build's, "
                      "<tinyfair's folder>/../firmware/<board>/bench/size/footprint.txt)");
  inspect->add_flag("--json", o->footprint_request.json, "--footprint as JSON");
  AddTrustOptions(*inspect, o->trust);
  inspect->callback([o] { Inspect(*o); });

  auto* codegen =
      app.add_subcommand("codegen", "Write a C++ header holding a model's bytes for firmware");
  codegen->add_option("--model", o->model, "Sealed model (.pb)")
      ->required()
      ->check(CLI::ExistingFile);
  codegen->add_option("--name", o->name,
                      "CamelCase name: the header defines k<Name>, k<Name>Size, k<Name>Hash");
  codegen->add_option("--out", o->out, "Output header")->required();
  codegen
      ->add_option("--language", o->language,
                   "c++ (default) or c (for the C API: model bytes, or with --tables the "
                   "tables behind C functions)")
      ->check(CLI::IsMember({"c++", "c"}));
  codegen->add_flag("--tables", o->tables,
                    "Emit constexpr decision tables sized for the model (no decoder needed) "
                    "instead of the model bytes");
  AddTrustOptions(*codegen, o->trust);
  codegen->callback([o] { Codegen(*o); });
}

}  // namespace tinyfair::cli
