#!/usr/bin/env bash
# hostile.outputs: an output that is an input (or a key) under another name
# is refused by every command that writes: exit 2, a message naming both
# paths, every file of the folder byte for byte as before, nothing created
# (no temporary either). Each case is tried under five spellings of the
# output: the same path, ./path, sub/../path, a symbolic link and a hard link.
set -uo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

# Fixtures: data, a model in each form, a key pair, a monitor report.
set -e
"$tinyfair" demo --rows 2000 --seed 3 --out-dir . 2>/dev/null
"$tinyfair" train --data train.csv --label hired --sensitive group --out model.json 2>/dev/null
"$tinyfair" export --model model.json --out model.pb \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null
"$tinyfair" keygen --out prod.key >/dev/null 2>&1
"$tinyfair" simulate --model model.pb --data test.csv --out log.csv --monitor report.pb 2>/dev/null
mkdir sub
set +e

cases=0 failures=0
snapshot() { find . -type f -o -type l | LC_ALL=C sort | xargs md5sum 2>/dev/null; find . | LC_ALL=C sort; }

fail() { echo "FAIL [$1]: $2"; failures=$((failures + 1)); }

# expect_refused LABEL INPUT OUTPUT_SHOWN -- command...: exit 2, both paths
# named, the folder unchanged.
expect_refused() {
  local label=$1 input=$2 output=$3
  shift 4
  cases=$((cases + 1))
  local before after status
  before=$(snapshot)
  "$tinyfair" "$@" >stdout.txt 2>stderr.txt
  status=$?
  local message
  message=$(cat stderr.txt)
  rm -f stdout.txt stderr.txt
  after=$(snapshot)
  [ "$status" -eq 2 ] || fail "$label" "exit $status, not 2: $message"
  [[ "$message" == *"same file"* && "$message" == *"$input"* && "$message" == *"$output"* ]] ||
    fail "$label" "message does not name both $input and $output: $message"
  [ "$before" == "$after" ] || fail "$label" "files changed or created: $(diff <(echo "$before") <(echo "$after") | head -5)"
}

# spellings INPUT: the five names of INPUT's file, made where needed.
spellings() {
  local input=$1 base
  base=$(basename "$input")
  rm -f "link_$base" "hard_$base"
  ln -s "$input" "link_$base"
  ln "$input" "hard_$base"
  echo "$input ./$input sub/../$input link_$base hard_$base"
}

# One command, an input option and an output option: the output spelled
# each way as the input.
each_spelling() {
  local label=$1 input=$2
  shift 2
  local out
  for out in $(spellings "$input"); do
    local args=()
    local arg
    for arg in "$@"; do args+=("${arg//@OUT@/$out}"); done
    expect_refused "$label ($out)" "$input" "$out" -- "${args[@]}"
  done
  rm -f "link_$(basename "$input")" "hard_$(basename "$input")"
}

each_spelling "train --out over --data" train.csv \
  train --data train.csv --label hired --sensitive group --out @OUT@
each_spelling "postprocess --out over --data" fit.csv \
  postprocess --model model.json --data fit.csv --label hired --out @OUT@
each_spelling "postprocess --out over --model" model.json \
  postprocess --model model.json --data fit.csv --label hired --out @OUT@
each_spelling "postprocess --stream --out over --data" fit.csv \
  postprocess --stream --model model.json --data fit.csv --label hired --out @OUT@
each_spelling "export --out over --model" model.json export --model model.json --out @OUT@
each_spelling "export --out over --sign (the private key)" prod.key \
  export --model model.json --sign prod.key --out @OUT@
each_spelling "codegen --out over --model" model.pb codegen --model model.pb --out @OUT@
each_spelling "codegen --out over --public-key" prod.key.pub \
  codegen --model model.pb --public-key prod.key.pub --out @OUT@
each_spelling "codegen --out over --public-key alone (the key's header)" prod.key.pub \
  codegen --public-key prod.key.pub --out @OUT@
each_spelling "simulate --out over --public-key" prod.key.pub \
  simulate --model model.pb --public-key prod.key.pub --data test.csv --out @OUT@
each_spelling "simulate --out over --data" test.csv \
  simulate --model model.pb --data test.csv --out @OUT@
each_spelling "simulate --out over --model" model.pb \
  simulate --model model.pb --data test.csv --out @OUT@
each_spelling "simulate --vectors over --data" test.csv \
  simulate --model model.pb --data test.csv --out new_log.csv --vectors @OUT@
each_spelling "simulate --monitor over --model" model.pb \
  simulate --model model.pb --data test.csv --out new_log.csv --monitor @OUT@
each_spelling "debias-data --out over --data" train.csv \
  debias-data --data train.csv --label hired --protected group --out @OUT@
each_spelling "debias-data --params-out over --data" train.csv \
  debias-data --data train.csv --label hired --protected group --out new.csv --params-out @OUT@
each_spelling "noise --out over --data" train.csv \
  noise --data train.csv --column group --rate 0.1 --out @OUT@

# Folder outputs: a part, a sweep file or a plot file that is an input.
for dir in . ./ sub/.. "$PWD"; do
  expect_refused "split --out-dir $dir over --data" train.csv "$dir/train.csv" -- \
    split --data train.csv --out-dir "$dir" --parts train=0.5,other=0.5
  expect_refused "demo --out-dir $dir over --data" train.csv "$dir/train.csv" -- \
    demo --data train.csv --out-dir "$dir" --parts train=0.5,other=0.5
done
ln -s ../train.csv sub/part.csv
expect_refused "split part a symbolic link to --data" train.csv sub/part.csv -- \
  split --data train.csv --out-dir sub --parts part=0.5,other=0.5
rm sub/part.csv && ln train.csv sub/part.csv
expect_refused "split part a hard link of --data" train.csv sub/part.csv -- \
  split --data train.csv --out-dir sub --parts part=0.5,other=0.5
rm sub/part.csv
cp fit.csv sub/sweep.csv
expect_refused "sweep --out-dir holding --data as sweep.csv" sub/sweep.csv sub/../sub/sweep.csv -- \
  sweep --model model.json --data sub/sweep.csv --validation fit.csv --test test.csv \
  --label hired --out-dir sub/../sub
rm sub/sweep.csv
cp report.pb sub/monitor_rates.dat
expect_refused "monitor --plot over a --report" sub/monitor_rates.dat ./sub/monitor_rates.dat -- \
  monitor --model model.pb --report sub/monitor_rates.dat --plot ./sub
rm sub/monitor_rates.dat

# A report --monitor-every names (report-0001.csv of --monitor report.csv)
# that is the data.
cp test.csv report-0001.csv
expect_refused "simulate --monitor-every report over --data" report-0001.csv report-0001.csv -- \
  simulate --model model.pb --data report-0001.csv --out new_log.csv --monitor report.csv \
  --monitor-every 100
rm report-0001.csv

# Two outputs that are one file.
expect_refused "simulate --out and --vectors one file" new_log.csv ./new_log.csv -- \
  simulate --model model.pb --data test.csv --out new_log.csv --vectors ./new_log.csv

# Not a refusal: distinct files pass (the check must not refuse everything).
cases=$((cases + 1))
if ! "$tinyfair" codegen --model model.pb --out model.h 2>/dev/null || [ ! -s model.h ]; then
  fail "codegen to a new file" "refused"
fi
echo "hostile.outputs: $cases cases, $failures failures"
[ "$failures" -eq 0 ]
