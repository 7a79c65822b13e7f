// Writes the models of a newer minor version (1.4) that the 1.3 runtime
// (runtime_1_3/) is tested with, from a frozen 1.3 model, into OUT_DIR:
//  - newer_minor_unknown_field.pb: the model re-encoded as schema 1.4 with
//    fields no 1.3 message has (numbers 1000 and 1001, a varint and bytes),
//    requiring nothing; newer_minor_unknown_field.csv: today's runtime's
//    decision log for the frozen vectors (which the 1.3 runtime must equal);
//  - newer_minor_required_feature.pb: the same, requiring a feature bit the
//    1.3 runtime does not have (it must refuse it with missing_feature).
// Sealed here rather than by SealModel, which writes today's minor version
// and features and checks the model with today's runtime.
//
//   make_newer_minor_models FROZEN_1_3_MODEL.pb FROZEN_1_3_VECTORS.tfv OUT_DIR
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "frozen_model_check.h"
#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/decision.h"

namespace {

constexpr uint32_t kNewerMinor = 4;
constexpr int kUnknownVarintField = 1000;
constexpr int kUnknownBytesField = 1001;
// ModelFeature bit 0 is TWO_THRESHOLD_CONSTANT, the only one a 1.3 runtime has.
constexpr uint64_t kFeatureUnknownTo1_3 = uint64_t{1} << 1U;

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The model as schema 1.4 with two unknown fields, hashed and CRC'd as
// SealModel does (model::SealAsItIs: the header left as set here).
std::string SealAsNewerMinor(tinyfair::Model model, uint64_t required_features) {
  model.set_schema_minor(kNewerMinor);
  model.set_required_features(required_features);
  auto* unknown = model.GetReflection()->MutableUnknownFields(&model);
  unknown->AddVarint(kUnknownVarintField, 7);
  unknown->AddLengthDelimited(kUnknownBytesField, "bytes a 1.3 runtime skips");
  const std::string bytes = tinyfair::host::model::SealAsItIs(model);
  tinyfair::Model check;
  if (!check.ParseFromString(bytes) ||
      check.GetReflection()->GetUnknownFields(check).field_count() != 2 ||
      !tinyfair::host::model::IsSealedModel(bytes) || check.schema_minor() != kNewerMinor) {
    throw std::runtime_error("the newer-minor model did not keep its unknown fields");
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr,
                 "usage: make_newer_minor_models FROZEN_1_3_MODEL.pb FROZEN_1_3_VECTORS.tfv "
                 "OUT_DIR\n");
    return 2;
  }
  try {
    tinyfair::Model model;
    if (!model.ParseFromString(ReadBytes(argv[1]))) throw std::runtime_error("not a model");
    const std::string vectors = ReadBytes(argv[2]);
    const std::string out = argv[3];
    const std::string newer = SealAsNewerMinor(model, model.required_features());
    std::string problem;
    const auto records =
        tinyfair::compat::TodaysRecords("newer_minor_unknown_field", newer, vectors, problem);
    if (!problem.empty()) throw std::runtime_error("today's runtime: " + problem);
    std::string log = tinyfair::runtime::kDecisionRecordHeader;
    for (const auto& record : records) log += record;
    using tinyfair::host::common::WriteFileAtomically;
    WriteFileAtomically(out + "/newer_minor_unknown_field.pb", newer);
    WriteFileAtomically(out + "/newer_minor_unknown_field.csv", log);
    WriteFileAtomically(out + "/newer_minor_required_feature.pb",
                        SealAsNewerMinor(model, model.required_features() | kFeatureUnknownTo1_3));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_newer_minor_models: %s\n", e.what());
    return 1;
  }
  return 0;
}
