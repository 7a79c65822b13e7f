#!/usr/bin/env bash
# tinyfair export --integer (docs/integer_path.md) on the seeded demo data:
#  1. with --max-gap-change 0 on data where the integer path moves the DP
#     gap, export exits 2, says why and writes no file;
#  2. a normal run writes a model that `tinyfair inspect` shows with its
#     ramp.integer (the integer scorer) and the INTEGER_SCORER feature bit, and reports the
#     decisions changed, accuracy and DP gap;
#  3. --integer needs --label, and a two-threshold model is refused (exit 2).
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$tinyfair" demo --rows 8000 --seed 7 --parts train=0.5,fit=0.3,test=0.2 --out-dir "$work/data" 2>/dev/null
"$tinyfair" train --data "$work/data/train.csv" --label hired --sensitive group --out "$work/logistic.json" 2>/dev/null
"$tinyfair" postprocess --model "$work/logistic.json" --data "$work/data/fit.csv" --label hired \
  --method rto --gamma 0.1 --out "$work/fair.json" 2>/dev/null
integer=(--data "$work/data/test.csv" --label hired --seed 3)

# 1. int8 moves the gap on this data; no change is allowed.
set +e
"$tinyfair" export --model "$work/fair.json" --out "$work/refused.pb" --integer int8 "${integer[@]}" \
  --max-gap-change 0 > "$work/refused.txt" 2>&1
status=$?
set -e
cat "$work/refused.txt"
[ "$status" -eq 2 ] || fail "export --max-gap-change 0: exit $status, expected 2"
grep -q "^tinyfair: --max-gap-change: the integer path changes the DP gap .* more than 0: .*refused.pb not written" \
  "$work/refused.txt" || fail "no reason given"
[ ! -e "$work/refused.pb" ] || fail "the refused export wrote its file"

# 2. A normal run.
"$tinyfair" export --model "$work/fair.json" --out "$work/int16.pb" --integer int16 "${integer[@]}" \
  > "$work/int16.txt" 2>&1 || fail "export --integer int16: $(cat "$work/int16.txt")"
cat "$work/int16.txt"
for line in "integer scorer: int16, fraction bits" "decisions changed: sampled" "accuracy float" "DP gap float"; do
  grep -q "^export --integer int16: $line" "$work/int16.txt" || fail "the report lacks '$line'"
done
"$tinyfair" inspect "$work/int16.pb" > "$work/int16.json" 2>/dev/null
python3 - "$work/int16.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
s = m["ramp"]["integer"]
assert s["input_bits"] == 16, s
assert len(s["ramp_start"]) == 2 and len(s["ramp_probability"]) == 18, s
assert int(m["required_features"]) & 2, m["required_features"]
print("inspect: ramp.integer with fraction_bits", s["fraction_bits"], "required_features", m["required_features"])
PY
# The written model decides by the integer path: evaluate reads it.
"$tinyfair" evaluate --model "$work/int16.pb" --data "$work/data/test.csv" --label hired > /dev/null

# 3. Refusals.
set +e
"$tinyfair" export --model "$work/fair.json" --out "$work/nolabel.pb" --integer int16 \
  --data "$work/data/test.csv" > "$work/nolabel.txt" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] && [ ! -e "$work/nolabel.pb" ] || fail "--integer without --label: exit $status"
"$tinyfair" postprocess --model "$work/logistic.json" --data "$work/data/fit.csv" --label hired \
  --method hardt-dp --out "$work/hardt.json" 2>/dev/null
set +e
"$tinyfair" export --model "$work/hardt.json" --out "$work/hardt.pb" --integer int16 "${integer[@]}" \
  > "$work/hardt.txt" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] && [ ! -e "$work/hardt.pb" ] || fail "two-threshold: exit $status"
grep -q "two-threshold rule; the integer path decides threshold and ramp rules" "$work/hardt.txt" ||
  fail "two-threshold: $(cat "$work/hardt.txt")"
echo "export --integer: ok"
