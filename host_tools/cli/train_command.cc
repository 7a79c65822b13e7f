// tinyfair train: L2-regularised logistic regression on a CSV, written as a
// model (protobuf JSON) with a per-group threshold rule at p >= 0.5; or the
// fair robust log-loss classifier (--method frll) with its truncated
// logistic rule.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <unistd.h>

#include "host_tools/cli/cli_common.h"
#include "host_tools/decision_runner.h"
#include "host_tools/fair_robust_log_loss.h"
#include "host_tools/group_formation.h"
#include "host_tools/input_encoder.h"
#include "host_tools/logistic_regression.h"
#include "host_tools/model_file.h"

namespace tinyfair::cli {
namespace {

struct TrainOptions {
  std::string data, out = "model.json", id, unknown_group = "refuse", method = "logistic";
  std::string constraint = "dp";
  LabelOptions label;
  std::vector<std::string> sensitive, categorical, numeric, ignore;
  double l2 = 1e-4;
  bool use_sensitive = false;
};

// A logistic regression on one label has no finite optimum; usually the
// label column or --positive is not what the user meant.
void RequireBothLabels(const host::CsvTable& table, const LabelOptions& label,
                       const std::vector<int>& labels) {
  size_t positives = 0;
  for (int y : labels) positives += static_cast<size_t>(y);
  if (positives != 0 && positives != labels.size()) return;
  std::string positive_values;
  for (const auto& value : label.positive) {
    positive_values += (positive_values.empty() ? "'" : ", '") + value + "'";
  }
  if (positive_values.empty()) positive_values = "'1'";
  const size_t n = labels.size();
  throw host::DataError(table.path, 0, 0,
                        "column '" + label.label + "' has no " +
                            (positives == 0 ? "positive" : "negative") + " label in its " +
                            std::to_string(n) + (n == 1 ? " row" : " rows") +
                            "; training needs rows of both labels (positive: " + positive_values +
                            ")");
}

// Training imputes a missing number with the column's mean (a zero in the
// design); the device refuses such rows, so say how many there are.
void NoteMissingValues(const host::CsvTable& table, const std::vector<tinyfair::Input>& inputs) {
  for (const auto& input : inputs) {
    if (input.kind() != tinyfair::Input::NUMERIC) continue;
    const size_t c = table.column(input.name());
    size_t missing = 0;
    for (const auto& row : table.rows) missing += table.is_missing(row[c]) ? 1 : 0;
    if (missing == 0) continue;
    char mean[32];
    std::snprintf(mean, sizeof(mean), "%.6g", static_cast<double>(input.offset()));
    Note("train: column '" + input.name() + "': " + std::to_string(missing) + " missing value" +
         (missing == 1 ? "" : "s") + " imputed with the mean " + mean +
         " (the device refuses rows with a missing value: non_finite_input)");
  }
}

// Fair robust log loss: the protected attribute a is the category index of
// the one binary sensitive input (= the group), and it is also a feature,
// as in the paper. Fills the scorer and the truncated logistic rule and
// returns the provenance.
std::string TrainFrll(const TrainOptions& o, const host::InputEncoder& encoder,
                      const Eigen::MatrixXd& design, const Eigen::VectorXd& y,
                      const std::vector<bool>& use, tinyfair::Model& model) {
  int sensitive = 0;
  while (model.inputs(sensitive).name() != o.sensitive[0]) ++sensitive;
  const tinyfair::Input& attribute = model.inputs(sensitive);
  if (attribute.category_count() != 2) {
    throw std::invalid_argument("--method frll needs a binary --sensitive column; '" +
                                attribute.name() + "' has " +
                                std::to_string(attribute.category_count()) + " categories");
  }
  Eigen::VectorXd a(design.rows());
  std::vector<float> row;
  for (Eigen::Index i = 0; i < design.rows(); ++i) {
    encoder.DeviceRow(static_cast<size_t>(i), row);
    a[i] = row[static_cast<size_t>(sensitive)];
  }
  // Each label slice of the constraint compares the two groups, so each
  // needs rows of both.
  size_t count[2][2] = {{0, 0}, {0, 0}};
  for (Eigen::Index i = 0; i < design.rows(); ++i) ++count[a[i] == 1.0][y[i] == 1.0];
  for (int label = 1; label >= 0 && o.constraint != "dp"; --label) {
    if (label == 0 && o.constraint == "eopp") break;
    for (int g = 0; g < 2; ++g) {
      if (count[g][label] > 0) continue;
      throw std::invalid_argument("--constraint " + o.constraint + " compares the groups among the rows with a " +
                                  (label == 1 ? "positive" : "negative") + " label, but " + attribute.name() +
                                  "=" + attribute.categories(g) + " has none");
    }
  }
  host::FrllOptions options;
  options.l2 = o.l2;
  options.constraint = o.constraint == "eopp"    ? host::FairnessConstraint::kEqualOpportunity
                       : o.constraint == "eodds" ? host::FairnessConstraint::kEqualizedOdds
                                                 : host::FairnessConstraint::kDemographicParity;
  Note("train: fair robust log loss (" + o.constraint + ") on " + std::to_string(design.rows()) +
       " rows x " + std::to_string(design.cols()) + " features, l2 = " + std::to_string(o.l2) +
       "; '" + attribute.name() + "' is the protected attribute (a = 1: " +
       attribute.categories(1) + ") and, as in the paper, a feature (--use-sensitive implied)");
  const bool tty = isatty(fileno(stderr));
  const auto start = std::chrono::steady_clock::now();
  const host::FrllFit fit = host::FitFairRobustLogLoss(
      design, y, a, options, [tty](double mu, int iteration, double objective, double norm) {
        if (tty) std::fprintf(stderr, "  iteration %3d  mu %.0e  objective %.8f  gradient %.3e\n", iteration, mu, objective, norm);
      });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[300];
  std::snprintf(line, sizeof(line),
                "train: L-BFGS %s after %d iterations (%d evaluations, %.3f s), objective %.8f, "
                "gradient norm %.3e, constraint residual %.3e",
                fit.converged ? "converged" : "did NOT converge", fit.iterations, fit.evaluations,
                seconds, fit.objective, fit.gradient_norm, fit.constraint_residual);
  Note(line);
  for (const auto& slice : fit.slices) {
    std::snprintf(line, sizeof(line),
                  "train: slice %s: lambda %.6g, p(a=1) %.4f, p(a=0) %.4f, residual %.3e",
                  slice.label < 0 ? "all" : (slice.label == 1 ? "y=1" : "y=0"), slice.lambda,
                  slice.p_group1, slice.p_group0, slice.residual);
    Note(line);
  }
  for (int g = 0; g < 2; ++g) {
    std::snprintf(line, sizeof(line), "train: cells c(%s, y=1) %.6g, c(%s, y=0) %.6g",
                  attribute.categories(g).c_str(), fit.cell[g][1], attribute.categories(g).c_str(),
                  fit.cell[g][0]);
    Note(line);
  }
  for (const auto& warning : fit.warnings) Note("train: warning: " + warning);

  encoder.FillScorer(fit.coefficients, fit.intercept, use, model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::LOGISTIC);
  using Rule = tinyfair::TruncatedLogisticRule;
  auto* rule = model.mutable_truncated_logistic();
  rule->set_criterion(o.constraint == "eopp"    ? Rule::EQUAL_OPPORTUNITY
                      : o.constraint == "eodds" ? Rule::EQUALIZED_ODDS
                                                : Rule::DEMOGRAPHIC_PARITY);
  for (int g = 0; g < 2; ++g) {
    rule->add_cell_label1(static_cast<float>(fit.cell[g][1]));
    rule->add_cell_label0(static_cast<float>(fit.cell[g][0]));
  }
  rule->set_denominator_epsilon(1e-12f);
  std::snprintf(line, sizeof(line), ", constraint residual %.3e", fit.constraint_residual);
  return "train: fair robust log loss (" + o.constraint + "), data " + o.data + ", label " +
         o.label.label + ", l2 " + std::to_string(o.l2) + ", iterations " +
         std::to_string(fit.iterations) + line;
}

void Train(const TrainOptions& o) {
  if (o.sensitive.empty()) throw std::invalid_argument("train needs --sensitive");
  const bool frll = o.method == "frll";
  if (frll && o.sensitive.size() != 1) {
    throw std::invalid_argument("--method frll needs exactly one (binary) --sensitive column");
  }
  const host::CsvTable table = host::ReadCsv(o.data);
  host::ColumnRoles roles;
  roles.label = o.label.label;
  roles.positive_labels = o.label.positive;
  roles.sensitive = o.sensitive;
  roles.categorical = o.categorical;
  roles.numeric = o.numeric;
  roles.ignore = o.ignore;
  const std::vector<int> labels = host::ReadLabels(table, roles.label, roles.positive_labels);

  tinyfair::Model model;
  model.set_model_id(o.id.empty() ? (frll ? "frll-" + o.constraint : "logistic") : o.id);
  const std::vector<tinyfair::Input> inputs = host::InputsFromTable(table, roles);
  for (const auto& input : inputs) *model.add_inputs() = input;
  RequireBothLabels(table, o.label, labels);
  NoteMissingValues(table, inputs);
  host::FormGroups(o.sensitive, o.unknown_group, model);

  host::InputEncoder encoder(model.inputs(), table);
  std::vector<bool> use(inputs.size(), true);
  if (!o.use_sensitive && !frll) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      for (const auto& name : o.sensitive) {
        if (inputs[i].name() == name) use[i] = false;
      }
    }
  }
  const Eigen::MatrixXd design = encoder.Design(use);
  Eigen::VectorXd y(static_cast<Eigen::Index>(labels.size()));
  for (size_t i = 0; i < labels.size(); ++i) y[static_cast<Eigen::Index>(i)] = labels[i];
  const size_t group_count = model.dimensions().group_count();
  std::string provenance;
  if (frll) {
    provenance = TrainFrll(o, encoder, design, y, use, model);
  } else {
    host::LogisticOptions options;
    options.l2 = o.l2;
    const bool tty = isatty(fileno(stderr));
    Note("train: logistic regression on " + std::to_string(design.rows()) + " rows x " +
         std::to_string(design.cols()) + " features, l2 = " + std::to_string(o.l2));
    const host::LogisticFit fit = host::FitLogisticRegression(
        design, y, Eigen::VectorXd(), options, [tty](int iteration, double objective, double norm) {
          if (tty) std::fprintf(stderr, "  iteration %2d  objective %.8f  gradient %.3e\n", iteration, objective, norm);
        });
    char line[200];
    std::snprintf(line, sizeof(line),
                  "train: Newton %s after %d iterations, objective %.8f, gradient norm %.3e",
                  fit.converged ? "converged" : "did NOT converge", fit.iterations, fit.objective,
                  fit.gradient_norm);
    Note(line);
    encoder.FillScorer(fit.coefficients, fit.intercept, use, model.mutable_scorer());
    model.mutable_scorer()->set_link(tinyfair::LinearScorer::LOGISTIC);

    // The unconstrained rule: positive iff p >= 0.5, in every group.
    auto* rule = model.mutable_threshold();
    for (size_t g = 0; g < group_count; ++g) rule->add_threshold(0.5f);
    provenance = "train: logistic regression, data " + o.data + ", label " + o.label.label +
                 ", l2 " + std::to_string(o.l2) + ", iterations " + std::to_string(fit.iterations);
  }
  for (size_t g = 0; g < group_count; ++g) model.add_reference_positive_rate(0.0f);
  // Reference rates: the rule's positive rate per group on the training data.
  const auto runtime_model = host::LoadIntoRuntime(model);
  const auto decisions = host::DecideRows(*runtime_model, encoder, 1, 0);
  std::vector<double> positives(group_count, 0.0), counts(group_count, 0.0);
  for (const auto& d : decisions) {
    if (!runtime::IsOk(d.status)) continue;
    positives[d.group] += d.probability;
    counts[d.group] += 1.0;
  }
  for (size_t g = 0; g < group_count; ++g) {
    model.set_reference_positive_rate(
        static_cast<int>(g), counts[g] > 0 ? static_cast<float>(positives[g] / counts[g]) : 0.0f);
  }
  model.set_provenance(provenance);
  host::WriteFileAtomically(o.out, host::ModelToJson(model));
  Note("train: wrote " + o.out);
}

}  // namespace

void AddTrainCommand(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto* command = app.add_subcommand("train", "Train a scorer on a CSV and write a model (JSON)");
  command->add_option("--data", o->data, "Training CSV")->required()->check(CLI::ExistingFile);
  AddLabelOptions(*command, o->label, true);
  command->add_option("--sensitive", o->sensitive, "Sensitive column(s); their product forms the groups")
      ->delimiter(',');
  command->add_option("--categorical", o->categorical, "Columns to treat as categorical")->delimiter(',');
  command->add_option("--numeric", o->numeric, "Columns to treat as numeric")->delimiter(',');
  command->add_option("--ignore", o->ignore, "Columns that are not inputs")->delimiter(',');
  command->add_option("--method", o->method,
                      "Training method: logistic, or frll (fair robust log loss; one binary "
                      "--sensitive column, also used as a feature)")
      ->check(CLI::IsMember({"logistic", "frll"}));
  command->add_option("--constraint", o->constraint, "frll's fairness constraint: dp | eopp | eodds")
      ->check(CLI::IsMember({"dp", "eopp", "eodds"}));
  command->add_option("--l2", o->l2, "L2 penalty on the weights (mean log loss + l2/2 |w|^2)");
  command->add_flag("--use-sensitive", o->use_sensitive, "Let the scorer use the sensitive columns");
  command->add_option("--unknown-group", o->unknown_group,
                      "What the device does with an unknown group: refuse | fallback:NAME");
  command->add_option("--id", o->id, "Model id (at most 31 characters)");
  command->add_option("--out", o->out, "Output model (JSON)");
  command->callback([o] { Train(*o); });
}

}  // namespace tinyfair::cli
