// libFuzzer: the host's reading of a model file as every command reads one
// (host::model::ReadTrustedModel after the file is read: CheckModelFileTrust,
// then ParseModelBytes), on the bytes of a sealed, signed or JSON file. The
// input is
//   byte 0     flags: bit 0 requires the test public key (the signed golden
//              model's), bit 1 a minimum model version (byte 1), bit 2
//              re-seals the CRC of a sealed file so that mutations reach the
//              decoder and the host's own checks
//   byte 1     the minimum model version when bit 1 is set
//   the rest   the file
// Beyond not crashing: a refusal is a std::exception (a refused model, a bad
// file), never anything else; the host never accepts what the device
// refuses: a sealed or signed file it reads loads in the runtime, with the
// requirement's options when there is one, and with a key only a signed
// file passes.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <exception>
#include <memory>
#include <string>

#include "host_tools/model/model_file.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/model/model_trust.h"
#include "tests/fuzz/test_public_key.h"
#include "tests/hardening/corruption.h"
#include "tinyfair_runtime/model.h"

namespace {

namespace host_model = tinyfair::host::model;
using tinyfair::runtime::LoadOptions;

[[noreturn]] void Violation(const char* what) {
  fprintf(stderr, "fuzz_model_file: %s\n", what);
  abort();
}

bool LoadsInRuntime(const std::string& bytes, const LoadOptions& options) {
  auto device = std::make_unique<tinyfair::runtime::Model>();
  return tinyfair::runtime::IsOk(
      device->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), options));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t flags = data[0];
  std::string bytes(reinterpret_cast<const char*>(data + 2), size - 2);
  if ((flags & 4U) != 0 && bytes.size() >= 5 && bytes[0] == 0x0D) {
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
  try {
    trust = host_model::CheckModelFileTrust(bytes, "fuzz.pb", requirement);
  } catch (const std::exception&) {
    return 0;
  }
  const bool json = host_model::IsModelJson(bytes);
  if (!json && host_model::AsksForTrust(requirement)) {
    LoadOptions options;
    if (requirement.public_key) options.public_key = tinyfair::fuzz::kTestPublicKey;
    options.minimum_model_version = requirement.minimum_model_version;
    if (!LoadsInRuntime(bytes, options)) Violation("the trust check passed what Load() refuses");
    if (requirement.public_key && !host_model::IsSignedModelFile(bytes)) {
      Violation("a key passed an unsigned file");
    }
  }
  if (requirement.public_key && trust.rfind("signed by key ", 0) != 0) {
    Violation("a key passed a file not named as signed");
  }
  try {
    const tinyfair::Model model = host_model::ParseModelBytes(bytes, "fuzz.pb");
    if (!json && !LoadsInRuntime(bytes, LoadOptions{})) {
      Violation("the host read a model file that Load() refuses");
    }
    if (model.model_version() < requirement.minimum_model_version) {
      Violation("a model below the minimum version passed");
    }
  } catch (const std::exception&) {
    // Refused: a runtime status, the content hash, the protobuf parse.
  }
  return 0;
}
