// postprocess --validation (the library call) and `tinyfair sweep` select
// the same point of the RTO grid, on synthetic data sets whose grid points
// lie within 1e-6 of each other in the selection's criterion: gammas a
// millionth apart, so the two commands agree only if they judge every point
// by the same arithmetic (the device's decisions). An experiment (the
// sanitizer stage leaves it to the host stage): 20 data sets, each fitted
// over the grid twice, by the library and by the command.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/fit/read_data.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::host::fit {
namespace {

constexpr int kDataSets = 20;
constexpr int kRowsPerPart = 1500;
// Neighbouring widths a millionth apart and distinct as floats (the device
// stores floats), so that the selected point can be told from the model.
const std::vector<double> kGammas = {0.2, 0.2000001, 0.2000002, 0.2000003, 0.2000004};
const std::vector<double> kAgreementRhoOffsets = {-0.02, 0.0};

std::string Grid(const std::vector<double>& values) {
  std::string text;
  for (double v : values) text += (text.empty() ? "" : ",") + common::FormatText("%.9g", v);
  return text;
}

// A part of a synthetic data set: group, the scorer's probability, label;
// the groups' scores differ in mean, the label follows the score.
std::string SyntheticPart(std::mt19937_64& random) {
  std::normal_distribution<double> noise(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::string csv = "group,probability,y\n";
  for (int i = 0; i < kRowsPerPart; ++i) {
    const bool b = uniform(random) < 0.4;
    const double margin = (b ? -0.6 : 0.3) + noise(random);
    const double p = 1.0 / (1.0 + std::exp(-margin));
    const int y = uniform(random) < 1.0 / (1.0 + std::exp(-1.5 * margin)) ? 1 : 0;
    csv += common::FormatText("%s,%.6f,%d\n", b ? "b" : "a", p, y);
  }
  return csv;
}

// The validation accuracy of each RTO row of sweep.csv, as written (%.6f).
std::vector<std::string> RtoValidationAccuracies(const std::string& csv) {
  std::vector<std::string> accuracies;
  size_t start = 0;
  for (size_t end; (end = csv.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string line = csv.substr(start, end - start);
    if (line.rfind("RTO,", 0) != 0) continue;
    size_t field = 0;
    for (int comma = 0; comma < 3; ++comma) field = line.find(',', field) + 1;
    accuracies.push_back(line.substr(field, line.find(',', field) - field));
  }
  return accuracies;
}

// The grid point a model decides with: its ramp's floats, every digit.
std::string RampOf(const tinyfair::Model& model) {
  std::string ramp = "thresholds";
  for (float t : model.ramp().threshold()) ramp += common::FormatText(" %.9g", t);
  ramp += ", widths";
  for (float w : model.ramp().width()) ramp += common::FormatText(" %.9g", w);
  return ramp;
}

TEST(GridSelectionAgreementExperiment, PostprocessAndSweepSelectTheSamePointOnNearTies) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) /
                                    ("grid_selection_agreement_" + std::to_string(getpid()));
  SetNoteSink([](const std::string&) {});
  for (int set = 0; set < kDataSets; ++set) {
    SCOPED_TRACE("data set " + std::to_string(set));
    const std::filesystem::path work = dir / std::to_string(set);
    std::filesystem::remove_all(work);
    std::filesystem::create_directories(work);
    std::mt19937_64 random(1000 + set);
    for (const char* part : {"fit", "validation", "test"}) {
      common::WriteFileAtomically((work / (std::string(part) + ".csv")).string(),
                                  SyntheticPart(random));
    }
    const std::string fit_csv = (work / "fit.csv").string();
    const std::string validation_csv = (work / "validation.csv").string();

    PostprocessOptions o;
    o.data = fit_csv;
    o.validation = validation_csv;
    o.score_column = "probability";
    o.sensitive = {"group"};
    o.label.label = "y";
    o.selection.gammas = kGammas;
    o.selection.rho_offsets = kAgreementRhoOffsets;
    const data::CsvTable fitting = ReadDataCsv(fit_csv);
    const data::CsvTable validation = ReadDataCsv(validation_csv);
    const tinyfair::Model postprocessed = Postprocess(o, fitting, &validation, nullptr);

    const std::string command =
        std::string("'") + TINYFAIR_CLI + "' sweep --data '" + fit_csv + "' --validation '" +
        validation_csv + "' --test '" + (work / "test.csv").string() +
        "' --score-column probability --sensitive group --label y --gamma-grid " + Grid(kGammas) +
        " --rho-offsets " + Grid(kAgreementRhoOffsets) + " --no-plots --out-dir '" +
        (work / "sweep").string() + "' > '" + (work / "sweep.txt").string() + "' 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const std::string selected_json = (work / "sweep" / "selected.json").string();
    const tinyfair::Model swept =
        model::ModelFromJson(common::ReadFile(selected_json), selected_json);

    // The construction holds: every grid point has another whose validation
    // accuracy is the same to six decimals (within 1e-6).
    const std::vector<std::string> accuracies =
        RtoValidationAccuracies(common::ReadFile((work / "sweep" / "sweep.csv").string()));
    ASSERT_EQ(accuracies.size(), kGammas.size() * kAgreementRhoOffsets.size());
    for (size_t i = 0; i < accuracies.size(); ++i) {
      size_t twins = 0;
      for (const std::string& other : accuracies) twins += other == accuracies[i] ? 1 : 0;
      EXPECT_GE(twins, 2u) << "grid point " << i << " has no near tie";
    }
    ASSERT_TRUE(postprocessed.has_ramp());
    ASSERT_TRUE(swept.has_ramp());
    EXPECT_EQ(RampOf(postprocessed), RampOf(swept));
  }
  SetNoteSink(nullptr);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tinyfair::host::fit
