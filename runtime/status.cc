// Names of the status codes, for logs.
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

const char* StatusName(Status status) {
#if TINYFAIR_RUNTIME_CFG_STATUS_NAMES
  switch (status) {
#define TINYFAIR_STATUS_NAME_CASE(camel, upper, lower, value) \
  case Status::k##camel:                                      \
    return #lower;
    TINYFAIR_STATUS_CODES(TINYFAIR_STATUS_NAME_CASE)
#undef TINYFAIR_STATUS_NAME_CASE
  }
  return "unknown_status";
#else
  (void)status;
  return "";
#endif  // TINYFAIR_RUNTIME_CFG_STATUS_NAMES
}

}  // namespace tinyfair::runtime
