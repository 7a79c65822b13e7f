// tinyfair debias-data: learns the maximum-entropy distribution closest to
// the data that meets representation and statistical-rate targets (Celis,
// Keswani, Vishnoi, ICML 2020) and samples a synthetic training set from it
// (host::fit::FitMaxent, SampleMaxent). Writes the synthetic CSV, optionally
// the learned parameters (JSON) and the held-out data discretised with the
// same schema; prints a fairness report.
#include <cstdio>
#include <memory>
#include <optional>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/debias.h"
#include "host_tools/fit/debias_report.h"

namespace tinyfair::cli {
namespace {

// The library's options and the command's files.
struct DebiasCommandOptions : host::fit::DebiasOptions {
  std::string out, params_out, report_out, discretize, discretized_out, kl_reference;
};

std::string CsvText(const host::data::CsvTable &table) {
  std::vector<size_t> all(table.rows.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return TableToCsv(table, all);
}

void Debias(const DebiasCommandOptions &o) {
  host::fit::CheckDebiasOptions(o);
  if (o.discretize.empty() != o.discretized_out.empty()) {
    throw host::common::DataError("--discretize", 0, 0,
                                  "--discretize and --discretized-out go together");
  }
  host::common::RefuseOutputsOverInputs(
      {{"--data", o.data}, {"--discretize", o.discretize}, {"--kl-reference", o.kl_reference}},
      {{"--out", o.out},
       {"--params-out", o.params_out},
       {"--report-out", o.report_out},
       {"--discretized-out", o.discretized_out}});
  const host::fit::MaxentFit fit =
      host::fit::FitMaxent(o, host::data::ColumnTableFromCsv(ReadDataCsv(o.data)));
  const host::fit::MaxentSample sample = host::fit::SampleMaxent(fit, o.rows, o.seed);
  std::vector<std::pair<std::string, std::string>> files;
  files.emplace_back(o.out, CsvText(sample.table));
  if (!o.discretize.empty()) {
    files.emplace_back(o.discretized_out,
                       CsvText(host::fit::DiscretiseLikeFit(fit, ReadDataCsv(o.discretize))));
  }
  std::optional<host::data::CsvTable> kl_reference;
  if (!o.kl_reference.empty()) kl_reference = ReadDataCsv(o.kl_reference);
  const host::common::JsonObject report =
      host::fit::MaxentReport(fit, sample, kl_reference ? &*kl_reference : nullptr);
  if (!o.params_out.empty()) {
    files.emplace_back(o.params_out, host::fit::MaxentParams(fit, sample).Str() + "\n");
  }
  if (!o.report_out.empty()) files.emplace_back(o.report_out, report.Str() + "\n");
  host::common::WriteFilesAtomically(files);
  if (o.report_out.empty()) std::printf("%s\n", report.Str().c_str());
  Note("debias-data: wrote " + std::to_string(sample.points.size()) + " synthetic rows to " +
       o.out);
}

}  // namespace

void AddDebiasCommand(CommandLine &command_line) {
  auto o = std::make_shared<DebiasCommandOptions>();
  Command command = command_line.AddCommand("debias-data",
                                            "Learn a max-entropy distribution meeting fairness "
                                            "targets and sample a debiased CSV");
  command.Option("--data", &o->data, "Training CSV").Required().ExistingFile();
  AddLabelOptions(command, o->label, true);
  command.Option("--protected", &o->protected_attribute, "Binary protected column").Required();
  command.Option("--protected-zero", &o->protected_zero,
                 "Protected value whose group tau scales (default: the smaller group)");
  command.Option("--categorical", &o->categorical, "Categorical columns").CommaSeparated();
  command.Option("--bins", &o->bins,
                 "Bucketed numeric column as column=e1,e2,... (bins (-inf,e1), [e1,e2), "
                 "..., [ek,inf)); repeat per column");
  command.Option("--ordinal", &o->ordinal, "Integer columns kept as numbers").CommaSeparated();
  command.Option("--tau", &o->tau, "Target representation/statistical rate in (0, 1]");
  command.Option("--prior-weight", &o->prior_weight,
                 "C: weight of the uniform distribution in the prior");
  command.Option("--prior", &o->prior, "Data part of the prior: w (reweighted) | d (raw)")
      .OneOf({"w", "d"});
  command
      .Option("--theta", &o->theta,
              "Target marginals: w (reweighted mean) | b (raw mean, protected 1/2) "
              "| "
              "d (raw mean) | prior (the prior's own mean: no max-ent step)")
      .OneOf({"w", "b", "d", "prior"});
  command.Option("--solver", &o->solver, "newton | box-newton-paper")
      .OneOf({"newton", "box-newton-paper"});
  command.Option("--gradient-tolerance", &o->gradient_tolerance,
                 "Stop when |E_p[alpha] - theta|_inf is at most this");
  command
      .Option("--max-iterations", &o->max_iterations,
              "The dual solver's iteration cap (default: newton 200, "
              "box-newton-paper "
              "100000)")
      .Positive();
  command.Flag("--strict", &o->strict,
               "Exit with status 3 and write nothing unless the dual converged "
               "(|E_p[alpha] - theta|_inf <= --gradient-tolerance)");
  command.Option("--sampler", &o->sampler, "mixture | sequential (the paper's)")
      .OneOf({"mixture", "sequential"});
  command.Option("--rows", &o->rows, "Synthetic rows (default: as many as the data)");
  command.Option("--seed", &o->seed, "Seed of the sampler").Check(Uint64Text());
  command.Option("--out", &o->out, "Synthetic CSV").Required();
  command.Option("--params-out", &o->params_out, "Learned parameters and schema (JSON)");
  command.Option("--report-out", &o->report_out, "Report (JSON; default: stdout)");
  command.Option("--discretize", &o->discretize, "Held-out CSV to discretise like the data")
      .ExistingFile();
  command.Option("--discretized-out", &o->discretized_out, "Where to write it");
  command
      .Option("--kl-reference", &o->kl_reference,
              "CSV whose distribution the KL divergences compare to "
              "(default: --data)")
      .ExistingFile();
  command.Action([o] { Debias(*o); });
}

}  // namespace tinyfair::cli
