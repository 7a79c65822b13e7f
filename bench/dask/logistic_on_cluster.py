"""The Newton logistic regression of tinyfair.dask (DaskLogisticRegression)
on synthetic rows generated in the workers of a LocalCluster
(synthetic_scores.partition: two features, sex, a 0/1 label y).

Prints one JSON line: rows, partitions, workers, seconds, rows_per_second,
the Newton iterations and the fitted scorer. The fit passes over the rows
4 + iterations + step halvings times (columns, (group, label) counts, the
start point, one per evaluated point, the reference rates)."""
import argparse
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from distributed import Client, LocalCluster  # noqa: E402

from fit_on_cluster import frame  # noqa: E402
import tinyfair.dask as tfd  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1000000)
    parser.add_argument("--partition-rows", type=int, default=250000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--memory-limit", default="2GB")
    args = parser.parse_args()
    with LocalCluster(n_workers=args.workers, processes=True, threads_per_worker=1,
                      memory_limit=args.memory_limit, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: None)  # workers up before the clock starts
        ddf = frame(args.rows, args.partition_rows)
        start = time.perf_counter()
        fitted = tfd.DaskLogisticRegression().fit(ddf, "y", sensitive_features="sex")
        seconds = time.perf_counter() - start
        model = json.loads(fitted.model_.to_json())
    iterations = int(re.search(r"iterations (\d+)", model["provenance"]).group(1))
    print(json.dumps({
        "rows": args.rows, "partitions": ddf.npartitions, "workers": args.workers,
        "seconds": round(seconds, 2), "rows_per_second": round(args.rows / seconds),
        "newton_iterations": iterations,
        "scorer": model["scorer"]}))


if __name__ == "__main__":
    main()
