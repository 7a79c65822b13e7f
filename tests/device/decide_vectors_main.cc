// Firmware that replays decision vectors through the runtime: loads the model
// compiled in by `tinyfair codegen` (demo_model.h, symbol kDemoModel), reads
// the inputs and PCG32 seed from demo_vectors.tfv on the host (semihosting),
// decides every row and prints the decision log on stdout, exactly as
// `tinyfair simulate` writes it on the host. Lines starting with "# " are
// notes, not records.
#include "demo_model.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "tinyfair_runtime/model.h"
#include "vector_replay.h"

namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;

ModelWithStorage<> g_model;

}  // namespace

int main() {
  g_model.AcceptIntegerModels();
  const Status status = g_model.Load(tinyfair_models::kDemoModel, tinyfair_models::kDemoModelSize);
  if (!IsOk(status)) {
    target::WriteString("# decide_vectors: ");
    target::WriteString(StatusName(status));
    target::WriteString("\n");
    return 1;
  }
  const long decisions =
      tinyfair::testing::ReplayVectors(g_model, "demo_vectors.tfv", "decide_vectors");
  if (decisions < 0) return 1;
  target::WriteString("# decide_vectors: decisions ");
  target::WriteDecimal(decisions);
  target::WriteString(", model ");
  target::WriteString(g_model.model_id());
  target::WriteString(", stack high water ");
  target::WriteDecimal(static_cast<long>(tinyfair_target_stack_high_water_bytes()));
  target::WriteString(" bytes\n");
  return 0;
}
