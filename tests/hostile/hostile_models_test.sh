#!/usr/bin/env bash
# hostile.models: models with an index or a count out of range (group
# attribute past the inputs, no inputs, per-group and per-member arrays of
# the wrong length, counts beyond the runtime's capacities, ...), each as the
# JSON a fit writes, sealed as stated and signed (make_hostile_models), into
# every command that reads a model. Each must be refused with exit 2 (bad
# input) and "FILE: the runtime refuses this model: STATUS" on stderr, the
# runtime's status for that file, and write nothing: no output file, nothing
# on stdout, no crash. Every spoil in every form goes through inspect and
# simulate; the spoils that crashed simulate, evaluate, postprocess and
# sweep (a group attribute past the inputs, no inputs) go through every
# command.
set -euo pipefail
tinyfair=$1 golden=$2 models=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
data=$golden/data
fail() { echo "hostile.models: $*" >&2; exit 1; }

# A monitor report of the golden model, for monitor's --report.
"$tinyfair" export --model "$golden/demo_fair.json" --out "$work/monitored.pb" \
  --monitor-alpha 0.05 --monitor-tolerance 0.05 2>/dev/null
"$tinyfair" simulate --model "$work/monitored.pb" --data "$data/test.csv" --seed 1 \
  --out "$work/log.csv" --monitor "$work/report.pb" 2>/dev/null

all_commands=(
  "inspect M"
  "simulate --model M --data $data/test.csv --seed 1 --out OUT"
  "evaluate --model M --data $data/test.csv --label hired --json"
  "postprocess --model M --data $data/fit.csv --label hired --out OUT"
  "postprocess --stream --model M --data $data/fit.csv --label hired --out OUT"
  "sweep --model M --data $data/fit.csv --validation $data/test.csv --test $data/test.csv --label hired --no-plots --out-dir OUT"
  "export --model M --out OUT"
  "codegen --model M --name Hostile --out OUT"
  "codegen --model M --name Hostile --tables --language c --out OUT"
  "monitor --model M --report $work/report.pb --json"
)

cases=0
# refused FILE STATUS COMMAND: the command on the model FILE is refused as
# the header says.
refused() {
  local file=$1 status=$2 command=$3
  local out=$work/out words=()
  rm -rf "$out" "$work/stdout" "$work/stderr"
  for word in $command; do
    case $word in
      M) words+=("$models/$file") ;;
      OUT) words+=("$out") ;;
      *) words+=("$word") ;;
    esac
  done
  local exit_status=0
  "$tinyfair" "${words[@]}" > "$work/stdout" 2> "$work/stderr" || exit_status=$?
  local name="${command%% --*} on $file"
  [[ $exit_status == 2 ]] || fail "$name: exit $exit_status, not 2: $(head -c 300 "$work/stderr")"
  grep -qF "$models/$file: the runtime refuses this model: $status" "$work/stderr" ||
    fail "$name: no 'the runtime refuses this model: $status': $(head -c 300 "$work/stderr")"
  [[ ! -e $out ]] || fail "$name: wrote $out"
  [[ ! -s $work/stdout ]] || fail "$name: printed on stdout"
  [[ -z $(find "$work" -name '*.tmp') ]] || fail "$name: left a temporary"
  cases=$((cases + 1))
}

files=0
while read -r file status; do
  files=$((files + 1))
  for command in "${all_commands[@]:0:2}"; do refused "$file" "$status" "$command"; done
  case $file in
    group_attribute_past_inputs.* | no_inputs.*)
      for command in "${all_commands[@]:2}"; do refused "$file" "$status" "$command"; done ;;
  esac
done < "$models/manifest.txt"
[[ $files -ge 45 ]] || fail "only $files hostile model files"
echo "hostile.models: $cases refusals of $files model files, each exit 2 with the runtime's status"
