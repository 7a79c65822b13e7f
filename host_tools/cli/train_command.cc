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
#include "host_tools/fit/train.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_id.h"

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
  command.Option("--categorical", &o->categorical, "Columns to treat as categorical")
      .CommaSeparated();
  command.Option("--numeric", &o->numeric, "Columns to treat as numeric").CommaSeparated();
  command.Option("--ignore", &o->ignore, "Columns that are not inputs").CommaSeparated();
  command.Option("--weight-column", &o->weight_column,
                 "Column of each row's weight in the fit (a finite number >= 0; logistic)");
  command
      .Option("--features", &o->features,
              "The only columns that are inputs (besides the sensitive ones); every "
              "other column but the label is left out")
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
  command.Option("--l2", &o->l2, "L2 penalty on the weights (mean loss + l2/2 |w|^2)");
  command
      .Option("--iterations", &o->iterations,
              "Iterations (or their cap) of an iterative method (default: the method's: "
              "reduction 50, naive/dro/soft-groups 750, fair-regression 100, logistic "
              "100, frll 10000)")
      .Positive();
  command.Flag("--strict", &o->strict,
               "Exit with status 3 and write nothing unless the fit converged within its "
               "bound: reduction and fair-regression (duality gap <= nu, training violation "
               "within the guarantee), logistic (Newton) and frll (L-BFGS) (gradient norm "
               "<= tolerance), naive/dro/soft-groups (own max violation <= 0)");
  command.Flag("--use-sensitive", &o->use_sensitive, "Let the scorer use the sensitive columns");
  command.Option("--unknown-group", &o->unknown_group,
                 "What the device does with an unknown group: refuse | fallback:NAME");
  command.Option("--min-category-count", &o->min_category_count,
                 "Fold the categories of fewer training rows into one category '(other)' "
                 "per column (sensitive columns excepted), which also decides values first "
                 "seen after training; 0: off, the device refuses unseen values");
  command.Option(
      "--id", &o->id,
      "Model id (at most " + std::to_string(host::model::MaxModelIdBytes()) + " characters)");
  command.Option("--out", &command_options->out, "Output model (JSON)");
  CliOptionBinder binder(command);
  host::fit::AddProvenanceOption(binder, &o->provenance);
  for (const auto& method : *methods) {
    if (method.add_options) method.add_options(binder);
  }
  command.Action([command_options, methods] { Train(*command_options, *methods); });
}

}  // namespace tinyfair::cli
