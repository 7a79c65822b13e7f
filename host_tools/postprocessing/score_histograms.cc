#include "host_tools/postprocessing/score_histograms.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>

#include "host_tools/common/word_stream.h"

namespace tinyfair::host::postprocessing {

ScoreHistograms::ScoreHistograms(size_t group_count)
    : cells_(group_count * kBins), examples_(group_count, 0), positives_(group_count, 0) {}

void ScoreHistograms::Add(double score, uint32_t group, int label) {
  if (!(score >= -1.0 && score <= 1.0)) {
    throw std::invalid_argument("score " + std::to_string(score) + " is outside [-1, 1]");
  }
  if (group >= examples_.size()) throw std::invalid_argument("group index out of range");
  const size_t bin = std::min(kBins - 1, static_cast<size_t>((score + 1.0) / 2.0 * kBins));
  Cell& cell = cells_[group * kBins + bin];
  if (cell.count == 0) {
    cell.lowest = score;
    cell.highest = score;
  } else {
    cell.lowest = std::min(cell.lowest, score);
    cell.highest = std::max(cell.highest, score);
  }
  ++cell.count;
  cell.sum += score;
  ++examples_[group];
  if (label == 1) {
    ++cell.positives;
    ++positives_[group];
  }
}

void ScoreHistograms::Add(const data::ScoredSample& sample) {
  for (size_t i = 0; i < sample.scores.size(); ++i) {
    Add(sample.scores[i], sample.groups[i], sample.labels.empty() ? -1 : sample.labels[i]);
  }
}

std::vector<ScoreHistograms::Cell> ScoreHistograms::OccupiedCells(size_t group) const {
  std::vector<Cell> occupied;
  const auto begin = cells_.begin() + static_cast<std::ptrdiff_t>(group * kBins);
  std::copy_if(begin, begin + kBins, std::back_inserter(occupied),
               [](const Cell& cell) { return cell.count > 0; });
  return occupied;
}

void ScoreHistograms::Merge(const ScoreHistograms& other) {
  if (other.group_count() != group_count()) {
    throw std::invalid_argument("merging score histograms of " +
                                std::to_string(other.group_count()) + " groups into " +
                                std::to_string(group_count()));
  }
  for (size_t i = 0; i < cells_.size(); ++i) {
    const Cell& add = other.cells_[i];
    if (add.count == 0) continue;
    Cell& cell = cells_[i];
    if (cell.count == 0) {
      cell = add;
      continue;
    }
    cell.count += add.count;
    cell.sum += add.sum;
    cell.lowest = std::min(cell.lowest, add.lowest);
    cell.highest = std::max(cell.highest, add.highest);
    cell.positives += add.positives;
  }
  for (size_t g = 0; g < examples_.size(); ++g) {
    examples_[g] += other.examples_[g];
    positives_[g] += other.positives_[g];
  }
}

namespace {

constexpr char kSerialisedTag[] = "tinyfair-score-histograms-2";
// A cell's index takes the low 16 bits of its word, its positives the rest.
constexpr int kIndexBits = 16;
static_assert(ScoreHistograms::kBins == size_t{1} << kIndexBits);

}  // namespace

std::string ScoreHistograms::Serialise() const {
  common::WordWriter out(kSerialisedTag);
  out.Word(group_count());
  for (size_t g = 0; g < group_count(); ++g) {
    out.Word(examples_[g]);
    out.Word(positives_[g]);
    const auto begin = cells_.begin() + static_cast<std::ptrdiff_t>(g * kBins);
    out.Word(static_cast<uint64_t>(
        std::count_if(begin, begin + kBins, [](const Cell& cell) { return cell.count > 0; })));
    for (size_t bin = 0; bin < kBins; ++bin) {
      const Cell& cell = cells_[g * kBins + bin];
      if (cell.count == 0) continue;
      if (cell.positives >> (64 - kIndexBits) != 0) {
        throw std::invalid_argument("score histograms: too many positives in a cell to write");
      }
      out.Word(bin | (cell.positives << kIndexBits));
      out.Word(cell.count);
      out.Double(cell.sum);
      out.Double(cell.lowest);
      out.Double(cell.highest);
    }
  }
  return out.bytes();
}

ScoreHistograms ScoreHistograms::Parse(const std::string& bytes) {
  common::WordReader in(bytes, kSerialisedTag, "score histograms");
  // Each group takes at least three words: a larger count is not ours.
  const uint64_t groups = in.Count(24);
  ScoreHistograms histograms(static_cast<size_t>(groups));
  for (size_t g = 0; g < groups; ++g) {
    histograms.examples_[g] = in.Word();
    histograms.positives_[g] = in.Word();
    const uint64_t occupied = in.Word();
    uint64_t previous_end = 0;  // cells come in increasing order, once each
    for (uint64_t c = 0; c < occupied; ++c) {
      const uint64_t index_and_positives = in.Word();
      const uint64_t bin = index_and_positives & (kBins - 1);
      if (bin < previous_end) in.Refuse("bad cell index");
      previous_end = bin + 1;
      Cell& cell = histograms.cells_[g * kBins + bin];
      cell.positives = index_and_positives >> kIndexBits;
      cell.count = in.Word();
      if (cell.positives > cell.count) {
        in.Refuse("more positives than examples in a cell");
      }
      cell.sum = in.Double();
      cell.lowest = in.Double();
      cell.highest = in.Double();
    }
  }
  in.ExpectEnd();
  return histograms;
}

}  // namespace tinyfair::host::postprocessing
