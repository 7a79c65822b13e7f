#include "host_tools/simulate/generated_key_header.h"

#include <filesystem>

#include "codegen/public_key_header.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/model/public_key_file.h"

namespace tinyfair::host::simulate {

KeyHeader GeneratedPublicKeyHeader(const std::string& name, const std::string& path) {
  const std::array<uint8_t, 32> key = model::ReadPublicKeyFile(path);
  KeyHeader header;
  header.key_id = model::KeyId(key);
  header.text = codegen::PublicKeyHeader(name, key, header.key_id,
                                         std::filesystem::path(path).filename().string());
  return header;
}

}  // namespace tinyfair::host::simulate
