#!/usr/bin/env bash
# COMPAS as published (../shared/datasets/compas), sensitive race (six groups,
# some of a few rows): one run names every problem column; with the named
# columns left out it trains; the randomized threshold optimizer selected on
# a validation part where it is less fair than the input model says so; groups
# below --min-group-size are refused, pooled or merged as chosen, in postprocess
# and sweep.
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
fit=(--model "$work/model.json" --data "$work/fit.csv" --label two_year_recid
  --validation "$work/validation.csv")

# By default the groups below --min-group-size (93 fitting rows) are refused,
# each named with its count: no rule is fitted from a handful of rows.
set +e
"$tinyfair" postprocess "${fit[@]}" --out "$work/refused_fair.json" 2> "$work/small.txt"
status=$?
set -e
cat "$work/small.txt"
[ "$status" -eq 2 ] || fail "postprocess with small groups: exit $status, expected 2"
[ ! -e "$work/refused_fair.json" ] || fail "a refused postprocess wrote a model"
grep -q "^tinyfair: $work/fit.csv: 3 groups have fewer rows than --min-group-size 93 to fit a rule on: 'race=Asian' [0-9]* rows\?, 'race=Native American' [0-9]* rows\?, 'race=Other' [0-9]* rows; give them the rule fitted on all rows (--small-groups pooled)" \
  "$work/small.txt" || fail "no refusal naming the small groups"

# Every group fitted on its own rows (--min-group-size 1, the behaviour
# before the minimum): the selected rule is less fair than the input model
# on validation, and the tool says so.
"$tinyfair" postprocess "${fit[@]}" --min-group-size 1 --out "$work/fair.json" 2> "$work/postprocess.txt"
cat "$work/postprocess.txt"
grep -q "^postprocess: WARNING: the selected rule's validation parity gap" "$work/postprocess.txt" ||
  fail "no warning for a rule less fair than its input model on validation"

# With --strict the same selection is not accepted: exit 3, nothing written.
set +e
"$tinyfair" postprocess "${fit[@]}" --min-group-size 1 --strict --out "$work/strict.json" \
  2> "$work/strict.txt"
status=$?
set -e
[ "$status" -eq 3 ] || fail "postprocess --strict: exit $status, expected 3"
[ ! -e "$work/strict.json" ] || fail "postprocess --strict wrote a model"
grep -q "^tinyfair: --strict: the selected rule's validation parity gap" "$work/strict.txt" ||
  fail "postprocess --strict: $(cat "$work/strict.txt")"

# Pooled: the small groups get the rule fitted on all rows.
"$tinyfair" postprocess "${fit[@]}" --small-groups pooled --out "$work/pooled.json" \
  2> "$work/pooled.txt"
cat "$work/pooled.txt"
grep -q "^postprocess: small groups: 'race=Asian' [0-9]* rows\?, 'race=Native American' [0-9]* rows\?, 'race=Other' [0-9]* rows: fewer rows than --min-group-size 93, given the pooled rule fitted on all [0-9]* rows$" \
  "$work/pooled.txt" || fail "pooled: the groups and rows are not named"

# Merged: Asian and Native American into Other still leave Other below the
# minimum and are refused; all three into Hispanic share its rule.
set +e
"$tinyfair" postprocess "${fit[@]}" --small-groups merge \
  --merge-groups 'race=Asian,race=Native American:race=Other' --out "$work/merged.json" \
  2> "$work/merge_small.txt"
status=$?
set -e
[ "$status" -eq 2 ] || fail "a merge below the minimum: exit $status, expected 2"
grep -q "^tinyfair: $work/fit.csv: with --merge-groups, fewer rows than --min-group-size 93 remain to fit a rule on: 'race=Other' [0-9]* rows" \
  "$work/merge_small.txt" || fail "merge below the minimum: $(cat "$work/merge_small.txt")"
"$tinyfair" postprocess "${fit[@]}" --small-groups merge \
  --merge-groups 'race=Asian,race=Native American,race=Other:race=Hispanic' \
  --out "$work/merged.json" 2> "$work/merged.txt"
cat "$work/merged.txt"
grep -q "^postprocess: small groups: 'race=Asian' [0-9]* rows\?, 'race=Native American' [0-9]* rows\?, 'race=Other' [0-9]* rows merged into 'race=Hispanic': its rule is fitted on [0-9]* rows$" \
  "$work/merged.txt" || fail "merged: the groups and rows are not named"
python3 - "$work/model.json" "$work/merged.json" <<'PY'
import json, sys
model, merged = (json.load(open(p)) for p in sys.argv[1:3])
names = model["groups"]["group_names"]
assert merged["groups"]["group_names"] == names, "the merged model's group table changed"
t = dict(zip(names, merged["ramp"]["threshold"]))
shared = {t[g] for g in ("race=Asian", "race=Native American", "race=Other", "race=Hispanic")}
assert len(shared) == 1, f"merged groups do not share Hispanic's rule: {t}"
PY

# The sweep pools the same way; its selection is less fair than the input
# model on validation: a warning, and with --strict exit 3 and no folder.
test_part=(--test "$work/test.csv")
"$tinyfair" sweep "${fit[@]}" "${test_part[@]}" --small-groups pooled --no-plots \
  --out-dir "$work/sweep" > "$work/sweep.txt" 2> "$work/sweep.err"
cat "$work/sweep.err"
grep -q "^input model .* <- baseline$" "$work/sweep.txt" || fail "no baseline row in the sweep"
grep -q "^sweep: small groups: 'race=Asian'" "$work/sweep.err" || fail "sweep: no small-group line"
grep -q "^sweep: WARNING: the selected rule's validation parity gap" "$work/sweep.err" ||
  fail "sweep: no warning"
set +e
"$tinyfair" sweep "${fit[@]}" "${test_part[@]}" --small-groups pooled --strict --no-plots \
  --out-dir "$work/sweep_strict" > /dev/null 2> "$work/sweep_strict.txt"
status=$?
set -e
[ "$status" -eq 3 ] || fail "sweep --strict: exit $status, expected 3"
[ ! -e "$work/sweep_strict" ] || fail "sweep --strict wrote $(ls "$work/sweep_strict")"

# Each choice on the test part, next to the input model: the DP gap with its
# 95 % interval (the six groups include two of a few test rows).
for m in model fair pooled merged; do
  "$tinyfair" evaluate --model "$work/$m.json" --data "$work/test.csv" --label two_year_recid \
    --json 2> /dev/null > "$work/$m.eval.json"
  python3 - "$m" "$work/$m.eval.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[2]))
lo, hi = r["dp_gap_ci"]
print(f"== {sys.argv[1]:6} on the test part: accuracy {r['accuracy']:.4f}, DP gap {r['dp_gap']:.4f} "
      f"[{lo:.4f}, {hi:.4f}] ({' - '.join(r['dp_gap_groups'])})")
PY
done
