// OptionValues against the command line: a method's options listed with
// their defaults, set from text into the variables the fit reads, and
// refused with the message CLI11 gives for the same value (CLI11 run here on
// the same validators, independently of the library).
#include "host_tools/fit/option_values.h"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <stdexcept>

#include "host_tools/fit/train_method.h"

namespace tinyfair::host::fit {
namespace {

const OptionDescription& Find(const std::vector<OptionDescription>& options,
                              const std::string& name) {
  const auto it = std::find_if(options.begin(), options.end(),
                               [&](const OptionDescription& o) { return o.name == name; });
  if (it == options.end()) throw std::out_of_range("no option " + name);
  return *it;
}

// The message of `error` thrown by OptionValues::Set (empty: none).
std::string SetError(OptionValues& values, const std::string& name, const std::string& text) {
  try {
    values.Set(name, text);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

// What CLI11 says parsing `--NAME TEXT` on an option it checks with `check`.
template <typename T>
std::string CliError(const std::string& name, const std::string& text,
                     const CLI::Validator& check) {
  CLI::App app;
  T value{};
  app.add_option("--" + name, value, "")->check(check);
  try {
    app.parse(std::vector<std::string>{text, "--" + name});  // reversed: CLI11 pops the back
  } catch (const CLI::ParseError& error) {
    return error.what();
  }
  return "";
}

TEST(OptionValues, ListsTheFairRegressionOptionsWithTheirDefaults) {
  OptionValues values;
  FairRegressionTrainMethod().add_options(values);
  const auto options = values.Describe();
  EXPECT_EQ(options.size(), 14u);
  EXPECT_EQ(options.front().name, "regression-loss");
  const OptionDescription& grid = Find(options, "grid-size");
  EXPECT_EQ(grid.kind, "integer");
  EXPECT_EQ(grid.default_text, "40");
  EXPECT_EQ(grid.help, "fair-regression sp: grid size N");
  EXPECT_EQ(Find(options, "sp-slack").kind, "numbers");
  EXPECT_EQ(Find(options, "sp-slack").default_text, "0.05");
  EXPECT_EQ(Find(options, "gap-tolerance").default_text, "0.001");
  EXPECT_EQ(Find(options, "no-lp-step").default_text, "false");
  EXPECT_EQ(Find(options, "regression-loss").choices,
            (std::vector<std::string>{"squared", "logistic"}));
}

TEST(OptionValues, SetsTheVariablesTheMethodBound) {
  double epsilon = 0.01, bound = 0.0;
  int rounds = 8;
  bool ideal = false;
  std::string rule = "bound";
  std::vector<double> slack = {0.05};
  OptionValues values;
  values.Number("epsilon", &epsilon, "", OptionCheck::NonNegative());
  values.Number("bound", &bound, "");
  values.Integer("ideal-rounds", &rounds, "");
  values.Flag("ideal", &ideal, "");
  values.Text("gamma-rule", &rule, "", OptionCheck::Choices({"bound", "paper"}));
  values.Numbers("sp-slack", &slack, "", OptionCheck::Range(0.0, 1.0));
  values.Set("epsilon", "0.25");
  values.Set("bound", "-3e2");
  values.Set("ideal-rounds", "12");
  values.Set("ideal", "true");
  values.Set("gamma-rule", "paper");
  values.Set("sp-slack", "0.1,0.2,1");
  EXPECT_EQ(epsilon, 0.25);
  EXPECT_EQ(bound, -300.0);
  EXPECT_EQ(rounds, 12);
  EXPECT_TRUE(ideal);
  EXPECT_EQ(rule, "paper");
  EXPECT_EQ(slack, (std::vector<double>{0.1, 0.2, 1.0}));
  values.Set("ideal", "false");
  EXPECT_FALSE(ideal);
}

TEST(OptionValues, RefusesWhatTheCommandLineRefusesWithItsMessage) {
  int grid = 40, members = 0;
  double epsilon = 0.01, step = 0.0;
  std::string loss = "squared";
  OptionValues values;
  values.Integer("grid-size", &grid, "", OptionCheck::Range(1, 1000));
  values.Integer("max-members", &members, "", OptionCheck::Range(0, 1000));
  values.Number("epsilon", &epsilon, "", OptionCheck::NonNegative());
  values.Number("eg-step", &step, "", OptionCheck::Range(0.0, 1e6));
  values.Text("regression-loss", &loss, "", OptionCheck::Choices({"squared", "logistic"}));

  EXPECT_EQ(SetError(values, "grid-size", "5000"),
            CliError<int>("grid-size", "5000", CLI::Range(1, 1000)));
  EXPECT_EQ(SetError(values, "max-members", "-1"),
            CliError<int>("max-members", "-1", CLI::Range(0, 1000)));
  EXPECT_EQ(SetError(values, "epsilon", "-0.5"),
            CliError<double>("epsilon", "-0.5", CLI::NonNegativeNumber));
  EXPECT_EQ(SetError(values, "eg-step", "2e6"),
            CliError<double>("eg-step", "2e6", CLI::Range(0.0, 1e6)));
  EXPECT_EQ(
      SetError(values, "regression-loss", "hinge"),
      CliError<std::string>("regression-loss", "hinge", CLI::IsMember({"squared", "logistic"})));
  EXPECT_EQ(SetError(values, "grid-size", "5000"),
            "--grid-size: Value 5000 not in range 1 to 1000");
  // Nothing refused was stored.
  EXPECT_EQ(grid, 40);
  EXPECT_EQ(epsilon, 0.01);
  EXPECT_EQ(loss, "squared");
}

TEST(OptionValues, RefusesUnknownNamesAndValuesOfTheWrongType) {
  int grid = 40;
  std::vector<double> slack = {0.05};
  OptionValues values;
  values.Integer("grid-size", &grid, "");
  values.Numbers("sp-slack", &slack, "", OptionCheck::Range(0.0, 1.0));
  EXPECT_EQ(SetError(values, "grid", "3"), "The following argument was not expected: --grid");
  EXPECT_EQ(SetError(values, "grid-size", "4x"), "Could not convert: --grid-size = 4x");
  EXPECT_EQ(SetError(values, "grid-size", "3000000000"),
            "Could not convert: --grid-size = 3000000000");
  EXPECT_NE(SetError(values, "sp-slack", "0.1,2"), "");
  EXPECT_EQ(slack, (std::vector<double>{0.05}));  // one bad item: the list is kept
  EXPECT_EQ(grid, 40);
}

TEST(OptionValues, RefusesAnOptionBoundTwice) {
  bool a = false, b = false;
  OptionValues values;
  values.Flag("ideal", &a, "");
  EXPECT_THROW(values.Flag("ideal", &b, ""), std::logic_error);
}

}  // namespace
}  // namespace tinyfair::host::fit
