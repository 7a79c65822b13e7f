// Writes the fuzz harnesses' seed corpora from the golden files of a build
// (tests/golden): every golden model in fuzz_model_load's format with a few
// decisions, the first lines of the demo's CSV files and a few hand-written
// CSV dialects, and short decision-vector files cut from the golden ones;
// for fuzz_model_file and fuzz_codegen, the golden models (sealed, signed,
// as JSON), the crafted models the device refuses (tests/host/model) and
// models with hostile ids (tests/host/codegen); and, under
// OUT_DIR/regressions, the inputs of defects found so far, which each
// harness must run without failing.
// Usage: make_fuzz_seeds GOLDEN_DIR OUT_DIR
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/model/decision_vectors.h"
#include "host_tools/model/model_file.h"
#include "test_models.h"
#include "tests/host/codegen/hostile_names.h"
#include "tests/host/model/crafted_models.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

namespace fs = std::filesystem;

void Write(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// flags, the model's length, the model, then `decisions` records of random
// bytes for a model of four inputs.
std::string ModelSeed(uint8_t flags, const uint8_t* model, size_t size, int decisions,
                      tinyfair::runtime::Pcg32& rng) {
  std::string seed;
  seed += static_cast<char>(flags);
  seed += static_cast<char>(size & 0xFFU);
  seed += static_cast<char>((size >> 8U) & 0xFFU);
  seed.append(reinterpret_cast<const char*>(model), size);
  for (int d = 0; d < decisions; ++d) {
    seed += '\0';  // control: the model's input count
    for (int i = 0; i < 4; ++i) seed += static_cast<char>(rng.Next());
    seed += static_cast<char>(rng.Next() % 3);
    for (int i = 0; i < 5; ++i) seed += static_cast<char>(rng.Next() % 24);
  }
  return seed;
}

std::string AsString(const uint8_t* bytes, size_t size) {
  return std::string(reinterpret_cast<const char*>(bytes), size);
}

// The model files of fuzz_model_file and fuzz_codegen, by name: the golden
// models, the signed ones, the JSON form, the crafted models the device
// refuses and models with hostile ids.
std::vector<std::pair<std::string, std::string>> ModelFiles() {
  namespace m = tinyfair_models;
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& model : m::kGoldenModels)
    files.emplace_back(model.name, AsString(model.bytes, model.size));
  files.emplace_back("SignedRampModel", AsString(m::kSignedRampModel, m::kSignedRampModelSize));
  files.emplace_back("OtherKeySignedRampModel",
                     AsString(m::kOtherKeySignedRampModel, m::kOtherKeySignedRampModelSize));
  files.emplace_back("VersionedRampModel",
                     AsString(m::kVersionedRampModel, m::kVersionedRampModelSize));
  files.emplace_back("OversizedModel", AsString(m::kOversizedModel, m::kOversizedModelSize));
  files.emplace_back("SmallRampModel.json",
                     tinyfair::host::model::ModelToJson(tinyfair::crafted::SmallRamp()));
  size_t n = 0;
  for (const auto& crafted : tinyfair::crafted::CraftedModels()) {
    tinyfair::Model model = tinyfair::crafted::SmallRamp();
    crafted.spoil(model);
    files.emplace_back("crafted_" + std::to_string(n++), tinyfair::crafted::SealAsStated(model));
  }
  n = 0;
  for (const std::string& id : tinyfair::hostile::HostileNames()) {
    tinyfair::Model model = tinyfair::crafted::SmallRamp();
    model.set_model_id(id.substr(0, 31));
    files.emplace_back("hostile_id_" + std::to_string(n++), tinyfair::crafted::SealAsStated(model));
  }
  return files;
}

// The spoilt group indices that crashed the host's commands.
std::vector<std::pair<std::string, std::function<void(tinyfair::Model&)>>> HostileIndexModels() {
  return {
      {"group_attribute_past_inputs",
       [](tinyfair::Model& m) { m.mutable_groups()->set_attribute_inputs(0, 57); }},
      {"no_inputs", [](tinyfair::Model& m) { m.clear_inputs(); }},
  };
}

std::string FirstLines(const std::string& text, size_t lines) {
  size_t end = 0;
  for (size_t n = 0; n < lines && end != std::string::npos; ++n) {
    end = text.find('\n', end == 0 ? 0 : end + 1);
  }
  return end == std::string::npos ? text : text.substr(0, end + 1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_fuzz_seeds GOLDEN_DIR OUT_DIR\n");
    return 2;
  }
  const fs::path golden = argv[1];
  const fs::path out = argv[2];
  try {
    for (const char* harness :
         {"model_load", "csv_reader", "decision_vectors", "model_file", "codegen"}) {
      fs::remove_all(out / harness);
      fs::create_directories(out / harness);
      fs::remove_all(out / "regressions" / harness);
      fs::create_directories(out / "regressions" / harness);
    }

    tinyfair::runtime::Pcg32 rng(2024, 9);
    for (const auto& model : tinyfair_models::kGoldenModels) {
      const std::string name = model.name;
      Write(out / "model_load" / (name + ".resealed"),
            ModelSeed(1, model.bytes, model.size, 8, rng));
      Write(out / "model_load" / (name + ".as_stored"),
            ModelSeed(2, model.bytes, model.size, 2, rng));
    }
    // The signed golden model, loaded with and without its key (flag 4).
    Write(out / "model_load" / "signed.with_key",
          ModelSeed(4, tinyfair_models::kSignedRampModel, tinyfair_models::kSignedRampModelSize, 2,
                    rng));
    Write(out / "model_load" / "signed.without_key",
          ModelSeed(0, tinyfair_models::kSignedRampModel, tinyfair_models::kSignedRampModelSize, 2,
                    rng));
    Write(out / "model_load" / "oversized",
          ModelSeed(1, tinyfair_models::kOversizedModel, tinyfair_models::kOversizedModelSize, 0,
                    rng));

    // fuzz_model_file: each file as stored, re-sealed, with the test key, and
    // with the key and a minimum version of 3 (the signed model's own);
    // fuzz_codegen: each file as a C++ and a C header of bytes and of tables.
    for (const auto& [name, bytes] : ModelFiles()) {
      for (const uint8_t flags : {0, 1, 3, 4}) {
        Write(out / "model_file" / (name + ".flags" + std::to_string(flags)),
              std::string(1, static_cast<char>(flags)) + '\3' + bytes);
      }
      for (const uint8_t flags : {0, 1, 2, 3}) {
        Write(out / "codegen" / (name + ".flags" + std::to_string(flags)),
              std::string(1, static_cast<char>(flags)) + bytes);
      }
    }

    size_t csv = 0;
    for (const auto& entry : fs::directory_iterator(golden / "data")) {
      if (entry.path().extension() != ".csv") continue;
      Write(out / "csv_reader" / entry.path().filename(),
            std::string(1, '\0') + FirstLines(Read(entry.path()), 8));
      ++csv;
    }
    // Dialects the reader accepts: quotes, BOM and CRLF, ';' and tab,
    // missing markers, pandas' unnamed index column, no header.
    const std::pair<const char*, std::string> dialects[] = {
        {"quoted",
         std::string(1, '\1') + "a,b,c\n\"x, y\",\"he said \"\"hi\"\"\",3\n\"multi\nline\",2,3\n"},
        {"bom_crlf",
         std::string(1, '\0') + "\xEF\xBB\xBF" + "age, income ,label\r\n39, 7.5e3 ,yes\r\n50,?,no"},
        {"semicolon", std::string(1, '\2') + "x;y;z\n1,5;NA;-inf\n;0x1p3;nan\n"},
        {"tab", std::string(1, '\3') + "x\ty\n1\t2\n\n3\t4\n"},
        {"pandas", std::string(1, '\4') + ",score,score,\n0,0.5,0.25,a\n1,0.75,0.5,b\n"},
        {"no_header", std::string(1, '\x08') + "1,2,3\n4,5,6\n"},
        {"long_line", std::string(1, '\x10') + "a,b\n" + std::string(80, '7') + ",1\n"},
    };
    for (const auto& [name, text] : dialects) {
      Write(out / "csv_reader" / (std::string(name) + ".csv"), text);
    }

    size_t vectors = 0;
    for (const auto& entry : fs::directory_iterator(golden)) {
      if (entry.path().extension() != ".tfv") continue;
      tinyfair::host::model::DecisionVectors v =
          tinyfair::host::model::DecodeDecisionVectors(Read(entry.path()), entry.path().string());
      const size_t rows = 1 + vectors % 3;
      v.inputs.resize(rows * v.input_count);
      v.groups.resize(rows);
      Write(out / "decision_vectors" / entry.path().filename(),
            tinyfair::host::model::EncodeDecisionVectors(v));
      ++vectors;
    }
    // An input kind outside the enum (3): Load() read it through the enum
    // type, which UBSan reports.
    std::string ramp(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                     tinyfair_models::kSmallRampModelSize);
    const size_t colour = ramp.find("colour");
    const size_t kind = colour == std::string::npos ? colour : ramp.find("\x10\x01", colour);
    if (kind == std::string::npos) {
      throw std::runtime_error("no categorical input kind in SmallRampModel");
    }
    ramp[kind + 1] = 3;
    Write(out / "regressions" / "model_load" / "input_kind_out_of_range",
          ModelSeed(1, reinterpret_cast<const uint8_t*>(ramp.data()), ramp.size(), 1, rng));
    // An input count of 2^32 - 1: (input_count + 1) wraps to 0 in the size
    // check, so a 28-byte file passes it and the reader reserves or reads
    // rows that are not there.
    for (const uint32_t rows : {1U, 0xFFFFFFFFU}) {
      std::string header = "TFV1";
      for (const uint32_t word : {0xFFFFFFFFU, rows, 0U, 0U, 0U, 0U}) {
        for (int b = 0; b < 4; ++b) header += static_cast<char>((word >> (8 * b)) & 0xFFU);
      }
      Write(out / "regressions" / "decision_vectors" /
                ("input_count_wraps_" + std::to_string(rows) + "_rows.tfv"),
            header);
    }

    // JSON models whose group attribute is past their inputs, or that have no
    // inputs, as a fit writes them (no dimensions but the group count):
    // simulate, evaluate, postprocess and sweep read the inputs the
    // attribute names before the runtime had judged the model (SIGSEGV in
    // the release build). Each also sealed as stated, and without the key.
    for (const auto& [name, spoil] : HostileIndexModels()) {
      tinyfair::Model model = tinyfair::crafted::SmallRamp();
      spoil(model);
      tinyfair::Model fit_like = model;
      fit_like.clear_crc32();
      fit_like.clear_content_hash();
      const uint32_t groups = fit_like.dimensions().group_count();
      fit_like.clear_dimensions();
      fit_like.mutable_dimensions()->set_group_count(groups);
      Write(out / "regressions" / "model_file" / (name + ".json"),
            std::string("\0\0", 2) + tinyfair::host::model::ModelToJson(fit_like));
      Write(out / "regressions" / "model_file" / (name + ".pb"),
            std::string("\4\0", 2) + tinyfair::crafted::SealAsStated(model));
    }

    if (csv == 0 || vectors == 0) {
      std::fprintf(stderr, "make_fuzz_seeds: no CSV or .tfv files in %s\n", golden.c_str());
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_fuzz_seeds: %s\n", e.what());
    return 1;
  }
  return 0;
}
