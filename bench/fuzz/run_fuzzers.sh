#!/usr/bin/env bash
# Runs each libFuzzer harness (or only the HARNESSes named, e.g.
# csv_reader) for SECONDS (default 60) from its seed corpus, one after the
# other, and writes their executions and coverage (libFuzzer's cov:, ft:,
# corp: and exec/s) to docs/fuzzing.md, with this command; the rows of
# harnesses not run are kept from the previous docs/fuzzing.md. Builds the
# harnesses first (tests/fuzz/run_fuzz_tests.sh --build-only, in build/fuzz).
#
#   bash bench/fuzz/run_fuzzers.sh [SECONDS [HARNESS...]]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
seconds=${1:-60}
shift || true
all_harnesses=(model_load csv_reader decision_vectors model_file codegen)
selected=("${@:-${all_harnesses[@]}}")
for harness in "${selected[@]}"; do
  case " ${all_harnesses[*]} " in
    *" $harness "*) ;;
    *) echo "run_fuzzers: no harness '$harness' (${all_harnesses[*]})" >&2; exit 2 ;;
  esac
done
command="bash bench/fuzz/run_fuzzers.sh $seconds${1:+ $*}"
build_dir=${TINYFAIR_FUZZ_BUILD_DIR:-$source_dir/build/fuzz}

bash "$source_dir/tests/fuzz/run_fuzz_tests.sh" --build-only
if [ ! -x "$build_dir/tests/fuzz/fuzz_model_load" ]; then
  echo "run_fuzzers: no harnesses in $build_dir (is clang++-14 installed?)" >&2
  exit 1
fi

previous_doc=$source_dir/docs/fuzzing.md
rows=""
failed=0
for harness in "${all_harnesses[@]}"; do
  case " ${selected[*]} " in
    *" $harness "*) ;;
    *)
      kept=$(grep -F "| \`fuzz_$harness\` |" "$previous_doc" 2>/dev/null || true)
      [ -n "$kept" ] && rows+="$kept"$'\n'
      continue ;;
  esac
  work=$build_dir/tests/fuzz/bench/$harness
  rm -rf "$work"
  mkdir -p "$work/corpus"
  echo "run_fuzzers: fuzz_$harness for ${seconds}s"
  status=0
  start=$SECONDS
  "$build_dir/tests/fuzz/fuzz_$harness" -max_total_time="$seconds" -seed=1 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" \
    "$build_dir/tests/fuzz/seeds/$harness" > "$work/log.txt" 2>&1 || status=$?
  elapsed=$((SECONDS - start))
  last=$(grep -E '^#[0-9]+.*cov: ' "$work/log.txt" | tail -n 1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log.txt")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log.txt")
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")
  corp=$(sed -n 's/.* corp: \([^ ]*\).*/\1/p' <<< "$last")
  seeds=$(find "$build_dir/tests/fuzz/seeds/$harness" -type f | wc -l)
  result="no failure"
  if [ "$status" -ne 0 ]; then
    artifact=$(find "$work" -maxdepth 1 \( -name 'crash-*' -o -name 'oom-*' -o -name 'timeout-*' \) | head -n 1)
    what=$(grep -m 1 -oE 'ERROR: libFuzzer: [a-z -]+|ERROR: AddressSanitizer: [a-z-]+|runtime error' "$work/log.txt" || true)
    result="**stopped at a failure** (${what:-exit $status}): \`${artifact#"$source_dir"/}\`"
    failed=1
  fi
  rows+="| \`fuzz_$harness\` | $elapsed | ${runs:-?} | ${speed:-?} | ${cov:-?} | ${ft:-?} | $seeds | ${corp:-?} | $result |"$'\n'
  echo "  $last"
done

{
  cat <<DOC
# Fuzzing

Five libFuzzer harnesses (clang 14, \`-fsanitize=fuzzer,address,undefined\`,
\`tests/fuzz/\`), each started from seed corpora that the build generates
from the golden files (\`make_fuzz_seeds\`: every golden model with a few
decisions, the first lines of the demo CSV files and hand-written CSV
dialects, decision-vector files cut to a few rows, and for the two host
model harnesses the golden models as stored, re-sealed, signed and as JSON,
the crafted models the device refuses of \`tests/host/model/crafted_models.cc\`
and models with the hostile ids of \`tests/host/codegen/hostile_names.h\`):

- \`fuzz_model_load\`: \`Model::Load\` on the bytes (re-sealed with a correct
  CRC, so that mutations reach the decoder and the validator, and as given;
  with or without a public key, chosen by the first byte: with the key, a
  load that succeeds must be of a signed file whose signature verifies over
  the loaded model's digest; the seeds include the signed golden model),
  then \`DecideWithDraw\` on inputs taken from the rest of the data, each
  decision checked against the invariants of \`tests/hardening/invariants.h\`
  and decided again from exactly sized heap copies of the tables, so that
  AddressSanitizer sees any read past the model's counts;
- \`fuzz_csv_reader\`: \`ParseCsv\` with options from the first byte; only
  \`DataError\` may escape, and an accepted table must be rectangular; for
  half the inputs the same text is read again through \`CsvRecordReader\`
  (the streamed reader \`ReadCsv\` uses) in pieces of 1 to 4 bytes, which
  must accept the same texts and give the same tables. Cells are checked
  with the non-throwing \`ParseNumberText\` (\`ParseNumber\` only for the
  first refused one) instead of an exception per non-numeric cell;
- \`fuzz_decision_vectors\`: \`DecodeDecisionVectors\`; only
  \`std::runtime_error\` may escape, and what it accepts must encode back to
  the same bytes;
- \`fuzz_model_file\`: the host's reading of a model file as every command
  reads one (\`AdmitModel\`, the entry check \`ReadTrustedModel\` applies
  once the file is read), on sealed, signed and JSON bytes, with or without
  the test public key and a minimum version (first two bytes), then what
  each command does first with a model it accepted (the input encoder and
  group check, the runtime model and decisions, the monitor report, the
  scoring model, codegen's headers, export's sealing); only a
  \`std::exception\` may escape, a sealed or signed file the host reads must
  load in the runtime (with the key and the minimum when they were asked
  for), with a key only a signed file passes, and the runtime model and the
  export of an accepted model must succeed;
- \`fuzz_codegen\`: \`GeneratedHeader\`, the code path of \`tinyfair codegen\`
  (C++ or C, model bytes or \`--tables\`, chosen by the first byte), the
  header kept in memory; only a \`std::exception\` may escape, a header is
  made only for a file the runtime loads, a bytes header embeds exactly the
  file's bytes, and no header holds a byte outside printable ASCII, tab and
  newline.

Measured with

\`\`\`sh
$command
\`\`\`

one harness after the other, one process each (\`-seed=1\`,
\`-max_total_time=SECONDS\`), on $(nproc) cores shared with other work;
*seconds* is the time the harness ran and *exec/s* is per second of that
time, so both depend on how much of a core the harness got. A command naming
harnesses reruns only those and keeps the other rows from the previous run.
\`cov\` counts the covered edges, \`ft\` libFuzzer's features, \`corp\` the
corpus at the end (inputs/size).

| harness | seconds | executions | exec/s | cov | ft | seeds | corp | result |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |
$rows
A harness stops at its first failure. Whether a run reaches a given defect
in its time varies with the order of the search; the defects found so far,
and their state, are in docs/security.md (Findings), and their inputs are
replayed by the \`fuzz.<harness>.regressions\` tests on every run of the
test command.

The test command runs each harness for a fixed number of executions
(\`ctest -L fuzz\` in the fuzz build, \`-runs=20000\`; \`bash
tests/fuzz/run_fuzz_tests.sh\` is its fuzz stage). A crash leaves its input in
\`build/fuzz/tests/fuzz/work/<harness>/\` (CTest) or
\`build/fuzz/tests/fuzz/bench/<harness>/\` (this script); replay it with
\`build/fuzz/tests/fuzz/fuzz_<harness> <file>\`.
DOC
} > "$source_dir/docs/fuzzing.md"
echo "run_fuzzers: wrote docs/fuzzing.md"
exit $failed
