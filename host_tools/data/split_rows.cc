// Seeded random splits, plain and stratified.
#include "host_tools/data/split_rows.h"

#include <algorithm>
#include <map>

#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::data {
namespace {

std::vector<size_t> ShuffledRows(size_t n, uint64_t seed) {
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  runtime::Pcg32 rng(seed, 0x511f);
  for (size_t i = n; i > 1; --i) {
    const size_t j = static_cast<size_t>((static_cast<uint64_t>(rng.Next()) * i) >> 32U);
    std::swap(order[i - 1], order[j]);
  }
  return order;
}

double Total(const std::vector<double>& fractions) {
  double total = 0.0;
  for (double f : fractions) total += f;
  return total;
}

// The plain split: part p takes the next floor(fraction_p * n) rows.
void TakeInTurn(const std::vector<size_t>& order, const std::vector<double>& fractions,
                SplitParts& split) {
  const bool whole = Total(fractions) > 1.0 - 1e-9;
  size_t begin = 0;
  for (size_t p = 0; p < fractions.size(); ++p) {
    size_t count = static_cast<size_t>(fractions[p] * static_cast<double>(order.size()));
    if (p + 1 == fractions.size() && whole) count = order.size() - begin;
    split.rows[p].insert(split.rows[p].end(), order.begin() + static_cast<long>(begin),
                         order.begin() + static_cast<long>(begin + count));
    begin += count;
  }
}

// One stratum: part p takes rows [floor(C_{p-1} m), floor(C_p m)) of its
// shuffled m rows, C_p the cumulative fraction (the last part the rest when
// the fractions add up to 1).
void TakeCumulatively(const std::vector<size_t>& stratum, const std::vector<double>& fractions,
                      bool whole, SplitParts& split) {
  const double m = static_cast<double>(stratum.size());
  double cumulative = 0.0;
  size_t begin = 0;
  for (size_t p = 0; p < fractions.size(); ++p) {
    cumulative += fractions[p];
    size_t end = std::min(stratum.size(), static_cast<size_t>(cumulative * m + 1e-9));
    if (p + 1 == fractions.size() && whole) end = stratum.size();
    split.rows[p].insert(split.rows[p].end(), stratum.begin() + static_cast<long>(begin),
                         stratum.begin() + static_cast<long>(end));
    begin = end;
  }
}

std::string StratumOf(const CsvTable& table, size_t row, const std::vector<size_t>& columns) {
  std::string key;
  for (size_t c : columns) {
    key += (key.empty() ? "" : ", ") + table.header[c] + "=" + table.rows[row][c];
  }
  return key;
}

void SplitEachStratum(const CsvTable& table, const std::vector<size_t>& order,
                      const std::vector<double>& fractions,
                      const std::vector<std::string>& stratify, SplitParts& split) {
  std::vector<size_t> columns;
  for (const auto& name : stratify) columns.push_back(table.column(name));  // throws naming it
  std::map<std::string, std::vector<size_t>> strata;  // rows in shuffled order
  for (size_t row : order) strata[StratumOf(table, row, columns)].push_back(row);
  const bool whole = Total(fractions) > 1.0 - 1e-9;
  for (const auto& [key, rows] : strata) {
    std::vector<size_t> sizes_before;
    for (const auto& part : split.rows) sizes_before.push_back(part.size());
    TakeCumulatively(rows, fractions, whole, split);
    for (size_t p = 0; p < split.rows.size(); ++p) {
      if (split.rows[p].size() == sizes_before[p]) {
        split.strata_missing_from_a_part.emplace_back(key, rows.size());
        break;
      }
    }
  }
}

}  // namespace

SplitParts SplitRows(const CsvTable& table, const std::vector<double>& fractions, uint64_t seed,
                     const std::vector<std::string>& stratify) {
  const std::vector<size_t> order = ShuffledRows(table.rows.size(), seed);
  SplitParts split;
  split.rows.resize(fractions.size());
  if (stratify.empty()) {
    TakeInTurn(order, fractions, split);
  } else {
    SplitEachStratum(table, order, fractions, stratify, split);
  }
  for (auto& rows : split.rows) std::sort(rows.begin(), rows.end());
  return split;
}

}  // namespace tinyfair::host::data
