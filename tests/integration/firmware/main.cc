// Screening firmware: decides a few applicants with the model compiled in by
// `tinyfair codegen --name DemoModel`, inputs set by their names, and prints
// the decision log `tinyfair simulate` writes for the same rows on the host.
#include "demo_model.h"
#include "targets/common/semihosting.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/self_test.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;
namespace target = tinyfair::target;

// .bss: the storage this model keeps beyond its bytes, as codegen measured it.
ModelWithStorage<kDemoModelStorageBytes> g_model;

struct Applicant {
  float test_score, experience, manager_rating;
  DemoModelRegionCategory::Index region;
  DemoModelGroupCategory::Index group;
};

// The rows of applicants.csv: most inside their group's ramp, where the
// probability's every bit shows.
constexpr Applicant kApplicants[] = {
    {78.5f, 7.5f, 1.5f, DemoModelRegionCategory::kNorth, DemoModelGroupCategory::kA},
    {61.5f, 0.25f, 3.125f, DemoModelRegionCategory::kSouth, DemoModelGroupCategory::kB},
    {78.5f, 9.75f, 1.25f, DemoModelRegionCategory::kWest, DemoModelGroupCategory::kA},
    {52.5f, 6.5f, 3.25f, DemoModelRegionCategory::kEast, DemoModelGroupCategory::kB},
    {60.75f, 2.75f, 4.375f, DemoModelRegionCategory::kNorth, DemoModelGroupCategory::kA},
    {56.75f, 3.0f, 3.625f, DemoModelRegionCategory::kWest, DemoModelGroupCategory::kB},
    {79.75f, 6.75f, 1.375f, DemoModelRegionCategory::kEast, DemoModelGroupCategory::kA},
    {64.25f, 7.75f, 1.5f, DemoModelRegionCategory::kSouth, DemoModelGroupCategory::kB},
    {93.0f, 12.0f, 4.875f, DemoModelRegionCategory::kWest, DemoModelGroupCategory::kB},
    {47.0f, 0.5f, 2.25f, DemoModelRegionCategory::kNorth, DemoModelGroupCategory::kB},
};

int Fail(const char* what, Status status) {
  target::WriteString("# screening: ");
  target::WriteString(what);
  target::WriteString(StatusName(status));
  target::WriteString("\n");
  return 1;
}

}  // namespace

int main() {
  // The build decides as the host does, or nothing is decided.
  if (const Status status = RunSelfTest(); !IsOk(status)) return Fail("self-test: ", status);
  // A model whose inputs are not the ones named below is refused.
  if (const Status status = g_model.Load(kDemoModel, kDemoModelSize, kDemoModelInputLayoutHash);
      !IsOk(status)) {
    return Fail("load: ", status);
  }
  Pcg32 rng(2024, 0);  // tinyfair simulate --seed 2024
  target::WriteString(kDecisionRecordHeader);
  for (const Applicant& applicant : kApplicants) {
    float inputs[kDemoModelInputCount];
    inputs[DemoModelInput::kTestScore] = applicant.test_score;
    inputs[DemoModelInput::kExperience] = applicant.experience;
    inputs[DemoModelInput::kManagerRating] = applicant.manager_rating;
    inputs[DemoModelInput::kRegion] = static_cast<float>(applicant.region);
    inputs[DemoModelInput::kGroup] = static_cast<float>(applicant.group);
    Decision decision;
    (void)g_model.Decide(DecisionInput{inputs, kDemoModelInputCount}, rng, decision);
    char line[kDecisionRecordLineSize];
    target::Write(line, FormatDecisionRecord(decision, line, sizeof(line)));
  }
  return 0;
}
