// `tinyfair export` ships no directory of the host by default: the model
// file names the data it was fitted on by base name and content hash;
// --provenance full keeps the paths the fit was given, none ships nothing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_trust.h"

namespace tinyfair::host::fit {
namespace {

namespace fs = std::filesystem;

std::string SourceDir() {
  const char* dir = std::getenv("TINYFAIR_SOURCE_DIR");
  return dir != nullptr ? dir : ".";
}

void RunCli(const std::string& arguments) {
  const std::string command = std::string("'") + TINYFAIR_CLI + "' " + arguments + " 2> /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

std::set<std::string> FilesIn(const std::string& dir) {
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.insert(entry.path().string());
  return files;
}

class ExportProvenance : public ::testing::Test {
 protected:
  void SetUp() override {
    // An absolute work folder whose name is easy to find in bytes, and a
    // data file whose name needs escaping (a quote, a line break).
    work_ = fs::absolute(::testing::TempDir() + "export provenance, work").string();
    fs::remove_all(work_);
    fs::create_directories(work_);
    data_ = work_ + "/da\"ta\n.csv";
    common::WriteFileAtomically(data_, common::ReadFile(SourceDir() + "/tests/bad_data/train.csv"));
    model_ = work_ + "/model.json";
    RunCli("train --data '" + data_ + "' --label approved --positive yes --sensitive sex --out '" +
           model_ + "'");
  }

  // The bytes `export` writes with `flags`, after checking that it writes
  // no other file.
  std::string Export(const std::string& flags, const std::string& name) {
    const std::set<std::string> before = FilesIn(work_);
    const std::string out = work_ + "/" + name;
    RunCli("export --model '" + model_ + "' --out '" + out + "' " + flags);
    std::set<std::string> written = FilesIn(work_);
    for (const auto& file : before) written.erase(file);
    EXPECT_EQ(std::set<std::string>{out}, written);
    return common::ReadFile(out);
  }

  std::string ProvenanceOf(const std::string& name) {
    return model::ReadModel(work_ + "/" + name).provenance();
  }

  std::string work_, data_, model_;
};

TEST_F(ExportProvenance, ByDefaultNoFileExportWritesHoldsAFolderOfTheHost) {
  // The fit itself recorded the path: the JSON on the host keeps it.
  ASSERT_NE(std::string::npos, common::ReadFile(model_).find(work_));
  const std::string bytes = Export("", "default.pb");
  EXPECT_EQ(std::string::npos, bytes.find(work_));
  EXPECT_EQ(std::string::npos, bytes.find("export provenance, work"));
  EXPECT_EQ(std::string::npos, bytes.find(fs::path(work_).parent_path().string()));
  // No text of the model names a folder at all.
  const std::string text = model::ModelToJson(model::ReadModel(work_ + "/default.pb"));
  EXPECT_EQ(std::string::npos, text.find('/')) << text;
  EXPECT_NE(std::string::npos,
            ProvenanceOf("default.pb").find(", data \"da\\\"ta\\n.csv\" sha256 "))
      << ProvenanceOf("default.pb");
  EXPECT_EQ(bytes, Export("--provenance names", "names.pb"));
}

TEST_F(ExportProvenance, FullKeepsThePathTheFitWasGiven) {
  const std::string bytes = Export("--provenance full", "full.pb");
  EXPECT_NE(std::string::npos, bytes.find(work_));
  EXPECT_NE(std::string::npos, ProvenanceOf("full.pb").find("\"" + work_ + "/da\\\"ta\\n.csv\""));
}

TEST_F(ExportProvenance, NoneShipsNoProvenance) {
  const std::string bytes = Export("--provenance none", "none.pb");
  EXPECT_EQ("", ProvenanceOf("none.pb"));
  EXPECT_EQ(std::string::npos, bytes.find("train:"));
  EXPECT_LT(bytes.size(), Export("", "default.pb").size());
}

TEST_F(ExportProvenance, AnyOtherValueIsRefusedAndNothingWritten) {
  const std::string out = work_ + "/refused.pb";
  const std::string command = std::string("'") + TINYFAIR_CLI + "' export --model '" + model_ +
                              "' --out '" + out + "' --provenance paths 2> /dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(2, WEXITSTATUS(status));
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace tinyfair::host::fit
