#!/usr/bin/env bash
# Adult (../shared/datasets/adult), sensitive sex: logistic regression test
# accuracy >= 0.845; after the randomized threshold optimizer the test
# demographic-parity gap <= 0.02 with accuracy >= 0.82, measured on the
# runtime's own decisions; postprocess --validation and sweep select the
# same grid point. Skips (77) when the dataset is absent.
set -euo pipefail
tinyfair=$1 data=$2 work=$3
if [ ! -f "$data/adult.data" ] || [ ! -f "$data/adult.test" ]; then
  echo "SKIP: Adult not found in $data (see ../shared/datasets/README.md)"
  exit 77
fi
mkdir -p "$work"
positive='>50K,>50K.'
"$tinyfair" split --data "$data/adult.data" --parts train=0.6,fit=0.2,validation=0.2 --seed 11 \
  --out-dir "$work"
"$tinyfair" train --data "$work/train.csv" --label Y --positive "$positive" --sensitive sex \
  --out "$work/logistic.json"
"$tinyfair" postprocess --model "$work/logistic.json" --data "$work/fit.csv" --label Y \
  --positive "$positive" --validation "$work/validation.csv" --strict --out "$work/fair.json" \
  2> "$work/postprocess.txt"
# Two large groups: the fair rule is fairer than its input model on validation.
if grep -q "WARNING" "$work/postprocess.txt"; then cat "$work/postprocess.txt"; exit 1; fi
"$tinyfair" evaluate --model "$work/logistic.json" --data "$data/adult.test" --label Y \
  --positive "$positive" --json > "$work/before.json"
"$tinyfair" evaluate --model "$work/fair.json" --data "$data/adult.test" --label Y \
  --positive "$positive" --json > "$work/after.json"
python3 - "$work/before.json" "$work/after.json" <<'PY'
import json, sys
before, after = (json.load(open(p)) for p in sys.argv[1:3])
print(f"logistic regression: accuracy {before['accuracy']:.4f}, dp gap {before['dp_gap']:.4f}")
print(f"after rto:           accuracy {after['accuracy']:.4f}, dp gap {after['dp_gap']:.4f} "
      f"(expected {after['expected_accuracy']:.4f}, {after['expected_dp_gap']:.4f})")
ok = before["accuracy"] >= 0.845 and after["dp_gap"] <= 0.02 and after["accuracy"] >= 0.82
sys.exit(0 if ok else 1)
PY

# The sweep: the RTO grid and the baselines, selected on validation, plotted.
"$tinyfair" sweep --model "$work/logistic.json" --data "$work/fit.csv" --validation "$work/validation.csv" \
  --test "$data/adult.test" --label Y --positive "$positive" --out-dir "$work/sweep" > "$work/sweep.txt"
grep -E "input model|selected|Hardt|RTO grid" "$work/sweep.txt"
test "$(grep -c '^RTO,' "$work/sweep/sweep.csv")" -eq 65
# One selection: postprocess --validation and the sweep chose the same grid
# point (the same ramp, to the float).
python3 - "$work/fair.json" "$work/sweep/selected.json" <<'PY'
import json, sys
postprocess, sweep = (json.load(open(p))["ramp"] for p in sys.argv[1:3])
print(f"postprocess selected {postprocess}, sweep {sweep}")
sys.exit(0 if postprocess == sweep else 1)
PY
test -s "$work/sweep/tradeoff.png" && test -s "$work/sweep/decision_curves.png"
"$tinyfair" export --model "$work/sweep/selected.json" --out "$work/selected.pb"
