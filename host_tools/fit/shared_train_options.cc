#include "host_tools/fit/shared_train_options.h"

#include <string>

#include "host_tools/model/model_id.h"

namespace tinyfair::host::fit {
namespace {

void BindColumnRoles(OptionBinder& binder, TrainOptions& o) {
  binder.Texts("categorical", &o.categorical, "Columns to treat as categorical");
  binder.Texts("numeric", &o.numeric, "Columns to treat as numeric");
  binder.Texts("ignore", &o.ignore, "Columns that are not inputs");
  binder.Text("weight-column", &o.weight_column,
              "Column of each row's weight in the fit (a finite number >= 0; logistic)");
  binder.Texts("features", &o.features,
               "The only columns that are inputs (besides the sensitive ones); every "
               "other column but the label is left out");
}

void BindFitSettings(OptionBinder& binder, TrainOptions& o) {
  // The range of l2 is checked with the method (ChooseTrainMethod, kL2).
  binder.Number("l2", &o.l2, "L2 penalty on the weights (mean loss + l2/2 |w|^2)");
  binder.Integer("iterations", &o.iterations,
                 "Iterations (or their cap) of an iterative method (default: the method's: "
                 "reduction 50, naive/dro/soft-groups 750, fair-regression 100, logistic "
                 "100, frll 10000)",
                 OptionCheck::Positive());
  binder.Flag("strict", &o.strict,
              "Exit with status 3 and write nothing unless the fit converged within its "
              "bound: reduction and fair-regression (duality gap <= nu, training violation "
              "within the guarantee), logistic (Newton) and frll (L-BFGS) (gradient norm "
              "<= tolerance), naive/dro/soft-groups (own max violation <= 0)");
  binder.Flag("use-sensitive", &o.use_sensitive, "Let the scorer use the sensitive columns");
  binder.Text("unknown-group", &o.unknown_group,
              "What the device does with an unknown group: refuse | fallback:NAME");
  binder.Count("min-category-count", &o.min_category_count,
               "Fold the categories of fewer training rows into one category '(other)' "
               "per column (sensitive columns excepted), which also decides values first "
               "seen after training; 0: off, the device refuses unseen values");
  binder.Text("id", &o.id,
              "Model id (at most " + std::to_string(model::MaxModelIdBytes()) + " characters)");
}

}  // namespace

void BindSharedTrainOptions(OptionBinder& binder, TrainOptions& options) {
  BindColumnRoles(binder, options);
  BindFitSettings(binder, options);
}

}  // namespace tinyfair::host::fit
