"""CPU time of the same work from Python and from the CLI: post-process
Adult's logistic scorer with the randomized threshold optimizer (selected on
the validation part) and decide the test part with a seed.

CLI: `tinyfair postprocess` then `tinyfair simulate`, CPU time of the two
processes (user + system, from the kernel's accounting of children).
Python: tinyfair.read_csv of the three files, RandomizedThresholdOptimizer.fit
and predict, CPU time of this process for those calls (imports excluded).
fairlearn 0.9.0's ThresholdOptimizer (demographic parity, prefit) on the
same rows and the same scorer, when FAIRLEARN_SRC names a directory holding
fairlearn's package: pandas.read_csv of the three files, fit on the fit part
and predict of the test part with a seed, the scorer's probabilities coming
from the same model (a small estimator around tinyfair's decisions), CPU
time of this process for those calls. It has no validation grid; tinyfair's
side selects on the validation part, so its work is the larger.
Each repeated REPEATS times; the medians and their ratios are printed.

Usage: overhead.py TINYFAIR_CLI WORK_DIR (with train/fit/validation/test.csv
of Adult and model.json there, as bench/python/run.sh prepares them).
Environment: FAIRLEARN_SRC (unset: fairlearn's side is skipped).
"""
import os
import resource
import statistics
import subprocess
import sys
import time

import tinyfair
from tinyfair.postprocessing import RandomizedThresholdOptimizer

REPEATS = 5


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_run(cli, work):
    label = ["--label", "Y", "--positive", ">50K"]
    before = children_cpu()
    subprocess.run([cli, "postprocess", "--model", f"{work}/model.json", "--data",
                    f"{work}/fit.csv", *label, "--validation", f"{work}/validation.csv",
                    "--out", f"{work}/fair_cli.json"], check=True, capture_output=True)
    subprocess.run([cli, "simulate", "--model", f"{work}/fair_cli.json", "--data",
                    f"{work}/test.csv", "--seed", "1", "--out", f"{work}/decisions_cli.csv"],
                   check=True, capture_output=True)
    return children_cpu() - before


def python_run(work, scorer):
    before = time.process_time()
    fit, validation, test = (tinyfair.read_csv(f"{work}/{p}.csv")
                             for p in ("fit", "validation", "test"))
    rto = RandomizedThresholdOptimizer(scorer).fit(
        fit.drop(columns="Y"), fit["Y"], sensitive_features="sex", pos_label=">50K",
        validation=(validation.drop(columns="Y"), validation["Y"]))
    decisions = rto.predict(test.drop(columns="Y"), random_state=1)
    elapsed = time.process_time() - before
    assert 0 < (decisions == ">50K").sum() < len(decisions)
    return elapsed


def fairlearn_side():
    """fairlearn's run as a function of the work directory and the scorer, or
    None without FAIRLEARN_SRC."""
    source = os.environ.get("FAIRLEARN_SRC")
    if not source:
        print("FAIRLEARN_SRC is not set: fairlearn's side is skipped", file=sys.stderr)
        return None
    sys.path.insert(0, source)
    import numpy as np
    import pandas as pd
    from fairlearn.postprocessing import ThresholdOptimizer
    from sklearn.base import BaseEstimator, ClassifierMixin

    class TinyfairScores(ClassifierMixin, BaseEstimator):
        """The scorer's probability of the positive class, as the device
        computes it, in scikit-learn's form."""

        def __init__(self, scorer=None):
            self.scorer = scorer
            self.classes_ = np.array([0, 1])

        def fit(self, X, y):
            return self

        def predict_proba(self, X):
            score = self.scorer.decision_records(X)["score"].to_numpy(np.float64)
            return np.column_stack([1.0 - score, score])

    def run(work, scorer):
        before = time.process_time()
        fit, test = (pd.read_csv(f"{work}/{p}.csv", skipinitialspace=True)
                     for p in ("fit", "test"))
        optimizer = ThresholdOptimizer(estimator=TinyfairScores(scorer),
                                       constraints="demographic_parity", prefit=True,
                                       predict_method="predict_proba")
        optimizer.fit(fit.drop(columns="Y"), (fit["Y"] == ">50K").astype(int),
                      sensitive_features=fit["sex"])
        decisions = optimizer.predict(test.drop(columns="Y"), sensitive_features=test["sex"],
                                      random_state=1)
        elapsed = time.process_time() - before
        assert 0 < decisions.sum() < len(decisions)
        return elapsed

    return run


def main():
    cli, work = sys.argv[1], sys.argv[2]
    scorer = tinyfair.load(os.path.join(work, "model.json"))
    python_run(work, scorer)  # warm: first-touch page faults, lazy imports
    cli_times = [cli_run(cli, work) for _ in range(REPEATS)]
    python_times = [python_run(work, scorer) for _ in range(REPEATS)]
    cli_median, python_median = statistics.median(cli_times), statistics.median(python_times)
    print(f"cli    CPU s: {' '.join(f'{t:.3f}' for t in cli_times)}  median {cli_median:.3f}")
    print(f"python CPU s: {' '.join(f'{t:.3f}' for t in python_times)}  median {python_median:.3f}")
    print(f"python / cli: {python_median / cli_median:.2f}")
    fairlearn_run = fairlearn_side()
    if fairlearn_run is not None:
        fairlearn_run(work, scorer)  # warm, as Python's side
        fairlearn_times = [fairlearn_run(work, scorer) for _ in range(REPEATS)]
        fairlearn_median = statistics.median(fairlearn_times)
        print(f"fairlearn ThresholdOptimizer CPU s: "
              f"{' '.join(f'{t:.3f}' for t in fairlearn_times)}  median {fairlearn_median:.3f}")
        print(f"python / fairlearn: {python_median / fairlearn_median:.2f}")


if __name__ == "__main__":
    main()
