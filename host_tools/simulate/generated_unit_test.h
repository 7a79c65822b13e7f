// The on-device unit test `codegen --unit-test` writes: a few rows of the
// user's data and the records the runtime decides for them on the host,
// which the firmware's test runner decides again on the device.
#pragma once

#include <cstdint>
#include <string>

#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::simulate {

struct UnitTestRequest {
  /// CamelCase: `tinyfair_unit_test_<Name>()`, over k<Name> and k<Name>Size.
  std::string name = "Model";
  /// The include name of the model's C header (codegen --language c).
  std::string model_header;
  /// "c" or "ztest".
  std::string language = "c";
  /// How many rows, from the data's first.
  size_t rows = 10;
  /// PCG32 seed and stream, as simulate's --seed and --stream.
  uint64_t seed = 1, stream = 0;
  /// The model file's name for the source's comment.
  std::string source = "model.pb";
  /// Decide on the device from the rows quantised for the model's int16
  /// scorer (tinyfair_model_decide_integer), as firmware built with
  /// TINYFAIR_RUNTIME_CFG_FLOAT=0 must.
  bool integer_inputs = false;
  /// The model header is the tables header (codegen --tables --language c):
  /// decide with Decide<Name> (DecideInteger<Name>), load nothing.
  bool tables = false;
};

/// The test source for the sealed model `bytes` and the first `rows` rows of
/// `table`, whose records are those `simulate` writes for them.
/// @throws DataError when the table has fewer rows, with integer_inputs when
///         the model has no integer scorer or a row has a value the int16
///         inputs cannot carry (a missing number), the model's errors
///         (GeneratedHeader's), std::invalid_argument for a bad name.
std::string GeneratedUnitTest(const UnitTestRequest& request, const std::string& bytes,
                              const data::CsvTable& table);

}  // namespace tinyfair::host::simulate
