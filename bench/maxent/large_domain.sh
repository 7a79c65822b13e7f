#!/usr/bin/env bash
# The paper's large-domain instance (COMPAS large, |Omega| ~ 1e11; docs/maxent.md):
#   bash bench/maxent/large_domain.sh TINYFAIR PREPARED_DIR OUT_DIR
# fits q_C^w + theta^w (C = 0.5, tau = 1, protected sex) with the damped Newton solver and
# with the paper's box-constrained Newton method, each under /usr/bin/time -v (wall time,
# peak resident memory), draws 10,000 rows, and keeps the reports in OUT_DIR.
set -euo pipefail
tinyfair=${1:?usage: large_domain.sh TINYFAIR PREPARED_DIR OUT_DIR}
prepared=${2:?} out=${3:?}
mkdir -p "$out"
schema=(--data "$prepared/compas_large.csv" --label two_year_recid --positive 1
        --protected sex --protected-zero Male
        --categorical race,c_charge_degree,violent_crime,drug_related,firearm,minor_involved
        --categorical road_safety_hazard,sex_offence,fraud,petty_crime
        --bins months_in_jail=0.001,3,6,12,24,48,60 --bins priors_count=1,11,21,31
        --ordinal age,juv_fel_count,juv_misd_count,juv_other_count,decile_score
        --prior-weight 0.5 --tau 1 --theta w --rows 10000 --seed 1)
for solver in newton box-newton-paper; do
  /usr/bin/time -v "$tinyfair" debias-data "${schema[@]}" --solver "$solver" \
    --out "$out/large_$solver.csv" --report-out "$out/large_$solver.json" \
    --params-out "$out/large_${solver}_params.json" 2> "$out/large_$solver.time"
  grep -E "debias-data:|Elapsed|Maximum resident" "$out/large_$solver.time"
done
