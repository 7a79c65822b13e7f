#include "host_tools/python/core/preprocessing_binding.h"

#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "host_tools/fit/debias.h"
#include "host_tools/fit/debias_report.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;
namespace fit = host::fit;

namespace {

std::pair<fit::MaxentFit, std::vector<std::string>> FitMaxent(const fit::DebiasOptions& options,
                                                              const std::string& name,
                                                              const py::list& columns) {
  fit::CheckDebiasOptions(options);
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  NoteCollector notes;
  py::gil_scoped_release release;
  fit::MaxentFit fitted = fit::FitMaxent(options, table);
  return {std::move(fitted), notes.Take()};
}

using TextColumns = std::vector<std::pair<std::string, std::vector<std::string>>>;

// The synthetic rows as columns of text (the cells the command writes), the
// report and the parameters of this sample (JSON, as the command's
// --report-out and --params-out write them).
std::tuple<TextColumns, std::string, std::string> SampleMaxent(const fit::MaxentFit& fitted,
                                                               std::size_t rows, uint64_t seed) {
  py::gil_scoped_release release;
  const fit::MaxentSample sample = fit::SampleMaxent(fitted, rows, seed);
  const host::data::CsvTable& table = sample.table;
  TextColumns columns;
  for (std::size_t c = 0; c < table.header.size(); ++c) {
    std::vector<std::string> cells;
    cells.reserve(table.rows.size());
    for (const auto& row : table.rows) cells.push_back(row[c]);
    columns.emplace_back(table.header[c], std::move(cells));
  }
  return {std::move(columns), fit::MaxentReport(fitted, sample, nullptr).Str() + "\n",
          fit::MaxentParams(fitted, sample).Str() + "\n"};
}

void AddDebiasOptions(py::module_& module) {
  py::class_<fit::DebiasOptions>(module, "DebiasOptions")
      .def(py::init<>())
      .def_readwrite("data", &fit::DebiasOptions::data)
      .def_readwrite("label", &fit::DebiasOptions::label)
      .def_readwrite("protected_attribute", &fit::DebiasOptions::protected_attribute)
      .def_readwrite("protected_zero", &fit::DebiasOptions::protected_zero)
      .def_readwrite("categorical", &fit::DebiasOptions::categorical)
      .def_readwrite("bins", &fit::DebiasOptions::bins)
      .def_readwrite("ordinal", &fit::DebiasOptions::ordinal)
      .def_readwrite("tau", &fit::DebiasOptions::tau)
      .def_readwrite("prior_weight", &fit::DebiasOptions::prior_weight)
      .def_readwrite("gradient_tolerance", &fit::DebiasOptions::gradient_tolerance)
      .def_readwrite("prior", &fit::DebiasOptions::prior)
      .def_readwrite("theta", &fit::DebiasOptions::theta)
      .def_readwrite("solver", &fit::DebiasOptions::solver)
      .def_readwrite("sampler", &fit::DebiasOptions::sampler)
      .def_readwrite("rows", &fit::DebiasOptions::rows)
      .def_readwrite("seed", &fit::DebiasOptions::seed)
      .def_readwrite("max_iterations", &fit::DebiasOptions::max_iterations)
      .def_readwrite("strict", &fit::DebiasOptions::strict);
}

}  // namespace

void AddPreprocessingFunctions(py::module_& module) {
  AddDebiasOptions(module);
  // Not picklable: the fit holds the schema, the distinct data and the
  // dual solution in library types without a serialisation of their own.
  py::class_<fit::MaxentFit>(module, "MaxentFit")
      .def_property_readonly("data_rows", [](const fit::MaxentFit& f) { return f.data_rows; });
  module.def("maxent_fit", &FitMaxent, py::arg("options"), py::arg("name"), py::arg("columns"),
             "`tinyfair debias-data`'s fit on the table the columns make: (fit, notes)");
  module.def("maxent_sample", &SampleMaxent, py::arg("fit"), py::arg("rows"), py::arg("seed"),
             "Synthetic rows drawn from a fit as --rows and --seed draw them (rows 0: as many "
             "as the data): ([(name, list of str)], report JSON, parameters JSON)");
}

}  // namespace tinyfair::python
