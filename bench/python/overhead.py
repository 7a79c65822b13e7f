"""CPU time of the same work from Python and from the CLI: post-process
Adult's logistic scorer with the randomized threshold optimizer (selected on
the validation part) and decide the test part with a seed.

CLI: `tinyfair postprocess` then `tinyfair simulate`, CPU time of the two
processes (user + system, from the kernel's accounting of children).
Python: tinyfair.read_csv of the three files, RandomizedThresholdOptimizer.fit
and predict, CPU time of this process for those calls (imports excluded).
Each repeated REPEATS times; the medians and their ratio are printed.

Usage: overhead.py TINYFAIR_CLI WORK_DIR (with train/fit/validation/test.csv
of Adult and model.json there, as bench/python/run.sh prepares them).
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


if __name__ == "__main__":
    main()
