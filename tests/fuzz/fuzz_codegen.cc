// libFuzzer: header generation from model bytes, the code path of `tinyfair
// codegen` (host::simulate::GeneratedHeader; the header stays in memory). The
// input is
//   byte 0     flags: bit 0 the C header instead of C++, bit 1 the decision
//              tables (--tables) instead of the model's bytes, bit 2 re-seals
//              the CRC of a sealed file so that mutations reach the decoder
//   the rest   the model file (sealed or signed)
// Beyond not crashing: a refusal is a std::exception; a header is written
// only for a file the runtime loads; a bytes header embeds exactly the file's
// bytes; no header holds a byte outside printable ASCII, tab and newline (a
// model's names reach comments and strings escaped).
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <exception>
#include <memory>
#include <string>

#include "host_tools/simulate/generated_header.h"
#include "tests/hardening/corruption.h"
#include "tinyfair_runtime/model.h"

namespace {

[[noreturn]] void Violation(const char* what) {
  fprintf(stderr, "fuzz_codegen: %s\n", what);
  abort();
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The bytes of the first initializer list after `= {`, read from its 0xNN
// literals, independently of how the generator writes them.
std::string EmbeddedBytes(const std::string& header) {
  const size_t start = header.find("= {");
  const size_t end = start == std::string::npos ? start : header.find("};", start);
  if (end == std::string::npos) Violation("a bytes header without an initializer list");
  std::string bytes;
  for (size_t at = header.find("0x", start); at != std::string::npos && at < end;
       at = header.find("0x", at + 2)) {
    const int high = HexValue(header[at + 2]), low = HexValue(header[at + 3]);
    if (high < 0 || low < 0) Violation("a byte literal that is not two hex digits");
    bytes += static_cast<char>(high * 16 + low);
  }
  return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t flags = data[0];
  std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if ((flags & 4U) != 0 && bytes.size() >= 5 && bytes[0] == 0x0D) {
    tinyfair::hardening::Reseal(reinterpret_cast<uint8_t*>(bytes.data()), bytes.size());
  }
  tinyfair::host::simulate::HeaderRequest request;
  request.name = "Fuzzed";
  request.language = (flags & 1U) != 0 ? "c" : "c++";
  request.tables = (flags & 2U) != 0;
  request.source = "fuzz.pb";
  std::string header;
  try {
    header = tinyfair::host::simulate::GeneratedHeader(request, bytes);
  } catch (const std::exception&) {
    return 0;
  }
  auto device = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  device->AcceptIntegerModels();
  if (!tinyfair::runtime::IsOk(
          device->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()))) {
    Violation("a header was generated for a file that Load() refuses");
  }
  for (const char c : header) {
    const auto u = static_cast<unsigned char>(c);
    if (u != '\n' && u != '\t' && (u < 0x20 || u > 0x7E)) {
      Violation("a header byte outside printable ASCII");
    }
  }
  if (!request.tables && EmbeddedBytes(header) != bytes) {
    Violation("a bytes header embeds other bytes than the file's");
  }
  return 0;
}
