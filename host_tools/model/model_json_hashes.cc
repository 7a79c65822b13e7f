#include "host_tools/model/model_json_hashes.h"

#include <cctype>
#include <cstdlib>
#include <functional>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::model {
namespace {

constexpr const char* kHashFields[] = {"\"content_hash\"", "\"input_layout_hash\""};

bool AllOf(const std::string& text, int (*is)(int)) {
  for (const unsigned char c : text) {
    if (!is(c)) return false;
  }
  return !text.empty();
}

// Rewrites the quoted string value after each hash key with `rewrite`
// (which returns it unchanged to leave it). The keys are unique to the
// Model message, so a key found anywhere is a hash field.
std::string RewriteHashValues(const std::string& json,
                              const std::function<std::string(const std::string&)>& rewrite) {
  std::string out = json;
  for (const char* key : kHashFields) {
    const std::string k = key;
    for (size_t at = out.find(k); at != std::string::npos; at = out.find(k, at + 1)) {
      size_t i = at + k.size();
      while (i < out.size() && std::isspace(static_cast<unsigned char>(out[i]))) ++i;
      if (i >= out.size() || out[i] != ':') continue;
      ++i;
      while (i < out.size() && std::isspace(static_cast<unsigned char>(out[i]))) ++i;
      if (i >= out.size() || out[i] != '"') continue;
      const size_t end = out.find('"', i + 1);
      if (end == std::string::npos) break;
      const std::string value = out.substr(i + 1, end - i - 1);
      out.replace(i + 1, value.size(), rewrite(value));
    }
  }
  return out;
}

}  // namespace

std::string HashesToHex(const std::string& json) {
  return RewriteHashValues(json, [](const std::string& value) {
    return AllOf(value, std::isdigit)
               ? common::FormatHash(std::strtoull(value.c_str(), nullptr, 10))
               : value;
  });
}

std::string HashesToDecimal(const std::string& json) {
  return RewriteHashValues(json, [](const std::string& value) {
    return value.size() == 16 && AllOf(value, std::isxdigit)
               ? std::to_string(std::strtoull(value.c_str(), nullptr, 16))
               : value;
  });
}

}  // namespace tinyfair::host::model
