# Every CTest test belongs to exactly one tier, given as a label
# (tests/tiers/check_tiers.py fails on a test with none or two):
#   dev     the host library, the runtime on the host and their checks: unit
#           tests, catalogues of bad data and hostile input, hardening, fuzz
#           regressions, layers and formatting. Seconds each; the loop while
#           working (`ctest --preset dev`), and what the sanitizer build runs,
#           but for its experiments: unit tests whose suite name ends in
#           "Experiment" retrain models many times over to check a claim (a
#           paper's, or that two commands agree; a minute and more,
#           unoptimised and instrumented),
#           on code that the suite's other tests run under the sanitizers on
#           small inputs; the host stage runs them.
#   boards  firmware: every image's QEMU tests, symbol and size checks, the
#           outside-project builds (`ctest --preset boards`).
#   full    the rest of the test command: pipelines and paper checks on the
#           data sets, the Python package, clang-tidy, the fuzzers' timed runs.
include_guard(GLOBAL)

set(TINYFAIR_TEST_TIERS dev boards full)

# Gives every test of the current directory and its subdirectories the tier
# <tier> (the directory property LABELS reaches tests that are discovered at
# test time too, as GoogleTest's are).
function(tinyfair_test_tier tier)
  if(NOT tier IN_LIST TINYFAIR_TEST_TIERS)
    message(FATAL_ERROR "tinyfair_test_tier: '${tier}' is not one of ${TINYFAIR_TEST_TIERS}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY LABELS ${tier})
endfunction()
