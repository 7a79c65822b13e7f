// Names of the status codes, for logs.
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

const char* StatusName(Status status) {
#if TINYFAIR_RUNTIME_CFG_STATUS_NAMES
  switch (status) {
    case Status::kOk:
      return "ok";
    case Status::kNotLoaded:
      return "not_loaded";
    case Status::kEmptyModel:
      return "empty_model";
    case Status::kMissingCrc:
      return "missing_crc";
    case Status::kCrcMismatch:
      return "crc_mismatch";
    case Status::kMalformed:
      return "malformed";
    case Status::kUnsupportedVersion:
      return "unsupported_version";
    case Status::kCapacityExceeded:
      return "capacity_exceeded";
    case Status::kInvalidModel:
      return "invalid_model";
    case Status::kUnsupportedRule:
      return "unsupported_rule";
    case Status::kInputCountMismatch:
      return "input_count_mismatch";
    case Status::kNonFiniteInput:
      return "non_finite_input";
    case Status::kScoreOverflow:
      return "score_overflow";
    case Status::kUnknownCategory:
      return "unknown_category";
    case Status::kUnknownGroup:
      return "unknown_group";
    case Status::kMissingFeature:
      return "missing_feature";
    case Status::kUnsignedModel:
      return "unsigned_model";
    case Status::kBadSignature:
      return "bad_signature";
    case Status::kRolledBack:
      return "rolled_back";
    case Status::kMonitorNotConfigured:
      return "monitor_not_configured";
    case Status::kMonitorModelMismatch:
      return "monitor_model_mismatch";
    case Status::kDriftAlarm:
      return "drift_alarm";
    case Status::kReportBufferTooSmall:
      return "report_buffer_too_small";
    case Status::kInputLayoutMismatch:
      return "input_layout_mismatch";
    case Status::kSelfTestFailed:
      return "self_test_failed";
  }
  return "unknown_status";
#else
  (void)status;
  return "";
#endif  // TINYFAIR_RUNTIME_CFG_STATUS_NAMES
}

}  // namespace tinyfair::runtime
