#include "host_tools/model/model_keys.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"

namespace tinyfair::host::model {
namespace {

constexpr size_t kKeyBytes = 32;
constexpr size_t kKeyDigits = 2 * kKeyBytes;

std::string HexLine(const std::array<uint8_t, kKeyBytes>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (uint8_t byte : bytes) {
    text += kDigits[byte >> 4U];
    text += kDigits[byte & 0x0FU];
  }
  return text + "\n";
}

int HexValue(char digit) {
  if (digit >= '0' && digit <= '9') return digit - '0';
  if (digit >= 'a' && digit <= 'f') return digit - 'a' + 10;
  return -1;
}

std::array<uint8_t, kKeyBytes> ParseKeyLine(const std::string& path, std::string text) {
  const std::string what = "a private key file holds the " + std::to_string(kKeyBytes) +
                           "-byte seed as " + std::to_string(kKeyDigits) +
                           " lowercase hexadecimal digits and a newline";
  if (!text.empty() && text.back() == '\n') text.pop_back();
  if (text.size() != kKeyDigits) {
    throw common::DataError(path, 0, 0,
                            common::FormatText("%zu characters before the newline; ", text.size()) +
                                what + " (is it truncated, or the wrong file?)");
  }
  std::array<uint8_t, kKeyBytes> bytes{};
  for (size_t i = 0; i < kKeyDigits; ++i) {
    const int value = HexValue(text[i]);
    if (value < 0) {
      throw common::DataError(
          path, 1, 0,
          common::FormatText("byte %zu is not a lowercase hexadecimal digit; ", i + 1) + what);
    }
    bytes[i / 2] = static_cast<uint8_t>((bytes[i / 2] << 4U) | static_cast<unsigned>(value));
  }
  return bytes;
}

std::runtime_error WriteError(const std::string& path, int error) {
  return std::runtime_error(path + ": cannot write: " + std::strerror(error));
}

// The seed goes to a temporary file created 0600 (mkstemps), so it is never
// readable by others, not even for a moment; then into place by link(),
// which fails when the file exists, or by rename() when it may be replaced.
void WritePrivateKeyFile(const std::string& path, const std::string& text, bool overwrite) {
  std::string temporary = path + ".XXXXXX.tmp";
  const int fd = mkstemps(temporary.data(), 4);
  if (fd < 0) throw WriteError(path, errno);
  int error = 0;
  if (write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()) || fsync(fd) != 0) {
    error = errno;
  }
  if (close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    unlink(temporary.c_str());
    throw WriteError(path, error);
  }
  const bool placed = overwrite ? std::rename(temporary.c_str(), path.c_str()) == 0
                                : link(temporary.c_str(), path.c_str()) == 0;
  const int place_errno = errno;
  unlink(temporary.c_str());  // after a rename, nothing is left to remove
  if (!placed) {
    if (place_errno == EEXIST) {
      throw common::DataError(path, 0, 0, "exists; pass --force to replace the key");
    }
    throw WriteError(path, place_errno);
  }
}

bool Exists(const std::string& path) {
  struct stat status {};
  return ::lstat(path.c_str(), &status) == 0;
}

}  // namespace

std::string PublicKeyPath(const std::string& private_path) { return private_path + ".pub"; }

void WriteKeyPair(const std::string& private_path, const SigningKey& key, bool overwrite) {
  const std::string public_path = PublicKeyPath(private_path);
  if (!overwrite) {
    for (const std::string& path : {private_path, public_path}) {
      if (Exists(path)) {
        throw common::DataError(path, 0, 0, "exists; pass --force to replace the key");
      }
    }
  }
  WritePrivateKeyFile(private_path, HexLine(key.seed), overwrite);
  common::WriteFileAtomically(public_path, HexLine(key.public_key));
}

SigningKey ReadSigningKeyFile(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    throw common::DataError(path, 0, 0,
                            std::string("cannot read the private key: ") + std::strerror(errno));
  }
  if (!S_ISREG(status.st_mode)) throw common::DataError(path, 0, 0, "not a private key file");
  // As ssh does: a secret others can read is no longer only the owner's.
  if ((status.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    throw common::DataError(
        path, 0, 0,
        common::FormatText("the private key may be read by others (mode %04o); chmod 600 it, "
                           "and make a new key if others did read it",
                           static_cast<unsigned>(status.st_mode & 07777U)));
  }
  const std::string text = common::ReadFileAtMost(path, kKeyDigits + 1, "a private key file");
  return SigningKeyFromSeed(ParseKeyLine(path, text));
}

std::string KeyIdText(uint64_t key_id) {
  return common::FormatText("%016llx", static_cast<unsigned long long>(key_id));
}

}  // namespace tinyfair::host::model
