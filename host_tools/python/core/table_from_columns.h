// Data as Python holds it, as the library reads it: columns of numbers or of
// text become the CsvTable the CLI reads from a file, cell by cell, so that
// every command's encoding, detection and checks apply unchanged.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"

namespace tinyfair::python {

/// A table named `name` (for messages) from `columns`, a list of (column
/// name, values) pairs: values is a float64 array (NaN: missing; each number
/// written as the shortest text that reads back as the same double), a list
/// of str and None (None: missing), or coded text (codes, values): an integer
/// array indexing the list of str `values`, -1 for missing. Every column has the same length.
/// @throws std::invalid_argument for mismatched lengths or another type.
host::data::CsvTable TableFromColumns(const std::string& name, const pybind11::list& columns);

/// The same columns as a typed table, without text: a C-contiguous float64
/// array is read in place (it must outlive the table; `columns` holds it),
/// another float array copied once as float64; a list of str and None
/// becomes codes into its distinct values (None: "", a missing marker), and
/// coded text keeps its codes (-1: "").
/// Row r is line r + 2 in messages, as in TableFromColumns.
/// @throws std::invalid_argument as TableFromColumns.
host::data::ColumnTable ColumnTableFromColumns(const std::string& name,
                                               const pybind11::list& columns);

/// Adds read_csv(path) -> list of (name, values): the file as the CLI reads
/// it, each column float64 when every present cell is a number, else str
/// (missing cells None), and table_from_columns for tests.
void AddTableFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
