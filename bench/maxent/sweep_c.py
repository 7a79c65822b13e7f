#!/usr/bin/env python3
"""The paper's Figure 2 (appendix) on COMPAS small, protected sex: the six max-ent variants,
priors {q_C^d, q_C^w} x targets {theta^d, theta^b, theta^w}, for C in {0, 0.1, ..., 1}, with
the Table 2 protocol of table2.py (5 contiguous folds, REPETITIONS samples of 10,000 per fold,
decision tree, KL to the whole data set). Writes one line per (variant, C) for gnuplot.

usage: sweep_c.py TINYFAIR PREPARED_DIR WORK_DIR OUT_DAT [REPETITIONS]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table2  # noqa: E402  (the protocol's pieces)

C_GRID = [round(0.1 * i, 1) for i in range(11)]
VARIANTS = [(prior, theta) for prior in ("d", "w") for theta in ("d", "b", "w")]
METRICS = ["data_sr", "data_rr", "kl", "clf_sr_soft", "clf_accuracy"]


def main():
    tinyfair, prepared, work, out = sys.argv[1:5]
    repetitions = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    spec = table2.EXPERIMENTS["compas_sex"]
    os.makedirs(work, exist_ok=True)
    data_path = os.path.join(prepared, spec["file"])
    schema = ["--label", spec["label"], "--positive", spec["positive"], "--protected",
              spec["protected"], "--protected-zero", spec["zero"]] + spec["columns"]
    full_disc = os.path.join(work, "full.csv")
    table2.run([tinyfair, "debias-data", "--data", data_path] + schema +
               ["--rows", "1", "--out", os.path.join(work, "unused.csv"), "--report-out",
                os.path.join(work, "unused.json"), "--discretize", data_path,
                "--discretized-out", full_disc])
    header, full_rows = table2.read_csv(full_disc)
    enc = table2.Encoding(header, full_rows, spec["label"], spec["protected"], spec["zero"])
    full = enc.encode(full_rows)
    freq = np.bincount(enc.cell_ids(full), minlength=enc.cells) / len(full)
    reference = (freq + 1e-7) / (1 + 1e-7 * enc.cells)
    raw_header, raw_rows = table2.read_csv(data_path)
    n = len(full)
    fold = n // 5
    lines = []
    for prior, theta in VARIANTS:
        for c in C_GRID:
            per_fold = []
            for k in range(5):
                lo, hi = k * fold, (n if k == 4 else (k + 1) * fold)
                train_idx = np.r_[0:lo, hi:n]
                train_csv = os.path.join(work, "train.csv")
                table2.write_csv(train_csv, raw_header, [raw_rows[i] for i in train_idx])
                sample = os.path.join(work, "sample.csv")
                table2.run([tinyfair, "debias-data", "--data", train_csv] + schema +
                           ["--prior", prior, "--theta", theta, "--prior-weight", str(c),
                            "--rows", str(table2.SAMPLES * repetitions), "--seed", str(k + 1),
                            "--out", sample, "--report-out", os.path.join(work, "r.json")])
                points = enc.encode(table2.read_csv(sample)[1])
                runs = [table2.evaluate_sample(enc, points[r * table2.SAMPLES:
                                                          (r + 1) * table2.SAMPLES],
                                               full[lo:hi], reference)
                        for r in range(repetitions)]
                per_fold.append({m: np.mean([run[m] for run in runs]) for m in METRICS})
            means = [np.mean([f[m] for f in per_fold]) for m in METRICS]
            stds = [np.std([f[m] for f in per_fold]) for m in METRICS]
            lines.append((prior, theta, c, means, stds))
            print(f"q^{prior} theta^{theta} C={c}: " +
                  " ".join(f"{m}={v:.3f}" for m, v in zip(METRICS, means)),
                  file=sys.stderr, flush=True)
    with open(out, "w") as f:
        f.write("# variant C " + " ".join(f"{m} {m}_std" for m in METRICS) + "\n")
        for i, (prior, theta) in enumerate(VARIANTS):
            for p, t, c, means, stds in lines:
                if (p, t) == (prior, theta):
                    f.write(f"q{prior}_theta{theta} {c} " +
                            " ".join(f"{a:.4f} {b:.4f}" for a, b in zip(means, stds)) + "\n")
            f.write("\n\n")


if __name__ == "__main__":
    main()
