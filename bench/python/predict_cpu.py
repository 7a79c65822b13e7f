"""CPU time of Python's predict on Adult's test part: the randomized
threshold optimizer fitted once (validation grid), then
RandomizedThresholdOptimizer.predict of the test part timed REPEATS times
(CPU of this process, reading the CSV excluded); the median is printed.

Usage: predict_cpu.py WORK_DIR (with fit/validation/test.csv of Adult and
model.json there, as bench/python/run.sh prepares them).
"""
import os
import statistics
import sys
import time

import tinyfair
from tinyfair.postprocessing import RandomizedThresholdOptimizer

REPEATS = 5


def main():
    work = sys.argv[1]
    scorer = tinyfair.load(os.path.join(work, "model.json"))
    fit, validation, test = (tinyfair.read_csv(f"{work}/{p}.csv")
                             for p in ("fit", "validation", "test"))
    rto = RandomizedThresholdOptimizer(scorer).fit(
        fit.drop(columns="Y"), fit["Y"], sensitive_features="sex", pos_label=">50K",
        validation=(validation.drop(columns="Y"), validation["Y"]))
    X = test.drop(columns="Y")
    rto.predict(X, random_state=1)  # warm: first-touch page faults, lazy imports
    times = []
    for _ in range(REPEATS):
        before = time.process_time()
        decisions = rto.predict(X, random_state=1)
        times.append(time.process_time() - before)
    assert len(set(decisions.tolist())) == 2  # both decisions occur
    print(f"predict CPU s ({len(X)} rows): {' '.join(f'{t:.4f}' for t in times)}  "
          f"median {statistics.median(times):.4f}")


if __name__ == "__main__":
    main()
