// The README's demo steps (demo.sh: demo data, train, postprocess with a
// validation sample, export) in an absolute folder of the host: by default
// no file `export` writes holds a path of the host, and the model a fit
// writes and the file export makes of it are one model, deciding with one
// model hash. --provenance full keeps the paths, none records nothing;
// export may only record less.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

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

// The command's exit status (-1 when it did not exit).
int RunCliStatus(const std::string& arguments) {
  const std::string command = std::string("'") + TINYFAIR_CLI + "' " + arguments + " 2> /dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void RunCli(const std::string& arguments) { ASSERT_EQ(0, RunCliStatus(arguments)) << arguments; }

std::set<std::string> FilesIn(const std::string& dir) {
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.insert(entry.path().string());
  return files;
}

class DemoProvenance : public ::testing::Test {
 protected:
  void SetUp() override {
    // A folder of this test alone (CTest runs the tests in parallel), absolute,
    // with a name that is easy to find in bytes.
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    work_ = fs::absolute(::testing::TempDir() + "demo provenance, " + test + " " +
                         std::to_string(::getpid()))
                .string();
    fs::remove_all(work_);
    fs::create_directories(work_);
    RunCli(
        "demo --rows 4000 --seed 7 --parts train=0.5,fit=0.2,validation=0.1,test=0.2 "
        "--out-dir '" +
        work_ + "/data'");
  }
  void TearDown() override { fs::remove_all(work_); }

  // demo.sh's train and postprocess, each with `flags`; returns fair.json.
  std::string Fit(const std::string& flags) {
    const std::string logistic = work_ + "/logistic.json", fair = work_ + "/fair.json";
    RunCli("train --data '" + work_ +
           "/data/train.csv' --label hired --sensitive group --id demo " + "--out '" + logistic +
           "' " + flags);
    RunCli("postprocess --model '" + logistic + "' --data '" + work_ +
           "/data/fit.csv' --label hired --validation '" + work_ + "/data/validation.csv' --out '" +
           fair + "' " + flags);
    return fair;
  }

  // The bytes of every file `export` writes with `flags`: model.pb, and
  // nothing else.
  std::string Export(const std::string& fair, const std::string& flags, const std::string& name) {
    const std::set<std::string> before = FilesIn(work_);
    const std::string out = work_ + "/" + name;
    RunCli("export --model '" + fair + "' --out '" + out + "' " + flags);
    std::set<std::string> written = FilesIn(work_);
    for (const auto& file : before) written.erase(file);
    EXPECT_EQ(std::set<std::string>{out}, written);
    std::string bytes;
    for (const auto& file : written) bytes += common::ReadFile(file);
    return bytes;
  }

  std::string ProvenanceOf(const std::string& path) { return model::ReadModel(path).provenance(); }

  std::string Simulate(const std::string& model, const std::string& name) {
    const std::string out = work_ + "/" + name;
    RunCli("simulate --model '" + model + "' --data '" + work_ +
           "/data/test.csv' --seed 2024 --out '" + out + "'");
    return common::ReadFile(out);
  }

  std::string work_;
};

TEST_F(DemoProvenance, ByDefaultNoFileExportWritesHoldsAPathOfTheHost) {
  const std::string fair = Fit("");
  EXPECT_EQ(std::string::npos, common::ReadFile(fair).find(work_));
  const std::string bytes = Export(fair, "", "demo_model.pb");
  EXPECT_EQ(std::string::npos, bytes.find(work_));
  EXPECT_EQ(std::string::npos, bytes.find("demo provenance, "));
  // No text of the model names a folder at all.
  const std::string text = model::ModelToJson(model::ReadModel(work_ + "/demo_model.pb"));
  EXPECT_EQ(std::string::npos, text.find('/')) << text;
  const std::string provenance = ProvenanceOf(work_ + "/demo_model.pb");
  EXPECT_NE(std::string::npos, provenance.find("data \"train.csv\" sha256 ")) << provenance;
  EXPECT_NE(std::string::npos, provenance.find("data \"fit.csv\" sha256 ")) << provenance;
}

TEST_F(DemoProvenance, TheJsonAndTheExportedFileDecideWithOneModelHash) {
  const std::string fair = Fit("");
  Export(fair, "", "demo_model.pb");
  const std::string from_json = Simulate(fair, "json_records.csv");
  EXPECT_GT(from_json.size(), 1000u);
  EXPECT_EQ(from_json, Simulate(work_ + "/demo_model.pb", "pb_records.csv"));
}

TEST_F(DemoProvenance, FullKeepsThePathsAsGivenAndExportKeepsThem) {
  const std::string fair = Fit("--provenance full");
  const std::string provenance = ProvenanceOf(fair);
  EXPECT_NE(std::string::npos, provenance.find("\"" + work_ + "/data/train.csv\" sha256 "))
      << provenance;
  EXPECT_NE(std::string::npos, provenance.find("\"" + work_ + "/data/fit.csv\" sha256 "))
      << provenance;
  EXPECT_NE(std::string::npos, Export(fair, "", "full.pb").find(work_));
  EXPECT_EQ(provenance, ProvenanceOf(work_ + "/full.pb"));
}

TEST_F(DemoProvenance, NoneRecordsNothing) {
  const std::string fair = Fit("--provenance none");
  EXPECT_EQ("", ProvenanceOf(fair));
  EXPECT_EQ("", ProvenanceOf(work_ + "/logistic.json"));
  EXPECT_EQ(std::string::npos, Export(fair, "", "none.pb").find("train:"));
}

TEST_F(DemoProvenance, ExportRecordsLessOnlyWhenAsked) {
  const std::string fair = Fit("--provenance full");
  const std::string names = Export(fair, "--provenance names", "names.pb");
  EXPECT_EQ(std::string::npos, names.find(work_));
  EXPECT_NE(std::string::npos,
            ProvenanceOf(work_ + "/names.pb").find("data \"train.csv\" sha256 "));
  Export(fair, "--provenance none", "none.pb");
  EXPECT_EQ("", ProvenanceOf(work_ + "/none.pb"));
  // A path cannot come back, and no other value is taken: exit 2, nothing written.
  EXPECT_EQ(2, RunCliStatus("export --model '" + fair + "' --out '" + work_ +
                            "/refused.pb' --provenance full"));
  EXPECT_FALSE(fs::exists(work_ + "/refused.pb"));
}

TEST_F(DemoProvenance, AFitRefusesAnyOtherValueAndWritesNothing) {
  EXPECT_EQ(2, RunCliStatus("train --data '" + work_ +
                            "/data/train.csv' --label hired --sensitive group --out '" + work_ +
                            "/refused.json' --provenance paths"));
  EXPECT_FALSE(fs::exists(work_ + "/refused.json"));
}

}  // namespace
}  // namespace tinyfair::host::fit
