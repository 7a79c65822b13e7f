// The options every train method shares, bound once for every front end
// (option_binder.h): the command line binds them as train's flags, the
// Python package reads their names, defaults and help from the same
// binding (OptionValues::Describe), so that each is written once.
#pragma once

#include "host_tools/fit/option_binder.h"
#include "host_tools/fit/train_method.h"

namespace tinyfair::host::fit {

/// Binds the columns' roles (categorical, numeric, ignore, weight-column,
/// features) and the fit's shared settings (l2, iterations, strict,
/// use-sensitive, unknown-group, min-category-count, id) of `options`.
void BindSharedTrainOptions(OptionBinder& binder, TrainOptions& options);

}  // namespace tinyfair::host::fit
