#include "host_tools/model/provenance.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <vector>

#include "crypto_hash_sha256.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/common/text_format.h"

namespace tinyfair::host::model {
namespace {

constexpr size_t kSha256Bytes = crypto_hash_sha256_BYTES;
constexpr char kHashMark[] = " sha256 ";
constexpr size_t kHashDigits = 16;

std::string BaseName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

// The file's SHA-256, read a block at a time: a data file that streams
// through a command in bounded memory is hashed in bounded memory too, and a
// file cut short while it is read ends the hash early rather than the
// process (a mapping would fault). nullopt when the file cannot be opened or
// read, or is no regular file (a pipe the command read already: O_NONBLOCK,
// so that opening it again does not wait for a writer).
std::optional<std::array<uint8_t, kSha256Bytes>> FileSha256(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat status {};
  std::optional<std::array<uint8_t, kSha256Bytes>> digest;
  if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode)) {
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    std::vector<unsigned char> block(size_t{1} << 16);
    ssize_t got = 0;
    while ((got = ::read(fd, block.data(), block.size())) > 0 || (got < 0 && errno == EINTR)) {
      if (got > 0) crypto_hash_sha256_update(&state, block.data(), static_cast<size_t>(got));
    }
    if (got == 0) {
      digest.emplace();
      crypto_hash_sha256_final(&state, digest->data());
    }
  }
  ::close(fd);
  return digest;
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
  const auto digest = FileSha256(path);
  if (!digest) return BaseName(path);
  std::string hex;
  for (size_t i = 0; i < kHashDigits / 2; ++i) hex += common::FormatText("%02x", (*digest)[i]);
  return common::JsonQuoted(path) + kHashMark + hex;
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
