// The host refuses what the device refuses: crafted models that the
// runtime's Load() refuses (non-finite or huge weights, bad widths and
// rates, out-of-range enums and indices, capacities, version, dimensions)
// are refused, with Load()'s status name, by every host path that reads a
// model: the sealed file (inspect, simulate, evaluate, Python's load),
// codegen (bytes and tables, C++ and C), export, and the JSON form that
// export seals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/model/model_export.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/generated_header.h"
#include "test_models.h"
#include "tests/host/model/crafted_models.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {
namespace {

using crafted::Crafted;
using crafted::CraftedModels;
using crafted::SealAsStated;
using crafted::SmallRamp;

std::string LoadStatusName(const std::string& bytes) {
  auto device = std::make_unique<runtime::ModelWithStorage<>>();
  device->AcceptIntegerModels();
  return runtime::StatusName(
      device->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

// The status name a host path refused with ("" when it accepted).
constexpr char kRefusal[] = "the runtime refuses this model: ";
std::string RefusalOf(const std::function<void()>& path) {
  try {
    path();
  } catch (const std::exception& e) {
    const std::string what = e.what();
    const size_t at = what.find(kRefusal);
    return at == std::string::npos ? "other: " + what : what.substr(at + sizeof(kRefusal) - 1);
  }
  return "";
}

std::string WriteTemp(const std::string& name, const std::string& bytes) {
  const std::string path = ::testing::TempDir() + "host_strictness_" + name;
  common::WriteFileAtomically(path, bytes);
  return path;
}

TEST(HostStrictness, TheSmallRampModelSealsAsItStatesItself) {
  // The crafting below starts from a model the runtime accepts, sealed as
  // stated: only the spoilt field makes a crafted model refused.
  const std::string bytes = SealAsStated(SmallRamp());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                        tinyfair_models::kSmallRampModelSize),
            bytes);
  EXPECT_STREQ("ok", LoadStatusName(bytes).c_str());
}

TEST(HostStrictness, EverySealedReaderRefusesWhatLoadRefuses) {
  for (const Crafted& c : CraftedModels()) {
    tinyfair::Model model = SmallRamp();
    c.spoil(model);
    const std::string bytes = SealAsStated(model);
    const std::string expected = LoadStatusName(bytes);
    ASSERT_STRNE("ok", expected.c_str()) << c.what << ": the device accepts it";
    const std::string path = WriteTemp("crafted.pb", bytes);
    // inspect, simulate, evaluate, postprocess, monitor and Python's load
    // read with ReadModel; codegen (and Python's from_bytes) with
    // ParseModelFile.
    EXPECT_EQ(expected, RefusalOf([&] { ParseModelFile(bytes, "crafted.pb"); })) << c.what;
    EXPECT_EQ(expected, RefusalOf([&] { ReadModel(path); })) << c.what;
    for (const char* language : {"c++", "c"}) {
      for (const bool tables : {false, true}) {
        simulate::HeaderRequest request;
        request.name = "Crafted";
        request.language = language;
        request.tables = tables;
        request.source = "crafted.pb";
        EXPECT_EQ(expected, RefusalOf([&] { simulate::GeneratedHeader(request, bytes); }))
            << c.what << " codegen " << language << (tables ? " --tables" : "");
      }
    }
  }
}

// The corruption corpus: every single-bit flip of every golden model, as
// stored (the CRC refuses it) and with its CRC sealed again (it reaches the
// decoder and the checks). Where Load() refuses, the host refuses with the
// same status; where Load() accepts, the host accepts too or refuses for one
// of the two checks the device does not make: the content hash (which a flip
// in the payload no longer matches) and the protobuf library's parse, which
// refuses, e.g., a string that is no longer UTF-8 (a flipped high bit in a
// name); nanopb does not check UTF-8.
TEST(HostStrictness, TheCorruptionCorpusIsRefusedAsLoadRefusesIt) {
  int refused = 0, hash_only = 0, parse_only = 0;
  for (const auto& golden : tinyfair_models::kGoldenModels) {
    const std::string original(reinterpret_cast<const char*>(golden.bytes), golden.size);
    for (size_t bit = 5 * 8; bit < original.size() * 8; ++bit) {
      for (const bool resealed : {false, true}) {
        std::string bytes = original;
        bytes[bit / 8] = static_cast<char>(bytes[bit / 8] ^ (1 << (bit % 8)));
        if (resealed) {
          const uint32_t crc =
              runtime::Crc32(reinterpret_cast<const uint8_t*>(bytes.data()) + 5, bytes.size() - 5);
          for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<char>(crc >> (8 * i));
        }
        const std::string expected = LoadStatusName(bytes);
        const std::string host = RefusalOf([&] { ParseModelFile(bytes, "flipped.pb"); });
        if (expected != "ok") {
          ++refused;
          EXPECT_EQ(expected, host) << golden.name << " bit " << bit;
        } else if (host.find("content hash mismatch") != std::string::npos) {
          ++hash_only;
        } else if (host.find("not a valid protobuf encoding") != std::string::npos) {
          ++parse_only;
        } else {
          EXPECT_EQ("", host) << golden.name << " bit " << bit;
        }
      }
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(hash_only, 0);
  EXPECT_GT(parse_only, 0);
  std::printf(
      "corpus: %d refused by Load and the host alike; accepted by Load, refused by the "
      "host: %d content hash, %d protobuf encoding\n",
      refused, hash_only, parse_only);
}

TEST(HostStrictness, TheJsonFormIsSealedAsItStatesItself) {
  // export and every command that decides seal a model given as JSON; a
  // version or a dimension it states is kept, so it is refused as the device
  // refuses the same model sealed.
  for (const Crafted& c : CraftedModels()) {
    tinyfair::Model model = SmallRamp();
    c.spoil(model);
    const std::string expected = LoadStatusName(SealAsStated(model));
    model.clear_crc32();
    const std::string path = WriteTemp("crafted.json", ModelToJson(model));
    EXPECT_EQ(expected, RefusalOf([&] {
                tinyfair::Model read = ReadModel(path);
                ExportModel(ExportSettings{}, read);
              }))
        << c.what;
    EXPECT_EQ(expected, RefusalOf([&] { simulate::LoadIntoRuntime(ReadModel(path)); })) << c.what;
  }
}

TEST(HostStrictness, AFitsJsonWithoutVersionOrDimensionsIsCompleted) {
  // The fits write JSON without the header fields; sealing fills them.
  tinyfair::Model model = SmallRamp();
  model.clear_crc32();
  model.clear_content_hash();
  model.clear_schema_major();
  model.clear_schema_minor();
  model.clear_dimensions();
  model.mutable_dimensions()->set_group_count(SmallRamp().dimensions().group_count());
  tinyfair::Model read = ModelFromJson(ModelToJson(model), "fit.json");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                        tinyfair_models::kSmallRampModelSize),
            ExportModel(ExportSettings{}, read));
}

TEST(HostStrictness, ExportNeverReseals) {
  const std::string sealed(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                           tinyfair_models::kSmallRampModelSize);
  const std::string path = WriteTemp("sealed.pb", sealed);
  tinyfair::Model model = ReadModel(path);
  EXPECT_EQ(sealed, ExportModel(ExportSettings{}, model));
  ExportSettings same_id;
  same_id.model_id = model.model_id();
  EXPECT_EQ(sealed, ExportModel(same_id, model));
  ExportSettings other_id;
  other_id.model_id = "other";
  EXPECT_THROW(ExportModel(other_id, model), std::invalid_argument);
  ExportSettings monitor;
  monitor.monitor_alpha = 0.05;
  EXPECT_THROW(ExportModel(monitor, model), std::invalid_argument);
  EXPECT_EQ(SmallRamp().model_id(), model.model_id());
}

TEST(HostStrictness, AReadSealedModelDecidesFromItsOwnBytes) {
  // An older minor version is not rewritten to this build's: the runtime on
  // the host reports the hash the device reports for the same file.
  tinyfair::Model older = SmallRamp();
  older.set_schema_minor(kSchemaMinor - 1);
  const std::string bytes = SealAsStated(older);
  ASSERT_STREQ("ok", LoadStatusName(bytes).c_str());
  const tinyfair::Model read = ParseModelFile(bytes, "older.pb");
  EXPECT_EQ(read.content_hash(), simulate::LoadIntoRuntime(read)->content_hash());
  EXPECT_EQ(kSchemaMinor - 1, simulate::LoadIntoRuntime(read)->schema_minor());
}

}  // namespace
}  // namespace tinyfair::host::model
