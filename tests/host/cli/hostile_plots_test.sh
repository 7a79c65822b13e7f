#!/usr/bin/env bash
# Hostile names into every command that plots or writes text: a group name
# (a quoted CSV cell, then a model's category name) and a plot folder name
# holding a newline and a gnuplot `system` line, quotes, backquotes, `$()`,
# a trailing backslash, a carriage return and `!`, control characters.
# sweep (plots on) and monitor --plot draw their plots and the payload never
# runs; the scripts hold each name on one line inside a string; evaluate
# and simulate write the name where it can be read back whole; parity reads
# such a log by CSV records; codegen writes a header that compiles.
set -euo pipefail
tinyfair=$1 work=$2 suite=hostile.plots
marker=$work/PWNED
source "$(dirname "$0")/hostile_lib.sh"

"$tinyfair" demo --rows 3000 --seed 3 --parts train=0.4,fit=0.3,test=0.3 --out-dir "$scratch/demo" \
  2>/dev/null
payloads=(
  $'b\nsystem "touch '"$marker"'"'
  $'b\'\nsystem \'touch '"$marker"$'\'\n#'
  "b' . system('touch $marker') . '"
  "b\`touch $marker\`"
  "b\$(touch $marker)"
  $'b"; system("touch '"$marker"'") #'
  $'b\\\nsystem "touch '"$marker"'"'
  $'b\r!touch '"$marker"
  $'b\x01\x1b[31m\x7f @pwned'
)

# The demo's data with group b renamed to the payload, as quoted CSV cells.
hostile_data() {  # hostile_data FOLDER PAYLOAD
  /usr/bin/python3 - "$scratch/demo" "$1" "$2" <<'PY'
import csv, os, sys
demo, out, payload = sys.argv[1:]
os.makedirs(out, exist_ok=True)
for part in ("train", "fit", "test"):
    rows = list(csv.reader(open(f"{demo}/{part}.csv", newline="")))
    column = rows[0].index("group")
    for row in rows[1:]:
        row[column] = payload if row[column] == "b" else row[column]
    csv.writer(open(f"{out}/{part}.csv", "w", newline=""), lineterminator="\n").writerows(rows)
PY
}

# No line of a plot script starts a command of its own: every name stays
# inside its string on the line that names it.
one_command_per_line() {  # one_command_per_line CASE SCRIPT...
  local name=$1
  shift
  if grep -nE '^[[:space:]]*(system|!|`|load|call|shell)' "$@"; then
    fail "$name: a plot script has a line a name started"
  fi
  if grep -c $'\r' "$@" | grep -qv ':0$\|^0$'; then fail "$name: a carriage return in a script"; fi
}

# A text report: the rows of the groups are `rows` lines that match
# `pattern`, and no control character but the line ends reaches the terminal.
one_row_per_group() {  # one_row_per_group CASE PATTERN ROWS
  local found
  found=$(grep -c -- "$2" "$scratch/stdout.txt" || true)
  [[ $found == "$3" ]] || fail "$1: $found rows of groups, not $3: $(cat -v "$scratch/stdout.txt")"
  if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$scratch/stdout.txt"; then
    fail "$1: a control character in the report: $(cat -v "$scratch/stdout.txt")"
  fi
}

# terminal_safe CASE: the last command's standard error (notes, messages)
# holds no control character but line breaks and tabs: names from the data
# are shown there as \xNN, never obeyed by the terminal.
terminal_safe() {
  ! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$scratch/stderr.txt" ||
    fail "$1: a control character reached standard error"
}

for k in "${!payloads[@]}"; do
  payload=${payloads[$k]} data=$scratch/data$k out=$work/p$k
  hostile_data "$data" "$payload"
  mkdir -p "$out"
  accepted "train, group name $k" "$tinyfair" train --data "$data/train.csv" --label hired \
    --sensitive group --out "$out/model.json"
  accepted "sweep, group name $k" "$tinyfair" sweep --model "$out/model.json" \
    --data "$data/fit.csv" --validation "$data/fit.csv" --test "$data/test.csv" --label hired \
    --gamma-grid 0.2 --rho-offsets 0 --out-dir "$out/sweep"
  [[ -s $out/sweep/tradeoff.png && -s $out/sweep/decision_curves.png ]] ||
    fail "sweep $k: no plots"
  terminal_safe "sweep $k"
  # A message that names the group (exit 2) shows it, escaped.
  refused "postprocess message, group name $k" 2 "fewer rows than --min-group-size" \
    "$tinyfair" postprocess --model "$out/model.json" --data "$data/fit.csv" --label hired \
    --min-group-size 100000 --out "$out/refused.json"
  terminal_safe "postprocess message $k"
  one_command_per_line "sweep $k" "$out/sweep/tradeoff.gp" "$out/sweep/decision_curves.gp"
  "$tinyfair" export --model "$out/model.json" --out "$out/model.pb" --monitor-alpha 0.05 \
    --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null
  accepted "simulate, group name $k" "$tinyfair" simulate --model "$out/model.pb" \
    --data "$data/test.csv" --out "$out/log.csv" --monitor "$out/r.pb" --monitor-every 300
  accepted "monitor --plot, group name $k" "$tinyfair" monitor --model "$out/model.pb" \
    --report "$out/r-0001.pb" --report "$out/r-0002.pb" --plot "$out/plot"
  [[ -s $out/plot/monitor_rates.png ]] || fail "monitor $k: no plot"
  one_command_per_line "monitor $k" "$out/plot/monitor_rates.gp"
  accepted "evaluate --json, group name $k" "$tinyfair" evaluate --model "$out/model.pb" \
    --data "$data/test.csv" --label hired --json
  # The readable log and the report hold the name whole, read back as data.
  /usr/bin/python3 - "$out/log.csv" "$scratch/stdout.txt" "$payload" <<'PY' ||
import csv, json, sys
log, report, payload = sys.argv[1:]
rows = list(csv.DictReader(open(log, newline="")))
names = {value for row in rows for value in row.values()}
assert any(payload in value for value in names), "the log does not hold the name whole"
groups = [g["name"] for g in json.load(open(report))["groups"]]
assert any(payload in g for g in groups), groups
PY
    fail "evaluate/simulate $k: the name is not read back whole"
  # The text reports show each name on its row, control characters as \xNN.
  accepted "evaluate (table), group name $k" "$tinyfair" evaluate --model "$out/model.pb" \
    --data "$data/test.csv" --label hired
  one_row_per_group "evaluate $k" '^  group=' 2
  accepted "monitor (table), group name $k" "$tinyfair" monitor --model "$out/model.pb" \
    --report "$out/r-0002.pb"
  one_row_per_group "monitor $k" '^group=' 2
  accepted "parity of a log with the name, $k" "$tinyfair" parity "$out/log.csv" "$out/log.csv"
  grep -qE "^parity: ([0-9]+) of \1 decisions identical" "$scratch/stdout.txt" ||
    fail "parity $k: $(cat "$scratch/stdout.txt")"
  accepted "codegen, group name $k" "$tinyfair" codegen --model "$out/model.pb" --out "$out/model.h"
done

# Hostile folder names for the plots: the folder is never in a script and
# never reaches a shell.
folders=(
  "plot\$(touch $marker)"
  "plot\`touch $marker\`"
  "plot'; system 'touch $marker'; '"
  $'plot\nsystem "touch '"$marker"'"'
  "plot\"; touch $marker; \""
)
# The scripts in a plain folder, to compare with: a script that does not
# depend on its folder cannot carry the folder's name.
plain=$scratch/plain
"$tinyfair" sweep --model "$work/p0/model.json" --data "$scratch/data0/fit.csv" \
  --validation "$scratch/data0/fit.csv" --test "$scratch/data0/test.csv" --label hired \
  --gamma-grid 0.2 --rho-offsets 0 --out-dir "$plain/sweep" --no-plots > /dev/null 2>&1
"$tinyfair" monitor --model "$work/p0/model.pb" --report "$work/p0/r-0001.pb" \
  --report "$work/p0/r-0002.pb" --plot "$plain/monitor" --no-plots > /dev/null 2>&1
for k in "${!folders[@]}"; do
  folder=$work/${folders[$k]}
  accepted "sweep --out-dir, hostile folder $k" "$tinyfair" sweep --model "$work/p0/model.json" \
    --data "$scratch/data0/fit.csv" --validation "$scratch/data0/fit.csv" \
    --test "$scratch/data0/test.csv" --label hired --gamma-grid 0.2 --rho-offsets 0 \
    --out-dir "$folder/sweep"
  [[ -s $folder/sweep/tradeoff.png ]] || fail "sweep in folder $k: no plot"
  accepted "monitor --plot, hostile folder $k" "$tinyfair" monitor --model "$work/p0/model.pb" \
    --report "$work/p0/r-0001.pb" --report "$work/p0/r-0002.pb" --plot "$folder/monitor"
  [[ -s $folder/monitor/monitor_rates.png ]] || fail "monitor in folder $k: no plot"
  for script in sweep/tradeoff.gp sweep/decision_curves.gp monitor/monitor_rates.gp; do
    cmp -s "$plain/$script" "$folder/$script" || fail "folder $k: $script depends on its folder"
  done
done
echo "$suite: $cases cases, no payload ran, every plot drawn"
