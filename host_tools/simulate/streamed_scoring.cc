#include "host_tools/simulate/streamed_scoring.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <system_error>

#include "host_tools/common/data_error.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::simulate {
namespace {

double SecondsNow() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Calls `each` with every block of rows of the file.
size_t ForEachBlock(const std::string& path, size_t block_rows, ReadProgress& progress,
                    const std::function<void(const data::CsvTable&)>& each) {
  data::CsvRecordReader reader(path);
  data::CsvTable block;
  size_t rows = 0;
  while (reader.NextBlock(block_rows, &block)) {
    each(block);
    rows += block.rows.size();
    progress.Update(rows, reader.bytes_consumed());
  }
  if (rows == 0) throw common::DataError(path, 0, 0, "no data rows");
  return rows;
}

}  // namespace

ReadProgress::ReadProgress(std::FILE* out, std::string what, const std::string& path)
    : out_(out), what_(std::move(what)) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (!error) total_megabytes_ = static_cast<double>(size) / 1e6;
}

ReadProgress::~ReadProgress() {
  if (!shown_) return;
  Show();  // where the reading ended
  std::fputc('\n', out_);
}

void ReadProgress::Update(size_t rows, uint64_t bytes) {
  if (out_ == nullptr) return;
  rows_ = rows;
  bytes_ = bytes;
  const double now = SecondsNow();
  if (now - last_shown_ < 0.5) return;
  last_shown_ = now;
  shown_ = true;
  Show();
}

void ReadProgress::Show() {
  std::fprintf(out_, "\r%s: %zu rows, %.0f of %.0f MB", what_.c_str(), rows_,
               static_cast<double>(bytes_) / 1e6, total_megabytes_);
  std::fflush(out_);
}

std::FILE* ProgressStreamIfTerminal() { return isatty(fileno(stderr)) ? stderr : nullptr; }

size_t ScoreFileInBlocks(const tinyfair::Model& model, const std::string& path,
                         const std::string& label, const std::vector<std::string>& positive,
                         const std::function<void(const data::ScoredSample&)>& consume,
                         std::FILE* progress, size_t block_rows) {
  ReadProgress shown(progress, "scoring " + path, path);
  return ForEachBlock(path, block_rows, shown, [&](const data::CsvTable& block) {
    consume(ScoreThroughRuntime(model, block, label, positive));
  });
}

std::vector<double> ExpectedPositiveRatesOfFile(const tinyfair::Model& model,
                                                const std::string& path, std::FILE* progress,
                                                size_t block_rows) {
  const auto runtime_model = LoadIntoRuntime(model);
  ExpectedPositiveRateSums sums(model.dimensions().group_count());
  ReadProgress shown(progress, "rates on " + path, path);
  ForEachBlock(path, block_rows, shown, [&](const data::CsvTable& block) {
    const data::InputEncoder encoder(model.inputs(), block);
    // Probabilities do not depend on the draws, so one stream serves all.
    sums.Add(DecideRows(*runtime_model, encoder, 1, 0));
  });
  return sums.Rates();
}

}  // namespace tinyfair::host::simulate
