#!/usr/bin/env bash
# `tinyfair monitor --plot` over a sequence of reports written by
# `simulate --monitor-every`: the plot's data equal the per-report rates,
# Wilson intervals and gaps recounted here from the decision log; the alarm
# is marked where it fired; a bad or out-of-order report in the sequence is
# refused with exit 2 and nothing is written.
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
"$tinyfair" demo --rows 40000 --seed 11 --parts train=0.2,fit=0.2,test=0.6 --out-dir "$work" 2>/dev/null
"$tinyfair" train --data "$work/train.csv" --label hired --sensitive group --out "$work/model.json" 2>/dev/null
"$tinyfair" postprocess --model "$work/model.json" --data "$work/fit.csv" --label hired \
  --gamma 0.2 --out "$work/fair.json" 2>/dev/null
"$tinyfair" export --model "$work/fair.json" --out "$work/model.pb" \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null
"$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --seed 5 \
  --out "$work/log.csv" --monitor "$work/r.pb" --monitor-every 2000 \
  --drift-from 8000 --drift-group group=b --drift-score-shift 1.5 2>/dev/null
reports=()
for report in "$work"/r-*.pb; do reports+=(--report "$report"); done
[ "${#reports[@]}" -eq 24 ] || { echo "${#reports[@]} report flags, not 2 x 12"; exit 1; }
"$tinyfair" monitor --model "$work/model.pb" "${reports[@]}" --plot "$work/plot" --json \
  > "$work/last.json"
"$tinyfair" monitor --model "$work/model.pb" --report "$work/r-0012.pb" --json > "$work/single.json"
cmp "$work/last.json" "$work/single.json"
if command -v gnuplot > /dev/null; then
  [ -s "$work/plot/monitor_rates.png" ] || { echo "no monitor_rates.png"; exit 1; }
fi

python3 - "$work" <<'PY'
import csv, json, math, sys
work = sys.argv[1]
log = list(csv.DictReader(open(f"{work}/log.csv")))
last = json.load(open(f"{work}/last.json"))
reference = [g["reference_positive_rate"] for g in last["groups"]]

def wilson(k, n, z=1.959963984540054):
    if n == 0:
        return 0.0, 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return p, max(0.0, centre - half), min(1.0, centre + half)

blocks = [b for b in open(f"{work}/plot/monitor_rates.dat").read().split("\n\n\n")]
blocks = [[list(map(float, l.split())) for l in b.splitlines() if l and not l.startswith("#")]
          for b in blocks]
assert len(blocks) == 3, len(blocks)  # two groups and the gap
for k in range(12):
    seen = 2000 * (k + 1)
    rates = []
    for g in range(2):
        decided = [r for r in log[:seen] if int(r["status"], 16) == 0 and int(r["group"], 16) == g]
        expect = wilson(sum(int(r["positive"]) for r in decided), len(decided))
        row = blocks[g][k]
        assert row[0] == seen, (g, k, row)
        for got, want in zip(row[1:4], expect):
            assert abs(got - want) < 1e-9, (g, k, row, expect)
        assert abs(row[4] - reference[g]) < 1e-12
        rates.append(expect[0])
    gap_row = blocks[2][k]
    assert gap_row[0] == seen and abs(gap_row[1] - abs(rates[0] - rates[1])) < 1e-12, gap_row
    assert abs(gap_row[2] - abs(reference[0] - reference[1])) < 1e-12
assert last["alarm"]["kind"] != "none"
script = open(f"{work}/plot/monitor_rates.gp").read()
at = last["alarm"]["at_update"]
assert f"set arrow 1 from {at}, graph 0 to {at}, graph 1" in script, script
assert "set key outside" in script
print(f"plot data of 12 reports equal the log's recount; alarm marked at {at}")
PY

refused() {  # refused WHAT FLAGS...: exit 2 and no plot folder
  local what=$1; shift
  rm -rf "$work/bad_plot"
  set +e
  "$tinyfair" monitor --model "$work/model.pb" "$@" > /dev/null 2> "$work/error.txt"
  local code=$?
  set -e
  if [ "$code" -ne 2 ]; then echo "exit $code, not 2, for $what"; cat "$work/error.txt"; exit 1; fi
  if [ -e "$work/bad_plot" ]; then echo "$what: a plot was written"; exit 1; fi
  echo "refused ($what): $(cat "$work/error.txt")"
}
head -c 20 "$work/r-0005.pb" > "$work/cut.pb"
refused "a truncated report" --report "$work/r-0004.pb" --report "$work/cut.pb" \
  --report "$work/r-0006.pb" --plot "$work/bad_plot"
refused "reports out of order" --report "$work/r-0004.pb" --report "$work/r-0003.pb" \
  --plot "$work/bad_plot"
refused "a sequence without --plot" --report "$work/r-0001.pb" --report "$work/r-0002.pb"
grep -q "^tinyfair: --report: several reports make a sequence to plot" "$work/error.txt"
echo "monitor plot: data match the log, bad sequences refused with exit 2"
