#!/usr/bin/env bash
# Stress: decide() on seeded random inputs for every golden model (one of
# every rule kind and group form) with every decision checked against the
# invariants and the codegen-tables parity: HOST_DECISIONS per model on the
# host (default 10,000,000), BOARD_DECISIONS per model in QEMU on every board
# (default 100,000). Builds the host preset in its own folder (default
# build/stress; TINYFAIR_BUILD_DIR overrides), which cross-builds each board,
# and writes docs/stress.md with the figures and this command.
#
#   bash bench/stress/run_stress.sh [HOST_DECISIONS [BOARD_DECISIONS]]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
host_decisions=${1:-10000000}
board_decisions=${2:-100000}
build_dir=${TINYFAIR_BUILD_DIR:-$source_dir/build/stress}
build_dir=$(mkdir -p "$build_dir" && cd "$build_dir" && pwd)

command="bash bench/stress/run_stress.sh"
[ $# -gt 0 ] && command+=" $*"

cd "$source_dir"
cmake --preset host -B "$build_dir" >/dev/null
cmake --build "$build_dir" --parallel
out=$build_dir/bench/stress
failed=0

# Wall-clock and processor seconds (user + system) of one command.
TIMEFORMAT='%R %U %S'

# 1234567 -> 1,234,567
commas() { sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|[,.]\)/\1,\2\3/' -e 'ta' <<< "$1"; }

# One table row per model from a CSV the stress program printed (with the
# time per decision when the second argument is 1).
rows() {
  awk -F, -v timed="$2" '
    function c(n,  s, out) {
      s = sprintf("%d", n); out = ""
      while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
      return s out
    }
    NR > 1 && !/^#/ {
      line = sprintf("| %s | %s | %s | %s | %s | %s | %s |", $1, c($2), c($3), c($4), c($5), $6, $7)
      if (timed) line = line sprintf(" %s |", $9)
      print line
    }' "$1"
}

echo "stress: host, $host_decisions decisions per model"
"$out/stress_decide" "$host_decisions" > "$out/host.csv" || failed=1
cat "$out/host.csv"
# The host's decisions for the boards' count, which every board must repeat.
"$out/stress_decide" "$board_decisions" > "$out/host_short.csv" || failed=1
host_seconds=$(awk -F, 'NR > 1 { s += $8 } END { printf "%.1f", s }' "$out/host.csv")

boards=$(sed -n 's/^TINYFAIR_BOARDS:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
IFS=';' read -r -a board_list <<< "$boards"
board_rows=""
same="yes"
for board in "${board_list[@]}"; do
  board_out=$build_dir/firmware/$board/bench/stress
  mapfile -t qemu < "$board_out/stress_qemu_command.txt"
  echo "stress: $board, $board_decisions decisions per model"
  status=0
  { time "${qemu[@]}" -append "$board_decisions" > "$board_out/$board.csv" \
      2> "$board_out/$board.err"; } 2> "$board_out/$board.time" || status=$?
  read -r wall user system < "$board_out/$board.time"
  seconds=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.1f", u + s }')
  wall=$(printf "%.1f" "$wall")
  cat "$board_out/$board.csv"
  total=$(awk -F, 'NR > 1 && !/^#/ { n += $2 } END { print n + 0 }' "$board_out/$board.csv")
  violations=$(awk -F, 'NR > 1 && !/^#/ { n += $6 + $7 } END { print n + 0 }' "$board_out/$board.csv")
  result="passed"
  if [ "$status" -ne 0 ]; then
    result="**failed** (exit $status)"
    failed=1
  fi
  us=$(awk -v s="$seconds" -v n="$total" 'BEGIN { printf "%.1f", n ? 1e6 * s / n : 0 }')
  board_rows+="| $board | $(commas "$total") | $violations | $seconds | $wall | $us | $result |"$'\n'
  # Every count must be the host's for the same seeds.
  if ! diff <(cut -d, -f1-7 "$out/host_short.csv") <(grep -v '^#' "$board_out/$board.csv") >/dev/null; then
    same="no: $board differs"
    failed=1
  fi
done
first_board=$build_dir/firmware/${board_list[0]}/bench/stress/${board_list[0]}.csv

# The section bench/stress/run_postprocess_stress.sh writes is kept.
postprocess_section=$(sed -n '/^<!-- bench\/stress\/run_postprocess_stress.sh/,$p' \
  "$source_dir/docs/stress.md")
{
  cat <<DOC
# Stress

\`decide()\` on seeded random inputs for every golden model
(\`tests/golden\`: one model of every rule kind and group form), generated with
PCG32 by \`tests/hardening/invariants.h\`: \`RandomInput\`: mostly valid
category indices and ordinary numbers, with unknown and non-integral
categories, NaN and infinities, values that overflow the score, unknown direct
groups and wrong input counts mixed in. Every decision is checked:

- the status is the one the input calls for (count, group, category,
  non-finite input; \`score_overflow\` only where a double-precision
  recomputation of the score's partial sums reaches 1e38), and a refusal
  carries nothing of a decision and leaves the PRNG where it was;
- the group is the one the input forms (or the fallback), the draw is the
  PRNG's;
- the probability is finite and in [0, 1], and for the per-group rules the
  outcome is \`draw < PositiveDrawBound(probability)\` (threshold: 0 or 1);
- a mixture's member is the one the draw selects (< member count); a
  regression value is finite and within the output range;
- the same decision, bit for bit, and the same PRNG state from a second
  evaluation through the codegen tables path (\`Decide(tables, ...)\` with
  \`golden_tables.h\`).

Measured with

\`\`\`sh
$command
\`\`\`

(source: \`bench/stress/\`; host: $(uname -m), RelWithDebInfo, processor time of
the program; boards: QEMU without \`-icount\`, processor seconds (user +
system) and wall-clock seconds of the emulator, which depend on the machine
and its load: indicative only).

## Host: $(commas "$host_decisions") decisions per model

| model | decisions | ok | refused | positive | violations | parity mismatches | ns per decision |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(rows "$out/host.csv" 1)

Total: $host_seconds s of processor time (input generation, both evaluations
and every check).

## Boards: $(commas "$board_decisions") decisions per model

| board | decisions | violations | CPU seconds | wall seconds | CPU µs per decision | result |
| --- | ---: | ---: | ---: | ---: | ---: | --- |
$board_rows
Per model, on ${board_list[0]}; every board's counts equal the host's for
the same seeds and count: $same.

| model | decisions | ok | refused | positive | violations | parity mismatches |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
$(rows "$first_board" 0)
DOC
  [ -z "$postprocess_section" ] || printf '\n%s\n' "$postprocess_section"
} > "$source_dir/docs/stress.md"
echo "stress: wrote docs/stress.md"
exit $failed
