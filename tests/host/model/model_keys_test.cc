// Key files: the formats and modes keygen writes, the refusals of a private
// key that is missing, malformed or readable by others, and a model signed
// with a key read back from its file.
#include "host_tools/model/model_keys.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "host_tools/common/data_error.h"
#include "host_tools/model/model_export.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_signature.h"
#include "test_models.h"
#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::host::model {
namespace {

namespace crypto = tinyfair::runtime::crypto;

class KeyFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = ::testing::TempDir() + "model_keys_XXXXXX";
    ASSERT_NE(nullptr, mkdtemp(pattern.data()));
    folder_ = pattern;
  }
  void TearDown() override {
    for (const char* name : {"key", "key.pub", "other", "other.pub", "bad"}) {
      std::remove((folder_ + "/" + name).c_str());
    }
    rmdir(folder_.c_str());
  }
  std::string Path(const std::string& name) const { return folder_ + "/" + name; }

  std::string folder_;
};

std::string Contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void WriteWithMode(const std::string& path, const std::string& text, mode_t mode) {
  std::ofstream(path, std::ios::binary) << text;
  ASSERT_EQ(0, chmod(path.c_str(), mode));
}

mode_t ModeOf(const std::string& path) {
  struct stat status {};
  EXPECT_EQ(0, stat(path.c_str(), &status));
  return status.st_mode & 07777U;
}

// Hexadecimal by printf, not by the code under test, after the kind line.
std::string PrintfHexLine(const std::array<uint8_t, 32>& bytes, const std::string& kind) {
  std::string text = "tinyfair-ed25519-" + kind + "-key\n";
  for (uint8_t byte : bytes) {
    char digits[3];
    std::snprintf(digits, sizeof digits, "%02x", byte);
    text += digits;
  }
  return text + "\n";
}

// The error ReadSigningKeyFile gives `path`, or "" when it reads a key.
std::string RefusalOf(const std::string& path) {
  try {
    ReadSigningKeyFile(path);
  } catch (const common::DataError& error) {
    return error.what();
  }
  return "";
}

TEST_F(KeyFiles, KeyPairFilesHoldHexLinesAndThePrivateOneIsTheOwnersOnly) {
  const mode_t umask_before = umask(0);  // even when files would be world-writable
  const SigningKey key = NewSigningKey();
  WriteKeyPair(Path("key"), key, false);
  umask(umask_before);
  EXPECT_EQ(PrintfHexLine(key.seed, "private"), Contents(Path("key")));
  EXPECT_EQ(PrintfHexLine(key.public_key, "public"), Contents(Path("key.pub")));
  EXPECT_EQ(Path("key.pub"), PublicKeyPath(Path("key")));
  EXPECT_EQ(0600U, ModeOf(Path("key")));
  const SigningKey read = ReadSigningKeyFile(Path("key"));
  EXPECT_EQ(key.seed, read.seed);
  EXPECT_EQ(key.public_key, read.public_key);
}

TEST_F(KeyFiles, TwoNewKeysDifferInBothFiles) {
  WriteKeyPair(Path("key"), NewSigningKey(), false);
  WriteKeyPair(Path("other"), NewSigningKey(), false);
  EXPECT_NE(Contents(Path("key")), Contents(Path("other")));
  EXPECT_NE(Contents(Path("key.pub")), Contents(Path("other.pub")));
}

TEST_F(KeyFiles, AnExistingKeyIsReplacedOnlyWhenAsked) {
  const SigningKey first = NewSigningKey();
  WriteKeyPair(Path("key"), first, false);
  EXPECT_THROW(WriteKeyPair(Path("key"), NewSigningKey(), false), common::DataError);
  EXPECT_EQ(PrintfHexLine(first.seed, "private"), Contents(Path("key")));
  EXPECT_EQ(PrintfHexLine(first.public_key, "public"), Contents(Path("key.pub")));
  // A public key file alone also stops it, before the private key is written.
  ASSERT_EQ(0, std::remove(Path("key").c_str()));
  EXPECT_THROW(WriteKeyPair(Path("key"), NewSigningKey(), false), common::DataError);
  EXPECT_NE(0, access(Path("key").c_str(), F_OK));

  ASSERT_EQ(0, chmod(Path("key.pub").c_str(), 0644));
  WriteWithMode(Path("key"), "old\n", 0644);
  const SigningKey second = NewSigningKey();
  WriteKeyPair(Path("key"), second, true);
  EXPECT_EQ(PrintfHexLine(second.seed, "private"), Contents(Path("key")));
  EXPECT_EQ(PrintfHexLine(second.public_key, "public"), Contents(Path("key.pub")));
  EXPECT_EQ(0600U, ModeOf(Path("key")));
}

TEST_F(KeyFiles, RefusesAPrivateKeyOthersMayRead) {
  WriteKeyPair(Path("key"), NewSigningKey(), false);
  for (const mode_t mode : {0644U, 0640U, 0604U, 0620U}) {
    ASSERT_EQ(0, chmod(Path("key").c_str(), mode));
    EXPECT_NE(std::string::npos, RefusalOf(Path("key")).find("chmod 600")) << std::oct << mode;
  }
  ASSERT_EQ(0, chmod(Path("key").c_str(), 0400));
  EXPECT_EQ("", RefusalOf(Path("key")));
}

TEST_F(KeyFiles, RefusesAMissingTruncatedOrMalformedKey) {
  EXPECT_NE(std::string::npos, RefusalOf(Path("absent")).find("cannot read the private key"));
  const std::string kind = "tinyfair-ed25519-private-key\n";
  const std::string digits = PrintfHexLine(NewSigningKey().seed, "private").substr(kind.size());
  const std::string good = kind + digits;
  const struct {
    std::string text, reason;
  } kBad[] = {
      {"", "not a private key file"},
      {kind, "0 characters"},
      {kind + digits.substr(0, 30), "30 characters"},
      {kind + digits.substr(0, 63) + "\n", "63 characters"},
      {good + "\n", "larger than a private key file can be"},
      {kind + digits.substr(0, 64) + " ", "65 characters"},
      {kind + "g" + digits.substr(1), "byte 1 is not a lowercase hexadecimal digit"},
      {kind + digits.substr(0, 10) + "A" + digits.substr(11), "byte 11 is not"},
      // The form of the keys before the kind line: refused, with the remedy.
      {digits, "without the line naming the key's kind"},
      // The public key file of a pair, given as the private key.
      {"tinyfair-ed25519-public-key\n" + digits,
       "a public key file (\"tinyfair-ed25519-public-key\") was given where the private key is "
       "needed"},
  };
  for (const auto& bad : kBad) {
    WriteWithMode(Path("bad"), bad.text, 0600);
    EXPECT_NE(std::string::npos, RefusalOf(Path("bad")).find(bad.reason))
        << bad.reason << ": " << RefusalOf(Path("bad"));
  }
  // A public key file is named as such even when others may read it.
  WriteWithMode(Path("bad"), "tinyfair-ed25519-public-key\n" + digits, 0644);
  EXPECT_NE(std::string::npos, RefusalOf(Path("bad")).find("a public key file"))
      << RefusalOf(Path("bad"));
  // Without the final newline, the 64 digits are still the key.
  WriteWithMode(Path("bad"), kind + digits.substr(0, 64), 0600);
  EXPECT_EQ("", RefusalOf(Path("bad")));
}

// What export --sign does, with the key read back from its file: the
// signature verifies over SHA-256 of the inner model, which is the unsigned
// export's bytes, model version included.
TEST_F(KeyFiles, AModelSignedWithAKeyFileVerifiesAndHoldsTheUnsignedExport) {
  WriteKeyPair(Path("key"), NewSigningKey(), false);
  const SigningKey key = ReadSigningKeyFile(Path("key"));
  tinyfair::Model model =
      ParseModelFile(std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                                 tinyfair_models::kSmallRampModelSize),
                     "small ramp");
  model.clear_crc32();  // the JSON form a fit writes: not sealed
  tinyfair::Model copy = model;
  ExportSettings settings;
  settings.model_version = 4000000000U;
  const std::string unsigned_export = ExportModel(settings, copy);
  const std::string sealed = ExportModel(settings, model);
  const SignedModelParts parts = ReadSignedModel(SignSealedModel(sealed, key));
  EXPECT_EQ(unsigned_export, parts.model);
  EXPECT_EQ(KeyId(key.public_key), parts.key_id);
  EXPECT_EQ(4000000000U, ParseModelFile(parts.model, "inner").model_version());
  std::array<uint8_t, crypto::kSha256Bytes> digest{};
  crypto::Sha256(reinterpret_cast<const uint8_t*>(parts.model.data()), parts.model.size(),
                 digest.data());
  EXPECT_TRUE(crypto::VerifyEd25519(parts.signature.data(), digest.data(), digest.size(),
                                    key.public_key.data()));
  const SigningKey other = NewSigningKey();
  EXPECT_FALSE(crypto::VerifyEd25519(parts.signature.data(), digest.data(), digest.size(),
                                     other.public_key.data()));
  EXPECT_NE(std::string::npos,
            SignatureSummary(sealed, parts.key_id).find(KeyIdText(KeyId(key.public_key))));
}

}  // namespace
}  // namespace tinyfair::host::model
