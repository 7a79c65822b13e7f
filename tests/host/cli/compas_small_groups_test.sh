#!/usr/bin/env bash
# COMPAS as published (../shared/datasets/compas), sensitive race (six groups,
# some of a few rows): one run names every problem column; with the named
# columns left out it trains; the randomized threshold optimizer selected on
# a validation part where it is less fair than the input model says so.
# Skips (77) when the dataset is absent.
set -euo pipefail
tinyfair=$1 data=$2 work=$3
raw=$data/compas-scores-two-years.csv
if [ ! -f "$raw" ]; then
  echo "SKIP: COMPAS not found in $data (see ../shared/datasets/README.md)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

# The file repeats two column names; rename the repeats as pandas reads them.
python3 - "$raw" "$work/compas.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
seen = set()
for i, name in enumerate(rows[0]):
    if name in seen:
        rows[0][i] = name + ".1"
    seen.add(name)
csv.writer(open(sys.argv[2], "w", newline="")).writerows(rows)
PY

# Every problem column in one run.
set +e
"$tinyfair" train --data "$work/compas.csv" --label two_year_recid --sensitive race \
  --out "$work/refused.json" 2> "$work/problems.txt"
status=$?
set -e
[ "$status" -eq 2 ] || fail "train on every column: exit $status, expected 2"
[ ! -e "$work/refused.json" ] || fail "a refused train wrote a model"
grep -q "2 column problems:" "$work/problems.txt" || fail "$(cat "$work/problems.txt")"
suggested=$(sed -n 's/.*to fit, leave out at least --ignore \([^ ]*\)$/\1/p' "$work/problems.txt")
[ -n "$suggested" ] || fail "no --ignore list suggested: $(cat "$work/problems.txt")"
echo "suggested: --ignore violent_recid,$suggested"

# With those columns and the ones that leak the label (the outcome's own
# record) left out, it trains.
leaks=id,is_recid,is_violent_recid,r_days_from_arrest,r_charge_degree,vr_charge_degree,vr_charge_desc,event,end,start
"$tinyfair" split --data "$work/compas.csv" --parts train=0.5,fit=0.2,validation=0.1,test=0.2 \
  --seed 3 --out-dir "$work"
"$tinyfair" train --data "$work/train.csv" --label two_year_recid --sensitive race \
  --ignore "violent_recid,$suggested,$leaks" --out "$work/model.json"
"$tinyfair" postprocess --model "$work/model.json" --data "$work/fit.csv" --label two_year_recid \
  --validation "$work/validation.csv" --out "$work/fair.json" 2> "$work/postprocess.txt"
cat "$work/postprocess.txt"
grep -q "^postprocess: WARNING: the selected rule's validation parity gap" "$work/postprocess.txt" ||
  fail "no warning for a rule less fair than its input model on validation"

# With --strict the same selection is not accepted: exit 3, nothing written.
set +e
"$tinyfair" postprocess --model "$work/model.json" --data "$work/fit.csv" --label two_year_recid \
  --validation "$work/validation.csv" --strict --out "$work/strict.json" 2> "$work/strict.txt"
status=$?
set -e
[ "$status" -eq 3 ] || fail "postprocess --strict: exit $status, expected 3"
[ ! -e "$work/strict.json" ] || fail "postprocess --strict wrote a model"
grep -q "^tinyfair: --strict: the selected rule's validation parity gap" "$work/strict.txt" ||
  fail "postprocess --strict: $(cat "$work/strict.txt")"

for m in model fair; do
  echo "== $m on the test part"
  "$tinyfair" evaluate --model "$work/$m.json" --data "$work/test.csv" --label two_year_recid |
    sed -n '3,6p'
done
