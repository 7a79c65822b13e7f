"""CPU time of Python's train on Adult's train part: LogisticRegression.fit
(sensitive feature sex, positive label >50K) timed REPEATS times (CPU of
this process, reading the CSV excluded); the median is printed.

Usage: train_cpu.py WORK_DIR (with train.csv of Adult there, as
bench/python/run.sh prepares it).
"""
import statistics
import sys
import time

import tinyfair
from tinyfair import LogisticRegression

REPEATS = 5


def fit(X, y):
    return LogisticRegression().fit(X, y, sensitive_features="sex", pos_label=">50K")


def main():
    work = sys.argv[1]
    train = tinyfair.read_csv(f"{work}/train.csv")
    X, y = train.drop(columns="Y"), train["Y"]
    fit(X, y)  # warm: first-touch page faults, lazy imports
    times = []
    for _ in range(REPEATS):
        before = time.process_time()
        model = fit(X, y)
        times.append(time.process_time() - before)
    assert 0 < (model.predict(X, random_state=1) == ">50K").sum() < len(X)
    print(f"train CPU s ({len(X)} rows): {' '.join(f'{t:.4f}' for t in times)}  "
          f"median {statistics.median(times):.4f}")


if __name__ == "__main__":
    main()
