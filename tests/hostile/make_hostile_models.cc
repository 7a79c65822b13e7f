// Writes models with an index or a count out of range, each in the three
// forms a model file takes (the JSON a fit writes, sealed as stated, signed),
// for hostile.models: every command that reads a model must refuse each with
// the runtime's status, exit 2 and write nothing. Each spoil applies to the
// golden demo model (a ramp) or to a fitted mixture, both on the golden data;
// a spoil every form of which the runtime does not refuse stops the program.
// Writes OUT_DIR/<spoil>.{json,pb,signed.pb} and OUT_DIR/manifest.txt, one
// line per file: "<file> <the runtime's status>".
// Usage: make_hostile_models GOLDEN_DIR OUT_DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_signature.h"
#include "tests/host/model/crafted_models.h"

namespace {

namespace fs = std::filesystem;
namespace host_model = tinyfair::host::model;

struct Spoil {
  const char* name;
  bool mixture;  // applies to the fitted mixture, else to the demo ramp
  std::function<void(tinyfair::Model&)> apply;
};

// Indices past their arrays, counts that do not match their arrays, counts
// beyond the runtime's capacities (which the runtime states: these only
// exceed them by far).
const std::vector<Spoil>& Spoils() {
  static const std::vector<Spoil> spoils = {
      {"group_attribute_past_inputs", false,
       [](auto& m) { m.mutable_groups()->set_attribute_inputs(0, 57); }},
      {"no_inputs", false, [](auto& m) { m.clear_inputs(); }},
      {"group_attribute_numeric", false,
       [](auto& m) { m.mutable_groups()->set_attribute_inputs(0, 0); }},
      {"group_attribute_twice", false,
       [](auto& m) { m.mutable_groups()->add_attribute_inputs(m.groups().attribute_inputs(0)); }},
      {"group_category_count_below_groups", false,
       [](auto& m) {
         m.mutable_inputs(static_cast<int>(m.groups().attribute_inputs(0)))->set_category_count(1);
       }},
      {"category_count_beyond_capacity", false,
       [](auto& m) { m.mutable_dimensions()->set_category_count(1U << 20U); }},
      {"group_count_beyond_capacity", false,
       [](auto& m) { tinyfair::crafted::SetGroupCount(m, 1000); }},
      {"input_count_beyond_capacity", false,
       [](auto& m) { m.mutable_dimensions()->set_input_count(1U << 20U); }},
      {"thresholds_fewer_than_groups", false,
       [](auto& m) { m.mutable_ramp()->mutable_threshold()->RemoveLast(); }},
      {"widths_more_than_groups", false, [](auto& m) { m.mutable_ramp()->add_width(1.0f); }},
      {"reference_rates_fewer_than_groups", false,
       [](auto& m) { m.mutable_reference_positive_rate()->RemoveLast(); }},
      {"weights_fewer_than_inputs", false,
       [](auto& m) { m.mutable_scorer()->mutable_weights()->RemoveLast(); }},
      {"fallback_group_past_groups", false,
       [](auto& m) {
         m.mutable_groups()->set_unknown_policy(tinyfair::GroupFormation::FALLBACK);
         m.mutable_groups()->set_fallback_group(1000);
       }},
      {"member_count_beyond_capacity", true,
       [](auto& m) { m.mutable_dimensions()->set_member_count(1U << 20U); }},
      {"member_probabilities_fewer_than_members", true,
       [](auto& m) { m.mutable_mixture()->mutable_probability()->RemoveLast(); }},
      {"member_thresholds_more_than_members", true,
       [](auto& m) { m.mutable_mixture()->add_threshold(0.0f); }},
  };
  return spoils;
}

// The runtime's status for a model's JSON form (sealed as export would seal
// it) or for a file's bytes; "" when it loads.
std::string StatusOfJson(tinyfair::Model model) {
  try {
    host_model::SealModel(model);
  } catch (const host_model::ModelRefused& refused) {
    return refused.status();
  }
  return "";
}

std::string StatusOfFile(const std::string& bytes) {
  try {
    host_model::VerifyWithRuntime(bytes, "");
  } catch (const host_model::ModelRefused& refused) {
    return refused.status();
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_hostile_models GOLDEN_DIR OUT_DIR\n");
    return 2;
  }
  const fs::path golden = argv[1], out = argv[2];
  try {
    fs::create_directories(out);
    namespace common = tinyfair::host::common;
    // The fits' JSON (no dimensions but the group count) and the same model
    // sealed (every dimension stated).
    const tinyfair::Model ramp_json = host_model::ModelFromJson(
        common::ReadFile((golden / "demo_fair.json").string()), "demo_fair.json");
    const tinyfair::Model mixture_json = host_model::ModelFromJson(
        common::ReadFile((golden / "fitted_FittedReductionEodds.json").string()), "mixture");
    const auto sealed = [](tinyfair::Model model) {
      tinyfair::Model read;
      read.ParseFromString(host_model::SealModel(model));
      return read;
    };
    const tinyfair::Model ramp_sealed = sealed(ramp_json), mixture_sealed = sealed(mixture_json);
    std::array<uint8_t, 32> seed{};
    for (size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<uint8_t>(i * 7 + 1);
    const host_model::SigningKey key = host_model::SigningKeyFromSeed(seed);

    std::string manifest;
    for (const Spoil& spoil : Spoils()) {
      tinyfair::Model json = spoil.mixture ? mixture_json : ramp_json;
      tinyfair::Model model = spoil.mixture ? mixture_sealed : ramp_sealed;
      spoil.apply(json);
      spoil.apply(model);
      const std::string bytes = tinyfair::crafted::SealAsStated(model);
      const std::string name = spoil.name;
      const std::vector<std::pair<std::string, std::string>> files = {
          {name + ".json", StatusOfJson(json)},
          {name + ".pb", StatusOfFile(bytes)},
          {name + ".signed.pb", StatusOfFile(host_model::SignSealedModel(bytes, key))},
      };
      for (const auto& [file, status] : files) {
        if (status.empty()) throw std::runtime_error(file + ": the runtime loads it");
        manifest += file + " " + status + "\n";
      }
      common::WriteFileAtomically((out / (name + ".json")).string(), host_model::ModelToJson(json));
      common::WriteFileAtomically((out / (name + ".pb")).string(), bytes);
      common::WriteFileAtomically((out / (name + ".signed.pb")).string(),
                                  host_model::SignSealedModel(bytes, key));
    }
    common::WriteFileAtomically((out / "manifest.txt").string(), manifest);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "make_hostile_models: %s\n", error.what());
    return 1;
  }
  return 0;
}
