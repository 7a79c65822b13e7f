#!/usr/bin/env bash
# The drift alarm's detection delay on Adult with the randomized threshold
# optimizer (RTO), next to fixed-window tests at the same false-alarm rate
# (docs/monitor.md). The model is made as pipeline.adult makes it (split
# seed 11, logistic regression, RTO on the fit part); the streams draw from
# the fit part, the sample the reference rates were measured on.
#
#   bash bench/monitor/run_detection_delay.sh [build dir, default build/host]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=${1:-$source_dir/build/host}
data=$source_dir/../shared/datasets/adult
tf=$build/host_tools/tinyfair
bench=$build/bench/monitor/monitor_detection_delay_bench
work=$build/bench/monitor/detection_delay
if [ ! -f "$data/adult.data" ]; then
  echo "Adult not found in $data (see ../shared/datasets/README.md)"; exit 1
fi
mkdir -p "$work"
positive='>50K,>50K.'
"$tf" split --data "$data/adult.data" --parts train=0.6,fit=0.2,validation=0.2 --seed 11 \
  --out-dir "$work" 2>/dev/null
"$tf" train --data "$work/train.csv" --label Y --positive "$positive" --sensitive sex \
  --out "$work/logistic.json" 2>/dev/null
"$tf" postprocess --model "$work/logistic.json" --data "$work/fit.csv" --label Y \
  --positive "$positive" --validation "$work/validation.csv" --out "$work/fair.json" 2>/dev/null
for setting in "0.05 0 0" "0.05 0 2000" "0.05 0 5000" "0.05 0.02 0" "0.05 0.02 5000"; do
  read -r alpha tolerance window <<< "$setting"
  "$tf" export --model "$work/fair.json" --out "$work/rto.pb" --monitor-alpha "$alpha" \
    --monitor-tolerance "$tolerance" --monitor-window "$window" 2>/dev/null
  echo "## alpha $alpha, tolerance $tolerance, window $window"
  "$bench" --model "$work/rto.pb" --data "$work/fit.csv" --streams 200 \
    --calibration-streams 1000 --decisions 100000 --shift-at 20000 --gap 0.05
  echo
done
