#include "host_tools/preprocessing/maxent_schema.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <set>

#include "host_tools/common/data_error.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::preprocessing {
namespace {

std::string Format(double value) { return common::FormatText("%.10g", value); }

std::vector<std::string> BinLabels(const std::vector<double>& edges) {
  std::vector<std::string> labels{"<" + Format(edges.front())};
  for (std::size_t e = 0; e + 1 < edges.size(); ++e) {
    labels.push_back("[" + Format(edges[e]) + "," + Format(edges[e + 1]) + ")");
  }
  labels.push_back(">=" + Format(edges.back()));
  return labels;
}

// A number that must be present (bins and ordinal columns): a numeric
// column's value as it is, a text one parsed.
double RequiredNumber(const data::ColumnTable& table, std::size_t row, std::size_t c) {
  const data::TableColumn& column = table.columns[c];
  const bool missing =
      column.numeric() ? std::isnan(column.number(row)) : table.is_missing_text(column.text(row));
  if (missing) {
    throw common::DataError(table.path, table.line(row), c + 1,
                            "missing value in column '" + column.name() +
                                "', which the max-entropy domain bins or counts");
  }
  if (column.numeric()) return column.number(row);
  double value = 0.0;
  if (!data::ParseNumberText(column.text(row), &value)) {
    throw common::DataError(table.path, table.line(row), c + 1,
                            "column " + data::QuoteForMessage(column.name()) +
                                ": not a number: " + data::QuoteForMessage(column.text(row)));
  }
  return value;
}

const char* KindName(BlockKind kind) {
  switch (kind) {
    case BlockKind::kBinary:
      return "binary";
    case BlockKind::kOneHot:
      return "onehot";
    case BlockKind::kOrdinal:
      return "ordinal";
  }
  return "unknown";
}

void CheckBinEdges(const data::ColumnTable& table, const std::string& name,
                   const std::vector<double>& edges) {
  if (edges.empty() || !std::is_sorted(edges.begin(), edges.end()) ||
      std::adjacent_find(edges.begin(), edges.end()) != edges.end()) {
    throw common::DataError(table.path, 0, 0, "bin edges of '" + name + "' must increase strictly");
  }
}

// The protected attribute's two values: zero is --protected-zero, or else
// the value of the smaller group (the first in order on a tie).
DomainBlock ProtectedBlock(const data::ColumnTable& table, std::size_t c, const std::string& name,
                           const std::string& protected_zero) {
  const data::TableColumn text = data::AsText(table.columns[c]);
  for (std::size_t r = 0; r < text.size(); ++r) {
    if (table.is_missing_text(text.text(r))) {
      throw common::DataError(table.path, table.line(r), c + 1,
                              "missing value in the protected attribute '" + name + "'");
    }
  }
  const std::map<std::string, std::size_t> counts = data::ValueRowCounts(text);
  if (counts.size() != 2) {
    throw common::DataError(table.path, 0, 0,
                            "the protected attribute '" + name +
                                "' must have exactly two values; "
                                "it has " +
                                std::to_string(counts.size()));
  }
  auto first = counts.begin(), second = std::next(first);
  std::string zero = second->second < first->second ? second->first : first->first;
  if (!protected_zero.empty()) {
    if (!counts.count(protected_zero)) {
      throw common::DataError(table.path, 0, 0,
                              "'" + protected_zero + "' is not a value of '" + name +
                                  "' (values: '" + first->first + "', '" + second->first + "')");
    }
    zero = protected_zero;
  }
  const std::string one = zero == first->first ? second->first : first->first;
  return DomainBlock::Binary(name, {zero, one});
}

// Distinct values one column may bring into the domain. An identifier or a
// free-text column has thousands, each a parameter of the fit and a value of
// the sampler: 8,000 ran for minutes in gigabytes, 10^6 ran out of memory.
// Past this the column is refused at once, in memory bounded by the limit.
constexpr std::size_t kMaxValuesPerColumn = 1024;

[[noreturn]] void RefuseManyValues(const data::ColumnTable& table, const std::string& name) {
  throw common::DataError(table.path, 0, 0,
                          "column '" + name + "' has more than " +
                              std::to_string(kMaxValuesPerColumn) +
                              " distinct values, the most debias-data models per column; bin it "
                              "(--bins " +
                              name + "=EDGES) if it is a number, or leave it out");
}

// The values the rows of column c hold, refused past the limit at once, in
// memory bounded by it: a number counted by its bits, named by its text.
std::set<std::string> DistinctValues(const data::ColumnTable& table, std::size_t c,
                                     const std::string& name) {
  const data::TableColumn& column = table.columns[c];
  std::set<std::string> values;
  if (column.coded()) {
    std::vector<bool> used(column.dictionary().size(), false);
    for (std::size_t r = 0; r < column.size(); ++r) used[column.code(r)] = true;
    for (std::size_t code = 0; code < used.size(); ++code) {
      if (!used[code]) continue;
      values.insert(column.dictionary()[code]);
      if (values.size() > kMaxValuesPerColumn) RefuseManyValues(table, name);
    }
    return values;
  }
  if (!column.numeric()) {
    for (std::size_t r = 0; r < column.size(); ++r) {
      values.insert(column.text(r));
      if (values.size() > kMaxValuesPerColumn) RefuseManyValues(table, name);
    }
    return values;
  }
  std::map<std::uint64_t, std::size_t> first_row_of;
  for (std::size_t r = 0; r < column.size(); ++r) {
    double value = column.number(r);
    if (std::isnan(value)) value = std::numeric_limits<double>::quiet_NaN();  // one NaN
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(bits));
    first_row_of.emplace(bits, r);
    if (first_row_of.size() > kMaxValuesPerColumn) RefuseManyValues(table, name);
  }
  for (const auto& [bits, row] : first_row_of) values.insert(column.CellText(row));
  return values;
}

DomainBlock CategoricalBlock(const data::ColumnTable& table, std::size_t c,
                             const std::string& name) {
  const std::set<std::string> values = DistinctValues(table, c, name);
  std::vector<std::string> labels(values.begin(), values.end());
  if (labels.size() < 2) {
    throw common::DataError(table.path, 0, 0, "column '" + name + "' has a single value; drop it");
  }
  return labels.size() == 2 ? DomainBlock::Binary(name, labels) : DomainBlock::OneHot(name, labels);
}

DomainBlock BinsBlock(const data::ColumnTable& table, std::size_t c, const std::string& name,
                      const std::vector<double>& edges) {
  for (std::size_t r = 0; r < table.row_count(); ++r) RequiredNumber(table, r, c);
  const auto labels = BinLabels(edges);
  return labels.size() == 2 ? DomainBlock::Binary(name, labels) : DomainBlock::OneHot(name, labels);
}

DomainBlock OrdinalBlock(const data::ColumnTable& table, std::size_t c, const std::string& name) {
  std::set<double> values;
  for (std::size_t r = 0; r < table.row_count(); ++r) {
    values.insert(RequiredNumber(table, r, c));
    if (values.size() > kMaxValuesPerColumn) RefuseManyValues(table, name);
  }
  if (values.size() < 2) {
    throw common::DataError(table.path, 0, 0, "column '" + name + "' has a single value; drop it");
  }
  std::vector<std::string> labels;
  for (double v : values) labels.push_back(Format(v));
  return DomainBlock::Ordinal(name, labels, std::vector<double>(values.begin(), values.end()));
}

}  // namespace

std::vector<DomainBlock> TableDiscretiser::LearnBlocks(const data::ColumnTable& table,
                                                       const MaxentColumns& spec,
                                                       std::vector<Column>& learned,
                                                       MaxentRoles& roles) {
  std::map<std::string, Column> wanted;
  auto want = [&](const std::string& name, Source source, std::vector<double> edges) {
    table.column(name);  // throws naming the available columns
    if (!wanted.emplace(name, Column{name, source, std::move(edges)}).second) {
      throw common::DataError(table.path, 0, 0,
                              "column '" + name + "' is given more than one role");
    }
  };
  want(spec.label, Source::kLabel, {});
  want(spec.protected_attribute, Source::kProtected, {});
  for (const auto& name : spec.categorical) want(name, Source::kCategorical, {});
  for (const auto& name : spec.ordinal) want(name, Source::kOrdinal, {});
  for (const auto& [name, edges] : spec.bins) {
    CheckBinEdges(table, name, edges);
    want(name, Source::kBins, edges);
  }
  std::vector<DomainBlock> blocks;
  for (const auto& name : table.column_names()) {
    const auto found = wanted.find(name);
    if (found == wanted.end()) continue;
    const Column& column = found->second;
    const std::size_t c = table.column(name);
    switch (column.source) {
      case Source::kLabel:
        data::ReadLabels(table, name, spec.positive);  // validates every cell
        roles.label_block = blocks.size();
        blocks.push_back(DomainBlock::Binary(name, {"0", "1"}));
        break;
      case Source::kProtected:
        roles.protected_block = blocks.size();
        blocks.push_back(ProtectedBlock(table, c, name, spec.protected_zero));
        break;
      case Source::kCategorical:
        blocks.push_back(CategoricalBlock(table, c, name));
        break;
      case Source::kBins:
        blocks.push_back(BinsBlock(table, c, name, column.edges));
        break;
      case Source::kOrdinal:
        blocks.push_back(OrdinalBlock(table, c, name));
        break;
    }
    learned.push_back(column);
  }
  return blocks;
}

TableDiscretiser::TableDiscretiser(const data::ColumnTable& table, const MaxentColumns& columns)
    : positive_(columns.positive), domain_(LearnBlocks(table, columns, columns_, roles_)) {}

TableDiscretiser::TableDiscretiser(const data::CsvTable& table, const MaxentColumns& columns)
    : TableDiscretiser(data::ColumnTableFromCsv(table), columns) {}

TableDiscretiser::BlockReader TableDiscretiser::ReaderOf(const data::ColumnTable& table,
                                                         std::size_t block) const {
  const Column& column = columns_[block];
  BlockReader reader;
  reader.column = table.column(column.name);
  if (column.source != Source::kCategorical && column.source != Source::kProtected) return reader;
  reader.text = data::AsText(table.columns[reader.column]);
  const std::vector<std::string>& labels = domain_.blocks()[block].labels;
  reader.value_of_code.assign(reader.text.dictionary().size(), BlockReader::kOutside);
  for (std::size_t code = 0; code < reader.value_of_code.size(); ++code) {
    const auto found = std::find(labels.begin(), labels.end(), reader.text.dictionary()[code]);
    if (found != labels.end())
      reader.value_of_code[code] = static_cast<int>(found - labels.begin());
  }
  return reader;
}

int TableDiscretiser::ValueOf(const data::ColumnTable& table, const BlockReader& reader,
                              std::size_t row, std::size_t block) const {
  const Column& column = columns_[block];
  const DomainBlock& values = domain_.blocks()[block];
  const std::size_t c = reader.column;
  switch (column.source) {
    case Source::kBins: {
      const double x = RequiredNumber(table, row, c);
      return static_cast<int>(std::upper_bound(column.edges.begin(), column.edges.end(), x) -
                              column.edges.begin());
    }
    case Source::kOrdinal: {
      const double x = RequiredNumber(table, row, c);
      for (std::size_t j = 0; j < values.value_count(); ++j) {
        if (values.encodings(static_cast<Eigen::Index>(j), 0) == x) return static_cast<int>(j);
      }
      break;
    }
    case Source::kLabel:
      break;  // Encode() reads the labels as a column
    case Source::kCategorical:
    case Source::kProtected: {
      const int value = reader.value_of_code[reader.text.code(row)];
      if (value != BlockReader::kOutside) return value;
      break;
    }
  }
  const std::string cell =
      reader.text.size() != 0 ? reader.text.text(row) : table.columns[c].CellText(row);
  std::string known;
  for (const auto& label : values.labels) known += (known.empty() ? "'" : ", '") + label + "'";
  throw common::DataError(
      table.path, table.line(row), c + 1,
      "value '" + cell + "' of column '" + column.name +
          "' is not in the domain learned from the training data (values: " + known + ")");
}

std::vector<std::vector<int>> TableDiscretiser::Encode(const data::CsvTable& table) const {
  return Encode(data::ColumnTableFromCsv(table));
}

std::vector<std::vector<int>> TableDiscretiser::Encode(const data::ColumnTable& table) const {
  const std::vector<int> labels =
      data::ReadLabels(table, columns_[roles_.label_block].name, positive_);
  std::vector<std::vector<int>> points(table.row_count(),
                                       std::vector<int>(domain_.block_count(), 0));
  std::vector<BlockReader> readers;
  for (std::size_t b = 0; b < domain_.block_count(); ++b) readers.push_back(ReaderOf(table, b));
  for (std::size_t r = 0; r < points.size(); ++r) {
    for (std::size_t b = 0; b < domain_.block_count(); ++b) {
      points[r][b] = b == roles_.label_block ? labels[r] : ValueOf(table, readers[b], r, b);
    }
  }
  return points;
}

data::CsvTable TableDiscretiser::Decode(const std::vector<std::vector<int>>& points) const {
  data::CsvTable table;
  for (const auto& column : columns_) table.header.push_back(column.name);
  table.rows.reserve(points.size());
  for (const auto& point : points) {
    std::vector<std::string> row;
    for (std::size_t b = 0; b < domain_.block_count(); ++b) {
      row.push_back(domain_.blocks()[b].labels[static_cast<std::size_t>(point[b])]);
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::string TableDiscretiser::SchemaJson() const {
  std::string blocks = "[";
  for (std::size_t b = 0; b < domain_.block_count(); ++b) {
    const auto& block = domain_.blocks()[b];
    const Column& column = columns_[b];
    const char* role = b == roles_.label_block       ? "label"
                       : b == roles_.protected_block ? "protected"
                                                     : "feature";
    common::JsonObject object;
    object.Text("column", column.name).Text("role", role).Text("kind", KindName(block.kind));
    object.Raw("values", common::JsonArray(block.labels));
    if (block.kind == BlockKind::kOrdinal) {
      object.Raw("numbers", common::JsonArray(Eigen::VectorXd(block.encodings.col(0))));
    }
    if (column.source == Source::kBins) {
      const Eigen::Map<const Eigen::VectorXd> edges(column.edges.data(),
                                                    static_cast<Eigen::Index>(column.edges.size()));
      object.Raw("bin_edges", common::JsonArray(Eigen::VectorXd(edges)));
      object.Text("bins", "(-inf, e1), [e1, e2), ..., [ek, inf)");
    }
    if (column.source == Source::kLabel) {
      object.Raw("positive",
                 common::JsonArray(positive_.empty() ? std::vector<std::string>{"1"} : positive_));
    }
    blocks += (b ? ",\n    " : "\n    ") + object.Str(4);
  }
  blocks += "\n  ]";
  common::JsonObject schema;
  schema.Raw("blocks", blocks)
      .Number("dimension", static_cast<double>(domain_.dimension()))
      .Number("log_domain_size", domain_.log_size())
      .Number("domain_size", std::exp(domain_.log_size()));
  return schema.Str(2);
}

}  // namespace tinyfair::host::preprocessing
