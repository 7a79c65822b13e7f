#include "rules/mixture_rule.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it
#include "rules/regression_output.h"

namespace tinyfair::runtime::internal {
namespace {

uint32_t DrawMember(const MixtureTables& m, uint32_t draw) {
  uint32_t j = 0;
  while (j + 1 < m.member_count && static_cast<uint64_t>(draw) >= m.draw_bound[j]) ++j;
  return j;
}

}  // namespace

using MixtureRule = Rule<RuleKind::kMixture>;

// Members whose probabilities sum to one, whose categorical weights are zero
// and whose weights fold as the scorer's do, and a regression output when
// they regress.
Status MixtureRule::Check(const CheckedModel& c, const CategoricalInputs& categorical) {
  const tinyfair_check_Model& m = c.m;
  const tinyfair_check_MixtureRule& rule = m.rule.mixture;
  const uint32_t members = m.dimensions.member_count;
  if (members == 0 || !Below(rule.member_output, 2)) return Status::kInvalidModel;
  float sum = 0.0f;
  for (size_t j = 0; j < members; ++j) {
    sum += FloatAt(rule.probability, j);
    if (!CategoricalWeightsZero(c, categorical, rule.weights, j * m.dimensions.input_count) ||
        !FoldOk(c, rule.weights, j * m.inputs.count, FloatAt(rule.bias, j))) {
      return Status::kInvalidModel;
    }
  }
  if (!SumsToOne(sum)) return Status::kInvalidModel;
  if (Is(rule.member_output, tinyfair_check_MixtureRule_MemberOutput_CLASSIFY)) {
    return Status::kOk;
  }
  return CheckOutput(rule.has_output, rule.output);
}

// Each member's weights folded as the scorer's, and the draw bounds that
// pick a member.
void MixtureRule::Build(TableBuilder& b, DecisionTables& t) {
  const tinyfair_check_MixtureRule& rule = b.m().rule.mixture;
  const uint32_t members = b.m().dimensions.member_count;
  const size_t n = b.m().inputs.count;
  t.mixture_or_regression = MixtureOrRegressionTables{};
  MixtureTables& mt = t.mixture_or_regression.mixture;
  mt.member_count = members;
  mt.regress = rule.member_output == tinyfair_check_MixtureRule_MemberOutput_REGRESS;
  auto* bound = b.arena.Take<uint64_t>(members);
  auto* bias = b.arena.Take<float>(members);
  auto* weights = b.arena.Take<float>(size_t{members} * n);
  mt.probability = b.Place<float>(rule.probability);
  mt.category_weights = b.Place<float>(rule.category_weights);
  mt.threshold = b.Place<float>(rule.threshold);
  if (mt.regress) t.mixture_or_regression.output = OutputOf(rule.output);
  if (b.arena.counting()) return;
  // Member j is drawn iff bound[j-1] <= draw < bound[j]: cumulative
  // probabilities summed in member order, as draw counts; the last member
  // takes whatever rounding left over.
  float cumulative = 0.0f;
  for (uint32_t j = 0; j < members; ++j) {
    cumulative += FloatAt(rule.probability, j);
    bound[j] = PositiveDrawBound(cumulative);
    bias[j] = FloatAt(rule.bias, j);
    b.FoldInto(rule.weights, j * n, weights + j * n, bias[j]);
  }
  bound[members - 1] = uint64_t{1} << 32U;
  mt.draw_bound = bound;
  mt.bias = bias;
  mt.weights = weights;
}

// The draw chooses a member; every member's score gives the record the
// mixture's P(positive); the drawn member decides.
Status MixtureRule::Decide(const DecisionTables& t, const DecisionInput& input, float margin,
                           bool skip, Decision& out) {
  const MixtureTables& m = t.mixture_or_regression.mixture;
  const uint32_t member = DrawMember(m, out.draw);
  float probability = 0.0f;
  for (uint32_t j = 0; j < m.member_count; ++j) {
    if (m.regress && j != member) continue;
    const float member_margin =
        margin + Margin(t, input.values, m.bias[j], m.weights + j * t.input_count,
                        m.category_weights + j * t.category_count, skip);
    if (!IsFinite(member_margin)) return Refuse(out, Status::kScoreOverflow);
    const float score = ApplyLink(t.link, member_margin);
    if (j == member) out.score = score;
    if (!m.regress && score >= m.threshold[j]) {
      probability += m.probability[j];
      if (j == member) out.positive = true;
    }
  }
  out.member = member;
  if (m.regress) {
    out.value = Output(t.mixture_or_regression.output, out.score);
  } else {
    out.probability = Clamp01(probability);
  }
  return out.status = Status::kOk;
}

}  // namespace tinyfair::runtime::internal
