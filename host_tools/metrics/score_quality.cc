#include "host_tools/metrics/score_quality.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace tinyfair::host::metrics {

std::string ScoreQuality::Description() const {
  std::string what;
  switch (meaning) {
    case ScoreMeaning::kProbability:
      what = "log loss and AUC of the scorer's probability (logistic link)";
      break;
    case ScoreMeaning::kSignedProbability:
      what = "log loss and AUC of the scorer's probability (signed logistic link, p = (s + 1) / 2)";
      break;
    case ScoreMeaning::kScoreOnly:
      what = "AUC of the score only (identity link: the score is no probability)";
      break;
  }
  return mixture_members ? what + ", of each row's deciding mixture member" : what;
}

std::optional<double> RocAuc(const std::vector<double>& scores, const std::vector<int>& labels) {
  if (scores.size() != labels.size()) throw std::invalid_argument("scores and labels differ");
  std::vector<size_t> order(scores.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] < scores[b]; });
  // Sum of the label-1 rows' ranks, each run of tied scores sharing its
  // mean rank: the Mann-Whitney U with ties counting one half.
  double positive_rank_sum = 0.0, positives = 0.0;
  for (size_t start = 0; start < order.size();) {
    size_t end = start;
    while (end < order.size() && scores[order[end]] == scores[order[start]]) ++end;
    const double mean_rank = 0.5 * static_cast<double>(start + 1 + end);
    for (size_t k = start; k < end; ++k) {
      if (labels[order[k]] == 1) {
        positive_rank_sum += mean_rank;
        positives += 1.0;
      }
    }
    start = end;
  }
  const double negatives = static_cast<double>(scores.size()) - positives;
  if (positives == 0.0 || negatives == 0.0) return std::nullopt;
  return (positive_rank_sum - positives * (positives + 1.0) / 2.0) / (positives * negatives);
}

ScoreQuality EvaluateScores(const std::vector<runtime::Decision>& decisions,
                            const std::vector<int>& labels, ScoreMeaning meaning,
                            bool mixture_members) {
  if (decisions.size() != labels.size()) {
    throw std::invalid_argument("decisions and labels differ in length");
  }
  ScoreQuality quality;
  quality.meaning = meaning;
  quality.mixture_members = mixture_members;
  std::vector<double> scores;
  std::vector<int> decided_labels;
  double log_loss = 0.0;
  for (size_t i = 0; i < decisions.size(); ++i) {
    if (!runtime::IsOk(decisions[i].status)) continue;
    const double score = decisions[i].score;
    scores.push_back(score);
    decided_labels.push_back(labels[i] == 1 ? 1 : 0);
    if (meaning == ScoreMeaning::kScoreOnly) continue;
    const double p = meaning == ScoreMeaning::kProbability ? score : 0.5 * (score + 1.0);
    const double clipped = std::clamp(p, 1e-15, 1.0 - 1e-15);
    log_loss -= std::log(labels[i] == 1 ? clipped : 1.0 - clipped);
  }
  quality.rows = scores.size();
  if (meaning != ScoreMeaning::kScoreOnly && quality.rows > 0) {
    quality.log_loss = log_loss / static_cast<double>(quality.rows);
  }
  quality.auc = RocAuc(scores, decided_labels);
  return quality;
}

ScoreMeaning ScoreMeaningOf(const tinyfair::LinearScorer& scorer) {
  switch (scorer.link()) {
    case tinyfair::LinearScorer::LOGISTIC:
      return ScoreMeaning::kProbability;
    case tinyfair::LinearScorer::SIGNED_LOGISTIC:
      return ScoreMeaning::kSignedProbability;
    default:
      return ScoreMeaning::kScoreOnly;
  }
}

}  // namespace tinyfair::host::metrics
