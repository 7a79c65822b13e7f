// Options of postprocess that do not go together, refused before any data
// is read.
#include <gtest/gtest.h>

#include <stdexcept>

#include "host_tools/fit/postprocess.h"

namespace tinyfair::host::fit {
namespace {

// Covariance control fits without labels; its validation grid is judged on
// them (before, the selection read past an empty label vector).
TEST(PostprocessOptions, CovarianceWithValidationNeedsALabel) {
  PostprocessOptions o;
  o.covariance = true;
  EXPECT_NO_THROW(CheckPostprocessOptions(o, false));
  EXPECT_THROW(CheckPostprocessOptions(o, true), std::invalid_argument);
  o.label.label = "y";
  EXPECT_NO_THROW(CheckPostprocessOptions(o, true));
}

}  // namespace
}  // namespace tinyfair::host::fit
