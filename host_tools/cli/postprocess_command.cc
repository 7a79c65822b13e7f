// tinyfair postprocess --method rto: per-group ramps from the randomized
// threshold optimizer, fitted on a sample distinct from the scorer's
// training data, on the scores the device itself computes. With
// --validation, (gamma, rho) are chosen on a further sample.
#include <algorithm>
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
  std::string model, data, validation, out = "fair_model.json", method = "rto", solver = "exact",
      rho = "auto";
  LabelOptions label;
  double gamma = 0.1, epsilon = 0.0, max_validation_gap = 1.0;
  std::vector<double> gamma_grid = {0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  std::vector<double> rho_offsets = {-0.1, -0.05, 0.0, 0.05, 0.1};
  int64_t sgd_steps = 1000000;
  uint64_t seed = 1;
};

struct Scored {
  std::vector<double> scores;
  std::vector<uint32_t> groups;
  std::vector<int> labels;
  size_t refused = 0;
};

// The device's scores f and groups for every row the model decides.
Scored DeviceScores(const tinyfair::Model& model, const runtime::Model& scoring,
                    const host::CsvTable& table, const LabelOptions& label, uint64_t seed) {
  host::InputEncoder encoder(model.inputs(), table);
  const auto decisions = host::DecideRows(scoring, encoder, seed, 0);
  std::vector<int> labels;
  if (!label.label.empty()) labels = host::ReadLabels(table, label.label, label.positive);
  Scored scored;
  for (size_t r = 0; r < decisions.size(); ++r) {
    if (!runtime::IsOk(decisions[r].status)) {
      ++scored.refused;
      continue;
    }
    scored.scores.push_back(decisions[r].score);
    scored.groups.push_back(decisions[r].group);
    if (!labels.empty()) scored.labels.push_back(labels[r]);
  }
  return scored;
}

double Mean(const std::vector<int>& values) {
  double sum = 0.0;
  for (int v : values) sum += v;
  return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

// Expected accuracy and parity gap of a fit on a scored sample.
std::pair<double, double> ExpectedAccuracyAndGap(const host::RtoFit& fit, const Scored& sample,
                                                 size_t group_count) {
  double correct = 0.0;
  std::vector<double> positive(group_count, 0.0), count(group_count, 0.0);
  for (size_t i = 0; i < sample.scores.size(); ++i) {
    const uint32_t g = sample.groups[i];
    const double h = std::clamp((sample.scores[i] - fit.thresholds[g]) / fit.gamma, 0.0, 1.0);
    correct += sample.labels[i] == 1 ? h : 1.0 - h;
    positive[g] += h;
    count[g] += 1.0;
  }
  double low = 1.0, high = 0.0;
  for (size_t g = 0; g < group_count; ++g) {
    if (count[g] == 0.0) continue;
    low = std::min(low, positive[g] / count[g]);
    high = std::max(high, positive[g] / count[g]);
  }
  return {correct / static_cast<double>(sample.scores.size()), high - low};
}

void Postprocess(const PostprocessOptions& o) {
  tinyfair::Model model = host::ReadModel(o.model);
  const host::CsvTable table = host::ReadCsv(o.data);
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
  const Scored fitting = DeviceScores(model, *scoring, table, o.label, o.seed);
  if (fitting.refused > 0) {
    Note("postprocess: " + std::to_string(fitting.refused) + " rows refused by the model, left out");
  }

  host::RtoOptions options;
  options.gamma = o.gamma;
  options.epsilon = o.epsilon;
  options.seed = o.seed;
  options.sgd_steps = o.sgd_steps;
  options.solver = o.solver == "sgd" ? host::RtoOptions::Solver::kSgd : host::RtoOptions::Solver::kExact;
  // The common target rate: by default the label rate of the fitting sample.
  options.rho = o.rho == "auto" ? Mean(fitting.labels) : std::stod(o.rho);
  const auto names = GroupNames(model);
  char line[256];

  const auto start = std::chrono::steady_clock::now();
  if (!o.validation.empty()) {
    const Scored validation = DeviceScores(model, *scoring, host::ReadCsv(o.validation), o.label, o.seed);
    const double center = options.rho;
    double best_accuracy = -1.0, best_gap = 0.0;
    host::RtoOptions best = options;
    size_t fits = 0;
    for (double gamma : o.gamma_grid) {
      for (double offset : o.rho_offsets) {
        host::RtoOptions candidate = options;
        candidate.gamma = gamma;
        candidate.rho = std::clamp(center + offset, 0.0, 1.0);
        const host::RtoFit fit = host::FitRandomizedThresholdOptimizer(
            fitting.scores, fitting.groups, group_count, candidate);
        ++fits;
        const auto [accuracy, gap] = ExpectedAccuracyAndGap(fit, validation, group_count);
        if (gap <= o.max_validation_gap && accuracy > best_accuracy) {
          best_accuracy = accuracy;
          best_gap = gap;
          best = candidate;
        }
      }
    }
    if (best_accuracy < 0.0) {
      throw std::runtime_error("no (gamma, rho) in the grid keeps the validation parity gap within " +
                               std::to_string(o.max_validation_gap));
    }
    options = best;
    std::snprintf(line, sizeof(line),
                  "postprocess: selected gamma %.4g rho %.4f on %s (%zu fits; validation: "
                  "expected accuracy %.4f, parity gap %.4f)",
                  options.gamma, options.rho, o.validation.c_str(), fits, best_accuracy, best_gap);
    Note(line);
  }
  const host::RtoFit fit = host::FitRandomizedThresholdOptimizer(fitting.scores, fitting.groups,
                                                                 group_count, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (size_t g = 0; g < group_count; ++g) {
    ramp->set_threshold(static_cast<int>(g), static_cast<float>(fit.thresholds[g]));
    ramp->set_width(static_cast<int>(g), static_cast<float>(options.gamma));
  }
  model.set_model_id(model.model_id() + "+rto");

  // Reference rates as the device computes them (float thresholds).
  const auto fair = host::LoadIntoRuntime(model);
  host::InputEncoder encoder(model.inputs(), table);
  const auto fair_decisions = host::DecideRows(*fair, encoder, o.seed, 0);
  std::vector<double> expected(group_count, 0.0), counts(group_count, 0.0);
  for (const auto& d : fair_decisions) {
    if (!runtime::IsOk(d.status)) continue;
    expected[d.group] += d.probability;
    counts[d.group] += 1.0;
  }
  std::snprintf(line, sizeof(line),
                "postprocess: rto (%s) gamma %.4g rho %.6f epsilon %.4g, %zu rows, fitted in %.4f s",
                o.solver.c_str(), options.gamma, options.rho, options.epsilon,
                fitting.scores.size(), seconds);
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
  command->add_option("--validation", o->validation,
                      "Choose gamma and rho on this CSV (grids: --gamma-grid, rho + --rho-offsets)")
      ->check(CLI::ExistingFile);
  command->add_option("--gamma-grid", o->gamma_grid, "Gamma values tried with --validation")->delimiter(',');
  command->add_option("--rho-offsets", o->rho_offsets, "Offsets to rho tried with --validation")->delimiter(',');
  // Parity holds on the fitting sample by construction; on a small
  // validation sample the gap is mostly sampling noise, so no limit by default.
  command->add_option("--max-validation-gap", o->max_validation_gap,
                      "Only select fits whose expected parity gap on the validation CSV is at most this");
  command->add_option("--solver", o->solver, "exact (default) or sgd (the paper's Algorithm 1)")
      ->check(CLI::IsMember({"exact", "sgd"}));
  command->add_option("--sgd-steps", o->sgd_steps, "SGD steps");
  command->add_option("--seed", o->seed, "Seed");
  command->add_option("--out", o->out, "Output model (JSON)");
  command->callback([o] {
    if ((o->rho == "auto" || !o->validation.empty()) && o->label.label.empty()) {
      throw std::invalid_argument("--rho auto and --validation need --label (and --positive unless the label is 0/1)");
    }
    Postprocess(*o);
  });
}

}  // namespace tinyfair::cli
