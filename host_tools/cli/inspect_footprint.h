// tinyfair inspect --footprint: the flash and RAM a model costs on a board,
// by each way of shipping it, from the board's footprint table.
#pragma once

#include <string>

namespace tinyfair::cli {

struct FootprintRequest {
  std::string model;  // .pb or JSON
  std::string board;
  std::string table;  // empty: DefaultFootprintTablePath(board)
  bool json = false;
};

/// Prints the footprint of the decoder path (the model file in flash,
/// Model::Load and Decide) and of the tables path (codegen --tables and
/// Decide), and the capacities in force on the board. Each figure is the
/// path's fixed cost, measured from the board's size images, plus what
/// depends on this model and is counted exactly (the file's bytes, the
/// generated tables' bytes).
void PrintFootprint(const FootprintRequest& request);

}  // namespace tinyfair::cli
