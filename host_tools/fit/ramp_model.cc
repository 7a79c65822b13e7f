#include "host_tools/fit/ramp_model.h"

#include <algorithm>
#include <cstdio>

#include "host_tools/data/group_index.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/metrics/rate_spread.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/provenance.h"
#include "host_tools/model/rule_writers.h"

namespace tinyfair::host::fit {

void FinishRampModel(const PostprocessOptions& o, const RampFit& fit, const std::string& how,
                     size_t rows, double seconds,
                     const std::function<std::vector<double>(const tinyfair::Model&)>& rates_of,
                     tinyfair::Model& model) {
  host::model::SetRampRule(fit.thresholds, fit.gamma, model);
  model.set_model_id(
      host::model::FittedModelId(model.model_id(), "+rto", host::model::CutPart::kHead));
  const size_t group_count = model.dimensions().group_count();
  const data::GroupIndex groups(model);
  char line[256];

  // Reference rates as the device computes them (float thresholds).
  const std::vector<double> rates = rates_of(model);
  const auto names = GroupNames(model);
  std::snprintf(line, sizeof(line),
                "postprocess: %s (%s) gamma %.4g epsilon %.4g, %zu rows, fitted in %.4f s",
                o.covariance ? "rto covariance control" : "rto", how.c_str(), fit.gamma,
                o.fit.rto.epsilon, rows, seconds);
  Note(line);
  for (size_t g = 0; g < group_count; ++g) {
    std::snprintf(line, sizeof(line), "  %-40s threshold %+.6f  fitted rate %.6f", names[g].c_str(),
                  fit.thresholds[g], rates[g]);
    Note(line);
  }
  // Parity holds within each stratum (the last group attributes).
  const size_t strata_count = groups.StratumCount(o.strata.size());
  std::vector<metrics::RateSpread> spread(strata_count);
  for (size_t g = 0; g < group_count; ++g) {
    const uint32_t s =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    spread[s].Add(rates[g]);
  }
  double worst = 0.0;
  for (const metrics::RateSpread& stratum : spread) worst = std::max(worst, stratum.Gap());
  std::snprintf(line, sizeof(line), "postprocess: parity gap on the fitting sample %.3g%s", worst,
                o.strata.empty() ? "" : " (largest within a stratum)");
  Note(line);
  const std::string provenance =
      model.provenance() + "; postprocess: rto" + (o.covariance ? " covariance" : "") + ", data " +
      host::model::DataFileProvenance(o.data) + ", gamma " + std::to_string(fit.gamma) +
      ", epsilon " + std::to_string(o.fit.rto.epsilon) + ", solver " + how;
  host::model::FinishModel(
      {"", rates, provenance, host::model::ProvenanceDetailNamed(o.provenance)}, model);
}

}  // namespace tinyfair::host::fit
