// What a model says of the data it was fitted on: a fit writes each data
// file as its quoted path and content hash, and the model records them at
// the fit's detail (by default the base names, never a directory of the
// host); export keeps that, or reduces it when asked.
#include "host_tools/model/provenance.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"
#include "host_tools/model/model_export.h"
#include "tests/host/model/crafted_models.h"
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::host::model {
namespace {

// A data file in a folder of its own (of this process: tests run in
// parallel), so that the folder can be looked for.
std::string WriteDataFile(const std::string& folder, const std::string& name,
                          const std::string& bytes) {
  const std::string dir = ::testing::TempDir() + folder + "_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name;
  common::WriteFileAtomically(path, bytes);
  return path;
}

TEST(Provenance, ADataFileIsItsQuotedPathAndTheFirst16DigitsOfItsSha256) {
  const std::string path = WriteDataFile("provenance_abc", "abc.csv", "abc");
  // sha256("abc") = ba7816bf8f01cfea414140de5dae2223...
  EXPECT_EQ("\"" + path + "\" sha256 ba7816bf8f01cfea", DataFileProvenance(path));
}

TEST(Provenance, AFileLargerThanOneReadIsHashedWhole) {
  // Hashed a block at a time (64 KiB): the digest of every byte, not of the
  // first block or the last.
  std::string bytes;
  for (size_t i = 0; bytes.size() < 200000; ++i) bytes += std::to_string(i) + ",a,b\n";
  const std::string path = WriteDataFile("provenance_large", "large.csv", bytes);
  uint8_t digest[runtime::crypto::kSha256Bytes];
  runtime::crypto::Sha256(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), digest);
  std::string hex;
  for (size_t i = 0; i < 8; ++i) hex += common::FormatText("%02x", digest[i]);
  EXPECT_EQ("\"" + path + "\" sha256 " + hex, DataFileProvenance(path));
}

TEST(Provenance, ANameThatIsNoFileIsRecordedByItsBaseNameAlone) {
  EXPECT_EQ("DataFrame", DataFileProvenance("DataFrame"));
  EXPECT_EQ("x.csv", DataFileProvenance("/no/such/folder/x.csv"));
}

TEST(Provenance, NamesKeepsEachFilesBaseNameAndHashFullKeepsThePathNoneNothing) {
  const std::string train = WriteDataFile("provenance_dir", "train.csv", "a,b\n1,2\n");
  const std::string fit = WriteDataFile("provenance_dir", "fit.csv", "a,b\n3,4\n");
  const std::string recorded = "train: logistic regression, data " + DataFileProvenance(train) +
                               ", label y; postprocess: rto, data " + DataFileProvenance(fit) +
                               ", gamma 0.01";
  const std::string names = ProvenanceFor(recorded, ProvenanceDetail::kNames);
  EXPECT_EQ("train: logistic regression, data \"train.csv\" sha256 " +
                DataFileProvenance(train).substr(DataFileProvenance(train).size() - 16) +
                ", label y; postprocess: rto, data \"fit.csv\" sha256 " +
                DataFileProvenance(fit).substr(DataFileProvenance(fit).size() - 16) +
                ", gamma 0.01",
            names);
  EXPECT_EQ(std::string::npos, names.find('/'));
  EXPECT_EQ(names, ProvenanceFor(names, ProvenanceDetail::kNames));
  EXPECT_EQ(recorded, ProvenanceFor(recorded, ProvenanceDetail::kFull));
  EXPECT_NE(std::string::npos, recorded.find(train));
  EXPECT_EQ("", ProvenanceFor(recorded, ProvenanceDetail::kNone));
}

TEST(Provenance, APathOfQuotesCommasAndLineBreaksStaysEscapedAndLosesItsFolders) {
  const std::string path =
      WriteDataFile("provenance \"odd\", dir\\", "da\"ta, \\x\n\x1b[31m.csv", "1\n");
  const std::string names =
      ProvenanceFor("train: x, data " + DataFileProvenance(path), ProvenanceDetail::kNames);
  EXPECT_EQ(0u, names.find("train: x, data \"da\\\"ta, \\\\x\\n\\u001b[31m.csv\" sha256 "))
      << names;
  EXPECT_EQ(std::string::npos, names.find("odd"));
  EXPECT_EQ(std::string::npos, names.find('\n'));
  EXPECT_EQ(std::string::npos, names.find('\x1b'));
}

TEST(Provenance, AColumnNameLikeATokenCannotHideAPath) {
  // Column names reach the provenance as they are; a quote in one must not
  // swallow the start of the path that follows it.
  const std::string fit = WriteDataFile("provenance_hidden", "fit.csv", "1\n");
  for (const std::string label :
       {"a\"", "a\" sha256 0123456789abcdef", "\"\\", "x\" sha256 zz", "\"/etc\" sha256 "}) {
    const std::string recorded =
        "train: x, label " + label + "; postprocess: rto, data " + DataFileProvenance(fit);
    const std::string names = ProvenanceFor(recorded, ProvenanceDetail::kNames);
    EXPECT_EQ(std::string::npos, names.find("provenance_hidden")) << names;
    EXPECT_NE(std::string::npos, names.find("\"fit.csv\" sha256 ")) << names;
  }
}

TEST(Provenance, OnlyTheThreeDetailsAreNamed) {
  EXPECT_EQ(ProvenanceDetail::kNames, ProvenanceDetailNamed(kProvenanceDetailNames[0]));
  EXPECT_EQ(ProvenanceDetail::kFull, ProvenanceDetailNamed("full"));
  EXPECT_EQ(ProvenanceDetail::kNone, ProvenanceDetailNamed("none"));
  EXPECT_THROW(ProvenanceDetailNamed("paths"), std::invalid_argument);
  for (const char* name : kProvenanceDetailNames) {
    EXPECT_STREQ(name, ProvenanceDetailName(ProvenanceDetailNamed(name)));
  }
}

TEST(Provenance, ExportKeepsTheModelsProvenanceUnlessAskedForLess) {
  const std::string data = WriteDataFile("provenance_export", "train.csv", "1\n");
  tinyfair::Model model = crafted::SmallRamp();
  model.clear_crc32();
  model.clear_content_hash();
  // A model fitted with --provenance full.
  model.set_provenance("train: x, data " + DataFileProvenance(data));
  const auto shipped = [&](ExportSettings settings) {
    tinyfair::Model copy = model;
    return ExportModel(settings, copy);
  };
  const std::string as_fitted = shipped(ExportSettings{});
  EXPECT_NE(std::string::npos, as_fitted.find(data));
  ExportSettings names;
  names.provenance = ProvenanceDetail::kNames;
  EXPECT_EQ(std::string::npos, shipped(names).find("provenance_export"));
  EXPECT_NE(std::string::npos, shipped(names).find("\"train.csv\" sha256 "));
  ExportSettings none;
  none.provenance = ProvenanceDetail::kNone;
  EXPECT_EQ(std::string::npos, shipped(none).find("train: x"));
  EXPECT_LT(shipped(none).size(), shipped(names).size());
  // A path the fit left out cannot come back.
  ExportSettings full;
  full.provenance = ProvenanceDetail::kFull;
  EXPECT_THROW(shipped(full), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::model
