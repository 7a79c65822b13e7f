#include "host_tools/python/core/table_from_columns.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tinyfair::python {

namespace py = pybind11;

namespace {

// A text column given as (codes, values): an integer array of indices into
// the list of str `values`, -1 for a missing cell; checked here, since a
// code from the caller indexes memory.
host::data::TableColumn CodedTextColumn(const std::string& column, const py::tuple& coded) {
  if (coded.size() != 2 || !py::isinstance<py::array>(coded[0]) ||
      !py::isinstance<py::list>(coded[1])) {
    throw std::invalid_argument("column '" + column +
                                "': coded text must be (integer array, list of str)");
  }
  const auto array = coded[0].cast<py::array>();
  if (array.ndim() != 1 || array.dtype().kind() != 'i') {
    throw std::invalid_argument("column '" + column + "': codes must be a 1-D integer array");
  }
  const auto codes_in = py::array_t<int64_t, py::array::c_style | py::array::forcecast>(array);
  std::vector<std::string> dictionary;
  for (const py::handle value : coded[1].cast<py::list>()) {
    if (!py::isinstance<py::str>(value)) {
      throw std::invalid_argument("column '" + column + "': coded values must be str");
    }
    dictionary.push_back(value.cast<std::string>());
  }
  const auto missing = static_cast<uint32_t>(dictionary.size());  // "" if a code is -1
  const auto view = codes_in.unchecked<1>();
  std::vector<uint32_t> codes(static_cast<size_t>(view.shape(0)));
  bool any_missing = false;
  for (py::ssize_t i = 0; i < view.shape(0); ++i) {
    const int64_t code = view(i);
    if (code < -1 || code >= static_cast<int64_t>(missing)) {
      throw std::invalid_argument("column '" + column + "', row " + std::to_string(i) + ": code " +
                                  std::to_string(code) + " is not a value's");
    }
    any_missing = any_missing || code == -1;
    codes[static_cast<size_t>(i)] = code == -1 ? missing : static_cast<uint32_t>(code);
  }
  if (any_missing) dictionary.emplace_back();
  return host::data::TableColumn::Text(column, std::move(codes), std::move(dictionary));
}

// A list of str and None as codes into its distinct values, in order of
// first appearance (None: "").
host::data::TableColumn TextColumn(const std::string& column, const py::list& values) {
  std::unordered_map<std::string, uint32_t> code_of;
  std::vector<std::string> dictionary;
  std::vector<uint32_t> codes(values.size());
  for (size_t i = 0; i < codes.size(); ++i) {
    const py::handle cell = values[i];
    std::string text;
    if (!cell.is_none()) {
      if (!py::isinstance<py::str>(cell)) {
        throw std::invalid_argument("column '" + column + "', row " + std::to_string(i) +
                                    ": expected str or None, got " +
                                    std::string(py::str(cell.get_type().attr("__name__"))));
      }
      text = cell.cast<std::string>();
    }
    const auto [it, added] = code_of.try_emplace(text, static_cast<uint32_t>(code_of.size()));
    if (added) dictionary.push_back(text);
    codes[i] = it->second;
  }
  return host::data::TableColumn::Text(column, std::move(codes), std::move(dictionary));
}

// A float array in place when it is C-contiguous float64, else copied once.
host::data::TableColumn NumberColumn(const std::string& column, const py::array& array) {
  const auto rows = static_cast<size_t>(array.shape(0));
  if (py::isinstance<py::array_t<double, py::array::c_style>>(array)) {
    return host::data::TableColumn::NumbersOver(column, static_cast<const double*>(array.data()),
                                                rows);
  }
  const auto converted = py::array_t<double, py::array::c_style | py::array::forcecast>(array);
  const double* data = converted.data();
  return host::data::TableColumn::OwnedNumbers(column, std::vector<double>(data, data + rows));
}

host::data::TableColumn TypedColumn(const std::string& column, const py::handle& values) {
  if (py::isinstance<py::list>(values)) return TextColumn(column, values.cast<py::list>());
  if (py::isinstance<py::tuple>(values)) return CodedTextColumn(column, values.cast<py::tuple>());
  if (py::isinstance<py::array>(values)) {
    const auto array = values.cast<py::array>();
    if (array.ndim() != 1 || array.dtype().kind() != 'f') {
      throw std::invalid_argument("column '" + column +
                                  "': a numeric column must be a 1-D float array");
    }
    return NumberColumn(column, array);
  }
  throw std::invalid_argument("column '" + column + "': expected a float array or a list of str");
}

// The CLI's missing markers, as the reader sets them for a file.
std::vector<std::string> MissingMarkers() { return host::data::CsvOptions{}.missing_markers; }

// A column of numbers as float64 (a missing cell NaN), each cell parsed
// once; none at the first cell that is neither missing nor a number.
std::optional<py::array_t<double>> NumberValues(const host::data::CsvTable& table, size_t column) {
  py::array_t<double> values(static_cast<py::ssize_t>(table.rows.size()));
  auto out = values.mutable_unchecked<1>();
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& cell = table.rows[r][column];
    double value = std::numeric_limits<double>::quiet_NaN();
    if (!table.is_missing(cell) && !host::data::ParseNumberText(cell, &value)) return std::nullopt;
    out(static_cast<py::ssize_t>(r)) = value;
  }
  return values;
}

// Text cells as an object array of str, every cell as written, markers
// included: the CLI reads a missing categorical cell ("?") as a category of
// its own. A column's texts repeat: each distinct one is decoded once and
// its str shared by its cells.
py::array TextValues(const host::data::CsvTable& table, size_t column) {
  py::array values = py::module_::import("numpy").attr("empty")(table.rows.size(), "object");
  auto** cells = static_cast<PyObject**>(values.mutable_data());
  std::unordered_map<std::string_view, py::str> distinct;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& cell = table.rows[r][column];
    auto text = distinct.find(cell);
    if (text == distinct.end()) text = distinct.emplace(cell, py::str(cell)).first;
    PyObject* before = cells[r];  // None, as numpy.empty fills an object array
    cells[r] = text->second.inc_ref().ptr();
    Py_XDECREF(before);
  }
  return values;
}

py::object ColumnValues(const host::data::CsvTable& table, size_t column) {
  std::optional<py::array_t<double>> numbers = NumberValues(table, column);
  if (numbers) return std::move(*numbers);
  return TextValues(table, column);
}

// pandas.factorize of an object array whose cells are each a str, None or
// a float NaN: the codes in order of first appearance (-1 missing) and the
// distinct str, from one pass that recognises a str object met before by
// its address (read_csv's cells share one str per distinct text). None for
// any other cell (a number, a str subclass, pandas.NA, ...): the caller
// codes such a column itself. Our own rather than pandas.factorize because
// it is measured cheaper: coding the three Adult frames of
// bench/python/run.sh took 2.4 ms against factorize's 8.8 ms, since a str
// read_csv shares is hashed once, not once per cell.
py::object CodeStrings(const py::array& cells) {
  if (cells.ndim() != 1 || cells.dtype().kind() != 'O') {
    throw std::invalid_argument("code_strings takes a 1-D object array");
  }
  const auto rows = static_cast<size_t>(cells.shape(0));
  const auto stride = cells.strides(0);
  const auto* base = static_cast<const char*>(cells.data());
  py::array_t<int64_t> codes(static_cast<py::ssize_t>(rows));
  auto out = codes.mutable_unchecked<1>();
  std::unordered_map<PyObject*, int64_t> code_of_object;
  std::unordered_map<std::string_view, int64_t> code_of_text;
  py::list values;
  for (size_t r = 0; r < rows; ++r) {
    PyObject* cell =
        *reinterpret_cast<PyObject* const*>(base + static_cast<py::ssize_t>(r) * stride);
    int64_t code = -1;
    if (PyUnicode_CheckExact(cell)) {
      auto known = code_of_object.find(cell);
      if (known == code_of_object.end()) {
        Py_ssize_t size = 0;
        const char* text = PyUnicode_AsUTF8AndSize(cell, &size);
        if (text == nullptr) {  // not encodable (a lone surrogate)
          PyErr_Clear();
          return py::none();
        }
        const auto [by_text, added] =
            code_of_text.try_emplace(std::string_view(text, static_cast<size_t>(size)),
                                     static_cast<int64_t>(code_of_text.size()));
        if (added) values.append(py::handle(cell));
        known = code_of_object.emplace(cell, by_text->second).first;
      }
      code = known->second;
    } else if (!(cell == Py_None ||
                 (PyFloat_CheckExact(cell) && std::isnan(PyFloat_AS_DOUBLE(cell))))) {
      return py::none();
    }
    out(static_cast<py::ssize_t>(r)) = code;
  }
  return py::make_tuple(std::move(codes), std::move(values));
}

py::list ReadCsvColumns(const std::string& path) {
  host::data::CsvOptions options;
  options.rename_bad_header_names = true;
  const host::data::CsvTable table = host::data::ReadCsv(path, options);
  py::list columns;
  for (size_t c = 0; c < table.header.size(); ++c) {
    columns.append(py::make_tuple(table.header[c], ColumnValues(table, c)));
  }
  return columns;
}

}  // namespace

host::data::ColumnTable ColumnTableFromColumns(const std::string& name, const py::list& columns) {
  host::data::ColumnTable table;
  table.path = name;
  table.missing_markers = MissingMarkers();
  for (const py::handle item : columns) {
    const auto pair = item.cast<py::tuple>();
    const auto column = pair[0].cast<std::string>();
    table.columns.push_back(TypedColumn(column, pair[1]));
    if (table.columns.back().size() != table.columns.front().size()) {
      throw std::invalid_argument(name + ": column '" + column + "' has " +
                                  std::to_string(table.columns.back().size()) +
                                  " values, column '" + table.columns.front().name() + "' " +
                                  std::to_string(table.columns.front().size()));
    }
  }
  return table;
}

void AddTableFunctions(py::module_& module) {
  module.def("read_csv", &ReadCsvColumns, py::arg("path"),
             "The file's columns as the CLI reads them: [(name, float64 array | object array of "
             "str)]");
  module.def("code_strings", &CodeStrings, py::arg("cells"),
             "(codes, values) of an object array of str, None and NaN, as pandas.factorize "
             "gives them; None when another value is there");
  module.def(
      "table_shape",
      [](const std::string& name, const py::list& columns) {
        const auto table = ColumnTableFromColumns(name, columns);
        return py::make_tuple(table.row_count(), table.columns.size());
      },
      py::arg("name"), py::arg("columns"), "(rows, columns) of the table the columns make");
}

}  // namespace tinyfair::python
