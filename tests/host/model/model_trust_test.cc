// Host reading paths read signed files as the device does: the inner model
// is the model, and a key or a minimum version is checked by Load() itself.
#include "host_tools/model/model_trust.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/model/public_key_file.h"
#include "test_models.h"

namespace tinyfair::host::model {
namespace {

std::string Bytes(const uint8_t* bytes, size_t size) {
  return std::string(reinterpret_cast<const char*>(bytes), size);
}

const std::string kSigned =
    Bytes(tinyfair_models::kSignedRampModel, tinyfair_models::kSignedRampModelSize);
const std::string kOtherSigned =
    Bytes(tinyfair_models::kOtherKeySignedRampModel, tinyfair_models::kOtherKeySignedRampModelSize);
const std::string kBare =
    Bytes(tinyfair_models::kVersionedRampModel, tinyfair_models::kVersionedRampModelSize);

std::array<uint8_t, 32> TestKey() {
  std::array<uint8_t, 32> key{};
  std::copy(tinyfair_models::kTestPublicKey, tinyfair_models::kTestPublicKey + 32, key.begin());
  return key;
}

// The refusal's status name, or "" when the check passes.
std::string Refusal(const std::string& bytes, const TrustRequirement& requirement) {
  try {
    CheckModelTrust(bytes, "m.pb", requirement);
    return "";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    return what.substr(what.rfind(' ') + 1);
  }
}

TEST(ModelTrust, ParseModelFileReadsTheInnerModelOfASignedFile) {
  const tinyfair::Model from_signed = ParseModelFile(kSigned, "signed.pb");
  const tinyfair::Model from_bare = ParseModelFile(kBare, "bare.pb");
  EXPECT_EQ(3U, from_signed.model_version());
  // Read as it is, never re-sealed: the same bytes as the bare file.
  EXPECT_EQ(kBare, SerializeModel(from_signed));
  EXPECT_EQ(SerializeModel(from_bare), SerializeModel(from_signed));
}

TEST(ModelTrust, NamesTheSignerOfASignedFile) {
  char expected[64];
  std::snprintf(expected, sizeof(expected), "signed by key %016" PRIx64, KeyId(TestKey()));
  TrustRequirement requirement;
  // Without a key nothing verified the signature: the answer says so.
  const std::string unverified = CheckModelTrust(kSigned, "m.pb", requirement);
  EXPECT_EQ(std::string::npos, unverified.find("signed by key")) << unverified;
  EXPECT_NE(std::string::npos, unverified.find("NOT verified")) << unverified;
  EXPECT_NE(std::string::npos, unverified.find(expected + std::strlen("signed by key ")))
      << unverified;
  requirement.public_key = TestKey();
  requirement.minimum_model_version = 3;
  EXPECT_EQ(expected, CheckModelTrust(kSigned, "m.pb", requirement));
  EXPECT_EQ("unsigned", CheckModelTrust(kBare, "m.pb", TrustRequirement{}));
}

TEST(ModelTrust, RefusesWithTheRuntimeStatusName) {
  TrustRequirement requirement;
  requirement.public_key = TestKey();
  EXPECT_EQ("bad_signature", Refusal(kOtherSigned, requirement));
  EXPECT_EQ("unsigned_model", Refusal(kBare, requirement));
  requirement.minimum_model_version = 4;
  EXPECT_EQ("rolled_back", Refusal(kSigned, requirement));
  requirement.public_key.reset();
  EXPECT_EQ("rolled_back", Refusal(kBare, requirement));
}

// What CheckModelFileTrust refused with: the status ModelRefused carries,
// "" when it passed, or "other: <what>" for any other error.
std::string FileRefusal(const std::string& bytes, const TrustRequirement& requirement) {
  try {
    CheckModelFileTrust(bytes, "m", requirement);
    return "";
  } catch (const ModelRefused& e) {
    return e.status();
  } catch (const std::exception& e) {
    return std::string("other: ") + e.what();
  }
}

TEST(ModelTrust, EveryFormOfModelFileIsJudgedAsTheDeviceJudgesItsSealedFile) {
  TrustRequirement key;
  key.public_key = TestKey();
  TrustRequirement version4;
  version4.minimum_model_version = 4;
  TrustRequirement version3;
  version3.minimum_model_version = 3;
  // The JSON form of the bare model: unsigned, at version 3.
  const std::string json = ModelToJson(ParseModelFile(kBare, "bare.pb"));
  for (const std::string* bytes : {&kBare, &json}) {
    EXPECT_EQ("unsigned_model", FileRefusal(*bytes, key));
    EXPECT_EQ("rolled_back", FileRefusal(*bytes, version4));
    EXPECT_EQ("", FileRefusal(*bytes, version3));
  }
  EXPECT_EQ("", CheckModelFileTrust(json, "m", TrustRequirement{}));
  EXPECT_EQ("", CheckModelFileTrust(kBare, "m", TrustRequirement{}));
  EXPECT_EQ("unsigned", CheckModelFileTrust(kBare, "m", version3));
  EXPECT_EQ("bad_signature", FileRefusal(kOtherSigned, key));
  // A signed file is named even when nothing is asked, as not verified: the
  // key id it claims is not a signer until a key checked it.
  EXPECT_EQ(CheckModelTrust(kSigned, "m", {}), CheckModelFileTrust(kSigned, "m", {}));
  EXPECT_NE(CheckModelTrust(kSigned, "m", key), CheckModelFileTrust(kSigned, "m", {}));
  EXPECT_NE(std::string::npos, CheckModelFileTrust(kSigned, "m", {}).find("NOT verified"));
  EXPECT_FALSE(AsksForTrust(TrustRequirement{}));
  EXPECT_TRUE(AsksForTrust(key));
  EXPECT_TRUE(AsksForTrust(version3));
}

TEST(ModelTrust, ReadTrustedModelReadsTheFileItChecked) {
  const std::string path = ::testing::TempDir() + "model_trust_signed.pb";
  common::WriteFileAtomically(path, kSigned);
  TrustRequirement requirement;
  requirement.public_key = TestKey();
  requirement.minimum_model_version = 3;
  std::string trust;
  EXPECT_EQ(kSigned, ReadTrustedModelBytes(path, requirement, &trust));
  EXPECT_EQ(CheckModelTrust(kSigned, "m", requirement), trust);
  EXPECT_EQ(kBare, SerializeModel(ReadTrustedModel(path, requirement)));
  requirement.minimum_model_version = 4;
  try {
    ReadTrustedModel(path, requirement);
    ADD_FAILURE() << "a rolled-back model was read";
  } catch (const ModelRefused& e) {
    EXPECT_EQ("rolled_back", e.status());
    EXPECT_NE(std::string(e.what()).find(path + ": the runtime refuses this model: rolled_back"),
              std::string::npos)
        << e.what();
  }
}

TEST(PublicKeyFile, ReadsItsKindLineSixtyFourLowercaseHexDigitsAndANewline) {
  const std::string hex = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
  const std::string kind = "tinyfair-ed25519-public-key\n";
  EXPECT_EQ(TestKey(), ParsePublicKey(kind + hex + "\n", "k.pub"));
  EXPECT_THROW(ParsePublicKey(kind + hex, "k.pub"), std::runtime_error);
  EXPECT_THROW(ParsePublicKey(kind + hex.substr(2) + "\n", "k.pub"), std::runtime_error);
  std::string upper = kind + hex + "\n";
  upper[kind.size() + 1] = 'D';
  EXPECT_THROW(ParsePublicKey(upper, "k.pub"), std::runtime_error);
  EXPECT_THROW(ParsePublicKey(kind + hex + "\n\n", "k.pub"), std::runtime_error);
  // Bare digits (no kind line) and a private key file are refused, the
  // latter by name.
  EXPECT_THROW(ParsePublicKey(hex + "\n", "k.pub"), std::runtime_error);
  try {
    ParsePublicKey("tinyfair-ed25519-private-key\n" + hex + "\n", "k.pub");
    ADD_FAILURE() << "a private key file was read as a public key";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string::npos, std::string(e.what()).find("a private key file")) << e.what();
    EXPECT_NE(std::string::npos, std::string(e.what()).find("k.pub")) << e.what();
  }
}

}  // namespace
}  // namespace tinyfair::host::model
