// An output that is an input under another name is refused before anything
// is written; distinct files, existing or not, pass.
#include "host_tools/common/outputs_over_inputs.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::common {
namespace {

namespace fs = std::filesystem;

fs::path FreshFolderWithInput(const std::string& name) {
  const fs::path folder = fs::path(::testing::TempDir()) / ("outputs_over_inputs_" + name);
  fs::remove_all(folder);
  fs::create_directories(folder / "sub");
  std::ofstream(folder / "in.csv") << "a,b\n1,2\n";
  return folder;
}

std::string Refusal(const std::string& input, const std::string& output) {
  try {
    RefuseOutputsOverInputs({{"--data", input}}, {{"--out", output}});
  } catch (const DataError& error) {
    return error.what();
  }
  return "";
}

TEST(OutputsOverInputs, RefusesEverySpellingOfTheInput) {
  const fs::path folder = FreshFolderWithInput("spellings");
  const std::string input = (folder / "in.csv").string();
  fs::create_symlink(folder / "in.csv", folder / "link.csv");
  fs::create_hard_link(folder / "in.csv", folder / "hard.csv");
  for (const fs::path& output :
       {folder / "in.csv", folder / "." / "in.csv", folder / "sub" / ".." / "in.csv",
        folder / "link.csv", folder / "hard.csv"}) {
    const std::string message = Refusal(input, output.string());
    EXPECT_NE(std::string::npos, message.find(output.string() + ": the output --out")) << message;
    EXPECT_NE(std::string::npos, message.find("the input --data (" + input + ")")) << message;
  }
}

TEST(OutputsOverInputs, RefusesTwoOutputsThatAreOneFile) {
  const fs::path folder = FreshFolderWithInput("two_outputs");
  const std::string out = (folder / "new.csv").string();
  EXPECT_THROW(
      RefuseOutputsOverInputs(
          {}, {{"--out", out}, {"--vectors", (folder / "sub" / ".." / "new.csv").string()}}),
      DataError);
}

TEST(OutputsOverInputs, PassesDistinctFilesAndOptionsNotGiven) {
  const fs::path folder = FreshFolderWithInput("distinct");
  const std::string input = (folder / "in.csv").string();
  std::ofstream(folder / "old_out.csv") << "x\n";
  EXPECT_EQ("", Refusal(input, (folder / "old_out.csv").string()));
  EXPECT_EQ("", Refusal(input, (folder / "new.csv").string()));
  EXPECT_NO_THROW(
      RefuseOutputsOverInputs({{"--data", input}, {"--sign", ""}},
                              {{"--out", (folder / "new.csv").string()}, {"--monitor", ""}}));
}

}  // namespace
}  // namespace tinyfair::host::common
