#include "host_tools/simulate/decision_log_file.h"

#include "host_tools/common/file_io.h"

namespace tinyfair::host::simulate {

std::string ReadDecisionLog(const std::string& path) {
  return common::ReadFileAtMost(path, kMaxDecisionLogBytes, "a decision log");
}

}  // namespace tinyfair::host::simulate
