// Scoring a CSV file of any length through the runtime in memory bounded
// by a block of rows: each block is read with CsvRecordReader and scored
// exactly as ScoreThroughRuntime scores a whole table.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"
#include "host_tools/simulate/score_through_runtime.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::simulate {

/// Shows how much of a file has been read on a terminal, at most twice a
/// second, as "WHAT: N rows, X of Y MB"; silent when `out` is null.
class ReadProgress {
 public:
  ReadProgress(std::FILE* out, std::string what, const std::string& path);
  ~ReadProgress();
  void Update(size_t rows, uint64_t bytes);

 private:
  void Show();

  std::FILE* out_;
  std::string what_;
  size_t rows_ = 0;
  uint64_t bytes_ = 0;
  double total_megabytes_ = 0.0;
  double last_shown_ = -1.0;
  bool shown_ = false;
};

/// stderr when it is a terminal, else null (no progress in logs).
std::FILE* ProgressStreamIfTerminal();

/// Scores the rows of the CSV file at `path`, `block_rows` at a time, and
/// hands each block's ScoredSample (scores, groups, labels, refused count)
/// to `consume`. Returns the number of data rows.
/// @throws DataError as ReadCsv and ScoreThroughRuntime do, with the line
///         and column of the offending cell, and for a file without rows.
size_t ScoreFileInBlocks(const tinyfair::Model& model, const std::string& path,
                         const std::string& label, const std::vector<std::string>& positive,
                         const std::function<void(const data::ScoredSample&)>& consume,
                         std::FILE* progress = nullptr, size_t block_rows = 8192);

/// ExpectedPositiveRates over the rows of the CSV file at `path`, read a
/// block at a time.
std::vector<double> ExpectedPositiveRatesOfFile(const tinyfair::Model& model,
                                                const std::string& path,
                                                std::FILE* progress = nullptr,
                                                size_t block_rows = 8192);

}  // namespace tinyfair::host::simulate
