// Generates an on-device unit test of a firmware's own model: the inputs of
// a few rows and the records the host decided for them, checked by the
// device's runtime, in plain C (an exit status) or as a Zephyr ztest suite.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tinyfair::codegen {

struct UnitTestCase {
  /// CamelCase: the test is `int tinyfair_unit_test_<Name>(void)` and the
  /// model comes from k<Name> and k<Name>Size of `model_header`.
  std::string name;
  /// The model's C header (`tinyfair codegen --language c --name <Name>`),
  /// as the test's #include names it: letters, digits and -_./ only.
  std::string model_header;
  /// "c" (plain C) or "ztest" (the same function inside a ztest suite).
  std::string language = "c";
  /// The model file and the data file the records come from, for comments.
  std::string model_source, data_source, model_id;
  /// The PCG32 seed and stream the records were decided with.
  uint64_t seed = 1, stream = 0;
  /// The rows' inputs as the runtime read them, row-major.
  size_t input_count = 0;
  std::vector<float> inputs;
  /// The same rows quantised as the runtime quantises them for the model's
  /// int16 scorer (QuantiseInputs), row-major. When given, the test decides
  /// with tinyfair_model_decide_integer from these, so that it runs on a
  /// runtime built without float (TINYFAIR_RUNTIME_CFG_FLOAT=0).
  std::vector<int16_t> integer_inputs;
  /// The model decides by an integer scorer: the test's model accepts
  /// integer models (tinyfair_model_accept_integer_models) before its load.
  bool integer_scorer = false;
  /// The model is the tables of `model_header` (codegen --tables --language
  /// c): the test decides with Decide<Name> (DecideInteger<Name> with
  /// integer_inputs) and loads nothing.
  bool tables = false;
  /// One decision log line per row (docs/decision_records.md), without its
  /// line end.
  std::vector<std::string> records;
};

/// The test's C source: `tinyfair_unit_test_<Name>()` loads the model,
/// decides each row with PCG32(seed, stream) and returns 0 when every record
/// equals the expected one, else the 1-based index of the first that
/// differs, which it prints with the fields that differ through
/// TINYFAIR_UNIT_TEST_PRINT(text) (default: the caller's
/// `void tinyfair_unit_test_print(const char* text)`; ztest: printk).
/// @throws std::invalid_argument for a name that is not CamelCase, a header
///         name that could not be an #include's, another language, or
///         inputs that do not match the records.
std::string UnitTestSource(const UnitTestCase& test);

}  // namespace tinyfair::codegen
