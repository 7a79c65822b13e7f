// Firmware that runs the golden monitor vectors (monitor_vectors.h) and
// prints them; they must equal the host's monitor_records.txt byte for
// byte. Lines starting with "# " are notes.
#include "monitor_vectors.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"

namespace {

void Write(const char* text, size_t size) { tinyfair::target::Write(text, size); }

}  // namespace

int main() {
  const long updates = tinyfair::testing::WriteMonitorVectors(Write);
  tinyfair::target::WriteString("# monitor_parity: updates ");
  tinyfair::target::WriteDecimal(updates);
  tinyfair::target::WriteString(", stack high water ");
  tinyfair::target::WriteDecimal(static_cast<long>(tinyfair_target_stack_high_water_bytes()));
  tinyfair::target::WriteString(" bytes\n");
  return 0;
}
