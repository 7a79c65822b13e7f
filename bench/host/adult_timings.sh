#!/usr/bin/env bash
# CPU seconds of four Adult fits with two builds of tinyfair, on the same
# machine in one run: the 65-fit RTO sweep, an FRLL DP fit, a reduction fit
# at epsilon 0.01 and a soft-groups fit. Each fit runs REPEATS times (default
# 5) with each binary, interleaved (before, after, before, ...), and the
# table gives the median CPU seconds (user + system of the child) and the
# ratio after / before.
#   TINYFAIR_BEFORE=... TINYFAIR_AFTER=... bash bench/host/adult_timings.sh [WORK_DIR]
# Environment: REPEATS (default 5), DATA_DIR (default ../shared/datasets/adult
# beside the checkout). Only flags both builds understand are used.
set -euo pipefail
: "${TINYFAIR_BEFORE:?set TINYFAIR_BEFORE to the tinyfair binary measured first}"
: "${TINYFAIR_AFTER:?set TINYFAIR_AFTER to the tinyfair binary compared with it}"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
data=$(realpath "${DATA_DIR:-$here/../shared/datasets/adult}")
work=${1:-$(mktemp -d)}
repeats=${REPEATS:-5}
before=$(realpath "$TINYFAIR_BEFORE") after=$(realpath "$TINYFAIR_AFTER")
mkdir -p "$work" && cd "$work"
positive='>50K,>50K.'

# The data, prepared once. The README's split (seed 11) for the scorer and
# the sweep; Adult without `?` rows (bench/reductions/adult_dp.py) for the
# reduction and FRLL; race flipped at 0.3 (bench/noisy_groups/run.sh) for
# soft groups.
"$after" split --data "$data/adult.data" --parts train=0.5,fit=0.2,validation=0.1,test=0.2 \
  --seed 11 --out-dir split 2> /dev/null
python3 - "$data/adult.data" clean.csv << 'EOF'
import csv, sys
with open(sys.argv[1]) as f, open(sys.argv[2], "w", newline="") as out:
    rows = [[field.strip() for field in line.split(",")] for line in f if line.strip()]
    writer = csv.writer(out)
    writer.writerow(rows[0])
    for row in rows[1:]:
        if len(row) == len(rows[0]) and "?" not in row:
            row[-1] = row[-1].rstrip(".")
            writer.writerow(row)
EOF
"$after" noise --data "$data/adult.data" --column race --rate 0.3 --seed 3 \
  --into observed_race --out noisy.csv 2> /dev/null
# Each build sweeps its own scorer (trained untimed), so that neither reads
# the other's model file.
for side in before after; do
  tf=$before
  [ "$side" = after ] && tf=$after
  "$tf" train --data split/train.csv --label Y --positive "$positive" --sensitive sex \
    --out "scorer_$side.json" 2> /dev/null
done

# fit NAME SIDE: the command line of one fit (the binary is added by the runner).
fit() {
  case $1 in
    sweep)
      echo sweep --model "scorer_$2.json" --data split/fit.csv --validation split/validation.csv \
        --test "$data/adult.test" --label Y --positive "$positive" --out-dir "sweep_$2" ;;
    frll-dp)
      echo train --method frll --constraint dp --data clean.csv --label Y --positive '>50K' \
        --sensitive sex --out "frll_$2.json" ;;
    reduction-0.01)
      echo train --method reduction --constraint dp --epsilon 0.01 --l2 1e-4 --data clean.csv \
        --label Y --positive '>50K' --sensitive sex --use-sensitive --ignore native-country \
        --out "reduction_$2.json" ;;
    soft-groups)
      echo train --method soft-groups --constraint eopp --data noisy.csv --label Y \
        --positive '>50K' --sensitive observed_race --ignore race,fnlwgt --noise-rate 0.3 \
        --out "soft_groups_$2.json" ;;
  esac
}

fits=(sweep frll-dp reduction-0.01 soft-groups)
: > commands.tsv
for name in "${fits[@]}"; do
  for side in before after; do
    tf=$before
    [ "$side" = after ] && tf=$after
    printf '%s\t%s\t%s %s\n' "$name" "$side" "$tf" "$(fit "$name" "$side")" >> commands.tsv
  done
done

# The runner. No argument holds a space (the data paths included), so a
# command line splits on whitespace.
python3 - commands.tsv "$repeats" << 'EOF'
import resource, statistics, subprocess, sys

commands = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
repeats = int(sys.argv[2])
seconds = {}


def table(rounds):
    lines = ["| fit | before: median CPU s | after: median CPU s | after / before | runs |",
             "| --- | --- | --- | --- | --- |"]
    for name, sides in seconds.items():
        b, a = statistics.median(sides["before"]), statistics.median(sides["after"])
        lines.append(f"| {name} | {b:.3f} | {a:.3f} | {a / b:.2f} | {rounds} each |")
    return "\n".join(lines) + "\n"


for round_ in range(repeats):
    for name, side, command in commands:
        start = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        end = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            sys.exit(f"{side} {name} failed ({done.returncode}):\n{done.stderr}")
        cpu = (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)
        seconds.setdefault(name, {}).setdefault(side, []).append(cpu)
        print(f"round {round_ + 1}/{repeats} {name} {side}: {cpu:.3f} s", file=sys.stderr)
    # The table so far, in the work folder, after every round.
    with open("table.md", "w") as out:
        out.write(table(round_ + 1))
print(table(repeats), end="")
EOF
