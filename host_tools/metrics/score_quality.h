// How well the scorer ranks and, where it is a probability, how well it is
// calibrated: the log loss of the scorer's probability and the AUC of its
// score, over the decided rows. The decisions' own probabilities are those
// of the fair rule (often 0 or 1), whose log loss says little about the
// model; this is the scorer the rule was fitted on.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::metrics {

/// What a decision's score is, from the model's link.
enum class ScoreMeaning {
  /// The probability of label 1 itself (the logistic link).
  kProbability,
  /// 2 p - 1 for the probability p of label 1 (the signed logistic link).
  kSignedProbability,
  /// A score with no probability (the identity link): AUC only.
  kScoreOnly,
};

struct ScoreQuality {
  ScoreMeaning meaning = ScoreMeaning::kScoreOnly;
  /// Mean -log P(label) of the scorer's probability, each clipped to
  /// [1e-15, 1 - 1e-15]; empty for kScoreOnly or without decided rows.
  std::optional<double> log_loss;
  /// The probability that a label-1 row scores above a label-0 row, ties
  /// counting one half (the Mann-Whitney statistic); empty without rows of
  /// both labels.
  std::optional<double> auc;
  /// Decided rows the two were computed on.
  size_t rows = 0;
  /// Whether the scores came from mixture members (each row's deciding
  /// member), which the report says.
  bool mixture_members = false;
  /// One phrase for reports: what was measured.
  std::string Description() const;
};

/// The AUC of `scores` against 0/1 `labels`, ties counting one half.
std::optional<double> RocAuc(const std::vector<double>& scores, const std::vector<int>& labels);

/// What the runtime's decision score is under `scorer`'s link.
ScoreMeaning ScoreMeaningOf(const tinyfair::LinearScorer& scorer);

/// The score quality of the decided records (refused ones are left out).
ScoreQuality EvaluateScores(const std::vector<runtime::Decision>& decisions,
                            const std::vector<int>& labels, ScoreMeaning meaning,
                            bool mixture_members);

}  // namespace tinyfair::host::metrics
