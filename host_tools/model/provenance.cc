#include "host_tools/model/provenance.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "host_tools/common/file_io.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/common/text_format.h"
#include "host_tools/model/model_signature.h"

namespace tinyfair::host::model {
namespace {

constexpr char kHashMark[] = " sha256 ";
constexpr size_t kHashDigits = 16;

std::string BaseName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

std::string ContentHash(const std::string& bytes) {
  std::string hex;
  for (const uint8_t byte : Sha256Of(bytes)) hex += common::FormatText("%02x", byte);
  return hex.substr(0, kHashDigits);
}

bool IsReadableFile(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error) && std::ifstream(path).good();
}

// The end of the JSON string that opens at `quote` (one past its closing
// quote), or nullopt when no closing quote follows.
std::optional<size_t> QuotedEnd(const std::string& text, size_t quote) {
  for (size_t i = quote + 1; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '"') {
      return i + 1;
    }
  }
  return std::nullopt;
}

// A token's hash follows its quoted path: a quote in a column name, which
// the provenance holds as it is, cannot reach into a real token, whose
// opening quote is followed by its path, not by a hash.
bool HashFollows(const std::string& text, size_t at) {
  const size_t mark = sizeof(kHashMark) - 1;
  if (text.compare(at, mark, kHashMark) != 0 || at + mark + kHashDigits > text.size()) return false;
  for (size_t i = at + mark; i < at + mark + kHashDigits; ++i) {
    if (!std::isxdigit(static_cast<unsigned char>(text[i]))) return false;
  }
  return true;
}

// The path a JSON string gives, or nullopt when it is no valid JSON string.
std::optional<std::string> Unquoted(const std::string& quoted) {
  const auto value = nlohmann::json::parse(quoted, nullptr, false);
  if (!value.is_string()) return std::nullopt;
  return value.get<std::string>();
}

std::string WithBaseNames(const std::string& provenance) {
  std::string out;
  size_t from = 0;
  for (size_t quote = provenance.find('"'); quote != std::string::npos;
       quote = provenance.find('"', quote + 1)) {
    if (quote < from) continue;
    const auto end = QuotedEnd(provenance, quote);
    if (!end || !HashFollows(provenance, *end)) continue;
    const auto path = Unquoted(provenance.substr(quote, *end - quote));
    if (!path) continue;
    out += provenance.substr(from, quote - from) + common::JsonQuoted(BaseName(*path));
    from = *end;
  }
  return out + provenance.substr(from);
}

}  // namespace

const char* ProvenanceDetailName(ProvenanceDetail detail) {
  return kProvenanceDetailNames[static_cast<size_t>(detail)];
}

ProvenanceDetail ProvenanceDetailNamed(const std::string& name) {
  for (size_t i = 0; i < std::size(kProvenanceDetailNames); ++i) {
    if (name == kProvenanceDetailNames[i]) return static_cast<ProvenanceDetail>(i);
  }
  throw std::invalid_argument("provenance: '" + name + "' is none of names, full, none");
}

std::string DataFileProvenance(const std::string& path) {
  if (!IsReadableFile(path)) return BaseName(path);
  return common::JsonQuoted(path) + kHashMark + ContentHash(common::ReadFile(path));
}

std::string ProvenanceFor(const std::string& provenance, ProvenanceDetail detail) {
  switch (detail) {
    case ProvenanceDetail::kFull:
      return provenance;
    case ProvenanceDetail::kNames:
      return WithBaseNames(provenance);
    case ProvenanceDetail::kNone:
      return "";
  }
  return provenance;
}

}  // namespace tinyfair::host::model
