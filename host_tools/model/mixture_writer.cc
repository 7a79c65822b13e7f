#include "host_tools/model/mixture_writer.h"

#include "host_tools/model/mixture_capacity.h"

namespace tinyfair::host::model {

tinyfair::MixtureRule* SetMixtureRule(const std::vector<MixtureMember>& members,
                                      tinyfair::MixtureRule::MemberOutput output,
                                      const MixtureContext& refusal, tinyfair::Model& model) {
  if (!members.empty()) {
    RequireMixtureCapacity(members.size(), DeviceMixtureCapacity(members.front().scorer),
                           refusal.context, refusal.advice);
  }
  auto* rule = model.mutable_mixture();
  rule->set_member_output(output);
  for (const auto& member : members) {
    rule->add_probability(member.probability);
    rule->add_bias(member.scorer.bias());
    for (const float w : member.scorer.weights()) rule->add_weights(w);
    for (const float w : member.scorer.category_weights()) rule->add_category_weights(w);
    if (output == tinyfair::MixtureRule::CLASSIFY) rule->add_threshold(member.threshold);
  }
  return rule;
}

}  // namespace tinyfair::host::model
