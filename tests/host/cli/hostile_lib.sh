# Shared checks of the hostile-input suites (hostile_*_test.sh), sourced
# after `suite`, `work` and `marker` are set. Every case checks the exit
# status, that the message names what was refused, that the work folder is
# as it was (for a refusal), that no temporary is left, and that no payload
# ran (each payload would create `marker`).
scratch=$work.scratch
rm -rf "$work" "$scratch" && mkdir -p "$work" "$scratch"
cases=0

fail() { echo "$suite: $*" >&2; exit 1; }

# demo_model DATA_DIR: the demo's data in DATA_DIR and a logistic model
# trained on it, $work/model.json: what the suites refuse their cases on.
demo_model() {
  "$tinyfair" demo --rows 3000 --seed 5 --parts train=0.4,fit=0.3,test=0.3 --out-dir "$1" \
    2>/dev/null
  "$tinyfair" train --data "$1/train.csv" --label hired --sensitive group \
    --out "$work/model.json" 2>/dev/null
}

# Every path under the work folder with its size, mode and content hash.
snapshot() {
  (cd "$work" && find . -mindepth 1 -printf '%p %y %s %m\n' | sort &&
    find . -type f -print0 | sort -z | xargs -0 -r md5sum)
}

no_leftovers() {  # no_leftovers CASE
  [[ ! -e $marker ]] || fail "$1: the payload ran (${marker##*/} exists)"
  local left
  left=$(find "$work" -name '*.tmp' -o -name '*.tmp.*' -o -name '*.XXXXXX*' -o -name '*.old' | head -n 3)
  [[ -z $left ]] || fail "$1: temporaries left: $left"
}

# refused CASE STATUS TEXT COMMAND...: exits STATUS, says TEXT on stderr,
# changes nothing in the work folder, leaves nothing behind.
refused() {
  local name=$1 status=$2 text=$3
  shift 3
  local before code=0
  before=$(snapshot)
  "$@" > "$scratch/stdout.txt" 2> "$scratch/stderr.txt" || code=$?
  [[ $code == "$status" ]] ||
    fail "$name: exit $code, not $status: $(head -c 400 "$scratch/stderr.txt")"
  grep -qF -- "$text" "$scratch/stderr.txt" ||
    fail "$name: no '$text' in: $(head -c 400 "$scratch/stderr.txt")"
  [[ $(snapshot) == "$before" ]] || fail "$name: the work folder changed"
  no_leftovers "$name"
  cases=$((cases + 1))
}

# accepted CASE COMMAND...: exits 0 and leaves no temporary; the payload
# did not run. The caller checks what was written.
accepted() {
  local name=$1
  shift
  local code=0
  "$@" > "$scratch/stdout.txt" 2> "$scratch/stderr.txt" || code=$?
  [[ $code == 0 ]] || fail "$name: exit $code: $(head -c 400 "$scratch/stderr.txt")"
  no_leftovers "$name"
  cases=$((cases + 1))
}
