// fit::Train called as a front end without a command line calls it: the
// data parsed from text, the method's options set through OptionValues,
// notes caught by a sink. The model must be byte for byte the one
// `tinyfair train` writes for the same file and options, and the notes the
// lines it prints.
#include "host_tools/fit/train.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "host_tools/common/file_io.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/option_values.h"
#include "host_tools/model/model_file.h"
#include "tests/host/source_dir.h"

namespace tinyfair::host::fit {
namespace {

using tinyfair::testing::SourceDir;

// Runs the tinyfair command; its stderr goes to `stderr_path`.
void RunCli(const std::string& arguments, const std::string& stderr_path) {
  const std::string command =
      std::string("'") + TINYFAIR_CLI + "' " + arguments + " 2> '" + stderr_path + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

class TrainWithoutCli : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = SourceDir() + "/tests/bad_data/train.csv";
    table_ = data::ParseCsv(common::ReadFile(path_), path_);
    options_.data = path_;
    options_.label.label = "approved";
    options_.label.positive = {"yes"};
    options_.sensitive = {"sex"};
    SetNoteSink([this](const std::string& line) { notes_.push_back(line); });
  }
  void TearDown() override { SetNoteSink(nullptr); }

  // The model fitted by the library with --reweigh set (or not) through
  // OptionValues bound to every method, as the command binds them.
  tinyfair::Model Fit(bool reweigh) {
    std::vector<TrainMethod> methods = TrainMethods();
    OptionValues values;
    for (const auto& method : methods) {
      if (method.add_options) method.add_options(values);
    }
    values.Set("reweigh", reweigh ? "true" : "false");
    return Train(options_, data::ColumnTableFromCsv(table_), methods);
  }

  std::string path_;
  data::CsvTable table_;
  TrainOptions options_;
  std::vector<std::string> notes_;
};

TEST_F(TrainWithoutCli, ReweighedLogisticModelIsTheCommandsByteForByte) {
  const std::string work = ::testing::TempDir();
  const std::string out = work + "fit_train_reweighed.json";
  const std::string cli_notes = work + "fit_train_reweighed.stderr";
  RunCli("train --data '" + path_ +
             "' --label approved --positive yes --sensitive sex "
             "--reweigh --out '" +
             out + "'",
         cli_notes);
  const tinyfair::Model model = Fit(true);
  EXPECT_EQ(host::model::ModelToJson(model), common::ReadFile(out));
  EXPECT_NE(model.provenance().find("(reweighed)"), std::string::npos);

  // The same notes, the command's last line being where it wrote the model.
  std::vector<std::string> expected = Lines(common::ReadFile(cli_notes));
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(expected.back(), "train: wrote " + out);
  expected.pop_back();
  EXPECT_EQ(notes_, expected);
}

TEST_F(TrainWithoutCli, TheBoundOptionReachesTheFit) {
  const tinyfair::Model reweighed = Fit(true);
  const tinyfair::Model plain = Fit(false);
  EXPECT_EQ(plain.provenance().find("(reweighed)"), std::string::npos);
  // Reweighing changes the weights on this sample (its groups and label are
  // not independent).
  EXPECT_NE(host::model::ModelToJson(reweighed), host::model::ModelToJson(plain));
}

TEST_F(TrainWithoutCli, RefusesWhatTheCommandRefuses) {
  options_.sensitive.clear();
  EXPECT_THROW(Fit(false), std::invalid_argument);
  options_.sensitive = {"sex"};
  options_.constraint = "dp";  // logistic takes none
  EXPECT_THROW(Fit(false), std::invalid_argument);
  options_.constraint.clear();
  options_.method = "no-such-method";
  EXPECT_THROW(Fit(false), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::fit
