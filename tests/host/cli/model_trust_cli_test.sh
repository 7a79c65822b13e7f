#!/usr/bin/env bash
# --public-key and --minimum-version on every command that reads a model
# file (inspect, simulate, evaluate, codegen, monitor, postprocess, sweep):
# a model signed by the key, of at least the minimum version, is accepted
# and gives what the unsigned model gives; another key's signature is
# refused with bad_signature, an unsigned file (sealed or JSON) with
# unsigned_model and a lower version with rolled_back, each with inspect's
# exit status and nothing written.
set -euo pipefail
tinyfair=$1 golden=$2 work=$3
rm -rf "$work" && mkdir -p "$work"/{plain,signed,other}
fail() { echo "model_trust_cli_test: $*" >&2; exit 1; }
data=$golden/data

id_a=$("$tinyfair" keygen --out "$work/a.key" 2>/dev/null)
"$tinyfair" keygen --out "$work/b.key" > /dev/null 2>&1
# The same model three ways, each folder's file named model.pb (codegen
# names the file in its header): unsigned, signed by a, signed by b.
export_all() {  # export_all SOURCE_JSON NAME [export flags...]
  local source=$1 name=$2; shift 2
  "$tinyfair" export --model "$source" --out "$work/plain/$name" --model-version 5 "$@" 2>/dev/null
  "$tinyfair" export --model "$work/plain/$name" --out "$work/signed/$name" --sign "$work/a.key" \
      2>/dev/null
  "$tinyfair" export --model "$work/plain/$name" --out "$work/other/$name" --sign "$work/b.key" \
      2>/dev/null
}
export_all "$golden/demo_fair.json" model.pb --monitor-alpha 0.05 --monitor-tolerance 0.03
export_all "$golden/demo_logistic.json" scorer.pb
"$tinyfair" simulate --model "$work/plain/model.pb" --data "$data/test.csv" --seed 3 \
    --out "$work/report_log.csv" --monitor "$work/report.pb" 2>/dev/null

# Each command with M for the model file and OUT for its output file or
# folder (a command that prints to stdout gets OUT as its stdout).
commands=(
  "inspect M"
  "simulate --model M --data $data/test.csv --seed 3 --out OUT"
  "evaluate --model M --data $data/test.csv --label hired --seed 3 --json"
  "codegen --model M --name Trusted --out OUT"
  "codegen --model M --name Trusted --tables --language c --out OUT"
  "monitor --model M --report $work/report.pb --json"
  "postprocess --model M:scorer --data $data/fit.csv --label hired --gamma 0.2 --out OUT"
  "sweep --model M:scorer --data $data/fit.csv --validation $data/test.csv --test $data/test.csv --label hired --no-plots --out-dir OUT"
)
# run FOLDER COMMAND OUT [flags...]: the command on FOLDER's model; returns its status.
run() {
  local folder=$1 command=$2 out=$3; shift 3
  local model=$work/$folder/model.pb
  if [[ $command == *"M:scorer"* ]]; then
    model=$work/$folder/scorer.pb command=${command/M:scorer/M}
  fi
  [[ $folder == json ]] && model=$golden/demo_fair.json
  [[ $folder == json && $command == postprocess* ]] && model=$golden/demo_logistic.json
  local words=()
  for word in $command; do
    case $word in
      M) words+=("$model") ;;
      OUT) words+=("$out") ;;
      *) words+=("$word") ;;
    esac
  done
  local status=0
  if [[ $command == *OUT* ]]; then
    "$tinyfair" "${words[@]}" "$@" > /dev/null 2> "$work/stderr.txt" || status=$?
  else
    "$tinyfair" "${words[@]}" "$@" > "$out" 2> "$work/stderr.txt" || status=$?
  fi
  return $status
}

# inspect's exit status for a refusal: the one every command must give.
status=0
"$tinyfair" inspect "$work/other/model.pb" --public-key "$work/a.key.pub" > /dev/null 2>&1 ||
  status=$?
[[ $status != 0 ]] || fail "inspect accepted another key's signature"
refusal_exit=$status

for command in "${commands[@]}"; do
  name=${command%% *}
  rm -rf "$work/expected" "$work/actual"
  # The unsigned model without flags, then the signed one with the key and
  # its own version as the minimum: the same output.
  run plain "$command" "$work/expected" || fail "$name of the unsigned model failed"
  run signed "$command" "$work/actual" --public-key "$work/a.key.pub" --minimum-version 5 ||
    fail "$name refused the model signed by the key: $(cat "$work/stderr.txt")"
  grep -q "signed by key $id_a" "$work/stderr.txt" ||
    fail "$name did not say how the model is signed"
  if [[ $command == "codegen --model M --name Trusted --out OUT" ]]; then
    # The bytes header holds the signed file as it is, which decides as the
    # unsigned one does (the tables header below).
    /usr/bin/python3 - "$work/actual" "$work/signed/model.pb" <<'PY' || fail "codegen embedded other bytes"
import re, sys
header, signed = open(sys.argv[1]).read(), open(sys.argv[2], "rb").read()
body = header[header.index("kTrusted[kTrustedSize] = {"):]
assert bytes(int(b, 16) for b in re.findall(r"0x([0-9a-f]{2})\b", body[:body.index("};")])) == signed
PY
  elif [[ -d $work/expected ]]; then
    # sweep: its table and selected model (its plot scripts name the folder).
    for file in sweep.csv selected.json; do
      cmp -s "$work/expected/$file" "$work/actual/$file" ||
        fail "$name of the signed model wrote another $file than of the unsigned one"
    done
  else
    cmp -s "$work/expected" "$work/actual" ||
      fail "$name of the signed model differs from $name of the unsigned one"
  fi
  # The refusals: each names the runtime's status, exits as inspect does and
  # writes nothing.
  for refusal in "other bad_signature --public-key $work/a.key.pub" \
                 "plain unsigned_model --public-key $work/a.key.pub" \
                 "json unsigned_model --public-key $work/a.key.pub" \
                 "signed rolled_back --public-key $work/a.key.pub --minimum-version 6" \
                 "plain rolled_back --minimum-version 6"; do
    read -r folder expected flags <<< "$refusal"
    [[ $folder == json && $command == codegen* ]] && continue  # codegen reads sealed files only
    rm -rf "$work/refused"
    status=0
    # shellcheck disable=SC2086
    run "$folder" "$command" "$work/refused" $flags || status=$?
    [[ $status == "$refusal_exit" ]] ||
      fail "$name on the $folder model with $flags: exit $status, not inspect's $refusal_exit"
    grep -q "the runtime refuses this model: $expected\$" "$work/stderr.txt" ||
      fail "$name on the $folder model with $flags: no $expected: $(cat "$work/stderr.txt")"
    if [[ $command == *OUT* && -e $work/refused ]]; then
      fail "$name on the $folder model with $flags wrote its output"
    fi
  done
done
echo "model_trust_cli_test: passed"
