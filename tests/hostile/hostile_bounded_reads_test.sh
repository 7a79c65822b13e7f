#!/usr/bin/env bash
# hostile.bounded_reads: every reader of a file that may come from outside
# (model files, key files, monitor reports, decision logs, footprint tables)
# given /dev/zero (a file without end) or a sparse file past its limit. Each
# must be refused with exit 2, the limit of its kind in the message
# ("larger than a monitor report can be (N bytes)"), nothing written, within
# 20 s and 2 GB of address space (the largest limit, a decision log's
# 512 MiB, is read once before the refusal).
set -euo pipefail
tinyfair=$1 golden=$2 work=$3
# The reads are bounded in memory: 2 GB of address space. AddressSanitizer
# reserves terabytes of shadow address space at start, which no such limit
# allows: an instrumented build (the sanitize preset) runs without it, and
# the bound is shown by the host build's run of the same cases.
# (GCC links its runtime as libasan.so, clang links it in: look for its
# entry point in the binary itself.)
address_space=2000000
if grep -q -a -m 1 __asan_init "$tinyfair"; then
  address_space=unlimited
fi
rm -rf "$work" && mkdir -p "$work"
data=$golden/data
fail() { echo "hostile.bounded_reads: $*" >&2; exit 1; }

model=$work/monitored.pb
"$tinyfair" export --model "$golden/demo_fair.json" --out "$model" \
  --monitor-alpha 0.05 --monitor-tolerance 0.05 2>/dev/null
"$tinyfair" simulate --model "$model" --data "$data/test.csv" --seed 1 --out "$work/log.csv" \
  --monitor "$work/report.pb" 2>/dev/null
"$tinyfair" keygen --out "$work/a.key" > /dev/null 2>&1
# Sparse files one byte past each limit (nothing is written to the disk).
truncate -s $((64 * 1024 * 1024 + 1)) "$work/big_model.pb"
truncate -s $((512 * 1024 * 1024 + 1)) "$work/big_log.csv"
# Key files far past any key's size (their limits are the key readers').
truncate -s 1048576 "$work/big.key" && chmod 600 "$work/big.key"
truncate -s 1048576 "$work/big.pub"
report_limit=$(sed -n 's/.*larger than a monitor report can be (\([0-9]*\) bytes).*/\1/p' \
  < <("$tinyfair" monitor --model "$model" --report /dev/zero 2>&1 || true))
[[ -n $report_limit ]] || fail "monitor --report /dev/zero does not name the report limit"
truncate -s $((report_limit + 1)) "$work/big_report.pb"

cases=0
# refused WHAT LIMIT COMMAND...: exit 2, "larger than WHAT can be (LIMIT
# bytes)"; LIMIT is a regular expression.
refused() {
  local what=$1 limit=$2; shift 2
  rm -rf "$work/out" "$work/stdout" "$work/stderr"
  local status=0
  (ulimit -v "$address_space"; timeout 20 "$tinyfair" "$@" > "$work/stdout" 2> "$work/stderr") ||
    status=$?
  [[ $status == 2 ]] || fail "$*: exit $status, not 2: $(head -c 300 "$work/stderr")"
  grep -qE "larger than $what can be \($limit bytes\)" "$work/stderr" ||
    fail "$*: no 'larger than $what can be ($limit bytes)': $(head -c 300 "$work/stderr")"
  [[ ! -e $work/out && ! -s $work/stdout ]] || fail "$*: wrote output"
  cases=$((cases + 1))
}

model_limit=67108864
for source in /dev/zero "$work/big_model.pb"; do
  refused "a model file" $model_limit inspect "$source"
  refused "a model file" $model_limit simulate --model "$source" --data "$data/test.csv" \
    --seed 1 --out "$work/out"
  refused "a model file" $model_limit evaluate --model "$source" --data "$data/test.csv" \
    --label hired
  refused "a model file" $model_limit postprocess --model "$source" --data "$data/fit.csv" \
    --label hired --out "$work/out"
  refused "a model file" $model_limit postprocess --stream --model "$source" \
    --data "$data/fit.csv" --label hired --out "$work/out"
  refused "a model file" $model_limit sweep --model "$source" --data "$data/fit.csv" \
    --validation "$data/test.csv" --test "$data/test.csv" --label hired --no-plots \
    --out-dir "$work/out"
  refused "a model file" $model_limit export --model "$source" --out "$work/out"
  refused "a model file" $model_limit codegen --model "$source" --out "$work/out"
  refused "a model file" $model_limit monitor --model "$source" --report "$work/report.pb"
done
for source in /dev/zero "$work/big_report.pb"; do
  refused "a monitor report" "$report_limit" monitor --model "$model" --report "$source"
  refused "a monitor report" "$report_limit" monitor --model "$model" \
    --report "$work/report.pb" --report "$source" --plot "$work/out" --no-plots
done
log_limit=536870912
for source in /dev/zero "$work/big_log.csv"; do
  refused "a decision log" $log_limit parity "$source" "$work/log.csv"
  refused "a decision log" $log_limit parity "$work/log.csv" "$source"
done
for source in /dev/zero "$work/big.pub"; do
  refused "a public key file" "[0-9]+" inspect "$model" --public-key "$source"
done
refused "a private key file" "[0-9]+" export --model "$golden/demo_fair.json" --out "$work/out" \
  --sign "$work/big.key"
refused "a footprint table" 1048576 inspect "$model" --footprint --board mps2_an386 \
  --footprint-table /dev/zero
echo "hostile.bounded_reads: $cases refusals, each exit 2 naming the limit"
