// Turns table columns into the blocks of a max-entropy domain and back:
// categorical columns (their observed values), bucketed numeric columns
// (given bin edges), ordinal integer columns (their observed values as
// numbers), the binary label and the binary protected attribute. The same
// schema discretises held-out data, so what the downstream model trains on
// and what it is evaluated or deployed on are binned identically.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_SCHEMA_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_SCHEMA_H_

#include <string>
#include <utility>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/preprocessing/maxent_domain.h"
#include "host_tools/preprocessing/maxent_prior.h"

namespace tinyfair::host::preprocessing {

struct MaxentColumns {
  std::string label;
  /// Label values meaning the favourable outcome (Y = 1); empty: 0/1 labels.
  std::vector<std::string> positive;
  std::string protected_attribute;
  /// The protected value mapped to Z = 0, the group Algorithm 1 scales by
  /// tau; empty: the smaller group.
  std::string protected_zero;
  std::vector<std::string> categorical;
  /// Column and its increasing bin edges e_1 < ... < e_k: bins (-inf, e_1),
  /// [e_1, e_2), ..., [e_k, inf).
  std::vector<std::pair<std::string, std::vector<double>>> bins;
  std::vector<std::string> ordinal;
};

class TableDiscretiser {
 public:
  /// Learns the value set of every domain column from `table`.
  /// @throws DataError for a missing column, a protected attribute or label
  ///         that is not binary, a missing cell where a number is needed or
  ///         a column named twice.
  TableDiscretiser(const data::ColumnTable& table, const MaxentColumns& columns);
  TableDiscretiser(const data::CsvTable& table, const MaxentColumns& columns);

  const Domain& domain() const { return domain_; }
  const MaxentRoles& roles() const { return roles_; }

  /// One point per row of `table` (which needs every domain column).
  /// @throws DataError naming line and column of a value outside the schema.
  std::vector<std::vector<int>> Encode(const data::ColumnTable& table) const;
  std::vector<std::vector<int>> Encode(const data::CsvTable& table) const;

  /// The points as a table of cells: header = the domain columns in file
  /// order, the label written 0/1, other values as their labels.
  data::CsvTable Decode(const std::vector<std::vector<int>>& points) const;

  /// The schema as JSON: per block its column, role, kind, values (and bin
  /// edges), plus d and log |Omega|.
  std::string SchemaJson() const;

 private:
  enum class Source { kCategorical, kBins, kOrdinal, kLabel, kProtected };
  struct Column {
    std::string name;
    Source source = Source::kCategorical;
    std::vector<double> edges;  // bins
  };
  // How Encode reads one block's column: its index and, for a block of
  // text values, the column as codes with each code's value (kOutside: a
  // value the domain does not hold), looked up once per distinct value.
  struct BlockReader {
    static constexpr int kOutside = -1;
    std::size_t column = 0;
    data::TableColumn text = data::TableColumn::Text("", {}, {});
    std::vector<int> value_of_code;
  };
  BlockReader ReaderOf(const data::ColumnTable& table, std::size_t block) const;
  int ValueOf(const data::ColumnTable& table, const BlockReader& reader, std::size_t row,
              std::size_t block) const;
  static std::vector<DomainBlock> LearnBlocks(const data::ColumnTable& table,
                                              const MaxentColumns& columns,
                                              std::vector<Column>& learned, MaxentRoles& roles);

  std::vector<Column> columns_;  // one per block, in file order
  std::vector<std::string> positive_;
  MaxentRoles roles_;
  Domain domain_;
};

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_SCHEMA_H_
