#!/usr/bin/env python3
"""Prepares the fair-regression reproduction data (spec §6.1): law school
(y = UGPA/4, race white vs other), communities and crime (y =
ViolentCrimesPerPop, majority-white community), Adult (income > 50K, sex),
and 2,000-row subsamples of law school and Adult; each split 50/50 inside
each group (seed 4, as the reference code). Writes <out>/<name>_{train,test}.csv.

Usage: prepare_data.py DATASETS_DIR OUT_DIR
"""
import csv
import os
import sys

import numpy as np

SEED = 4


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def split(name, out, header, rows, group_column):
    rng = np.random.RandomState(SEED)
    g = np.array([r[group_column] for r in rows])
    train, test = [], []
    for value in sorted(set(g)):
        idx = np.flatnonzero(g == value)
        rng.shuffle(idx)
        half = len(idx) // 2
        train += list(idx[:half])
        test += list(idx[half:])
    write(os.path.join(out, name + "_train.csv"), header, [rows[i] for i in sorted(train)])
    write(os.path.join(out, name + "_test.csv"), header, [rows[i] for i in sorted(test)])


def subsample(rows, n):
    rng = np.random.RandomState(SEED)
    idx = sorted(rng.choice(len(rows), n, replace=False))
    return [rows[i] for i in idx]


def law_school(datasets, out):
    header = ["race", "sex", "LSAT", "ZFYA", "region_first", "first_pf", "y"]
    rows = []
    with open(os.path.join(datasets, "law_school", "law_data.csv")) as f:
        for r in csv.DictReader(f):
            cells = [r["race"], r["sex"], r["LSAT"], r["ZFYA"], r["region_first"], r["first_pf"],
                     r["UGPA"]]
            if any(c in ("", "NA", "?") for c in cells):
                continue
            y = float(r["UGPA"]) / 4.0
            rows.append(["white" if r["race"] == "White" else "other", r["sex"], r["LSAT"],
                         r["ZFYA"], r["region_first"], r["first_pf"], "%.6g" % min(max(y, 0), 1)])
    split("law", out, header, rows, 0)
    split("law2k", out, header, subsample(rows, 2000), 0)


def communities(datasets, out, features=30):
    names = []
    with open(os.path.join(datasets, "communities", "communities.names")) as f:
        for line in f:
            if line.lower().startswith("@attribute"):
                names.append(line.split()[1])
    with open(os.path.join(datasets, "communities", "communities.data")) as f:
        raw = [line.strip().split(",") for line in f if line.strip()]
    race = ["racepctblack", "racePctWhite", "racePctAsian", "racePctHisp"]
    skip = set(names[:5]) | set(race) | {"ViolentCrimesPerPop"}
    cols = [i for i, n in enumerate(names)
            if n not in skip and all(r[i] != "?" for r in raw)]
    X = np.array([[float(r[i]) for i in cols] for r in raw])
    y = np.array([float(r[names.index("ViolentCrimesPerPop")]) for r in raw])
    shares = np.array([[float(r[names.index(c)]) for c in race] for r in raw])
    white = shares.argmax(axis=1) == 1
    # The device holds 512 member weights: keep the `features` columns most
    # correlated with the label (over all rows), so that 16 members fit.
    corr = np.abs([np.corrcoef(X[:, j], y)[0, 1] for j in range(X.shape[1])])
    keep = sorted(np.argsort(-corr)[:features])
    header = ["race"] + [names[cols[j]] for j in keep] + ["y"]
    rows = [["white" if white[i] else "other"] + ["%.6g" % X[i, j] for j in keep] +
            ["%.6g" % y[i]] for i in range(len(raw))]
    split("communities", out, header, rows, 0)


def adult(datasets, out):
    header = ["age", "education_num", "capital_gain", "capital_loss", "hours_per_week",
              "marital_status", "relationship", "race", "sex", "Y"]
    rows = []
    for name in ("adult.data", "adult.test"):
        with open(os.path.join(datasets, "adult", name)) as f:
            reader = csv.reader(f, skipinitialspace=True)
            head = next(reader)
            for r in reader:
                if len(r) < len(head) or "?" in r:
                    continue
                d = dict(zip([h.strip() for h in head], r))
                rows.append([d["age"], d["education-num"],
                             "%.6g" % np.log1p(float(d["capital-gain"])),
                             "%.6g" % np.log1p(float(d["capital-loss"])), d["hours-per-week"],
                             d["marital-status"], d["relationship"], d["race"], d["sex"],
                             "1" if d["Y"].startswith(">50K") else "0"])
    split("adult", out, header, rows, 8)
    split("adult2k", out, header, subsample(rows, 2000), 8)


if __name__ == "__main__":
    datasets, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    law_school(datasets, out)
    communities(datasets, out)
    adult(datasets, out)
