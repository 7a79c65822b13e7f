#include "host_tools/python/core/model_binding.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "host_tools/common/file_io.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/model/model_export.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/model/provenance.h"
#include "host_tools/model/public_key_file.h"
#include "host_tools/model/ramp_probability_scale.h"
#include "host_tools/simulate/generated_header.h"

namespace tinyfair::python {

namespace py = pybind11;

namespace {

std::vector<std::string> InputNames(const tinyfair::Model& model) {
  std::vector<std::string> names;
  for (const auto& input : model.inputs()) names.push_back(input.name());
  return names;
}

std::string RuleKind(const tinyfair::Model& model) {
  const auto* field = tinyfair::Model::descriptor()->FindOneofByName("rule");
  const auto* set = model.GetReflection()->GetOneofFieldDescriptor(model, field);
  return set == nullptr ? "" : set->name();
}

// export(): ExportModel on a copy, so that the Python object keeps the model
// it was given; the sealed bytes are returned and, with a path, written.
py::bytes Export(const tinyfair::Model& model, const std::string& path,
                 const host::model::ExportSettings& settings) {
  tinyfair::Model sealed = model;
  const std::string bytes = host::model::ExportModel(settings, sealed);
  if (!path.empty()) host::common::WriteFileAtomically(path, bytes);
  return py::bytes(bytes);
}

// read(): ReadModel, or with a public key file or a minimum version the
// model as a device holding them would load it (CheckModelTrust).
tinyfair::Model Read(const std::string& path, const std::string& public_key,
                     uint32_t minimum_version) {
  host::model::TrustRequirement requirement;
  if (!public_key.empty()) requirement.public_key = host::model::ReadPublicKeyFile(public_key);
  requirement.minimum_model_version = minimum_version;
  return host::model::ReadTrustedModel(path, requirement);
}

// ramp_probabilities: the ramp on the probability scale, or None.
py::object RampProbabilitiesOf(const tinyfair::Model& model) {
  const auto ramp = host::model::RampProbabilities(model);
  if (!ramp) return py::none();
  py::dict d;
  d["thresholds"] = ramp->thresholds;
  d["widths"] = ramp->widths;
  return std::move(d);
}

// from_json(): JSON text only, through the entry check.
tinyfair::Model FromJson(const std::string& text, const std::string& name) {
  if (!host::model::IsModelJson(text)) {
    throw host::model::ModelFileError(name + ": not a tinyfair.Model in JSON");
  }
  return host::model::AdmitModel(text, name);
}

}  // namespace

void AddModelClass(py::module_& module) {
  // An output of the Python front end, as the CLI writes one: never over
  // the file it was made from, and atomically.
  module.def(
      "write_output",
      [](const std::string& path, const std::string& text, const std::string& input) {
        host::common::RefuseOutputsOverInputs({{"model", input}}, {{"path", path}});
        host::common::WriteFileAtomically(path, text);
      },
      py::arg("path"), py::arg("text"), py::arg("input") = "");
  py::class_<host::model::ExportSettings>(module, "ExportSettings")
      .def(py::init<>())
      .def_readwrite("model_id", &host::model::ExportSettings::model_id)
      .def_readwrite("monitor_alpha", &host::model::ExportSettings::monitor_alpha)
      .def_readwrite("monitor_tolerance", &host::model::ExportSettings::monitor_tolerance)
      .def_readwrite("monitor_window", &host::model::ExportSettings::monitor_window)
      .def_readwrite("model_version", &host::model::ExportSettings::model_version)
      .def_property(
          "provenance",
          [](const host::model::ExportSettings& settings) -> std::optional<std::string> {
            if (!settings.provenance) return std::nullopt;
            return host::model::ProvenanceDetailName(*settings.provenance);
          },
          [](host::model::ExportSettings& settings, const std::optional<std::string>& name) {
            settings.provenance.reset();
            if (name) settings.provenance = host::model::ProvenanceDetailNamed(*name);
          });

  py::class_<tinyfair::Model>(module, "Model")
      .def_static("read", &Read, py::arg("path"), py::arg("public_key") = "",
                  py::arg("minimum_version") = 0,
                  "A model from .pb (verified) or .json, by content; refused unless signed by "
                  "the public key file's key (when given) and of at least minimum_version")
      .def_static("from_json", &FromJson, py::arg("text"), py::arg("name") = "model.json")
      .def_static(
          "from_sealed",
          [](const py::bytes& bytes, const std::string& name) {
            return host::model::AdmitModel(std::string(bytes), name);
          },
          py::arg("bytes"), py::arg("name") = "model.pb")
      .def("to_json", &host::model::ModelToJson)
      .def("export", &Export, py::arg("path"), py::arg("settings"),
           "Sealed bytes as `tinyfair export` writes them (written to path unless empty)")
      .def_static(
          "header",
          [](const py::bytes& sealed, const host::simulate::HeaderRequest& request) {
            return host::simulate::GeneratedHeader(request, std::string(sealed));
          },
          py::arg("sealed"), py::arg("request"))
      .def_static(
          "header_of_file",
          [](const std::string& path, const host::simulate::HeaderRequest& request) {
            return host::simulate::GeneratedHeader(request, host::model::ReadModelFileBytes(path));
          },
          py::arg("path"), py::arg("request"),
          "header() of the model file at path, read with the model file's size limit")
      .def_property_readonly("model_id", &tinyfair::Model::model_id)
      .def_property_readonly("group_names", &host::fit::GroupNames)
      .def_property_readonly("input_names", &InputNames)
      .def_property_readonly("rule", &RuleKind)
      .def_property_readonly("ramp_probabilities", &RampProbabilitiesOf,
                             "The ramp per group as probabilities ({thresholds, widths}), or "
                             "None without a ramp or a probability score")
      .def_property_readonly("group_count",
                             [](const tinyfair::Model& m) { return m.dimensions().group_count(); })
      .def_property_readonly("content_hash", &tinyfair::Model::content_hash)
      .def_property_readonly("schema",
                             [](const tinyfair::Model& m) {
                               return py::make_tuple(m.schema_major(), m.schema_minor());
                             })
      // Unpickling (also on a Dask worker) reads bytes from outside: the
      // runtime judges them before the model is used.
      .def(py::pickle([](const tinyfair::Model& m) { return py::bytes(m.SerializeAsString()); },
                      [](const py::bytes& bytes) {
                        return host::model::AdmitSerializedModel(std::string(bytes),
                                                                 "pickled model");
                      }));

  py::class_<host::simulate::HeaderRequest>(module, "HeaderRequest")
      .def(py::init<>())
      .def_readwrite("name", &host::simulate::HeaderRequest::name)
      .def_readwrite("language", &host::simulate::HeaderRequest::language)
      .def_readwrite("tables", &host::simulate::HeaderRequest::tables)
      .def_readwrite("source", &host::simulate::HeaderRequest::source);
}

}  // namespace tinyfair::python
