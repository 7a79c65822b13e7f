#!/usr/bin/env bash
# tinyfair postprocess --stream against the in-memory fit on the same small
# file: the ramp thresholds agree within 1e-4 (a few cells of the 2/65536
# grid, docs/stress.md), the reference rates within 1e-6, and bad input is
# refused with its file:line:column, exit 2 and nothing written.
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
"$tinyfair" demo --rows 30000 --seed 7 --parts train=0.3,fit=0.7 --out-dir "$work" 2>/dev/null
"$tinyfair" train --data "$work/train.csv" --label hired --sensitive group,region \
  --out "$work/scorer.json" 2>/dev/null
for run in "exact --gamma 0.1" "exact --gamma 0.02 --rho 0.4 --epsilon 0.02" \
    "exact --sensitive group --strata region --gamma 0.3" "sgd --gamma 0.1"; do
  read -r solver args <<< "$run"
  echo "$solver $args:"
  # shellcheck disable=SC2086
  "$tinyfair" postprocess --model "$work/scorer.json" --data "$work/fit.csv" --label hired \
    --solver "$solver" --sgd-steps 2000000 $args --out "$work/memory.json" 2>/dev/null
  # shellcheck disable=SC2086
  "$tinyfair" postprocess --model "$work/scorer.json" --data "$work/fit.csv" --label hired \
    --solver "$solver" --sgd-steps 2000000 $args --stream --out "$work/streamed.json" \
    2> "$work/streamed.log"
  grep -q "postprocess: streamed, 21000 rows read" "$work/streamed.log"
  # SGD draws other examples in the two fits: it agrees to its own accuracy.
  tolerance=$([ "$solver" = exact ] && echo 1e-4 || echo 1e-2)
  python3 - "$work/memory.json" "$work/streamed.json" "$tolerance" <<'PY'
import json, sys
memory, streamed = (json.load(open(p)) for p in sys.argv[1:3])
tolerance = float(sys.argv[3])
t_m, t_s = memory["ramp"]["threshold"], streamed["ramp"]["threshold"]
r_m, r_s = memory["reference_positive_rate"], streamed["reference_positive_rate"]
worst_t = max(abs(a - b) for a, b in zip(t_m, t_s))
worst_r = max(abs(a - b) for a, b in zip(r_m, r_s))
print(f"  {len(t_m)} groups, thresholds within {worst_t:.2e}, rates within {worst_r:.2e}")
ok = len(t_m) == len(t_s) > 1 and worst_t <= tolerance and (tolerance > 1e-4 or worst_r <= 1e-6)
sys.exit(0 if ok else 1)
PY
done

echo "bad input: a text cell in a numeric column, line 5000"
awk -F, 'BEGIN { OFS = "," } NR == 5000 { $1 = "sixty" } { print }' "$work/fit.csv" \
  > "$work/bad.csv"
status=0
"$tinyfair" postprocess --model "$work/scorer.json" --data "$work/bad.csv" --label hired --stream \
  --out "$work/bad.json" 2> "$work/bad.log" || status=$?
cat "$work/bad.log"
[ "$status" -eq 2 ] && grep -q "bad.csv:5000:1: " "$work/bad.log" && [ ! -e "$work/bad.json" ]

echo "--stream refuses what it cannot stream"
status=0
"$tinyfair" postprocess --model "$work/scorer.json" --data "$work/fit.csv" --label hired --stream \
  --validation "$work/fit.csv" --out "$work/bad.json" 2> "$work/bad.log" || status=$?
[ "$status" -ne 0 ] && grep -q -- "--stream" "$work/bad.log" && [ ! -e "$work/bad.json" ]
echo "ok"
