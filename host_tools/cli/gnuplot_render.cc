#include "host_tools/cli/gnuplot_render.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "host_tools/cli/cli_common.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/text_format.h"

extern char** environ;

namespace tinyfair::cli {
namespace {

// The name gnuplot writes to; the renderer renames it when gnuplot is done.
constexpr const char* kTemporarySuffix = ".tmp";

// Starts `argv` in `dir` with stdin from /dev/null and waits for it; true
// when it ran and exited 0.
bool RunInFolder(const std::string& dir, std::vector<std::string> argv) {
  posix_spawn_file_actions_t actions;
  if (posix_spawn_file_actions_init(&actions) != 0) return false;
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  std::vector<char*> pointers;
  for (std::string& word : argv) pointers.push_back(word.data());
  pointers.push_back(nullptr);
  pid_t child = 0;
  const int spawned =
      posix_spawnp(&child, pointers[0], &actions, nullptr, pointers.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return false;
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

std::string GnuplotString(const std::string& text) {
  std::string out = "'";
  for (char c : host::common::OneLineText(text))
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string GnuplotPreamble(const std::string& png_name, const std::string& size) {
  return "# Run in this folder: gnuplot " + png_name.substr(0, png_name.rfind('.')) +
         ".gp\nif (!exists(\"output_file\")) output_file = " + GnuplotString(png_name) +
         "\nset terminal pngcairo noenhanced size " + size + "\nset output output_file\n";
}

bool RenderGnuplot(const std::string& dir, const std::string& name) {
  const std::string png = name + ".png";
  const std::string temporary = png + kTemporarySuffix;
  // Only fixed names reach gnuplot: the folder is the child's working one.
  const bool drawn =
      RunInFolder(dir, {"gnuplot", "-e", "output_file=" + GnuplotString(temporary), name + ".gp"});
  const std::string in_dir = dir + "/";
  if (!drawn || std::rename((in_dir + temporary).c_str(), (in_dir + png).c_str()) != 0) {
    std::remove((in_dir + temporary).c_str());
    return false;
  }
  return true;
}

PlotFiles DrawPlotImages(const PlotFiles& files, const std::vector<std::string>& names,
                         const std::string& command) {
  constexpr size_t kMaxImageBytes = size_t{64} << 20U;  // a 1100x600 PNG is tens of KiB
  std::string scratch = (std::filesystem::temp_directory_path() / "tinyfair-plots-XXXXXX").string();
  if (mkdtemp(scratch.data()) == nullptr) {
    Note(command + ": no scratch folder to draw the plots in (their data and scripts are written)");
    return {};
  }
  for (const auto& [name, bytes] : files) {
    host::common::WriteFileAtomically(scratch + "/" + name, bytes);
  }
  PlotFiles images;
  for (const std::string& name : names) {
    if (RenderGnuplot(scratch, name)) {
      images.emplace_back(
          name + ".png", host::common::ReadFileAtMost(scratch + "/" + name + ".png", kMaxImageBytes,
                                                      "a plot image"));
    } else {
      Note(command + ": gnuplot failed on " + name + ".gp (its data and script are written)");
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(scratch, ignored);
  return images;
}

}  // namespace tinyfair::cli
