#!/usr/bin/env python3
"""Coverage of the 95 % intervals that `tinyfair evaluate` states.

Draws seeded bootstrap replicates of a labelled CSV (rows resampled with
replacement), runs `tinyfair evaluate --json` on each, and counts how often
each replicate's stated interval holds the value measured on the whole file:
per group, the positive rate, TPR and FPR (Wilson) and the demographic-parity
gap (Newcombe). A sound 95 % interval covers in about 95 % of replicates.

    python3 bench/metrics/interval_coverage.py --tinyfair build/host/host_tools/tinyfair \\
        --model MODEL --data ../shared/datasets/adult/adult.test --label Y \\
        --positive '>50K.' [--replicates 1000] [--seed 1]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile


def evaluate(args, data):
    command = [args.tinyfair, "evaluate", "--model", args.model, "--data", data,
               "--label", args.label, "--positive", args.positive, "--seed", str(args.decision_seed),
               "--json"]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    return lines[0], lines[1:]


def covered(interval, value):
    return interval is not None and value is not None and interval[0] <= value <= interval[1]


# (key in each group's report, its interval's key)
RATES = (("positive_rate", "positive_rate_ci"), ("tpr", "tpr_ci"), ("fpr", "fpr_ci"))


def tally(full, replicate, counts):
    for g, group in enumerate(full["groups"]):
        for rate, interval in RATES:
            key = (group["name"], rate)
            hits, total = counts.get(key, (0, 0))
            counts[key] = (hits + covered(replicate["groups"][g][interval], group[rate]), total + 1)
    full_gap = None
    if full["dp_gap_groups"] == replicate["dp_gap_groups"]:
        full_gap = full["dp_gap"]
    elif full["dp_gap_groups"] == list(reversed(replicate["dp_gap_groups"])):
        full_gap = -full["dp_gap"]  # the replicate measures the same pair the other way round
    hits, total = counts.get(("gap", "dp_gap"), (0, 0))
    counts[("gap", "dp_gap")] = (hits + covered(replicate["dp_gap_ci"], full_gap), total + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tinyfair", required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--label", required=True)
    parser.add_argument("--positive", required=True)
    parser.add_argument("--replicates", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first replicate")
    parser.add_argument("--decision-seed", type=int, default=0, help="PCG32 seed of the decisions")
    args = parser.parse_args()

    full = evaluate(args, args.data)
    header, rows = read_lines(args.data)
    counts = {}
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "replicate.csv")
        for r in range(args.replicates):
            rng = random.Random(args.seed + r)
            with open(path, "w", encoding="utf-8") as f:
                f.write(header + "\n")
                f.writelines(rows[rng.randrange(len(rows))] + "\n" for _ in rows)
            tally(full, evaluate(args, path), counts)
            if (r + 1) % 100 == 0:
                print("%d of %d replicates" % (r + 1, args.replicates), file=sys.stderr)

    print("| group | rate | value on the whole file | covered | coverage |")
    print("| --- | --- | ---: | ---: | ---: |")
    for g in full["groups"]:
        for rate, _ in RATES:
            hits, total = counts[(g["name"], rate)]
            print("| %s | %s | %.4f | %d / %d | %.1f %% |" % (
                g["name"], rate, g[rate], hits, total, 100.0 * hits / total))
    hits, total = counts[("gap", "dp_gap")]
    print("| %s − %s | dp_gap | %.4f | %d / %d | %.1f %% |" % (
        full["dp_gap_groups"][0], full["dp_gap_groups"][1], full["dp_gap"], hits, total,
        100.0 * hits / total))


if __name__ == "__main__":
    main()
