// One way to fit a model in `tinyfair train` (and the Python package): its
// name, the constraints it accepts, its own options, and the fit. Train()
// (train.h) encodes the inputs, forms the groups (data::Dataset) and
// finishes the model; a method fills the scorer and the decision rule.
// Adding a method is one file defining a TrainMethod and one line in
// TrainMethods() (train_methods.cc).
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/dataset.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/label_options.h"
#include "host_tools/fit/option_binder.h"
#include "host_tools/metrics/fairness_constraint.h"
#include "host_tools/model/provenance.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The options every method shares.
struct TrainOptions {
  /// The training data's name, as provenance and messages give it.
  std::string data;
  std::string id, unknown_group = "refuse", method = "logistic";
  std::string constraint;  // empty: the method's first (default) constraint
  LabelOptions label;
  std::vector<std::string> sensitive, categorical, numeric, ignore;
  /// Allow-list: when set, only these columns (with the label and the
  /// sensitive ones) are inputs.
  std::vector<std::string> features;
  double l2 = 1e-4;
  /// The column holding each training row's weight (data::ReadRowWeights);
  /// it is no input. Empty: every row weighs 1. Only a method that
  /// takes_row_weights accepts one.
  std::string weight_column;
  /// Categories of fewer training rows are folded into one "other" category
  /// per column (host::ColumnRoles); 0: none.
  uint32_t min_category_count = 0;
  /// Iterations (or their cap) of an iterative method; 0: the method's own
  /// default.
  int iterations = 0;
  bool use_sensitive = false;
  /// Refuse (exit 3, nothing written) a fit that did not converge or is
  /// above its bound (ReportConvergence, ReportFitStop).
  bool strict = false;
  /// What the model records of the training file (provenance_option.h).
  std::string provenance = model::kProvenanceDetailNames[0];
};

/// What a method trains on: the members of the training file's
/// host::Dataset. The model passed with it already has its inputs and groups.
struct TrainingSet {
  const TrainOptions& options;
  const host::data::ColumnTable& table;
  const host::data::InputEncoder& encoder;
  /// The encoded features the scorer uses (no intercept column).
  const Eigen::MatrixXd& design;
  /// Per model input: whether the scorer uses it (FillScorer's `use`).
  const std::vector<bool>& use;
  /// The 0/1 labels; empty when the method has a numeric label.
  const Eigen::VectorXd& labels;
  /// Each training row's group as the runtime forms it from the model's
  /// group attributes (the product of the --sensitive columns).
  const host::data::GroupIndex& groups;
  /// Each row's weight (TrainOptions::weight_column); empty: every row 1.
  const Eigen::VectorXd& row_weights;
};

struct TrainMethod {
  std::string name;
  /// One line for --method's help.
  std::string help;
  /// The constraints it fits, the default first; empty: none.
  std::vector<metrics::FairnessConstraint> constraints;
  /// The method reads --label as a number itself (regression); train then
  /// neither reads 0/1 labels nor computes reference positive rates.
  bool numeric_label = false;
  /// The sensitive columns are features whatever --use-sensitive says.
  bool sensitive_is_feature = false;
  /// The fit weighs each row by TrainingSet::row_weights; a method without
  /// refuses a weight column.
  bool takes_row_weights = false;
  /// Binds the method's own options (may be empty); the fit reads them.
  std::function<void(OptionBinder& options)> add_options;
  /// Fills the model's scorer and rule; returns the provenance line.
  std::function<std::string(const TrainingSet& set, tinyfair::Model& model)> fit;
};

/// The --constraint spellings (and the Python `constraint` values) of
/// `method.constraints`, the default first.
std::vector<std::string> ConstraintNames(const TrainMethod& method);

/// The constraint ChooseTrainMethod() settled on in `o`, for a method that
/// takes one.
metrics::FairnessConstraint ChosenConstraint(const TrainOptions& o);

TrainMethod LogisticTrainMethod();
TrainMethod FrllTrainMethod();
TrainMethod ReductionTrainMethod();
TrainMethod FairRegressionTrainMethod();
/// naive, dro and soft-groups, sharing one set of options (bound by naive).
std::vector<TrainMethod> NoisyGroupTrainMethods();

/// Every method, in the order --method lists them.
std::vector<TrainMethod> TrainMethods();

}  // namespace tinyfair::host::fit
