// Data as Python holds it, as the library reads it: columns of numbers or of
// text become the typed table (data::ColumnTable) every entry point of the
// library takes, numbers as float64 and text as codes, so that every
// command's encoding, detection and checks apply as to a file's table.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"

namespace tinyfair::python {

/// A typed table named `name` (for messages) from `columns`, a list of
/// (column name, values) pairs of the same length, without text: values is
/// a float64 array (NaN: missing), read in place when C-contiguous (it must
/// outlive the table; `columns` holds it), another float array copied once
/// as float64; a list of str and None (None: "", a missing marker), coded
/// into its distinct values; or coded text (codes, values): an integer
/// array indexing the list of str `values`, -1 for missing (""). Row r is
/// line r + 2 in messages, the line it has in a CSV file with a header
/// (what DataFrame.to_csv writes; the package names it by its index label).
/// @throws std::invalid_argument for mismatched lengths or another type.
host::data::ColumnTable ColumnTableFromColumns(const std::string& name,
                                               const pybind11::list& columns);

/// Adds read_csv(path) -> list of (name, values): the file as the CLI reads
/// it, each column float64 when every present cell is a number, else an
/// object array of str (every cell as written); code_strings(cells) ->
/// (codes, values) or None, pandas.factorize of a column of str; and
/// table_shape(name, columns) -> (rows, columns).
void AddTableFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
