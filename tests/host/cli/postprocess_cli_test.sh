#!/usr/bin/env bash
# tinyfair postprocess on scores from another model (a CSV column), with
# conditional parity within strata and with covariance control, checked on
# the fitting sample through the runtime's own decisions.
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
"$tinyfair" demo --rows 16000 --seed 3 --parts fit=0.5,test=0.5 --out-dir "$work" 2>/dev/null
# A black-box scorer: any formula; here a probability and a margin column.
for part in fit test; do
  python3 - "$work/$part.csv" "$work/${part}_scores.csv" <<'PY'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
with open(sys.argv[2], "w", newline="") as out:
    w = csv.DictWriter(out, fieldnames=list(rows[0].keys()) + ["probability", "margin"], lineterminator="\n")
    w.writeheader()
    for r in rows:
        m = 0.06 * (float(r["test_score"]) - 60) + 0.9 * (float(r["manager_rating"]) - 3) - 0.8
        r["probability"] = f"{1 / (1 + math.exp(-m)):.6f}"
        r["margin"] = f"{m:.6f}"
        w.writerow(r)
PY
done
check() {  # check MODEL GROUPS_PER_STRATUM STRATA: expected rates equal within each stratum
  "$tinyfair" evaluate --model "$1" --data "$work/fit_scores.csv" --label hired --json > "$work/eval.json"
  python3 - "$work/eval.json" "$2" "$3" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
per_stratum, strata = int(sys.argv[2]), int(sys.argv[3])
rates = [g["expected_positive_rate"] for g in report["groups"]]
worst = max(max(rates[s::strata]) - min(rates[s::strata]) for s in range(strata))
print(f"  groups {len(rates)}, largest gap within a stratum {worst:.2e}")
sys.exit(0 if len(rates) == per_stratum * strata and worst < 1e-5 else 1)
PY
}
echo "score-only, probability column:"
"$tinyfair" postprocess --data "$work/fit_scores.csv" --score-column probability --sensitive group \
  --label hired --gamma 0.1 --out "$work/p.json" 2>/dev/null
check "$work/p.json" 2 1
echo "score-only, margin column, conditional parity within region:"
"$tinyfair" postprocess --data "$work/fit_scores.csv" --score-column margin --score-kind margin \
  --sensitive group --strata region --label hired --gamma 0.2 --out "$work/m.json" 2>/dev/null
check "$work/m.json" 2 4
echo "covariance control within region:"
"$tinyfair" postprocess --data "$work/fit_scores.csv" --score-column probability --sensitive group \
  --strata region --covariance --gamma 0.2 --out "$work/c.json" 2>/dev/null
check "$work/c.json" 2 4
echo "a probability outside [0, 1] is refused with its line:"
sed -e '50q' -e 's/,0\.\([0-9]*\),\(-\?[0-9.]*\)$/,1.\1,\2/' "$work/fit_scores.csv" > "$work/bad.csv"
if "$tinyfair" postprocess --data "$work/bad.csv" --score-column probability --sensitive group \
     --label hired --out "$work/bad.json" 2> "$work/bad.err"; then
  echo "accepted a bad probability"; exit 1
fi
grep -q "bad.csv:2:7: score 1\..* is not a probability" "$work/bad.err" && cat "$work/bad.err"
test ! -e "$work/bad.json"
echo "sweep on the probability column, the input model as its baseline row:"
"$tinyfair" sweep --data "$work/fit_scores.csv" --validation "$work/test_scores.csv" \
  --test "$work/test_scores.csv" --score-column probability --sensitive group --label hired \
  --no-plots --out-dir "$work/sweep" > "$work/sweep.txt" 2> "$work/sweep.err"
grep -q "^input model .* <- baseline$" "$work/sweep.txt"
test "$(grep -c '^RTO,' "$work/sweep/sweep.csv")" -eq 65
test -s "$work/sweep/selected.json"
# The baseline decides positive iff the probability is at least 1/2:
# recounted from the score file, its accuracy and gap are the sweep's.
python3 - "$work/test_scores.csv" "$work/sweep/sweep.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
decide = [float(r["probability"]) >= 0.5 for r in rows]
accuracy = sum(d == (r["hired"] == "1") for d, r in zip(decide, rows)) / len(rows)
rate = {}
for d, r in zip(decide, rows):
    n, k = rate.get(r["group"], (0, 0))
    rate[r["group"]] = (n + 1, k + d)
rates = [k / n for n, k in rate.values()]
baseline = next(r for r in csv.DictReader(open(sys.argv[2])) if r["method"] == "input model")
print(f"  baseline: accuracy {accuracy:.6f}, gap {max(rates) - min(rates):.6f}")
assert abs(float(baseline["test_accuracy"]) - accuracy) < 1e-6, baseline
assert abs(float(baseline["test_dp_gap"]) - (max(rates) - min(rates))) < 1e-6, baseline
PY
