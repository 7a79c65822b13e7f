#!/usr/bin/env bash
# One case of the bad-data catalogue: runs the real tinyfair on
# bad_data/<case>.csv and checks the exit status, the whole of stderr, and
# that a refused run leaves out/ empty (no output, no temporary file). Files
# are passed as relative paths: a message names a file as it was given.
# usage: bad_data_test.sh CASE TINYFAIR SOURCE_DIR WORK_DIR
set -uo pipefail
case=$1 tinyfair=$2 source=$3 work=$4
rm -rf "$work" && mkdir -p "$work/bad_data" "$work/model" && cp "$source"/*.csv "$work/bad_data/" &&
  cd "$work" || exit 1

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs tinyfair in a fresh, empty out/; its output goes to ./stdout, ./stderr.
run() {
  rm -rf out && mkdir out
  "$tinyfair" "$@" > stdout 2> stderr
  status=$?
}

# refuses STATUS STDERR ARGS...: exit status STATUS, exactly STDERR on
# stderr, and nothing in out/.
refuses() {
  local expected_status=$1 expected_stderr=$2
  shift 2
  run "$@"
  [ "$status" -eq "$expected_status" ] || fail "exit $status, expected $expected_status: tinyfair $*"
  [ "$(cat stderr)" = "$expected_stderr" ] ||
    fail "tinyfair $*"$'\n'"  stderr:   $(cat stderr)"$'\n'"  expected: $expected_stderr"
  [ -z "$(ls -A out)" ] || fail "tinyfair $* left output: $(ls -A out)"
}

# accepts ARGS...: exit status 0.
accepts() {
  run "$@"
  [ "$status" -eq 0 ] || fail "exit $status, expected 0: tinyfair $*"$'\n'"$(cat stderr)"
}

# has_line FILE LINE: the last run's FILE (stdout or stderr) holds LINE.
has_line() { grep -Fxq -- "$2" "$1" || fail "no line '$2' in $1:"$'\n'"$(cat "$1")"; }

labels=(--label approved --positive yes)

# train_model OUT [OPTIONS...]: a model of the good bad_data/train.csv.
train_model() {
  local out=$1
  shift
  "$tinyfair" train --data bad_data/train.csv "${labels[@]}" --sensitive sex "$@" --out "$out" \
    2> /dev/null || { echo "FAIL: cannot train on bad_data/train.csv"; exit 1; }
}

# Two models are the same but for the provenance, which names the data file.
same_model() {
  diff <(grep -v '"provenance"' "$1") <(grep -v '"provenance"' "$2") > /dev/null ||
    fail "$1 and $2 differ"
}

small_fix="give them the rule fitted on all rows (--small-groups pooled), merge them into a named group (--small-groups merge --merge-groups 'GROUP,GROUP:TARGET'), or lower --min-group-size"
known="which knows 'Gov', 'Private', 'Self-emp'"
groups="which knows 'F', 'M', 'Other' (train with --unknown-group fallback:NAME to decide unknown groups as group NAME)"
device_refuses="(the device refuses rows with a missing value: non_finite_input)"
unlisted_refused="refused by the device (unknown_category); train with --min-category-count N to decide such values as the rare ones"

case_missing_values() {
  # Training imputes a missing number (empty, NA, NaN) with the mean, and says so.
  accepts train --data bad_data/missing_values.csv "${labels[@]}" --sensitive sex --out out/model.json
  has_line stderr "train: column 'age': 1 missing value imputed with the mean 38.5714 $device_refuses"
  has_line stderr "train: column 'hours': 2 missing values imputed with the mean 39.6667 $device_refuses"
  [ -s out/model.json ] || fail "train wrote no model"
  # Deciding, the device refuses each such row; evaluate and simulate count them.
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/missing_values.csv "${labels[@]}"
  has_line stdout "rows 8, decided 5"
  has_line stdout "refused (non_finite_input): 3"
  local summary="bad_data/missing_values.csv: 3 of 8 rows refused by the model (non_finite_input: 3; lines 3, 5, 7)"
  has_line stderr "evaluate: $summary"
  accepts simulate --model model/model.json --data bad_data/missing_values.csv --out out/decisions.csv
  has_line stderr "simulate: $summary"
  # Status 0b is non_finite_input: one record per row, refused ones included.
  [ "$(cut -d, -f2 out/decisions.csv | tail -n +2 | tr '\n' ' ')" = "00 0b 00 0b 00 0b 00 00 " ] ||
    fail "decision statuses: $(cut -d, -f2 out/decisions.csv | tr '\n' ' ')"
}

case_question_marks() {
  # '?' in a categorical column is a category; in a numeric one, a missing value.
  accepts train --data bad_data/question_marks.csv "${labels[@]}" --sensitive sex --out out/model.json
  has_line stderr "train: column 'hours': 1 missing value imputed with the mean 44.2857 $device_refuses"
  python3 - out/model.json <<'PY' || fail "workclass categories"
import json, sys
inputs = {i["name"]: i for i in json.load(open(sys.argv[1]))["inputs"]}
sys.exit(inputs["workclass"]["categories"] != ["?", "Gov", "Private", "Self-emp"])
PY
  cp out/model.json model/question_marks.json
  accepts evaluate --model model/question_marks.json --data bad_data/question_marks.csv "${labels[@]}"
  has_line stdout "rows 8, decided 7"
  has_line stderr "evaluate: bad_data/question_marks.csv: 1 of 8 rows refused by the model (non_finite_input: 1; line 5)"
  # A model that never saw '?' treats it like any value it does not list.
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/question_marks.csv "${labels[@]}"
  has_line stderr "evaluate: bad_data/question_marks.csv: column 'workclass': 2 rows hold a value the model does not list ('?' 2; lines 3, 6), $unlisted_refused"
  has_line stdout "rows 8, decided 5"
  has_line stdout "refused (unknown_category): 2"
}

case_unknown_category() {
  # One value the model does not list stops nothing: the device refuses
  # that row (unknown_category), and the run names and counts it.
  train_model model/model.json
  local where="bad_data/unknown_category.csv: column 'workclass': 1 row holds a value the model does not list ('Never-worked' 1; line 3)"
  accepts evaluate --model model/model.json --data bad_data/unknown_category.csv "${labels[@]}"
  has_line stderr "evaluate: $where, $unlisted_refused"
  has_line stderr "evaluate: bad_data/unknown_category.csv: 1 of 3 rows refused by the model (unknown_category: 1; line 3)"
  has_line stdout "rows 3, decided 2"
  has_line stdout "refused (unknown_category): 1"
  accepts simulate --model model/model.json --data bad_data/unknown_category.csv --out out/decisions.csv
  has_line stderr "simulate: $where, $unlisted_refused"
  # Status 0d is unknown_category: one record per row, the refused one included.
  [ "$(cut -d, -f2 out/decisions.csv | tail -n +2 | tr '\n' ' ')" = "00 0d 00 " ] ||
    fail "decision statuses: $(cut -d, -f2 out/decisions.csv | tr '\n' ' ')"
  # Trained with --min-category-count, the model folds the rare values of
  # workclass (Gov, 3 rows) into '(other)' and decides a value it never saw
  # as that category: as the device decides a row of Gov.
  accepts train --data bad_data/train.csv "${labels[@]}" --sensitive sex --min-category-count 4 \
    --out out/other.json
  has_line stderr "train: column 'workclass': 1 value of fewer than 4 rows (3 rows) folded into '(other)'"
  cp out/other.json model/other.json
  accepts evaluate --model model/other.json --data bad_data/unknown_category.csv "${labels[@]}"
  has_line stderr "evaluate: bad_data/unknown_category.csv: column 'workclass': 2 rows hold a value the model does not list ('Gov' 1, 'Never-worked' 1; lines 3, 4), decided as its category '(other)'"
  has_line stdout "rows 3, decided 3"
  accepts simulate --model model/other.json --data bad_data/unknown_category.csv --out out/unseen.csv
  sed 's/Never-worked/Gov/' bad_data/unknown_category.csv > gov.csv
  "$tinyfair" simulate --model model/other.json --data gov.csv --out out/gov.csv 2> /dev/null
  cmp -s out/unseen.csv out/gov.csv || fail "an unseen value decides unlike the folded ones"
  # The name of the other category cannot be a value of the column.
  sed 's/^F,34,40,Private/F,34,40,(other)/' bad_data/train.csv > other_value.csv
  refuses 2 "tinyfair: other_value.csv:2:4: column 'workclass' holds the value '(other)', the name --min-category-count gives the category of rare values" \
    train --data other_value.csv "${labels[@]}" --sensitive sex --min-category-count 4 --out out/model.json
}

case_unknown_group() {
  train_model model/model.json
  local message="tinyfair: bad_data/unknown_group.csv:4:1: column 'sex': group 'X' is not in the model, $groups"
  refuses 2 "$message" evaluate --model model/model.json --data bad_data/unknown_group.csv "${labels[@]}"
  refuses 2 "$message" simulate --model model/model.json --data bad_data/unknown_group.csv --out out/decisions.csv
  # A model with a fallback group decides it as that group, as the device does.
  train_model model/fallback.json --unknown-group fallback:sex=Other
  accepts evaluate --model model/fallback.json --data bad_data/unknown_group.csv "${labels[@]}"
  has_line stdout "rows 3, decided 3"
}

case_group_absent() {
  # The model knows sex=Other from training; the fitting data has none.
  train_model model/model.json
  local message="tinyfair: bad_data/group_absent.csv: group 'sex=Other' has no example in the fitting data; every group of the model needs examples to fit its rule"
  for method in rto hardt-dp hardt-eo shift; do
    refuses 2 "$message" postprocess --model model/model.json --data bad_data/group_absent.csv "${labels[@]}" \
      --method "$method" --out out/fair.json
  done
  # Evaluating is fine: the group has no row.
  accepts evaluate --model model/model.json --data bad_data/group_absent.csv "${labels[@]}"
  has_line stdout "rows 6, decided 6"
}

case_one_label_group() {
  # Every sex=F row is negative: Hardt et al. and shift inference need both labels.
  train_model model/model.json
  for method in hardt-dp hardt-eo shift; do
    refuses 2 "tinyfair: bad_data/one_label_group.csv: group 'sex=F' has 3 examples in the fitting data, all negative; $method needs both labels in every group" \
      postprocess --model model/model.json --data bad_data/one_label_group.csv "${labels[@]}" \
      --method "$method" --out out/fair.json
  done
  # The randomized threshold optimizer does not use the labels per group;
  # groups of 2 and 3 rows are below the default --min-group-size.
  refuses 2 "tinyfair: bad_data/one_label_group.csv: 3 groups have fewer rows than --min-group-size 93 to fit a rule on: 'sex=F' 3 rows, 'sex=M' 3 rows, 'sex=Other' 2 rows; $small_fix" \
    postprocess --model model/model.json --data bad_data/one_label_group.csv "${labels[@]}" \
    --method rto --out out/fair.json
  accepts postprocess --model model/model.json --data bad_data/one_label_group.csv "${labels[@]}" \
    --method rto --min-group-size 1 --out out/fair.json
  [ -s out/fair.json ] || fail "postprocess rto wrote no model"
}

# The ramp thresholds of a postprocessed model, one line per group.
ramp_thresholds() {
  python3 -c 'import json, sys; print("\n".join(map(str, json.load(open(sys.argv[1]))["ramp"]["threshold"])))' "$1"
}

case_small_groups() {
  # sex=Other has 2 of the 14 fitting rows: a rule fitted on them is noise.
  train_model model/model.json
  local fit=(--model model/model.json --data bad_data/small_groups.csv "${labels[@]}")
  local sweep=(sweep "${fit[@]}" --validation bad_data/small_groups.csv --test bad_data/small_groups.csv
    --no-plots --out-dir out/sweep)
  local small="tinyfair: bad_data/small_groups.csv: 1 group has fewer rows than --min-group-size 5 to fit a rule on: 'sex=Other' 2 rows; $small_fix"
  # By default (93 rows) every group here is small.
  refuses 2 "tinyfair: bad_data/small_groups.csv: 3 groups have fewer rows than --min-group-size 93 to fit a rule on: 'sex=F' 6 rows, 'sex=M' 6 rows, 'sex=Other' 2 rows; $small_fix" \
    postprocess "${fit[@]}" --out out/fair.json
  for method in rto hardt-dp hardt-eo roc shift; do
    refuses 2 "$small" postprocess "${fit[@]}" --method "$method" --min-group-size 5 --out out/fair.json
  done
  refuses 2 "$small" "${sweep[@]}" --min-group-size 5
  [ ! -e out/sweep ] || fail "a refused sweep made its folder"

  # Pooled: the group gets the rule fitted on all 14 rows.
  local pooled="'sex=Other' 2 rows: fewer rows than --min-group-size 5, given the pooled rule fitted on all 14 rows"
  for method in rto hardt-dp hardt-eo shift; do
    accepts postprocess "${fit[@]}" --method "$method" --min-group-size 5 --small-groups pooled \
      --out out/fair.json
    has_line stderr "postprocess: small groups: $pooled"
    [ -s out/fair.json ] || fail "postprocess $method --small-groups pooled wrote no model"
  done
  accepts "${sweep[@]}" --min-group-size 5 --small-groups pooled
  has_line stderr "sweep: small groups: $pooled"
  [ -s out/sweep/selected.json ] || fail "sweep --small-groups pooled wrote no model"

  # Merged: sex=Other shares sex=M's rule (the model keeps its three groups).
  local merged="'sex=Other' 2 rows merged into 'sex=M': its rule is fitted on 8 rows"
  accepts postprocess "${fit[@]}" --method rto --min-group-size 5 --small-groups merge \
    --merge-groups 'sex=Other:sex=M' --out out/fair.json
  has_line stderr "postprocess: small groups: $merged"
  local thresholds
  thresholds=$(ramp_thresholds out/fair.json)
  [ "$(echo "$thresholds" | wc -l)" -eq 3 ] || fail "merged model: thresholds $thresholds"
  [ "$(echo "$thresholds" | sed -n 2p)" = "$(echo "$thresholds" | sed -n 3p)" ] ||
    fail "sex=Other does not share sex=M's threshold: $thresholds"
  accepts "${sweep[@]}" --min-group-size 5 --small-groups merge --merge-groups 'sex=Other:sex=M'
  has_line stderr "sweep: small groups: $merged"

  # No fit of the grid meets --max-validation-gap 0: the fairest is selected
  # with a warning, and a --strict sweep writes nothing (exit 3).
  local beyond="the selected rule's validation parity gap 0.2615 exceeds --max-validation-gap 0.0000: no fit of the grid meets it, the fairest was selected"
  accepts postprocess "${fit[@]}" --validation bad_data/small_groups.csv --min-group-size 5 \
    --small-groups pooled --max-validation-gap 0 --out out/fair.json
  has_line stderr "postprocess: WARNING: $beyond"
  refuses 3 "sweep: small groups: $pooled"$'\n'"sweep: baseline, the input model on bad_data/small_groups.csv: accuracy 0.5714, parity gap 0.8333"$'\n'"tinyfair: --strict: $beyond; nothing written" \
    "${sweep[@]}" --min-group-size 5 --small-groups pooled --max-validation-gap 0 --strict

  # A merge that leaves a group small, a merge without --small-groups merge,
  # and a method whose groups cannot be merged are refused.
  refuses 2 "tinyfair: bad_data/small_groups.csv: with --merge-groups, fewer rows than --min-group-size 7 remain to fit a rule on: 'sex=F' 6 rows (merged groups counted with their target); merge into a larger group, or lower --min-group-size" \
    postprocess "${fit[@]}" --min-group-size 7 --small-groups merge --merge-groups 'sex=Other:sex=M' \
    --out out/fair.json
  refuses 2 "tinyfair: --small-groups merge and --merge-groups go together" \
    postprocess "${fit[@]}" --min-group-size 5 --merge-groups 'sex=Other:sex=M' --out out/fair.json
  refuses 2 "tinyfair: --merge-groups: no group called 'sex=X' (the groups: 'sex=F', 'sex=M', 'sex=Other')" \
    postprocess "${fit[@]}" --small-groups merge --merge-groups 'sex=X:sex=M' --out out/fair.json
  refuses 2 "tinyfair: --small-groups pooled does not combine with --covariance, --strata or --method roc (they fit on cells of a binary attribute); there, lower --min-group-size or merge the categories in the data" \
    postprocess "${fit[@]}" --method roc --min-group-size 5 --small-groups pooled --out out/fair.json
}

case_single_row() {
  refuses 2 "tinyfair: bad_data/single_row.csv: column 'approved' has no negative label in its 1 row; training needs rows of both labels (positive: 'yes')" \
    train --data bad_data/single_row.csv "${labels[@]}" --sensitive sex --out out/model.json
  refuses 2 "tinyfair: bad_data/single_row.csv: part 'train' would be empty (1 data row for 3 parts); split needs at least one row per part" \
    split --data bad_data/single_row.csv --out-dir out/split
  # One row is enough to decide.
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/single_row.csv "${labels[@]}"
  has_line stdout "rows 1, decided 1"
}

case_dotted_labels() {
  # adult.test writes its labels ">50K." and "<=50K.": a --positive that matches
  # no row is refused with the values found, not read as "every row negative".
  local refusal="tinyfair: bad_data/dotted_labels.csv: no row of label column 'approved' holds the positive value 'yes' (it holds 'no.' 6 rows, 'yes.' 6 rows); did you mean --positive 'yes.'?"
  train_model model/model.json
  refuses 2 "$refusal" evaluate --model model/model.json --data bad_data/dotted_labels.csv "${labels[@]}"
  refuses 2 "$refusal" train --data bad_data/dotted_labels.csv "${labels[@]}" --sensitive sex \
    --out out/model.json
  refuses 2 "$refusal" postprocess --model model/model.json --data bad_data/dotted_labels.csv \
    "${labels[@]}" --method rto --out out/fair.json
  accepts evaluate --model model/model.json --data bad_data/dotted_labels.csv --label approved \
    --positive yes.
  has_line stdout "rows 12, decided 12"
}

case_label_classes() {
  # With --positive yes, "maybe" and "Yes" count as negative: train says so.
  accepts train --data bad_data/label_classes.csv "${labels[@]}" --sensitive sex --out out/model.json
  has_line stderr "train: label column 'approved' holds 3 values besides the positive ones, all counted as negative: 'no' 4 rows, 'Yes' 1 row, 'maybe' 1 row (name every positive value with --positive)"
  [ -s out/model.json ] || fail "train wrote no model"
  # ... and so does evaluate, for the file it counts.
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/label_classes.csv "${labels[@]}"
  has_line stderr "evaluate: label column 'approved' holds 3 values besides the positive ones, all counted as negative: 'no' 4 rows, 'Yes' 1 row, 'maybe' 1 row (name every positive value with --positive)"
  # Two label values: nothing to say.
  accepts train --data bad_data/train.csv "${labels[@]}" --sensitive sex --out out/model.json
  if grep -q "label column" stderr; then fail "train warned about two label values: $(cat stderr)"; fi
  accepts evaluate --model model/model.json --data bad_data/train.csv "${labels[@]}"
  if grep -q "label column" stderr; then fail "evaluate warned about two label values: $(cat stderr)"; fi
}

case_stratified_split() {
  # Each sex is split in the parts' proportions (F 5 rows: 2 + 3, M 4: 2 + 2,
  # Other 3: 1 + 2); a stratum too small for every part is named.
  accepts split --data bad_data/train.csv --parts a=0.5,b=0.5 --stratify sex --out-dir out/split
  has_line stderr "split: wrote out/split/a.csv (5 rows)"
  has_line stderr "split: wrote out/split/b.csv (7 rows)"
  [ "$(cut -d, -f1 out/split/a.csv | tail -n +2 | sort | uniq -c | tr -s ' ' | tr '\n' ';')" = \
    " 2 F; 2 M; 1 Other;" ] || fail "part a by sex: $(cut -d, -f1 out/split/a.csv | tr '\n' ' ')"
  accepts split --data bad_data/train.csv --parts a=0.5,b=0.5 --stratify sex,approved \
    --out-dir out/split
  has_line stderr "split: stratum 'sex=Other, approved=yes' has 1 row, too few to be in every part"
  refuses 2 "tinyfair: bad_data/train.csv: no column named 'race'; the columns are: sex, age, hours, workclass, approved" \
    split --data bad_data/train.csv --stratify race --out-dir out/split
}

# refuses_everywhere MESSAGE FILE: train, evaluate and split refuse FILE alike.
refuses_everywhere() {
  train_model model/model.json
  refuses 2 "$1" train --data "$2" "${labels[@]}" --sensitive sex --out out/model.json
  refuses 2 "$1" evaluate --model model/model.json --data "$2" "${labels[@]}"
  refuses 2 "$1" simulate --model model/model.json --data "$2" --out out/decisions.csv
  refuses 2 "$1" split --data "$2" --out-dir out/split
}

case_empty() {
  refuses_everywhere "tinyfair: bad_data/empty.csv: empty file: no header" bad_data/empty.csv
}

case_header_only() {
  refuses_everywhere "tinyfair: bad_data/header_only.csv: no data rows" bad_data/header_only.csv
}

case_ragged_row() {
  refuses_everywhere "tinyfair: bad_data/ragged_row.csv:3: expected 5 fields, found 4" bad_data/ragged_row.csv
}

case_wrong_columns() {
  local columns="the columns are: sexx, age, hours, workclass, approved"
  train_model model/model.json
  refuses 2 "tinyfair: bad_data/wrong_columns.csv: no column named 'sex'; $columns" \
    train --data bad_data/wrong_columns.csv "${labels[@]}" --sensitive sex --out out/model.json
  refuses 2 "tinyfair: bad_data/wrong_columns.csv: no column named 'sex'; $columns" \
    evaluate --model model/model.json --data bad_data/wrong_columns.csv "${labels[@]}"
  refuses 2 "tinyfair: bad_data/wrong_columns.csv: no column named 'approve'; $columns" \
    train --data bad_data/wrong_columns.csv --label approve --positive yes --sensitive sexx --out out/model.json
}

case_non_numeric() {
  # Mostly numbers with a word among them is a data error, not a categorical column.
  refuses 2 "tinyfair: bad_data/non_numeric.csv:4:2: column 'age': not a number: 'forty'; most of the column is numeric (pass --categorical age if it is categorical)" \
    train --data bad_data/non_numeric.csv "${labels[@]}" --sensitive sex --out out/model.json
  train_model model/model.json
  refuses 2 "tinyfair: bad_data/non_numeric.csv:4:2: column 'age': not a number: 'forty'" \
    evaluate --model model/model.json --data bad_data/non_numeric.csv "${labels[@]}"
  # Said to be categorical, it is.
  accepts train --data bad_data/non_numeric.csv "${labels[@]}" --sensitive sex --categorical age \
    --out out/model.json
  [ -s out/model.json ] || fail "train --categorical age wrote no model"
}

case_nan_inf() {
  # Infinity is refused; NaN, in the spellings of the missing markers (NaN,
  # nan, -nan), is a missing value.
  local message="tinyfair: bad_data/nan_inf.csv:3:3: column 'hours': not a finite number: 'inf'; leave the cell empty if the value is missing"
  refuses 2 "$message" train --data bad_data/nan_inf.csv "${labels[@]}" --sensitive sex --out out/model.json
  train_model model/model.json
  refuses 2 "$message" evaluate --model model/model.json --data bad_data/nan_inf.csv "${labels[@]}"
  refuses 2 "$message" simulate --model model/model.json --data bad_data/nan_inf.csv --out out/decisions.csv
  # Without the 'inf' line, the 'nan' on line 5 (now 4) is missing.
  sed 3d bad_data/nan_inf.csv > bad_data/nan_only.csv
  accepts train --data bad_data/nan_only.csv "${labels[@]}" --sensitive sex --out out/model.json
  has_line stderr "train: column 'hours': 1 missing value imputed with the mean 39 $device_refuses"
  accepts evaluate --model model/model.json --data bad_data/nan_only.csv "${labels[@]}"
  has_line stderr "evaluate: bad_data/nan_only.csv: 1 of 3 rows refused by the model (non_finite_input: 1; line 4)"
}

case_crlf() {
  [ "$(grep -c $'\r$' bad_data/crlf.csv)" = 7 ] || fail "bad_data/crlf.csv has lost its CRLF line ends"
  tr -d '\r' < bad_data/crlf.csv > bad_data/lf.csv
  accepts train --data bad_data/crlf.csv "${labels[@]}" --sensitive sex --out out/model.json
  cp out/model.json model/crlf.json
  accepts train --data bad_data/lf.csv "${labels[@]}" --sensitive sex --out out/model.json
  same_model model/crlf.json out/model.json
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/crlf.csv "${labels[@]}"
  has_line stdout "rows 6, decided 6"
}

case_latin1() {
  # "Öther" in Latin-1 is the byte 0xD6: refused where it stands, not read as "her".
  refuses_everywhere "tinyfair: bad_data/latin1.csv:4: 0xD6 at byte 1 of the line is not UTF-8; if the file is Latin-1, convert it (iconv -f LATIN1 -t UTF-8)" bad_data/latin1.csv
  iconv -f LATIN1 -t UTF-8 bad_data/latin1.csv > bad_data/latin1_converted.csv
  accepts split --data bad_data/latin1_converted.csv --parts a=0.5,b=0.5 --out-dir out/split
  grep -q "^Öther,29,38,Gov,no$" out/split/*.csv || fail "the converted file lost 'Öther'"
}

case_utf16() {
  [ "$(head -c 2 bad_data/utf16.csv | od -An -tx1 | tr -d ' ')" = fffe ] ||
    fail "bad_data/utf16.csv has lost its byte order mark"
  refuses_everywhere "tinyfair: bad_data/utf16.csv:1: the file starts with a UTF-16 byte order mark; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)" bad_data/utf16.csv
  # Without its byte order mark: the first NUL byte.
  tail -c +3 bad_data/utf16.csv > bad_data/utf16_no_bom.csv
  refuses_everywhere "tinyfair: bad_data/utf16_no_bom.csv:1: a NUL byte at byte 2 of the line; text holds none (a UTF-16 file has one in every other byte: iconv -f UTF-16 -t UTF-8 converts it)" bad_data/utf16_no_bom.csv
}

case_column_problems() {
  # A word in a numeric column and a column with no values: one run names both.
  refuses 2 "tinyfair: bad_data/column_problems.csv: 2 column problems:
  bad_data/column_problems.csv:5:3: column 'hours': not a number: 'twenty'; most of the column is numeric (pass --categorical hours if it is categorical)
  bad_data/column_problems.csv: numeric column 'score' has no values; --ignore score to leave it out" \
    train --data bad_data/column_problems.csv "${labels[@]}" --sensitive sex --out out/model.json
  accepts train --data bad_data/column_problems.csv "${labels[@]}" --sensitive sex \
    --ignore hours,score --out out/model.json
}

case_duplicate_header() {
  # A repeated name is read as pandas reads it ("hours.1", or the next free
  # suffix when the header holds that name itself), with a warning; the
  # renamed column then goes through the column report like any other.
  local renamed="tinyfair: bad_data/duplicate_header.csv:1:5: warning: duplicate column name 'hours', first in column 3; read as 'hours.2' (--ignore hours.2 leaves it out)"
  refuses 2 "$renamed
tinyfair: bad_data/duplicate_header.csv: numeric column 'hours.2' has no values; --ignore hours.2 to leave it out" \
    train --data bad_data/duplicate_header.csv "${labels[@]}" --sensitive sex --out out/model.json
  accepts train --data bad_data/duplicate_header.csv "${labels[@]}" --sensitive sex \
    --ignore hours.2 --out out/model.json
  [ "$(grep -c warning stderr)" = 1 ] || fail "not one warning: $(cat stderr)"
  has_line stderr "$renamed"
  grep -q '"name": "hours.1"' out/model.json || fail "the file's own 'hours.1' is not an input"
  if grep -q '"name": "hours.2"' out/model.json; then fail "--ignore hours.2 kept it"; fi
  # split warns the same way and writes the header as the file has it.
  accepts split --data bad_data/duplicate_header.csv --parts a=0.5,b=0.5 --out-dir out/split
  has_line stderr "$renamed"
  [ "$(head -n 1 out/split/a.csv)" = "$(head -n 1 bad_data/duplicate_header.csv)" ] ||
    fail "split rewrote the header: $(head -n 1 out/split/a.csv)"
}

case_unnamed_column() {
  # pandas' index column has an empty name: read as "Unnamed: 0", with the
  # --ignore that leaves it out, quoted for the shell.
  local renamed="tinyfair: bad_data/unnamed_column.csv:1:1: warning: empty column name; read as 'Unnamed: 0' (--ignore 'Unnamed: 0' leaves it out)"
  accepts train --data bad_data/unnamed_column.csv "${labels[@]}" --sensitive sex --out out/model.json
  [ "$(grep -c warning stderr)" = 1 ] || fail "not one warning: $(cat stderr)"
  has_line stderr "$renamed"
  grep -q '"name": "Unnamed: 0"' out/model.json || fail "the index column is not an input"
  accepts train --data bad_data/unnamed_column.csv "${labels[@]}" --sensitive sex \
    --ignore 'Unnamed: 0' --out out/model.json
  has_line stderr "$renamed"
  if grep -q '"name": "Unnamed: 0"' out/model.json; then fail "--ignore 'Unnamed: 0' kept it"; fi
  # A model that uses it reads it by the same name in another file.
  accepts train --data bad_data/unnamed_column.csv "${labels[@]}" --sensitive sex --out model/indexed.json
  accepts evaluate --model model/indexed.json --data bad_data/unnamed_column.csv "${labels[@]}"
  has_line stdout "rows 6, decided 6"
  refuses 2 "tinyfair: bad_data/train.csv: no column named 'Unnamed: 0'; the columns are: sex, age, hours, workclass, approved" \
    evaluate --model model/indexed.json --data bad_data/train.csv "${labels[@]}"
}

case_features() {
  # --features names the only inputs; the label and the sensitive column stay.
  accepts train --data bad_data/train.csv "${labels[@]}" --sensitive sex --features age,workclass \
    --out out/model.json
  [ "$(grep -o '"name": "[^"]*"' out/model.json | tr '\n' ' ')" = \
    '"name": "sex" "name": "age" "name": "workclass" ' ] ||
    fail "inputs: $(grep -o '"name": "[^"]*"' out/model.json | tr '\n' ' ')"
  # The same model as leaving the other column out.
  cp out/model.json model/features.json
  accepts train --data bad_data/train.csv "${labels[@]}" --sensitive sex --ignore hours \
    --out out/model.json
  same_model model/features.json out/model.json
  refuses 2 "tinyfair: bad_data/train.csv: --features names 'hour', which is not a column; the columns are: sex, age, hours, workclass, approved" \
    train --data bad_data/train.csv "${labels[@]}" --sensitive sex --features age,hour --out out/model.json
  refuses 2 "tinyfair: --features and --ignore both name column 'age'; name it in one of them" \
    train --data bad_data/train.csv "${labels[@]}" --sensitive sex --features age,hours --ignore age \
    --out out/model.json
}

case_quoted_fields() {
  # split copies each row byte for byte: quoted padding (" Private"), a
  # comma and a doubled quote in quotes, a line break in quotes, unquoted
  # padding and CRLF line ends; the last line, which has no line end, gets
  # the file's.
  accepts split --data bad_data/quoted_fields.csv --parts a=0.5,b=0.5 --seed 3 --out-dir out/split
  for part in a b; do
    cmp <(head -n 1 out/split/$part.csv) <(head -n 1 bad_data/quoted_fields.csv) ||
      fail "part $part: the header changed"
  done
  cmp <({ cat bad_data/quoted_fields.csv; printf '\r\n'; } | tail -n +2 | LC_ALL=C sort) \
    <(for part in a b; do tail -n +2 out/split/$part.csv; done | LC_ALL=C sort) ||
    fail "the parts' rows differ from the file's:"$'\n'"$(cat -A out/split/a.csv out/split/b.csv)"
  # The parts read as the file does: a model of the file decides every row.
  { cat out/split/a.csv; tail -n +2 out/split/b.csv; } > bad_data/rejoined.csv
  accepts train --data bad_data/quoted_fields.csv "${labels[@]}" --sensitive sex --ignore note \
    --out model/whole.json
  accepts evaluate --model model/whole.json --data bad_data/rejoined.csv "${labels[@]}"
  has_line stdout "rows 6, decided 6"
}

case_degenerate_fit() {
  # Every input left out but the sensitive one: no feature to learn from.
  accepts train --data bad_data/train.csv "${labels[@]}" --sensitive sex \
    --ignore age,hours,workclass --out out/model.json
  has_line stderr "train: WARNING: no feature to learn from (every input is sensitive or left out): the model decides from its intercept alone"
  # One positive in 90 rows: the model says no to everyone.
  accepts train --data bad_data/near_constant.csv "${labels[@]}" --sensitive sex --out out/model.json
  has_line stderr "train: WARNING: the model is near-constant: its expected positive rate on the training data is 0.0000 to 0.0000 across the groups"
  # A model that decides both ways: no warning.
  accepts train --data bad_data/train.csv "${labels[@]}" --sensitive sex --out out/model.json
  if grep -q "WARNING" stderr; then fail "train warned on a sound fit: $(cat stderr)"; fi
}

case_million_values() {
  # 10^6 distinct values in one column: refused at once, and an earlier output
  # is left as it was.
  awk 'BEGIN { print "id,sex,approved"; for (i = 0; i < 1000000; i++) print "v" i "," (i % 2 ? "F" : "M") "," (i % 3 ? "yes" : "no") }' \
    > bad_data/million_values.csv
  rm -rf out && mkdir out && echo "earlier data" > out/synthetic.csv
  "$tinyfair" debias-data --data bad_data/million_values.csv --label approved --positive yes \
    --protected sex --categorical id --rows 10 --out out/synthetic.csv > stdout 2> stderr
  status=$?
  [ "$status" -eq 2 ] || fail "debias-data on 10^6 values: exit $status, expected 2"
  [ "$(cat stderr)" = "tinyfair: bad_data/million_values.csv: column 'id' has more than 1024 distinct values, the most debias-data models per column; bin it (--bins id=EDGES) if it is a number, or leave it out" ] ||
    fail "debias-data on 10^6 values: stderr: $(cat stderr)"
  [ "$(cat out/synthetic.csv)" = "earlier data" ] || fail "debias-data changed an earlier output"
  [ "$(ls -A out)" = synthetic.csv ] || fail "debias-data left output: $(ls -A out)"
}

case_huge_model() {
  # A 2 GB (sparse) file given as a model is refused from its size, unread.
  truncate -s 2G model/huge.pb
  local refusal="tinyfair: model/huge.pb: larger than a model file can be (67108864 bytes); is it the right file?"
  refuses 2 "$refusal" inspect model/huge.pb
  refuses 2 "$refusal" evaluate --model model/huge.pb --data bad_data/train.csv "${labels[@]}"
  refuses 2 "$refusal" simulate --model model/huge.pb --data bad_data/train.csv --out out/log.csv
  rm -f model/huge.pb
}

case_bom() {
  [ "$(head -c 3 bad_data/bom.csv | od -An -tx1 | tr -d ' ')" = efbbbf ] ||
    fail "bad_data/bom.csv has lost its byte order mark"
  tail -c +4 bad_data/bom.csv > bad_data/no_bom.csv
  # The first column is 'sex', not '<BOM>sex'.
  accepts train --data bad_data/bom.csv "${labels[@]}" --sensitive sex --out out/model.json
  cp out/model.json model/bom.json
  accepts train --data bad_data/no_bom.csv "${labels[@]}" --sensitive sex --out out/model.json
  same_model model/bom.json out/model.json
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/bom.csv "${labels[@]}"
  has_line stdout "rows 6, decided 6"
}

case_long_line() {
  # Line 3 is CsvOptions::max_line_bytes (1 MiB) long, or one byte longer:
  # the age is written with leading zeros.
  local limit=1048576 head="M,45," tail="50,Self-emp,yes"
  write() {
    { echo "sex,age,hours,workclass,approved"; echo "F,34,40,Private,yes"
      printf '%s' "$head"; head -c "$2" /dev/zero | tr '\0' 0; echo "$tail"; } > "$1"
  }
  write bad_data/long_line_at_limit.csv $((limit - ${#head} - ${#tail}))
  write bad_data/long_line.csv $((limit - ${#head} - ${#tail} + 1))
  [ "$(sed -n 3p bad_data/long_line.csv | wc -c)" = $((limit + 2)) ] || fail "line 3 is not limit + 1 bytes"
  train_model model/model.json
  accepts evaluate --model model/model.json --data bad_data/long_line_at_limit.csv "${labels[@]}"
  has_line stdout "rows 2, decided 2"
  local message="tinyfair: bad_data/long_line.csv:3: line longer than the reader's limit of 1048576 bytes"
  refuses 2 "$message" train --data bad_data/long_line.csv "${labels[@]}" --sensitive sex --out out/model.json
  refuses 2 "$message" evaluate --model model/model.json --data bad_data/long_line.csv "${labels[@]}"
}

case_too_many_categories() {
  # An identifier column is categorical with a category per row: more than
  # the device's 256 categories (proto/tinyfair/model.options).
  { echo "id,sex,age,approved"
    for i in $(seq 1 300); do echo "p$i,$([ $((i % 2)) = 0 ] && echo F || echo M),$((20 + i % 40)),$([ $((i % 3)) = 0 ] && echo no || echo yes)"; done
  } > bad_data/too_many_categories.csv
  refuses 2 "tinyfair: bad_data/too_many_categories.csv: the categorical columns have 302 categories in all, more than the device's 256; column 'id' has 300 (--ignore id if it is an identifier)" \
    train --data bad_data/too_many_categories.csv "${labels[@]}" --sensitive sex --out out/model.json
  accepts train --data bad_data/too_many_categories.csv "${labels[@]}" --sensitive sex --ignore id \
    --out out/model.json
}

case_missing_label() {
  local message="tinyfair: bad_data/missing_label.csv:4:5: missing label in column 'approved'; drop the row or give it a label"
  refuses 2 "$message" train --data bad_data/missing_label.csv "${labels[@]}" --sensitive sex --out out/model.json
  train_model model/model.json
  refuses 2 "$message" evaluate --model model/model.json --data bad_data/missing_label.csv "${labels[@]}"
}

case_missing_group() {
  # Fairness is measured per group: a row needs its group.
  refuses 2 "tinyfair: bad_data/missing_group.csv:4:1: column 'sex': missing value '' in a sensitive column; every row needs its group" \
    train --data bad_data/missing_group.csv "${labels[@]}" --sensitive sex --out out/model.json
  train_model model/model.json
  refuses 2 "tinyfair: bad_data/missing_group.csv:4:1: column 'sex': group '' (a missing value) is not in the model, $groups" \
    evaluate --model model/model.json --data bad_data/missing_group.csv "${labels[@]}"
  # Post-processing another model's scores (here the hours column as a margin).
  refuses 2 "tinyfair: bad_data/missing_group.csv:4:1: column 'sex': missing value '' in a column that forms the groups; every row needs its group" \
    postprocess --data bad_data/missing_group.csv --score-column hours --score-kind margin --sensitive sex \
    "${labels[@]}" --out out/fair.json
}

case_unwritable_output() {
  # The output is written to a temporary file and renamed: when the rename
  # fails (the path is a directory), neither a file nor the temporary remains.
  rm -rf out && mkdir -p out/model.json
  "$tinyfair" train --data bad_data/train.csv "${labels[@]}" --sensitive sex --out out/model.json \
    > stdout 2> stderr
  status=$?
  [ "$status" -eq 1 ] || fail "exit $status, expected 1 for an output path that is a directory"
  [ "$(tail -n 1 stderr)" = "tinyfair: out/model.json: cannot rename into place: Is a directory" ] ||
    fail "stderr: $(cat stderr)"
  [ "$(ls -A out)" = model.json ] && [ -z "$(ls -A out/model.json)" ] || fail "left output: $(ls -AR out)"
  # split writes all its parts or none.
  run split --data bad_data/train.csv --out-dir out/split --parts a=0.5,b=0.5
  [ "$status" -eq 0 ] && [ "$(ls out/split)" = $'a.csv\nb.csv' ] || fail "split: $(cat stderr)"
  rm -rf out && mkdir -p out/split/b.csv
  "$tinyfair" split --data bad_data/train.csv --out-dir out/split --parts a=0.5,b=0.5 > stdout 2> stderr
  status=$?
  [ "$status" -eq 1 ] || fail "split exit $status, expected 1"
  [ "$(cat stderr)" = "tinyfair: out/split/b.csv: cannot rename into place: Is a directory" ] ||
    fail "split stderr: $(cat stderr)"
  [ "$(ls -A out/split)" = b.csv ] || fail "split left output: $(ls -A out/split)"
  # A part that existed before a failed split keeps its bytes.
  rm -rf out && mkdir -p out/split/b.csv && printf 'earlier part\n' > out/split/a.csv
  "$tinyfair" split --data bad_data/train.csv --out-dir out/split --parts a=0.5,b=0.5 > stdout 2> stderr
  status=$?
  [ "$status" -eq 1 ] || fail "split over an earlier part: exit $status, expected 1"
  [ "$(cat stderr)" = "tinyfair: out/split/b.csv: cannot rename into place: Is a directory" ] ||
    fail "split over an earlier part: stderr: $(cat stderr)"
  [ "$(cat out/split/a.csv)" = "earlier part" ] || fail "split changed an earlier part"
  [ "$(ls -A out/split)" = $'a.csv\nb.csv' ] || fail "split left output: $(ls -A out/split)"
  # simulate writes its log and vectors, or neither.
  train_model model/model.json
  refuses 1 "tinyfair: out/missing/decisions.tfv: cannot write: No such file or directory" \
    simulate --model model/model.json --data bad_data/train.csv --out out/decisions.csv \
    --vectors out/missing/decisions.tfv
  # ... and a decision log that existed before keeps its bytes.
  rm -rf out && mkdir out && printf 'earlier log\n' > out/decisions.csv
  "$tinyfair" simulate --model model/model.json --data bad_data/train.csv --out out/decisions.csv \
    --vectors out/missing/decisions.tfv > stdout 2> stderr
  status=$?
  [ "$status" -eq 1 ] || fail "simulate over an earlier log: exit $status, expected 1"
  [ "$(cat stderr)" = "tinyfair: out/missing/decisions.tfv: cannot write: No such file or directory" ] ||
    fail "simulate over an earlier log: stderr: $(cat stderr)"
  [ "$(cat out/decisions.csv)" = "earlier log" ] || fail "simulate changed an earlier log"
  [ "$(ls -A out)" = decisions.csv ] || fail "simulate left output: $(ls -A out)"
}

if ! declare -F "case_$case" > /dev/null; then
  echo "no case '$case'"
  exit 1
fi
"case_$case"
if [ "$failures" -ne 0 ]; then
  echo "$case: $failures check(s) failed"
  exit 1
fi
echo "$case: ok"
