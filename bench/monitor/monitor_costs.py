#!/usr/bin/env python3
"""Instructions per call of FairnessMonitor::Update, of Model::Decide followed
by it, and of the plain C loop, from each board's runtime_costs.txt (written
by `cmake --build build/host/firmware/<board> --target bench_runtime_costs_run`,
QEMU -icount shift=0), as a Markdown table for docs/monitor.md: Update on the
benchmark models' own 2-group monitor and on a monitor of 32 groups.

    python3 bench/monitor/monitor_costs.py [--build build/host] mps2_an386 microbit
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import write_benchmarks  # noqa: E402

FUNCTIONS = ("model_decide", "monitor_update", "decide_and_update", "monitor_update_g32",
             "decide_and_update_g32", "rotate_group", "plain_loop")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build/host")
    parser.add_argument("boards", nargs="+")
    args = parser.parse_args()
    print("| board | d | Model::Decide | plain loop | groups | Update | Decide + Update "
          "| Decide / plain | Decide + Update / plain |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for board in args.boards:
        path = os.path.join(args.build, "firmware", board, "bench", "runtime", "runtime_costs.txt")
        counts = write_benchmarks.read_costs(path)["counts"]
        for d in sorted({key[0] for key in counts}):
            c = {f: float(counts[(d, f)]) for f in FUNCTIONS}
            # The 32-group calls also rotate the decision's group, a harness
            # step measured alone ("rotate_group") and taken out here.
            for f in ("monitor_update_g32", "decide_and_update_g32"):
                c[f] -= c["rotate_group"]
            for groups, suffix in ((2, ""), (32, "_g32")):
                print("| %s | %d | %.1f | %.1f | %d | %.1f | %.1f | %.3f× | %.3f× |" % (
                    board, d, c["model_decide"], c["plain_loop"], groups,
                    c["monitor_update" + suffix], c["decide_and_update" + suffix],
                    c["model_decide"] / c["plain_loop"],
                    c["decide_and_update" + suffix] / c["plain_loop"]))


if __name__ == "__main__":
    main()
