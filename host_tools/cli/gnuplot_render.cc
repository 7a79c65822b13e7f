#include "host_tools/cli/gnuplot_render.h"

#include <cstdio>
#include <cstdlib>

namespace tinyfair::cli {

bool RenderGnuplot(const std::string& dir, const std::string& name) {
  const std::string png = dir + "/" + name + ".png";
  const std::string command =
      "sed \"s|" + png + "|" + png + ".tmp|\" '" + dir + "/" + name + ".gp' | gnuplot";
  if (std::system(command.c_str()) != 0 || std::rename((png + ".tmp").c_str(), png.c_str()) != 0) {
    std::remove((png + ".tmp").c_str());
    return false;
  }
  return true;
}

}  // namespace tinyfair::cli
