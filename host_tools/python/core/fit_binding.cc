#include "host_tools/python/core/fit_binding.h"

#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "host_tools/fit/option_values.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/fit/shared_train_options.h"
#include "host_tools/fit/train.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/metrics/fairness_constraint.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/progress_forwarder.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;
namespace fit = host::fit;

namespace {

py::dict DescribeOption(const fit::OptionDescription& option) {
  py::dict d;
  d["name"] = option.name;
  d["kind"] = option.kind;
  d["help"] = option.help;
  d["default"] = option.default_text;
  d["choices"] = option.choices;
  return d;
}

// Every train method with its constraints and its own options (their
// defaults as the library binds them), for the estimators' parameters.
py::list TrainMethodDescriptions() {
  py::list methods;
  for (const fit::TrainMethod& method : fit::TrainMethods()) {
    fit::OptionValues values;
    if (method.add_options) method.add_options(values);
    py::list options;
    for (const auto& option : values.Describe()) options.append(DescribeOption(option));
    py::dict d;
    d["name"] = method.name;
    d["help"] = method.help;
    d["constraints"] = fit::ConstraintNames(method);
    d["numeric_label"] = method.numeric_label;
    d["options"] = options;
    methods.append(d);
  }
  return methods;
}

// The options every method shares (fit::BindSharedTrainOptions), with
// their defaults and help as the library binds them.
py::list SharedTrainOptionDescriptions() {
  fit::TrainOptions defaults;
  fit::OptionValues values;
  fit::BindSharedTrainOptions(values, defaults);
  py::list options;
  for (const auto& option : values.Describe()) options.append(DescribeOption(option));
  return options;
}

using FitResult = std::pair<tinyfair::Model, std::vector<std::string>>;

// train: the method options.method names, the methods' own options set
// from text (`method_options`: name -> text, as the CLI's flags take them).
FitResult Train(fit::TrainOptions options,
                const std::vector<std::pair<std::string, std::string>>& method_options,
                const std::string& name, const py::list& columns, const py::object& progress) {
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  std::vector<fit::TrainMethod> methods = fit::TrainMethods();
  fit::ChooseTrainMethod(methods, options);
  // Every method's options, as the CLI registers them all on `train`: the
  // noisy-group methods share theirs.
  fit::OptionValues values;
  for (const fit::TrainMethod& method : methods) {
    if (method.add_options) method.add_options(values);
  }
  for (const auto& [option, text] : method_options) values.Set(option, text);
  NoteCollector notes;
  const ProgressForwarder forwarder(progress);
  py::gil_scoped_release release;
  tinyfair::Model model = fit::Train(std::move(options), table, methods);
  return {std::move(model), notes.Take()};
}

// postprocess's model and notes, and for rto the ramp's width and target
// as given or selected ({"gamma", "rho"}).
using PostprocessResult = std::tuple<tinyfair::Model, std::vector<std::string>,
                                     std::optional<std::map<std::string, double>>>;

// The fit with the library's notes and progress forwarded and the GIL
// released; for RTO, the grid point it chose.
template <typename Table, typename Fit>
PostprocessResult RunPostprocess(const fit::PostprocessOptions& options,
                                 const std::optional<Table>& validation, const py::object& progress,
                                 const Fit& fit_model) {
  fit::CheckPostprocessOptions(options, validation.has_value());
  NoteCollector notes;
  const ProgressForwarder forwarder(progress);
  py::gil_scoped_release release;
  fit::RampFit chosen;
  tinyfair::Model model = fit_model(validation ? &*validation : nullptr, &chosen);
  std::optional<std::map<std::string, double>> ramp;
  if (options.method == "rto") ramp = {{"gamma", chosen.gamma}, {"rho", chosen.rho}};
  return {std::move(model), notes.Take(), std::move(ramp)};
}

// scorer: the model whose scores are post-processed; nullptr: the score
// column of the table. The numbers reach the library as float64.
PostprocessResult Postprocess(const fit::PostprocessOptions& options, const std::string& name,
                              const py::list& columns,
                              const std::optional<std::string>& validation_name,
                              const std::optional<py::list>& validation_columns,
                              const tinyfair::Model* scorer, const py::object& progress) {
  const host::data::ColumnTable fitting = ColumnTableFromColumns(name, columns);
  std::optional<host::data::ColumnTable> validation;
  if (validation_columns) {
    validation = ColumnTableFromColumns(*validation_name, *validation_columns);
  }
  return RunPostprocess(options, validation, progress,
                        [&](const host::data::ColumnTable* checked, fit::RampFit* chosen) {
                          return fit::Postprocess(options, fitting, checked, scorer, chosen);
                        });
}

void AddOptionStructs(py::module_& module) {
  py::class_<fit::LabelOptions>(module, "LabelOptions")
      .def(py::init<>())
      .def_readwrite("label", &fit::LabelOptions::label)
      .def_readwrite("positive", &fit::LabelOptions::positive);
  py::class_<fit::TrainOptions>(module, "TrainOptions")
      .def(py::init<>())
      .def_readwrite("data", &fit::TrainOptions::data)
      .def_readwrite("id", &fit::TrainOptions::id)
      .def_readwrite("unknown_group", &fit::TrainOptions::unknown_group)
      .def_readwrite("method", &fit::TrainOptions::method)
      .def_readwrite("constraint", &fit::TrainOptions::constraint)
      .def_readwrite("label", &fit::TrainOptions::label)
      .def_readwrite("sensitive", &fit::TrainOptions::sensitive)
      .def_readwrite("categorical", &fit::TrainOptions::categorical)
      .def_readwrite("numeric", &fit::TrainOptions::numeric)
      .def_readwrite("ignore", &fit::TrainOptions::ignore)
      .def_readwrite("l2", &fit::TrainOptions::l2)
      .def_readwrite("weight_column", &fit::TrainOptions::weight_column)
      .def_readwrite("min_category_count", &fit::TrainOptions::min_category_count)
      .def_readwrite("iterations", &fit::TrainOptions::iterations)
      .def_readwrite("use_sensitive", &fit::TrainOptions::use_sensitive)
      .def_readwrite("strict", &fit::TrainOptions::strict)
      .def_readwrite("provenance", &fit::TrainOptions::provenance);
  py::class_<fit::SmallGroupSettings>(module, "SmallGroupSettings")
      .def(py::init<>())
      .def_readwrite("min_group_size", &fit::SmallGroupSettings::min_group_size)
      .def_readwrite("policy", &fit::SmallGroupSettings::policy)
      .def_readwrite("merges", &fit::SmallGroupSettings::merges);
}

void AddPostprocessOptions(py::module_& module) {
  using host::postprocessing::RtoOptions;
  py::class_<RtoOptions>(module, "RtoOptions")
      .def_readwrite("gamma", &RtoOptions::gamma)
      .def_readwrite("epsilon", &RtoOptions::epsilon)
      .def_readwrite("sgd_steps", &RtoOptions::sgd_steps)
      .def_readwrite("seed", &RtoOptions::seed)
      .def_property(
          "solver",
          [](const RtoOptions& o) {
            return std::string(host::postprocessing::RtoSolverName(o.solver));
          },
          [](RtoOptions& o, const std::string& name) {
            if (name != "exact" && name != "sgd")
              throw std::invalid_argument("solver '" + name + "': exact or sgd");
            o.solver = name == "exact" ? RtoOptions::Solver::kExact : RtoOptions::Solver::kSgd;
          });
  using host::postprocessing::PostprocessorOptions;
  py::class_<PostprocessorOptions>(module, "PostprocessorOptions")
      .def_readwrite("rto", &PostprocessorOptions::rto)
      .def_property(
          "bias_target", [](const PostprocessorOptions& o) { return o.roc.bias_target; },
          [](PostprocessorOptions& o, double target) { o.roc.bias_target = target; })
      .def_property(
          "source_prior", [](const PostprocessorOptions& o) { return o.shift.source_prior; },
          [](PostprocessorOptions& o, std::optional<double> prior) {
            o.shift.source_prior = prior;
          });
  using host::postprocessing::RtoSelectionOptions;
  py::class_<RtoSelectionOptions>(module, "RtoSelectionOptions")
      .def_readwrite("gammas", &RtoSelectionOptions::gammas)
      .def_readwrite("rho_offsets", &RtoSelectionOptions::rho_offsets)
      .def_readwrite("max_validation_gap", &RtoSelectionOptions::max_validation_gap);
  using fit::PostprocessOptions;
  py::class_<PostprocessOptions>(module, "PostprocessOptions")
      .def(py::init<>())
      .def_readwrite("data", &PostprocessOptions::data)
      .def_readwrite("validation", &PostprocessOptions::validation)
      .def_readwrite("method", &PostprocessOptions::method)
      .def_readwrite("rho", &PostprocessOptions::rho)
      .def_readwrite("score_column", &PostprocessOptions::score_column)
      .def_readwrite("score_kind", &PostprocessOptions::score_kind)
      .def_readwrite("label", &PostprocessOptions::label)
      .def_readwrite("small_groups", &PostprocessOptions::small_groups)
      .def_readwrite("unprivileged", &PostprocessOptions::unprivileged)
      .def_readwrite("sensitive", &PostprocessOptions::sensitive)
      .def_readwrite("strata", &PostprocessOptions::strata)
      .def_readwrite("covariance", &PostprocessOptions::covariance)
      .def_readwrite("strict", &PostprocessOptions::strict)
      .def_readwrite("provenance", &PostprocessOptions::provenance)
      .def_readwrite("fit", &PostprocessOptions::fit)
      .def_readwrite("selection", &PostprocessOptions::selection);
}

}  // namespace

void AddFitFunctions(py::module_& module) {
  AddOptionStructs(module);
  AddPostprocessOptions(module);
  module.def(
      "postprocessor_constraints",
      [] {
        std::vector<std::pair<std::string, std::string>> entries;
        for (const host::postprocessing::Postprocessor& p :
             host::postprocessing::Postprocessors()) {
          if (p.constraint) {
            entries.emplace_back(p.name, host::metrics::FairnessConstraintName(*p.constraint));
          }
        }
        return entries;
      },
      "(method, constraint) of every post-processor that fits one constraint of the table");
  module.def("shared_train_options", &SharedTrainOptionDescriptions,
             "The options every train method shares: name, kind, default, help");
  module.def("train_methods", &TrainMethodDescriptions,
             "Every train method: name, help, constraints, numeric_label, options");
  module.def("train", &Train, py::arg("options"), py::arg("method_options"), py::arg("name"),
             py::arg("columns"), py::arg("progress") = py::none(),
             "`tinyfair train` on the table the columns make: (model, notes); progress: "
             "None or a callable(iteration, most) called per iteration of an iterative fit");
  module.def("postprocess", &Postprocess, py::arg("options"), py::arg("name"), py::arg("columns"),
             py::arg("validation_name") = py::none(), py::arg("validation_columns") = py::none(),
             py::arg("scorer") = nullptr, py::arg("progress") = py::none(),
             "`tinyfair postprocess` on the tables the columns make: (model, notes, ramp: "
             "{gamma, rho} for rto, else None); progress: None or a callable(point, most) "
             "called per grid point fitted and measured on validation");
  module.def("check_postprocess_options", &fit::CheckPostprocessParameters, py::arg("options"),
             "Refuses a parameter outside its range or choices, naming it");
}

}  // namespace tinyfair::python
