// tinyfair train: the flags, then reads the CSV, fits with the library
// (fit/train.h: encodes the inputs, forms the groups, fits the scorer and
// decision rule with one of the methods) and writes the model (protobuf
// JSON) with the rule's positive rate per group on the training data.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/cli_option_binder.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/provenance_option.h"
#include "host_tools/fit/shared_train_options.h"
#include "host_tools/fit/train.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::cli {
namespace {

// The training options and where the model goes.
struct TrainCommandOptions {
  host::fit::TrainOptions fit;
  std::string out = "model.json";
};

void Train(TrainCommandOptions o, const std::vector<host::fit::TrainMethod>& methods) {
  // The option checks first, before the data is read.
  host::fit::ChooseTrainMethod(methods, o.fit);
  host::common::RefuseOutputsOverInputs({{"--data", o.fit.data}}, {{"--out", o.out}});
  const host::data::CsvTable file = ReadDataCsv(o.fit.data);
  const tinyfair::Model model =
      host::fit::Train(o.fit, host::data::ColumnTableFromCsv(file), methods);
  host::common::WriteFileAtomically(o.out, host::model::ModelToJson(model));
  Note("train: wrote " + o.out);
}

}  // namespace

void AddTrainCommand(CommandLine& command_line) {
  auto command_options = std::make_shared<TrainCommandOptions>();
  host::fit::TrainOptions* o = &command_options->fit;
  auto methods = std::make_shared<std::vector<host::fit::TrainMethod>>(host::fit::TrainMethods());
  Command command =
      command_line.AddCommand("train", "Train a scorer on a CSV and write a model (JSON)");
  command.Option("--data", &o->data, "Training CSV").Required().ExistingFile();
  AddLabelOptions(command, o->label, true);
  command
      .Option("--sensitive", &o->sensitive, "Sensitive column(s); their product forms the groups")
      .CommaSeparated();
  std::string method_help = "Training method:";
  std::vector<std::string> names, constraints;
  for (const auto& method : *methods) {
    method_help += "\n  " + method.name + ": " + method.help;
    const std::vector<std::string> method_constraints = host::fit::ConstraintNames(method);
    if (!method_constraints.empty()) {
      method_help += " (--constraint";
      for (const auto& c : method_constraints) method_help += " " + c;
      method_help += ")";
    }
    names.push_back(method.name);
    for (const auto& c : method_constraints) {
      if (std::find(constraints.begin(), constraints.end(), c) == constraints.end()) {
        constraints.push_back(c);
      }
    }
  }
  command.Option("--method", &o->method, method_help).OneOf(names);
  command
      .Option("--constraint", &o->constraint,
              "The method's fairness constraint (default: the method's first)")
      .OneOf(constraints);
  CliOptionBinder binder(command);
  host::fit::BindSharedTrainOptions(binder, *o);
  command.Option("--out", &command_options->out, "Output model (JSON)");
  host::fit::AddProvenanceOption(binder, &o->provenance);
  for (const auto& method : *methods) {
    if (method.add_options) method.add_options(binder);
  }
  command.Action([command_options, methods] { Train(*command_options, *methods); });
}

}  // namespace tinyfair::cli
