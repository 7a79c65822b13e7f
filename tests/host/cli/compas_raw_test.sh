#!/usr/bin/env bash
# COMPAS as published (../shared/datasets/compas/compas-scores-two-years.csv,
# which repeats two column names), label two_year_recid, sensitive race,
# through the demo and through the README's step-by-step commands:
#  1. the first demo run names every problem column at once and exits 2;
#  2. with the flags it names and --min-category-count, postprocess refuses
#     the small race groups by name; with --small-groups pooled the demo runs
#     to the emulated Cortex-M4F and the device decides exactly what the
#     host predicted (parity N of N);
#  3. split / train / postprocess / export / evaluate run on the raw file.
# usage: compas_raw_test.sh TINYFAIR DATA_DIR WORK_DIR SOURCE_DIR
# Skips (77) when the dataset is absent.
set -euo pipefail
tinyfair=$1 data=$2 work=$3 source=$4
raw=$data/compas-scores-two-years.csv
if [ ! -f "$raw" ]; then
  echo "SKIP: COMPAS not found in $data (see ../shared/datasets/README.md)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
raw=$(realpath "$raw")
demo=(bash "$source/host_tools/scripts/demo.sh" --tinyfair "$tinyfair" --data "$raw"
  --label two_year_recid --positive 1 --sensitive race)

# 1. One run, every problem: the repeated names read as pandas reads them,
# the column with no values and the identifier-like columns to leave out.
set +e
"${demo[@]}" --out-dir "$work/first" > "$work/first.txt" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] || fail "first demo run: exit $status, expected 2: $(cat "$work/first.txt")"
grep "^tinyfair: \|^  " "$work/first.txt" | sed "s|$raw|RAW|; s|$work/first/data/|PART/|" \
  > "$work/problems.txt"
cat > "$work/expected.txt" <<'TXT'
tinyfair: RAW:1:37: warning: duplicate column name 'decile_score', first in column 9; read as 'decile_score.1' (--ignore decile_score.1 leaves it out)
tinyfair: RAW:1:46: warning: duplicate column name 'priors_count', first in column 12; read as 'priors_count.1' (--ignore priors_count.1 leaves it out)
tinyfair: PART/train.csv:1:37: warning: duplicate column name 'decile_score', first in column 9; read as 'decile_score.1' (--ignore decile_score.1 leaves it out)
tinyfair: PART/train.csv:1:46: warning: duplicate column name 'priors_count', first in column 12; read as 'priors_count.1' (--ignore priors_count.1 leaves it out)
tinyfair: PART/train.csv: 2 column problems:
  PART/train.csv: numeric column 'violent_recid' has no values; --ignore violent_recid to leave it out
  PART/train.csv: the categorical columns have 24155 categories in all, more than the device's 256; column 'c_case_number' has 3598 (--ignore c_case_number if it is an identifier); to fit, leave out at least --ignore c_case_number,c_jail_in,c_jail_out,dob,r_case_number,out_custody,in_custody,r_offense_date,c_offense_date,r_jail_in,r_jail_out,compas_screening_date,screening_date,v_screening_date,vr_case_number,c_arrest_date,vr_offense_date,c_charge_desc,r_charge_desc
TXT
diff "$work/expected.txt" "$work/problems.txt" || fail "the first run's problems differ (above)"
[ ! -e "$work/first/logistic.json" ] || fail "the refused train wrote a model"

# The flags the run named, as a user copies them.
ignore=$(sed -n 's/.*; --ignore \([^ ]*\) to leave it out$/\1/p' "$work/first.txt" | paste -sd,)
ignore+=,$(sed -n 's/.*to fit, leave out at least --ignore \([^ ]*\)$/\1/p' "$work/first.txt")
echo "suggested: --ignore $ignore"

# 2. With them, and --min-category-count to decide the categories another
# part holds and training never saw, the demo reaches postprocess, which
# refuses the race groups too small to fit a rule on, naming each with its
# rows and the flags that handle it.
ignore_options=(--ignore "$ignore" --min-category-count 10)
set +e
"${demo[@]}" "${ignore_options[@]}" --out-dir "$work/small" > "$work/small.txt" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] || fail "demo without a small-group choice: exit $status, expected 2"
grep "^tinyfair: .*fewer rows than --min-group-size 93 to fit a rule on: .*'race=Asian' .*--small-groups pooled" \
  "$work/small.txt" || fail "no small-group refusal: $(tail -n 3 "$work/small.txt")"
# With the pooled rule for them, one run to the device.
"${demo[@]}" "${ignore_options[@]}" --small-groups pooled --out-dir "$work/demo" > "$work/demo.txt" 2>&1 ||
  fail "demo: $(tail -n 5 "$work/demo.txt")"
grep "fewer rows than --min-group-size\|decided as its category\|refused by the device" "$work/demo.txt" || true
parity=$(grep "^parity: " "$work/demo.txt") || fail "no parity line: $(tail -n 5 "$work/demo.txt")"
echo "$parity"
[[ "$parity" =~ ^parity:\ ([0-9]+)\ of\ ([0-9]+)\ decisions\ identical ]] &&
  [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] && [ "${BASH_REMATCH[2]}" -gt 1000 ] ||
  fail "the device and the host differ: $parity"
echo "demo flags: --ignore $ignore --min-category-count 10 --small-groups pooled"

# The demo passes --features on: a column the file lacks is refused, naming
# the columns it has.
set +e
"${demo[@]}" --features age,prior_count --out-dir "$work/features" > "$work/features.txt" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] || fail "demo --features age,prior_count: exit $status, expected 2"
grep -q "^tinyfair: $work/features/data/train.csv: --features names 'prior_count', which is not a column; the columns are: id, compas_screening_date, sex, " \
  "$work/features.txt" || fail "demo --features: $(tail -n 1 "$work/features.txt")"

# 3. The README's commands, step by step, on the raw file.
tf=$tinyfair
steps=$work/steps
label=(--label two_year_recid --positive 1)
"$tf" split --data "$raw" --parts train=0.5,fit=0.2,validation=0.1,test=0.2 \
  --stratify race,two_year_recid --seed 7 --out-dir "$steps" 2> "$work/split.txt"
cmp <(head -n 1 "$steps/train.csv") <(head -n 1 "$raw") || fail "split changed the header"
"$tf" train --data "$steps/train.csv" "${label[@]}" --sensitive race "${ignore_options[@]}" \
  --out "$steps/model.json" 2> "$work/train.txt"
"$tf" postprocess --model "$steps/model.json" --data "$steps/fit.csv" "${label[@]}" \
  --validation "$steps/validation.csv" --small-groups pooled --out "$steps/fair.json" \
  2> "$work/postprocess.txt"
"$tf" export --model "$steps/fair.json" --out "$steps/model.pb" 2> "$work/export.txt"
"$tf" evaluate --model "$steps/fair.json" --data "$steps/test.csv" "${label[@]}" \
  > "$work/evaluate.txt" 2> "$work/evaluate_notes.txt"
grep -q "^rows 1447, decided " "$work/evaluate.txt" || fail "evaluate: $(cat "$work/evaluate.txt")"
sed -n '1,4p' "$work/evaluate.txt"
# Or name the features instead: none of the problem columns is read.
features=sex,age,juv_fel_count,juv_misd_count,juv_other_count,priors_count,c_charge_degree
"$tf" train --data "$steps/train.csv" "${label[@]}" --sensitive race --features "$features" \
  --out "$steps/features.json" 2> "$work/train_features.txt"
[ "$(grep -o '"name": "[^"]*"' "$steps/features.json" | sed 's/"name": //' | tr -d '"' | paste -sd,)" = \
  "sex,age,race,juv_fel_count,juv_misd_count,juv_other_count,priors_count,c_charge_degree" ] ||
  fail "train --features: inputs $(grep -o '"name": "[^"]*"' "$steps/features.json" | paste -sd,)"
"$tf" evaluate --model "$steps/features.json" --data "$steps/test.csv" "${label[@]}" |
  sed -n '1,3p'

echo "compas raw: ok"
