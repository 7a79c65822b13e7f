#!/usr/bin/env bash
# tinyfair codegen --unit-test's refusals: each exits 2, says why and writes
# nothing (rows beyond the data, a C++ test, a header name that could not be
# an #include's, no --model-header, --integer-inputs for a model without an
# integer scorer, --out over an input); a test of the tables path (--tables)
# decides with the tables header's function and loads nothing; and a
# normal run writes the test with the rows' records.
set -euo pipefail
tinyfair=$1 model=$2 data=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
base=(codegen --unit-test --model "$model" --data "$data" --name DemoModel)

refused() {  # refused <expected message> <arguments...>
  local message=$1
  shift
  set +e
  "$tinyfair" "$@" > "$work/refused.txt" 2>&1
  local status=$?
  set -e
  [ "$status" -eq 2 ] || fail "$*: exit $status, expected 2: $(cat "$work/refused.txt")"
  grep -qF -- "$message" "$work/refused.txt" || fail "$*: no '$message' in $(cat "$work/refused.txt")"
  [ ! -e "$work/test.c" ] || fail "$*: wrote its file"
}

rows=$(($(wc -l < "$data") - 1))
refused "--rows: $((rows + 1)) rows asked for; $data has $rows" \
  "${base[@]}" --model-header demo_model_c.h --rows $((rows + 1)) --out "$work/test.c"
refused "--unit-test writes C: --language c (default) or ztest" \
  "${base[@]}" --model-header demo_model_c.h --language c++ --out "$work/test.c"
refused "--model-header must be a relative header name" \
  "${base[@]}" --model-header ../demo_model_c.h --out "$work/test.c"
refused "--model-header must be a relative header name" \
  "${base[@]}" --model-header 'm.h"
#define X' --out "$work/test.c"
refused "--model-header (with --unit-test) is required" "${base[@]}" --out "$work/test.c"
refused "the model has no integer scorer (export --integer int16)" \
  "${base[@]}" --model-header demo_model_c.h --integer-inputs --out "$work/test.c"
refused "--language ztest goes with --unit-test" \
  codegen --model "$model" --language ztest --out "$work/test.c"
cp "$data" "$work/data.csv"
refused "--out" codegen --unit-test --model "$model" --data "$work/data.csv" --name DemoModel \
  --model-header demo_model_c.h --out "$work/data.csv"
cmp -s "$data" "$work/data.csv" || fail "--out over --data changed the data"

"$tinyfair" "${base[@]}" --model-header demo_model_c.h --rows 3 --seed 2024 --out "$work/test.c" \
  2> "$work/note.txt" || fail "codegen --unit-test: $(cat "$work/note.txt")"
grep -q "^codegen: wrote $work/test.c (3 records of $data, seed 2024)" "$work/note.txt" ||
  fail "no note: $(cat "$work/note.txt")"
"$tinyfair" simulate --model "$model" --data "$data" --seed 2024 --out "$work/simulate.csv" 2>/dev/null
expected=$(sed -n 2,4p "$work/simulate.csv" | cut -d, -f1-10)
generated=$(grep -o '^    "[0-9a-f,]*",$' "$work/test.c" | sed 's/^    "//; s/",$//')
[ "$expected" = "$generated" ] || fail "the records are not simulate's: $generated vs $expected"
"$tinyfair" "${base[@]}" --model-header demo_model_tables_c.h --tables --rows 3 --seed 2024 \
  --out "$work/tables_test.c" 2> "$work/note.txt" || fail "--tables: $(cat "$work/note.txt")"
grep -q "(void)DecideDemoModel(inputs, 5u, 0u, &rng, &decision);" "$work/tables_test.c" ||
  fail "--tables: the test does not decide with DecideDemoModel"
! grep -q "tinyfair_model_load" "$work/tables_test.c" || fail "--tables: the test loads a model"
tables_records=$(grep -o '^    "[0-9a-f,]*",$' "$work/tables_test.c" | sed 's/^    "//; s/",$//')
[ "$expected" = "$tables_records" ] || fail "--tables: the records are not simulate's"
echo "codegen --unit-test: 8 refusals, 3 records equal to simulate's, the tables path's too"
