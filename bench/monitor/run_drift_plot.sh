#!/usr/bin/env bash
# The fairness monitor's plot on Adult (docs/monitor.md): the RTO model made
# as pipeline.adult makes it (split seed 11, logistic regression, the
# randomized threshold optimizer on the fit part, sensitive attribute sex),
# Adult's test file streamed through `tinyfair simulate` with a drift from the
# generator, a report every 500 decisions, and `tinyfair monitor --plot` over
# the sequence. Writes docs/plots/monitor_drift_adult.png.
#
#   bash bench/monitor/run_drift_plot.sh [build dir, default build/host]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=${1:-$source_dir/build/host}
data=$source_dir/../shared/datasets/adult
tf=$build/host_tools/tinyfair
work=$build/bench/monitor/drift_plot
if [ ! -f "$data/adult.data" ]; then
  echo "Adult not found in $data (see ../shared/datasets/README.md)"; exit 1
fi
rm -rf "$work" && mkdir -p "$work"
positive='>50K,>50K.'
"$tf" split --data "$data/adult.data" --parts train=0.6,fit=0.2,validation=0.2 --seed 11 \
  --out-dir "$work" 2>/dev/null
"$tf" train --data "$work/train.csv" --label Y --positive "$positive" --sensitive sex \
  --out "$work/logistic.json" 2>/dev/null
"$tf" postprocess --model "$work/logistic.json" --data "$work/fit.csv" --label Y \
  --positive "$positive" --validation "$work/validation.csv" --out "$work/fair.json" 2>/dev/null
"$tf" export --model "$work/fair.json" --out "$work/rto.pb" --monitor-alpha 0.05 \
  --monitor-tolerance 0.02 --monitor-window 0 2>/dev/null
# From decision 6,000 on, the scorer's margin of the group sex=Male falls by 1.
"$tf" simulate --model "$work/rto.pb" --data "$data/adult.test" --seed 3 \
  --out "$work/decisions.csv" --monitor "$work/report.pb" --monitor-every 500 \
  --drift-from 6000 --drift-group sex=Male --drift-score-shift -1
reports=()
for report in "$work"/report-*.pb; do reports+=(--report "$report"); done
"$tf" monitor --model "$work/rto.pb" "${reports[@]}" --plot "$work/plot"
cp "$work/plot/monitor_rates.png" "$source_dir/docs/plots/monitor_drift_adult.png"
