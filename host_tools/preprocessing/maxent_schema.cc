#include "host_tools/preprocessing/maxent_schema.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

// A number that must be present (bins and ordinal columns).
double RequiredNumber(const data::CsvTable& table, std::size_t row, std::size_t column) {
  if (table.is_missing(table.rows[row][column])) {
    throw common::DataError(table.path, table.line_of_row[row], column + 1,
                            "missing value in column '" + table.header[column] +
                                "', which the max-entropy domain bins or counts");
  }
  return data::ParseNumber(table, row, column);
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

void CheckBinEdges(const data::CsvTable& table, const std::string& name,
                   const std::vector<double>& edges) {
  if (edges.empty() || !std::is_sorted(edges.begin(), edges.end()) ||
      std::adjacent_find(edges.begin(), edges.end()) != edges.end()) {
    throw common::DataError(table.path, 0, 0, "bin edges of '" + name + "' must increase strictly");
  }
}

// The protected attribute's two values: zero is --protected-zero, or else
// the value of the smaller group (the first in order on a tie).
DomainBlock ProtectedBlock(const data::CsvTable& table, std::size_t c, const std::string& name,
                           const std::string& protected_zero) {
  std::map<std::string, std::size_t> counts;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    if (table.is_missing(table.rows[r][c])) {
      throw common::DataError(table.path, table.line_of_row[r], c + 1,
                              "missing value in the protected attribute '" + name + "'");
    }
    ++counts[table.rows[r][c]];
  }
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

[[noreturn]] void RefuseManyValues(const data::CsvTable& table, const std::string& name) {
  throw common::DataError(table.path, 0, 0,
                          "column '" + name + "' has more than " +
                              std::to_string(kMaxValuesPerColumn) +
                              " distinct values, the most debias-data models per column; bin it "
                              "(--bins " +
                              name + "=EDGES) if it is a number, or leave it out");
}

DomainBlock CategoricalBlock(const data::CsvTable& table, std::size_t c, const std::string& name) {
  std::set<std::string> values;
  for (const auto& row : table.rows) {
    values.insert(row[c]);
    if (values.size() > kMaxValuesPerColumn) RefuseManyValues(table, name);
  }
  std::vector<std::string> labels(values.begin(), values.end());
  if (labels.size() < 2) {
    throw common::DataError(table.path, 0, 0, "column '" + name + "' has a single value; drop it");
  }
  return labels.size() == 2 ? DomainBlock::Binary(name, labels) : DomainBlock::OneHot(name, labels);
}

DomainBlock BinsBlock(const data::CsvTable& table, std::size_t c, const std::string& name,
                      const std::vector<double>& edges) {
  for (std::size_t r = 0; r < table.rows.size(); ++r) RequiredNumber(table, r, c);
  const auto labels = BinLabels(edges);
  return labels.size() == 2 ? DomainBlock::Binary(name, labels) : DomainBlock::OneHot(name, labels);
}

DomainBlock OrdinalBlock(const data::CsvTable& table, std::size_t c, const std::string& name) {
  std::set<double> values;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
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

std::vector<DomainBlock> TableDiscretiser::LearnBlocks(const data::CsvTable& table,
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
  for (const auto& name : table.header) {
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

TableDiscretiser::TableDiscretiser(const data::CsvTable& table, const MaxentColumns& columns)
    : positive_(columns.positive), domain_(LearnBlocks(table, columns, columns_, roles_)) {}

int TableDiscretiser::ValueOf(const data::CsvTable& table, std::size_t row,
                              std::size_t block) const {
  const Column& column = columns_[block];
  const DomainBlock& values = domain_.blocks()[block];
  const std::size_t c = table.column(column.name);
  const std::string& cell = table.rows[row][c];
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
    case Source::kProtected:
      for (std::size_t j = 0; j < values.labels.size(); ++j) {
        if (values.labels[j] == cell) return static_cast<int>(j);
      }
      break;
  }
  std::string known;
  for (const auto& label : values.labels) known += (known.empty() ? "'" : ", '") + label + "'";
  throw common::DataError(
      table.path, table.line_of_row[row], c + 1,
      "value '" + cell + "' of column '" + column.name +
          "' is not in the domain learned from the training data (values: " + known + ")");
}

std::vector<std::vector<int>> TableDiscretiser::Encode(const data::CsvTable& table) const {
  const std::vector<int> labels =
      data::ReadLabels(table, columns_[roles_.label_block].name, positive_);
  std::vector<std::vector<int>> points(table.rows.size(),
                                       std::vector<int>(domain_.block_count(), 0));
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    for (std::size_t b = 0; b < domain_.block_count(); ++b) {
      points[r][b] = b == roles_.label_block ? labels[r] : ValueOf(table, r, b);
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
