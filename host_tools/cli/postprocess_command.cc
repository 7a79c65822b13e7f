// tinyfair postprocess: make a scorer's decisions fair without retraining.
// The scorer is a model from `train`, or any black-box model's scores in a
// CSV column. The flags, then reads the files, fits with the library
// (fit/postprocess.h) and writes the model.
#include <memory>
#include <optional>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/cli_option_binder.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/cli/small_group_flags.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/fit/provenance_option.h"
#include "host_tools/model/model_file.h"
#include "host_tools/postprocessing/postprocessor_registry.h"

namespace tinyfair::cli {
namespace {

// The library's options and the command's files.
struct PostprocessCommandOptions {
  host::fit::PostprocessOptions fit;
  std::string model, out = "fair_model.json";
  TrustFlags trust;
  bool stream = false;
};

tinyfair::Model Fit(const PostprocessCommandOptions& c) {
  const host::fit::PostprocessOptions& o = c.fit;
  RefuseTrustWithoutModel(c.trust, c.model);
  if (c.stream) {
    host::fit::CheckStreamedPostprocessOptions(o, !c.model.empty());
    std::optional<tinyfair::Model> scorer;
    if (!c.model.empty()) scorer = ReadModelTrusted("postprocess", c.model, c.trust);
    return host::fit::PostprocessStreamed(o, scorer ? &*scorer : nullptr, o.data);
  }
  const host::data::CsvTable table = ReadDataCsv(o.data);
  std::optional<tinyfair::Model> scorer;
  if (!c.model.empty()) scorer = ReadModelTrusted("postprocess", c.model, c.trust);
  std::optional<host::data::CsvTable> validation_file;
  std::optional<host::data::ColumnTable> validation;
  host::fit::ValidationSource read_validation;
  if (!o.validation.empty()) {
    read_validation = [&]() -> const host::data::ColumnTable& {
      if (!validation) {
        validation_file = ReadDataCsv(o.validation);
        validation = host::data::ColumnTableFromCsv(*validation_file);
      }
      return *validation;
    };
  }
  return host::fit::Postprocess(o, table, read_validation, scorer ? &*scorer : nullptr);
}

void Postprocess(const PostprocessCommandOptions& c) {
  host::fit::CheckPostprocessOptions(c.fit, !c.fit.validation.empty());
  host::common::RefuseOutputsOverInputs({{"--model", c.model},
                                         {"--public-key", c.trust.public_key},
                                         {"--data", c.fit.data},
                                         {"--validation", c.fit.validation}},
                                        {{"--out", c.out}});
  const tinyfair::Model model = Fit(c);
  host::common::WriteFileAtomically(c.out, host::model::ModelToJson(model));
  Note("postprocess: wrote " + c.out);
}

}  // namespace

void AddPostprocessCommand(CommandLine& command_line) {
  auto command_options = std::make_shared<PostprocessCommandOptions>();
  host::fit::PostprocessOptions* o = &command_options->fit;
  Command command =
      command_line.AddCommand("postprocess", "Make a model's decisions fair without retraining");
  command
      .Option("--model", &command_options->model,
              "Model from train (JSON or .pb); or use --score-column")
      .ExistingFile();
  AddTrustOptions(command, command_options->trust);
  command.Option("--data", &o->data, "Fitting CSV, distinct from the scorer's training data")
      .Required()
      .ExistingFile();
  command.Option("--score-column", &o->score_column,
                 "Post-process scores of any model: the CSV column holding them");
  command.Option("--score-kind", &o->score_kind, "probability (in [0,1]) or margin (any real)")
      .OneOf({"probability", "margin"});
  command
      .Option("--sensitive", &o->sensitive,
              "Sensitive column(s) forming the groups (default: the model's groups)")
      .CommaSeparated();
  command
      .Option("--strata", &o->strata,
              "Column(s) within whose categories parity must hold (conditional parity)")
      .CommaSeparated();
  command.Flag("--covariance", &o->covariance,
               "Control the covariance of the decision and a binary sensitive attribute "
               "(within --strata) instead of parity at a common rate");
  AddLabelOptions(command, o->label, false);
  std::string methods;
  std::vector<std::string> names;
  for (const host::postprocessing::Postprocessor& p : host::postprocessing::Postprocessors()) {
    methods += (methods.empty() ? "" : ", ") + std::string(p.name) + " (" + p.help + ")";
    names.push_back(p.name);
  }
  command.Option("--method", &o->method, methods).OneOf(names);
  command.Option("--unprivileged", &o->unprivileged,
                 "roc: the group favoured in the band (default: the one the scorer selects least)");
  command.Option("--bias-target", &o->fit.roc.bias_target, "roc: the parity gap to reach")
      .DefaultInHelp();
  command.Option("--gamma", &o->fit.rto.gamma, "Ramp width gamma > 0").DefaultInHelp();
  command.Option("--rho", &o->rho,
                 "Target positive rate in [0,1], or 'auto' (label rate of --data, per stratum)");
  command.Option("--epsilon", &o->fit.rto.epsilon, "Parity (or covariance) tolerance epsilon >= 0")
      .DefaultInHelp();
  command
      .Option("--validation", &o->validation,
              "Choose gamma and rho on this CSV (grids: --gamma-grid, rho + --rho-offsets)")
      .ExistingFile();
  command.Option("--gamma-grid", &o->selection.gammas, "Gamma values tried with --validation")
      .CommaSeparated();
  command
      .Option("--rho-offsets", &o->selection.rho_offsets, "Offsets to rho tried with --validation")
      .CommaSeparated();
  command.Option(
      "--max-validation-gap", &o->selection.max_validation_gap,
      "Only select fits whose expected parity gap on the validation CSV is at most this");
  using Solver = host::postprocessing::RtoOptions::Solver;
  command.Named<Solver>("--solver", &o->fit.rto.solver, "exact or sgd (the paper's Algorithm 1)",
                        {{"exact", Solver::kExact}, {"sgd", Solver::kSgd}});
  command.Option("--sgd-steps", &o->fit.rto.sgd_steps, "SGD steps").DefaultInHelp();
  command.Option("--seed", &o->fit.rto.seed, "Seed").DefaultInHelp().Check(Uint64Text());
  command.Flag("--stream", &command_options->stream,
               "rto, hardt-dp, hardt-eo: read --data a block of rows at a time and fit "
               "from per-group score histograms (files too large for memory; progress on "
               "a terminal)");
  command.Option("--out", &command_options->out, "Output model (JSON)");
  CliOptionBinder binder(command);
  host::fit::AddProvenanceOption(binder, &o->provenance);
  AddSmallGroupFlags(command, o->small_groups);
  command.Flag("--strict", &o->strict,
               "With --validation: exit with status 3 and write nothing when the selected "
               "rule's validation parity gap exceeds --max-validation-gap or is larger than "
               "the input model's");
  command.Action([command_options] { Postprocess(*command_options); });
}

}  // namespace tinyfair::cli
