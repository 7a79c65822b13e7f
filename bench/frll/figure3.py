#!/usr/bin/env python3
"""Data and plot tables for the synthetic illustration (the paper's Figure 3).

    figure3.py data WORK    writes WORK/train.csv (the spec's Sec. 6 generator)
                            and WORK/grid.csv (the plane [-4, 4]^2 for each group)
    figure3.py tables WORK  reads the models and the runtime's decision logs on
                            the grid and writes the gnuplot tables and settings

The generator (spec Sec. 6; the paper does not describe its data): n = 2000,
a ~ Bernoulli(1/2), y | a ~ Bernoulli(0.35 if a = 1 else 0.65),
x | (a, y) ~ N(mu[a][y], I) with mu[0][0] = (-1, -1), mu[0][1] = (1, 1),
mu[1][0] = (-0.5, -1.5), mu[1][1] = (1.5, 0), seed 2024.
"""
import csv
import json
import random
import struct
import sys

N = 2000
SEED = 2024
MEANS = {(0, 0): (-1.0, -1.0), (0, 1): (1.0, 1.0), (1, 0): (-0.5, -1.5), (1, 1): (1.5, 0.0)}
RATE = {0: 0.65, 1: 0.35}
GRID = 161  # points per axis over [-4, 4]
LIMIT = 4.0


def grid_points():
    step = 2 * LIMIT / (GRID - 1)
    return [(-LIMIT + i * step, -LIMIT + j * step) for i in range(GRID) for j in range(GRID)]


def write_data(work):
    rng = random.Random(SEED)
    with open(f"{work}/train.csv", "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["x1", "x2", "a", "y"])
        for _ in range(N):
            a = 1 if rng.random() < 0.5 else 0
            y = 1 if rng.random() < RATE[a] else 0
            m = MEANS[(a, y)]
            out.writerow([f"{m[0] + rng.gauss(0, 1):.6f}", f"{m[1] + rng.gauss(0, 1):.6f}", a, y])
    with open(f"{work}/grid.csv", "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["x1", "x2", "a"])
        for a in (0, 1):
            for x1, x2 in grid_points():
                out.writerow([f"{x1:.4f}", f"{x2:.4f}", a])


def floats(log, column):
    with open(log) as f:
        return [struct.unpack(">f", bytes.fromhex(r[column]))[0] for r in csv.DictReader(f)]


def write_tables(work):
    points = grid_points()
    fair_p = floats(f"{work}/frll_grid.csv", "probability_bits")
    fair_pe = floats(f"{work}/frll_grid.csv", "score_bits")
    logistic = floats(f"{work}/logistic_grid.csv", "score_bits")
    for a in (0, 1):
        with open(f"{work}/grid_a{a}.dat", "w") as f:
            for k, (x1, x2) in enumerate(points):
                i = a * len(points) + k
                f.write(f"{x1:.4f} {x2:.4f} {fair_p[i]:.6f} {fair_pe[i]:.6f} {logistic[i]:.6f}\n")
                if (k + 1) % GRID == 0:
                    f.write("\n")
    with open(f"{work}/train.csv") as f:
        rows = list(csv.DictReader(f))
    for a in (0, 1):
        with open(f"{work}/points_a{a}.dat", "w") as f:
            for r in rows:
                if int(r["a"]) == a:
                    f.write(f"{r['x1']} {r['x2']} {r['y']}\n")

    # The truncation levels from the exported cells (group index = a).
    rule = json.load(open(f"{work}/frll.json"))["truncated_logistic"]
    c = rule["cell_label1"]
    cap0 = 1 / c[0] if c[0] > 1 else 1.0
    floor1 = 1 + 1 / c[1] if c[1] < -1 else 0.0
    with open(f"{work}/settings.gp", "w") as f:
        f.write(f"cap0 = {cap0:.6f}\nfloor1 = {floor1:.6f}\n")
    # Training positive rates of the fair rule per group (expected rates).
    fair_train = floats(f"{work}/frll_train.csv", "probability_bits")
    rates = {a: [p for p, r in zip(fair_train, rows) if int(r["a"]) == a] for a in (0, 1)}
    print(f"cells c(A=0) = {c[0]:.4f} (cap {cap0:.4f}), c(A=1) = {c[1]:.4f} (floor {floor1:.4f})")
    print("training positive rate of the fair rule: A=0 {:.4f}, A=1 {:.4f}".format(
        sum(rates[0]) / len(rates[0]), sum(rates[1]) / len(rates[1])))


if __name__ == "__main__":
    {"data": write_data, "tables": write_tables}[sys.argv[1]](sys.argv[2])
