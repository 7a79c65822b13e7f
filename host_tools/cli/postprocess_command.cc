// tinyfair postprocess --method rto: per-group ramps from the randomized
// threshold optimizer, fitted on a sample distinct from the scorer's
// training data, on the scores the device itself computes.
#include <chrono>
#include <cmath>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/decision_runner.h"
#include "host_tools/model_file.h"
#include "host_tools/randomized_threshold_optimizer.h"

namespace tinyfair::cli {
namespace {

struct PostprocessOptions {
  std::string model, data, out = "fair_model.json", method = "rto", solver = "exact", rho = "auto";
  LabelOptions label;
  double gamma = 0.1, epsilon = 0.0;
  int64_t sgd_steps = 1000000;
  uint64_t seed = 1;
};

void Postprocess(const PostprocessOptions& o) {
  tinyfair::Model model = host::ReadModel(o.model);
  const host::CsvTable table = host::ReadCsv(o.data);
  host::InputEncoder encoder(model.inputs(), table);
  const size_t group_count = model.dimensions().group_count();

  // The rule sees f = 2p - 1 in [-1, 1] (the spec's score mapping), computed
  // by the runtime in float, exactly as the device will.
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::SIGNED_LOGISTIC);
  auto* ramp = model.mutable_ramp();
  ramp->Clear();
  for (size_t g = 0; g < group_count; ++g) {
    ramp->add_threshold(0.0f);
    ramp->add_width(static_cast<float>(o.gamma));
  }
  const auto scoring = host::LoadIntoRuntime(model);
  const auto decisions = host::DecideRows(*scoring, encoder, o.seed, 0);
  std::vector<double> scores;
  std::vector<uint32_t> groups;
  size_t refused = 0;
  for (const auto& d : decisions) {
    if (!runtime::IsOk(d.status)) {
      ++refused;
      continue;
    }
    scores.push_back(d.score);
    groups.push_back(d.group);
  }
  if (refused > 0) Note("postprocess: " + std::to_string(refused) + " rows refused by the model, left out");

  host::RtoOptions options;
  options.gamma = o.gamma;
  options.epsilon = o.epsilon;
  options.seed = o.seed;
  options.sgd_steps = o.sgd_steps;
  options.solver = o.solver == "sgd" ? host::RtoOptions::Solver::kSgd : host::RtoOptions::Solver::kExact;
  if (o.rho == "auto") {
    // The common target rate: the positive rate of the labels on the
    // fitting sample (the centre of the paper's grid E[y] +- {0, .05, .1}).
    const auto labels = host::ReadLabels(table, o.label.label, o.label.positive);
    double positives = 0.0;
    for (int y : labels) positives += y;
    options.rho = positives / static_cast<double>(labels.size());
  } else {
    options.rho = std::stod(o.rho);
  }
  const auto start = std::chrono::steady_clock::now();
  const host::RtoFit fit = host::FitRandomizedThresholdOptimizer(scores, groups, group_count, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (size_t g = 0; g < group_count; ++g) {
    ramp->set_threshold(static_cast<int>(g), static_cast<float>(fit.thresholds[g]));
  }
  model.set_model_id(model.model_id() + "+rto");

  // Reference rates as the device computes them (float thresholds).
  const auto fair = host::LoadIntoRuntime(model);
  const auto fair_decisions = host::DecideRows(*fair, encoder, o.seed, 0);
  std::vector<double> expected(group_count, 0.0), counts(group_count, 0.0);
  for (const auto& d : fair_decisions) {
    if (!runtime::IsOk(d.status)) continue;
    expected[d.group] += d.probability;
    counts[d.group] += 1.0;
  }
  const auto names = GroupNames(model);
  char line[256];
  std::snprintf(line, sizeof(line), "postprocess: rto (%s) gamma %.4g rho %.6f epsilon %.4g, %zu rows, fitted in %.4f s",
                o.solver.c_str(), options.gamma, options.rho, options.epsilon, scores.size(), seconds);
  Note(line);
  double low = 1.0, high = 0.0;
  for (size_t g = 0; g < group_count; ++g) {
    const double rate = counts[g] > 0 ? expected[g] / counts[g] : 0.0;
    model.set_reference_positive_rate(static_cast<int>(g), static_cast<float>(rate));
    low = std::min(low, rate);
    high = std::max(high, rate);
    std::snprintf(line, sizeof(line), "  %-28s n %7zu  threshold %+.6f  fitted rate %.6f",
                  names[g].c_str(), fit.group_sizes[g], fit.thresholds[g], rate);
    Note(line);
  }
  std::snprintf(line, sizeof(line), "postprocess: parity gap on the fitting sample %.3g", high - low);
  Note(line);
  model.set_provenance(model.provenance() + "; postprocess: rto, data " + o.data + ", gamma " +
                       std::to_string(options.gamma) + ", rho " + std::to_string(options.rho) +
                       ", epsilon " + std::to_string(options.epsilon) + ", solver " + o.solver);
  host::WriteFileAtomically(o.out, host::ModelToJson(model));
  Note("postprocess: wrote " + o.out);
}

}  // namespace

void AddPostprocessCommand(CLI::App& app) {
  auto o = std::make_shared<PostprocessOptions>();
  auto* command = app.add_subcommand("postprocess", "Make a model's decisions fair without retraining");
  command->add_option("--model", o->model, "Model (JSON or .pb)")->required()->check(CLI::ExistingFile);
  command->add_option("--data", o->data, "Fitting CSV, distinct from the scorer's training data")
      ->required()->check(CLI::ExistingFile);
  AddLabelOptions(*command, o->label, false);
  command->add_option("--method", o->method, "Post-processing method")->check(CLI::IsMember({"rto"}));
  command->add_option("--gamma", o->gamma, "Ramp width gamma > 0");
  command->add_option("--rho", o->rho, "Target positive rate in [0,1], or 'auto' (label rate of --data)");
  command->add_option("--epsilon", o->epsilon, "Parity tolerance epsilon >= 0");
  command->add_option("--solver", o->solver, "exact (default) or sgd (the paper's Algorithm 1)")
      ->check(CLI::IsMember({"exact", "sgd"}));
  command->add_option("--sgd-steps", o->sgd_steps, "SGD steps");
  command->add_option("--seed", o->seed, "Seed");
  command->add_option("--out", o->out, "Output model (JSON)");
  command->callback([o] {
    if (o->rho == "auto" && o->label.label.empty()) {
      throw std::invalid_argument("--rho auto needs --label (and --positive unless the label is 0/1)");
    }
    Postprocess(*o);
  });
}

}  // namespace tinyfair::cli
