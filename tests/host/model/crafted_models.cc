// The crafted models: the small ramp golden model with one field spoilt so
// that the runtime's Load() refuses it, sealed as stated.
#include "tests/host/model/crafted_models.h"

#include <limits>
#include <stdexcept>

#include "host_tools/model/model_file.h"
#include "test_models.h"

namespace tinyfair::crafted {

tinyfair::Model SmallRamp() {
  tinyfair::Model model;
  if (!model.ParseFromArray(tinyfair_models::kSmallRampModel,
                            static_cast<int>(tinyfair_models::kSmallRampModelSize))) {
    throw std::runtime_error("the golden SmallRampModel does not parse");
  }
  return model;
}

std::string SealAsStated(tinyfair::Model model) { return host::model::SealAsItIs(model); }

void SetGroupCount(tinyfair::Model& m, int groups) {
  auto* ramp = m.mutable_ramp();
  while (ramp->threshold_size() < groups) ramp->add_threshold(0.0f);
  while (ramp->width_size() < groups) ramp->add_width(1.0f);
  while (m.reference_positive_rate_size() < groups) m.add_reference_positive_rate(0.5f);
  m.mutable_dimensions()->set_group_count(static_cast<uint32_t>(groups));
}

const std::vector<Crafted>& CraftedModels() {
  static const std::vector<Crafted> crafted = {
      {"a NaN weight",
       [](auto& m) {
         m.mutable_scorer()->set_weights(0, std::numeric_limits<float>::quiet_NaN());
       }},
      {"an infinite weight",
       [](auto& m) { m.mutable_scorer()->set_weights(0, std::numeric_limits<float>::infinity()); }},
      // The golden model's sealed file has its scales folded (scale 1):
      // the input's scale of 2 is stated again, which folds 3e38 past the
      // float range.
      {"a weight of 3e38 that its input's scale 2 folds past the float range",
       [](auto& m) {
         m.mutable_scorer()->set_weights(0, 3e38f);
         m.mutable_inputs(0)->set_scale(2.0f);
       }},
      {"a zero ramp width", [](auto& m) { m.mutable_ramp()->set_width(0, 0.0f); }},
      {"a negative ramp width", [](auto& m) { m.mutable_ramp()->set_width(0, -1.0f); }},
      {"a NaN threshold",
       [](auto& m) {
         m.mutable_ramp()->set_threshold(0, std::numeric_limits<float>::quiet_NaN());
       }},
      {"a reference rate of 1.5", [](auto& m) { m.set_reference_positive_rate(0, 1.5f); }},
      {"link enum 7",
       [](auto& m) { m.mutable_scorer()->set_link(static_cast<tinyfair::LinearScorer_Link>(7)); }},
      {"input kind enum 7",
       [](auto& m) { m.mutable_inputs(0)->set_kind(static_cast<tinyfair::Input_Kind>(7)); }},
      {"no rule", [](auto& m) { m.clear_rule(); }},
      {"33 groups", [](auto& m) { SetGroupCount(m, 33); }},
      {"a 32-character id", [](auto& m) { m.set_model_id(std::string(32, 'a')); }},
      {"schema 2", [](auto& m) { m.set_schema_major(2); }},
      {"one input too many in the dimensions",
       [](auto& m) { m.mutable_dimensions()->set_input_count(m.dimensions().input_count() + 1); }},
      {"one group too many in the dimensions",
       [](auto& m) { m.mutable_dimensions()->set_group_count(m.dimensions().group_count() + 1); }},
      {"a fallback group out of range",
       [](auto& m) {
         m.mutable_groups()->set_unknown_policy(tinyfair::GroupFormation::FALLBACK);
         m.mutable_groups()->set_fallback_group(m.dimensions().group_count());
       }},
  };
  return crafted;
}

}  // namespace tinyfair::crafted
