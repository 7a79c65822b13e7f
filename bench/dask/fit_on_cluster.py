"""The rto fit of tinyfair.dask on synthetic rows generated in the workers of
a LocalCluster, with the peak memory of each worker process; or, with
--csv, the same rows written to a CSV for `tinyfair postprocess --stream`.

Prints one JSON line: rows, partitions, workers, seconds, rows_per_second,
peak_rss_mb per worker, the CPU seconds of the workers and of this process
(which runs the scheduler) over the fit and over one pass that only
generates the rows, and the fitted thresholds."""
import argparse
import json
import os
import resource
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dask  # noqa: E402
import dask.dataframe as dd  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import synthetic_scores  # noqa: E402
import tinyfair  # noqa: E402
import tinyfair.dask as tfd  # noqa: E402


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def cpu_seconds():
    """This process's user + system CPU seconds, every thread's."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cluster_cpu_seconds(client):
    """(the workers' CPU seconds summed, this process's)."""
    return sum(client.run(cpu_seconds).values()), cpu_seconds()


def cpu_since(client, before):
    workers, here = cluster_cpu_seconds(client)
    return round(workers - before[0], 3), round(here - before[1], 3)


def frame(rows, partition_rows):
    counts = [partition_rows] * (rows // partition_rows)
    if rows % partition_rows:
        counts.append(rows % partition_rows)
    meta = synthetic_scores.partition(0, 1).iloc[:0]
    return dd.from_delayed([dask.delayed(synthetic_scores.partition)(i, n)
                            for i, n in enumerate(counts)], meta=meta)


def write_csv(rows, partition_rows, path):
    offset, index = 0, 0
    with open(path, "w") as out:
        while offset < rows:
            n = min(partition_rows, rows - offset)
            synthetic_scores.partition(index, n).to_csv(out, header=index == 0, index=False)
            offset, index = offset + n, index + 1


def fit_in_one_process(args):
    dask.config.set(scheduler="synchronous")
    start = time.perf_counter()
    fitted = tfd.DaskRandomizedThresholdOptimizer(tinyfair.load(args.scorer)).fit(
        frame(args.rows, args.partition_rows), "y", sensitive_features="sex")
    print(json.dumps({"rows": args.rows, "seconds": round(time.perf_counter() - start, 2),
                      "rule": json.loads(fitted.model_.to_json()).get("ramp")}))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scorer", required=True)
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--partition-rows", type=int, default=250000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--memory-limit", default="2GB")
    parser.add_argument("--csv", help="write the rows to this CSV instead of fitting")
    parser.add_argument("--one-process", action="store_true",
                        help="fit in this process on Dask's synchronous scheduler (no cluster), "
                             "for a profiler to see every partition's work")
    args = parser.parse_args()
    if args.csv:
        write_csv(args.rows, args.partition_rows, args.csv)
        return
    if args.one_process:
        fit_in_one_process(args)
        return
    with LocalCluster(n_workers=args.workers, processes=True, threads_per_worker=1,
                      memory_limit=args.memory_limit, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: None)  # workers up before the clock starts
        ddf = frame(args.rows, args.partition_rows)
        scorer = tinyfair.load(args.scorer)
        # What generating the rows alone costs (each fit pass generates them again).
        cpu_before = cluster_cpu_seconds(client)
        start = time.perf_counter()
        assert len(ddf) == args.rows
        generate_seconds = time.perf_counter() - start
        generate_cpu = cpu_since(client, cpu_before)
        peaks_after_generating = client.run(peak_rss_mb)
        cpu_before = cluster_cpu_seconds(client)
        start = time.perf_counter()
        fitted = tfd.DaskRandomizedThresholdOptimizer(scorer).fit(
            ddf, "y", sensitive_features="sex")
        seconds = time.perf_counter() - start
        fit_cpu = cpu_since(client, cpu_before)
        peaks = client.run(peak_rss_mb)
        model = json.loads(fitted.model_.to_json())
    print(json.dumps({
        "generate_seconds": round(generate_seconds, 2),
        "rows": args.rows, "partitions": ddf.npartitions, "workers": args.workers,
        "memory_limit": args.memory_limit, "seconds": round(seconds, 2),
        "rows_per_second": round(args.rows / seconds),
        "generate_cpu_seconds": {"workers": generate_cpu[0], "scheduler": generate_cpu[1]},
        "fit_cpu_seconds": {"workers": fit_cpu[0], "scheduler": fit_cpu[1]},
        "fit_cpu_us_per_row": round(1e6 * sum(fit_cpu) / args.rows, 3),
        "peak_rss_mb_after_generating": sorted(
            round(v, 1) for v in peaks_after_generating.values()),
        "peak_rss_mb": sorted(round(v, 1) for v in peaks.values()),
        "rule": model.get("ramp")}))


if __name__ == "__main__":
    main()
