#include "host_tools/python/core/decision_binding.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <vector>

#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/simulate.h"
#include "host_tools/model/ramp_probability_scale.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"
#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::python {

namespace py = pybind11;

namespace {

template <typename T, typename Field>
py::array_t<T> Column(const std::vector<runtime::Decision>& decisions, Field field) {
  py::array_t<T> values(static_cast<py::ssize_t>(decisions.size()));
  auto out = values.template mutable_unchecked<1>();
  for (size_t i = 0; i < decisions.size(); ++i) {
    out(static_cast<py::ssize_t>(i)) = static_cast<T>(field(decisions[i]));
  }
  return values;
}

py::list StatusNames(const std::vector<runtime::Decision>& decisions) {
  py::list names(decisions.size());
  for (size_t i = 0; i < decisions.size(); ++i) {
    names[i] = py::str(runtime::StatusName(decisions[i].status));
  }
  return names;
}

// decide(): what `tinyfair simulate` does (fit::Simulate), its records as
// arrays and its files as text and bytes.
py::dict Decide(const tinyfair::Model& model, const std::string& name, const py::list& columns,
                uint64_t seed, uint64_t stream, bool vectors, uint64_t draws_before) {
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  host::fit::SimulateOptions options;
  options.seed = seed;
  options.stream = stream;
  options.draws_before = draws_before;
  options.vectors = vectors;
  host::fit::Simulation simulation;
  std::vector<std::string> notes;
  {
    NoteCollector collector;
    py::gil_scoped_release release;
    simulation = host::fit::Simulate(model, table, options);
    notes = collector.Take();
  }
  const std::vector<runtime::Decision>& decisions = simulation.decisions;
  using D = runtime::Decision;
  py::dict result;
  result["status"] = StatusNames(decisions);
  result["group"] = Column<uint32_t>(decisions, [](const D& d) { return d.group; });
  result["score"] = Column<float>(decisions, [](const D& d) { return d.score; });
  result["probability"] = Column<float>(decisions, [](const D& d) { return d.probability; });
  result["draw"] = Column<uint32_t>(decisions, [](const D& d) { return d.draw; });
  result["positive"] = Column<bool>(decisions, [](const D& d) { return d.positive; });
  result["member"] = Column<uint32_t>(decisions, [](const D& d) { return d.member; });
  result["value"] = Column<float>(decisions, [](const D& d) { return d.value; });
  result["model_hash"] = simulation.model_hash;
  result["refused"] = simulation.refused;
  result["log"] = simulation.log;
  // What `simulate --vectors` writes: the rows as the runtime saw them and
  // the PRNG, for the device to decide again (tests/device).
  if (vectors) result["vectors"] = py::bytes(simulation.vectors);
  result["notes"] = notes;
  return result;
}

// decide_columns(): what predict needs, written by the library straight into
// numpy arrays; no record per row, no status names, no log.
py::dict DecideColumns(const tinyfair::Model& model, const std::string& name,
                       const py::list& columns, uint64_t seed, uint64_t stream,
                       uint64_t draws_before) {
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  host::data::InputEncoder encoder(model.inputs(), table);
  host::data::CheckGroupsKnown(model, table);
  const auto runtime_model = host::simulate::LoadIntoRuntime(model);
  const auto rows = static_cast<py::ssize_t>(encoder.row_count());
  py::array_t<bool> positive(rows);
  py::array_t<float> probability(rows), score(rows), value(rows);
  py::array_t<uint32_t> group(rows), draw(rows);
  host::simulate::DecisionColumns out;
  static_assert(sizeof(bool) == sizeof(uint8_t), "numpy's bool is one byte");
  out.positive = reinterpret_cast<uint8_t*>(positive.mutable_data());
  out.probability = probability.mutable_data();
  out.score = score.mutable_data();
  out.group = group.mutable_data();
  out.draw = draw.mutable_data();
  out.value = value.mutable_data();
  host::simulate::RefusedRows refused;
  {
    py::gil_scoped_release release;
    refused =
        host::simulate::DecideIntoColumns(*runtime_model, encoder, seed, stream, out, draws_before);
  }
  py::dict result;
  result["positive"] = positive;
  result["probability"] = probability;
  result["score"] = score;
  result["group"] = group;
  result["draw"] = draw;
  result["value"] = value;
  result["decided"] = rows - static_cast<py::ssize_t>(refused.rows.size());
  result["refused"] = host::simulate::RefusedRowsSummary(refused, encoder.row_count(), table);
  return result;
}

// scores_as_probabilities(): the records' scores as the scorer's p, or None
// when the model's score is not a probability (a margin, no scorer).
py::object ScoresAsProbabilities(const tinyfair::Model& model, const std::vector<double>& scores) {
  const auto probabilities = host::model::ScoresAsProbabilities(model, scores);
  if (!probabilities) return py::none();
  return py::array_t<double>(static_cast<py::ssize_t>(probabilities->size()),
                             probabilities->data());
}

}  // namespace

void AddDecisionFunctions(py::module_& module) {
  module.def(
      "decide", &Decide, py::arg("model"), py::arg("name"), py::arg("columns"), py::arg("seed") = 1,
      py::arg("stream") = 0, py::arg("vectors") = false, py::arg("draws_before") = 0,
      "Every row decided by the runtime: status, group, score, probability, draw, "
      "positive, member, value (arrays), the model hash, the refused rows' summary and "
      "the decision log `tinyfair simulate` writes (with vectors, the file `simulate --vectors` "
      "writes) and the library's notes. draws_before: the draws the rows before these took, when a "
      "data set is decided "
      "in parts (the stream is moved ahead by that many draws)");
  module.def("decide_columns", &DecideColumns, py::arg("model"), py::arg("name"),
             py::arg("columns"), py::arg("seed") = 1, py::arg("stream") = 0,
             py::arg("draws_before") = 0,
             "decide() without the records: positive, probability, score, group, draw, value "
             "(arrays; a refused row's are 0), decided (the rows that took a draw) and the "
             "refused rows' summary");
  module.def("scores_as_probabilities", &ScoresAsProbabilities, py::arg("model"), py::arg("scores"),
             "The scores of decide()'s records as the scorer's probability p (the scale of "
             "Model.ramp_probabilities), or None when the model's score is not a probability");
}

}  // namespace tinyfair::python
