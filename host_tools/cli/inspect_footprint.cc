#include "host_tools/cli/inspect_footprint.h"

#include <cstdio>
#include <utility>
#include <vector>

#include "codegen/model_header.h"
#include "codegen/model_tables.h"
#include "host_tools/cli/footprint_table.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::cli {
namespace {

using runtime::DecisionTables;
using runtime::RuleKind;

// The linker places each array at (at least) a 4-byte boundary after the
// previous one: floats, and uint8/uint16 arrays followed by floats.
constexpr size_t kArrayAlignment = 4;

const char* KindName(RuleKind rule) {
  switch (rule) {
    case RuleKind::kThreshold:
      return "threshold";
    case RuleKind::kRamp:
      return "ramp";
    case RuleKind::kTwoThreshold:
      return "two_threshold";
    case RuleKind::kTruncatedLogistic:
      return "truncated_logistic";
    case RuleKind::kMixture:
      return "mixture";
    case RuleKind::kRegression:
      return "regression";
  }
  return "unknown";
}

// What the model needs of each capacity, as Load counts it.
long long ModelNeeds(const std::string& capacity, const DecisionTables& t) {
  // Only a mixture has members (the union holds another rule's tables).
  const long long members =
      t.rule == RuleKind::kMixture ? t.mixture_or_regression.mixture.member_count : 0;
  if (capacity == "TINYFAIR_MAX_INPUTS") return t.input_count;
  if (capacity == "TINYFAIR_MAX_CATEGORIES") return t.category_count;
  if (capacity == "TINYFAIR_MAX_GROUPS") return t.group_count;
  if (capacity == "TINYFAIR_MAX_GROUP_ATTRIBUTES") return t.attribute_count;
  if (capacity == "TINYFAIR_MAX_MEMBERS") return members;
  if (capacity == "TINYFAIR_MAX_MEMBER_WEIGHTS") return members * t.input_count;
  if (capacity == "TINYFAIR_MAX_MEMBER_CATEGORY_WEIGHTS") return members * t.category_count;
  if (capacity == "TINYFAIR_MAX_INTEGER_RAMP_KNOTS") {
    const bool ramp = t.integer != nullptr && t.rule == RuleKind::kRamp;
    return ramp ? static_cast<long long>(t.group_count * runtime::kIntegerRampKnots) : 0;
  }
  return -1;  // a capacity this tool does not know: not checked
}

struct PathFootprint {
  long long fixed_flash = 0;  // the path's code and constants, measured
  long long model_flash = 0;  // this model's bytes, counted
  long long ram = 0;          // measured, plus what the model keeps beyond its bytes
  long long flash() const { return fixed_flash + model_flash; }
};

struct Footprint {
  std::string kind;
  // The model decides by an integer scorer: the decoder is a firmware's that
  // accepts integer models (Model::AcceptIntegerModels), which links the
  // integer path, and the tables are the integer scorer's.
  bool integer = false;
  PathFootprint decoder, tables;
  long long model_sizeof = 0;
  codegen::StorageBytes storage;  // the decoder's, loaded in place and copied
  // (capacity, in force, this model's need)
  std::vector<std::pair<std::string, std::pair<long long, long long>>> capacities;
  std::vector<std::string> exceeded;
};

Footprint Measure(const FootprintRequest& request, const FootprintTable& table) {
  tinyfair::Model model = host::model::ReadModel(request.model);  // SealModel sets its CRC and hash
  const auto loaded = host::simulate::LoadIntoRuntime(model);
  const DecisionTables& t = loaded->tables();
  Footprint f;
  f.kind = KindName(t.rule);
  f.integer = t.integer != nullptr;
  const std::string decoder = f.integer ? "decoder_integer" : "decoder";
  const std::string tables = "tables." + std::string(f.integer ? "integer_" : "") + f.kind;
  f.decoder.fixed_flash = table.Bytes(decoder + ".flash");
  const std::string sealed = host::model::SealModel(model);
  f.decoder.model_flash = static_cast<long long>(sealed.size());
  f.storage = codegen::ModelStorageBytes(sealed, request.model);
  f.decoder.ram = table.Bytes(decoder + ".ram") + static_cast<long long>(f.storage.in_place);
  f.model_sizeof = table.Bytes("model.sizeof");
  f.tables.fixed_flash = table.Bytes(tables + ".flash");
  f.tables.model_flash = table.Bytes("tables.sizeof") +
                         static_cast<long long>(codegen::ModelTablesArrayBytes(t, kArrayAlignment));
  f.tables.ram = table.Bytes(tables + ".ram");
  for (const auto& [name, value] : table.capacities) {
    const long long need = ModelNeeds(name, t);
    f.capacities.push_back({name, {value, need}});
    if (need > value) {
      f.exceeded.push_back(name + " (" + std::to_string(need) + " > " + std::to_string(value) +
                           ")");
    }
  }
  return f;
}

std::string PathJson(const PathFootprint& p, const char* model_key) {
  host::common::JsonObject o;
  o.Number("flash", static_cast<double>(p.flash()))
      .Number("ram", static_cast<double>(p.ram))
      .Number("fixed_flash", static_cast<double>(p.fixed_flash))
      .Number(model_key, static_cast<double>(p.model_flash));
  return o.Str(2);
}

void PrintJson(const FootprintRequest& request, const FootprintTable& table, const Footprint& f) {
  host::common::JsonObject capacities;
  for (const auto& [name, values] : f.capacities) {
    host::common::JsonObject c;
    c.Number("in_force", static_cast<double>(values.first))
        .Number("model", static_cast<double>(values.second));
    capacities.Raw(name, c.Str(4));
  }
  host::common::JsonObject o;
  o.Text("model", request.model)
      .Text("board", request.board)
      .Text("rule", f.kind)
      .Raw("integer_scorer", f.integer ? "true" : "false")
      .Raw("decoder", PathJson(f.decoder, "model_file_bytes"))
      .Number("model_sizeof", static_cast<double>(f.model_sizeof))
      .Number("storage_in_place", static_cast<double>(f.storage.in_place))
      .Number("storage_copied", static_cast<double>(f.storage.copied))
      .Raw("tables", PathJson(f.tables, "tables_bytes"))
      .Raw("capacities", capacities.Str(2))
      .Raw("fits", f.exceeded.empty() ? "true" : "false")
      .Text("footprint_table", table.path);
  std::printf("%s\n", o.Str().c_str());
}

void PrintText(const FootprintRequest& request, const FootprintTable& table, const Footprint& f) {
  std::printf("footprint of %s (%s rule) on %s, bytes over a startup-only image:\n",
              request.model.c_str(), f.kind.c_str(), request.board.c_str());
  std::printf("  %-44s %8s %8s\n", "path", "flash", "RAM");
  std::printf(
      "  %-44s %8lld %8lld  (runtime %lld + model file %lld; RAM: the Model, %lld B, and its "
      "storage in place, %zu B; copied, %zu B)\n",
      f.integer ? "decoder (model file, accepting integer models)"
                : "decoder (model file, Model::Load + Decide)",
      f.decoder.flash(), f.decoder.ram, f.decoder.fixed_flash, f.decoder.model_flash,
      f.model_sizeof, f.storage.in_place, f.storage.copied);
  std::printf("  %-44s %8lld %8lld  (code %lld + tables %lld)\n",
              f.integer ? "tables (codegen --tables, integer scorer)"
                        : "tables (codegen --tables + Decide)",
              f.tables.flash(), f.tables.ram, f.tables.fixed_flash, f.tables.model_flash);
  std::printf("capacities in force on %s (this model's need):\n", request.board.c_str());
  for (const auto& [name, values] : f.capacities) {
    std::printf("  %-38s %6lld (%lld)\n", name.c_str(), values.first, values.second);
  }
  if (f.exceeded.empty()) {
    std::printf("the model fits these capacities\n");
  } else {
    std::printf("the model exceeds");
    for (const std::string& e : f.exceeded) std::printf(" %s", e.c_str());
    std::printf(": Load refuses it with capacity_exceeded\n");
  }
  std::printf("measured: %s (the stack is the board's, not counted)\n", table.path.c_str());
}

}  // namespace

void PrintFootprint(const FootprintRequest& request) {
  const std::string path =
      request.table.empty() ? DefaultFootprintTablePath(request.board) : request.table;
  const FootprintTable table = ReadFootprintTable(path, request.board);
  const Footprint f = Measure(request, table);
  if (request.json) {
    PrintJson(request, table, f);
  } else {
    PrintText(request, table, f);
  }
}

}  // namespace tinyfair::cli
