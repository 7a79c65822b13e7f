#!/usr/bin/env python3
"""Adult, demographic parity: `tinyfair train --method reduction` against
fairlearn's ExponentiatedGradient with LogisticRegression, side by side.

Both see the same data: Adult (../shared/datasets/adult) without the rows
that have a `?`, without native-country, sex as a feature and as the
protected attribute; the six numbers standardised, the seven categorical
columns one-hot: 63 encoded columns. The same L2 (tinyfair's mean loss +
l2/2 |w|^2 is scikit-learn's C = 1 / (l2 n)), at most 50 iterations each,
epsilon in {0.1, 0.01, 0.001} as the constraint's bound and B = 1 / epsilon
for both (fairlearn: DemographicParity(difference_bound=epsilon), eps=epsilon). Test error and DP gap are those of the
randomized classifier's expected decisions on adult.test (tinyfair's from
its runtime, `evaluate --json`; fairlearn's from `_pmf_predict`).
CPU seconds: the tinyfair process (user + system), fairlearn's fit in this
process (time.process_time, all threads).

Then the same training data with native-country (104 encoded columns): the
reduction's mixture would exceed the device's member capacity, and tinyfair
refuses it; its CPU seconds show whether that happens before training.

Usage: adult_dp.py TINYFAIR DATASET_DIR WORK_DIR
Environment: FAIRLEARN_SRC, a directory holding fairlearn's package
(fairlearn is not a dependency of the project); without it fairlearn's half
is skipped with a message.
"""
import csv
import json
import os
import re
import subprocess
import sys
import time

EPSILONS = [0.1, 0.01, 0.001]
L2 = 1e-4
NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]


def clean(source, target):
    """The UCI file without `?` rows, fields stripped, labels without the test file's period."""
    with open(source) as f, open(target, "w", newline="") as out:
        rows = [[field.strip() for field in line.split(",")] for line in f if line.strip()]
        header, body = rows[0], rows[1:]
        writer = csv.writer(out)
        writer.writerow(header)
        kept = 0
        for row in body:
            if len(row) != len(header) or "?" in row:
                continue
            row[-1] = row[-1].rstrip(".")
            writer.writerow(row)
            kept += 1
    return kept


def run_cpu(command):
    """Runs a command; returns (exit status, stderr, CPU seconds of the child)."""
    before = os.times()
    done = subprocess.run(command, capture_output=True, text=True)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system)
    return done.returncode, done.stderr + done.stdout, cpu


def tinyfair_fit(tinyfair, work, epsilon, extra):
    model = os.path.join(work, f"reduction_{epsilon}.json")
    train = [tinyfair, "train", "--data", os.path.join(work, "train.csv"), "--label", "Y",
             "--positive", ">50K", "--sensitive", "sex", "--use-sensitive", "--method",
             "reduction", "--constraint", "dp", "--epsilon", str(epsilon), "--l2", str(L2),
             "--out", model] + extra
    status, log, cpu = run_cpu(train)
    return status, log, cpu, model


def tinyfair_row(tinyfair, work, epsilon):
    status, log, cpu, model = tinyfair_fit(tinyfair, work, epsilon, ["--ignore", "native-country"])
    if status != 0:
        raise SystemExit(f"tinyfair train failed:\n{log}")
    stop = re.search(r"stopped by (.*?) after (\d+) iterations; best duality gap (\S+) \S+ nu "
                     r"(\S+) \((NOT converged|converged)\); training violation (\S+)", log)
    pb = model.replace(".json", ".pb")
    subprocess.run([tinyfair, "export", "--model", model, "--out", pb], check=True,
                   capture_output=True)
    report = subprocess.run(
        [tinyfair, "evaluate", "--model", pb, "--data", os.path.join(work, "test.csv"),
         "--label", "Y", "--positive", ">50K", "--json"],
        check=True, capture_output=True, text=True).stdout
    metrics = json.loads(report)
    return {"error": 1.0 - metrics["expected_accuracy"], "dp_gap": metrics["expected_dp_gap"],
            "iterations": int(stop.group(2)), "converged": stop.group(5) == "converged",
            "gap": float(stop.group(3)), "nu": float(stop.group(4)),
            "violation": float(stop.group(6)), "cpu": cpu}


def fairlearn_rows(work):
    source = os.environ.get("FAIRLEARN_SRC")
    if not source:
        print("FAIRLEARN_SRC is not set: fairlearn's half is skipped", file=sys.stderr)
        return None
    sys.path.insert(0, source)
    import numpy as np
    import pandas as pd
    from fairlearn.reductions import DemographicParity, ExponentiatedGradient
    from sklearn.linear_model import LogisticRegression

    train = pd.read_csv(os.path.join(work, "train.csv")).drop(columns=["native-country"])
    test = pd.read_csv(os.path.join(work, "test.csv")).drop(columns=["native-country"])
    mean, std = train[NUMERIC].mean(), train[NUMERIC].std(ddof=0)
    encoded = pd.get_dummies(pd.concat([train, test]).drop(columns=["Y"]), dtype=float)
    encoded[NUMERIC] = (encoded[NUMERIC] - mean) / std
    X_train, X_test = encoded.iloc[:len(train)], encoded.iloc[len(train):]
    y_train = (train["Y"] == ">50K").astype(int).to_numpy()
    y_test = (test["Y"] == ">50K").astype(int).to_numpy()
    print(f"fairlearn: {X_train.shape[1]} encoded columns", file=sys.stderr)
    rows = {}
    for epsilon in EPSILONS:
        learner = LogisticRegression(C=1.0 / (L2 * len(train)), solver="lbfgs", max_iter=1000)
        # fairlearn 0.9's eps sets only B = 1 / eps; the constraint's own
        # bound (default 0.01) is difference_bound.
        eg = ExponentiatedGradient(learner, constraints=DemographicParity(difference_bound=epsilon),
                                   eps=epsilon)
        start = time.process_time()
        eg.fit(X_train, y_train, sensitive_features=train["sex"])
        cpu = time.process_time() - start
        p = eg._pmf_predict(X_test)[:, 1]
        female = (test["sex"] == "Female").to_numpy()
        rows[epsilon] = {"error": float(np.mean(np.abs(p - y_test))),
                         "dp_gap": float(abs(p[female].mean() - p[~female].mean())),
                         "iterations": int(eg.last_iter_) + 1,
                         "converged": bool(eg.best_gap_ < eg.nu), "gap": float(eg.best_gap_),
                         "nu": float(eg.nu), "cpu": cpu}
    return rows


def main():
    tinyfair, data, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    n_train = clean(os.path.join(data, "adult.data"), os.path.join(work, "train.csv"))
    n_test = clean(os.path.join(data, "adult.test"), os.path.join(work, "test.csv"))
    print(f"Adult without `?` rows: {n_train} training rows, {n_test} test rows\n")
    ours = {epsilon: tinyfair_row(tinyfair, work, epsilon) for epsilon in EPSILONS}
    theirs = fairlearn_rows(work)
    print("| epsilon | tool | test error | test DP gap | iterations | converged (gap / nu) "
          "| CPU s | CPU fairlearn / tinyfair |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for epsilon in EPSILONS:
        tools = [("tinyfair", ours[epsilon])]
        if theirs:
            tools.append(("fairlearn 0.9.0", theirs[epsilon]))
        for name, r in tools:
            ratio = (f"{theirs[epsilon]['cpu'] / r['cpu']:.1f}"
                     if theirs and name == "tinyfair" else "")
            print(f"| {epsilon} | {name} | {r['error']:.4f} | {r['dp_gap']:.4f} | "
                  f"{r['iterations']} | {'yes' if r['converged'] else 'no'} "
                  f"({r['gap']:.2e} / {r['nu']:.2e}) | {r['cpu']:.2f} | {ratio} |")
    print()
    for epsilon in EPSILONS:
        print(f"tinyfair epsilon {epsilon}: training violation {ours[epsilon]['violation']:.3e}")
    status, log, cpu, _ = tinyfair_fit(tinyfair, work, 0.01, [])
    print(f"\nWith native-country (104 encoded columns): exit {status} after {cpu:.2f} CPU s:")
    print("    " + log.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
