#!/usr/bin/env python3
"""clang-tidy over the sources a build compiles, a few sources per run.

Each clang-tidy run parses and matches the whole translation unit, the
standard library, Eigen, CLI11 and pybind11 included, and that is most of its
time: host_tools/fit/train.cc costs 3.4 CPU-s, of which its own code is a
small part. So the sources that a build compiles with the same command (one
target, one folder) are read by clang-tidy as one translation unit that
includes them in turn (at most --sources-per-run, 64 by default: every
folder of the tree in one run): the headers are parsed and matched once per
folder instead of once per source. Measured: one run per source, 443 CPU-s
for the dev build's 173 sources; grouped, 131 CPU-s for the host build's
188 at 12 per run and 72 at 64 per run. The checks see
the same code and report it at the same lines of the same files (the
.clang-tidy HeaderFilterRegex names the source folders). The compiler still
compiles every source on its own, so a source that compiles only after
another one is caught by the build (the dev preset's, which compiles
every file alone), not here. A build that compiles in batches
(TINYFAIR_UNITY_BUILD) lists its batches: each is read back into its sources.

Usage: tidy_by_target.py --build DIR --source DIR --clang-tidy PATH
       --work DIR [--jobs N] [--sources-per-run N] REGEX

REGEX matches paths in the source tree, e.g. "(host_tools|codegen)/.*\\.cc".
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="folder of compile_commands.json")
    parser.add_argument("--source", required=True, help="the source tree (its .clang-tidy)")
    parser.add_argument("--clang-tidy", required=True, help="the clang-tidy program")
    parser.add_argument("--work", required=True, help="folder for the grouped sources")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--sources-per-run", type=int, default=64)
    parser.add_argument("regex", help="the sources to check (paths in the source tree, Python regex)")
    return parser.parse_args()


def command_without_source(entry):
    """The entry's compiler command with its source and output left out: equal
    for the sources that one target compiles alike."""
    words = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    kept, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word in ("-o", "-c"):
            skip = True
        elif word != entry["file"]:
            kept.append(word)
    return tuple(kept)


def sources_of_batches(entries):
    """The entries with each batch of a unity build (a CMake-written source
    that includes others: TINYFAIR_UNITY_BUILD) replaced by one entry per
    source it includes, compiled by the batch's command."""
    expanded = []
    for entry in entries:
        batch = os.path.join(entry["directory"], entry["file"])
        if "/Unity/unity_" not in batch:
            expanded.append(entry)
            continue
        words = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
        with open(batch, encoding="utf-8") as text:
            sources = re.findall(r'^#include "([^"]+)"$', text.read(), re.MULTILINE)
        for source in sources:
            expanded.append({"directory": entry["directory"], "file": source,
                             "arguments": [source if word == entry["file"] else word
                                           for word in words]})
    return expanded


def groups_of_sources(entries, source_tree, pattern, sources_per_run):
    """The sources of source_tree that pattern matches (their paths in the
    tree), by (folder, command), sorted, cut into runs of at most
    sources_per_run."""
    by_command = {}
    for entry in entries:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        if not pattern.fullmatch(os.path.relpath(source, source_tree)):
            continue
        key = (entry["directory"], os.path.dirname(source), command_without_source(entry))
        by_command.setdefault(key, []).append(source)
    groups = []
    for key in sorted(by_command):
        sources = sorted(set(by_command[key]))
        runs = -(-len(sources) // sources_per_run)
        # Runs of about equal size, so that none is the long pole.
        for run in range(runs):
            groups.append((key, sources[run::runs]))
    return groups


def write_group(work, index, key, sources):
    """One translation unit that includes the group's sources, and its
    compile command."""
    directory, _, command = key
    unit = os.path.join(work, "group_%03d.cc" % index)
    text = "".join('#include "%s"\n' % source for source in sources)
    with open(unit, "w", encoding="utf-8") as out:
        out.write(text)
    return {"directory": directory, "file": unit,
            "arguments": list(command) + ["-c", unit, "-o", os.devnull]}


def run_clang_tidy(arguments, unit):
    result = subprocess.run(
        [arguments.clang_tidy, "-quiet", "-p", arguments.work,
         "--config-file=" + os.path.join(arguments.source, ".clang-tidy"),
         "-extra-arg=-w", unit],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    # clang prints a count of the warnings it generated (all filtered out
    # but the checks' own): not a finding.
    lines = [line for line in result.stdout.splitlines(keepends=True)
             if not re.fullmatch(r"\d+ warnings? generated\.\n?", line)]
    return result.returncode, "".join(lines)


def main():
    arguments = parse_arguments()
    with open(os.path.join(arguments.build, "compile_commands.json"), encoding="utf-8") as db:
        entries = sources_of_batches(json.load(db))
    groups = groups_of_sources(entries, os.path.realpath(arguments.source),
                              re.compile(arguments.regex), arguments.sources_per_run)
    os.makedirs(arguments.work, exist_ok=True)
    database = [write_group(arguments.work, i, key, sources)
                for i, (key, sources) in enumerate(groups)]
    with open(os.path.join(arguments.work, "compile_commands.json"), "w",
              encoding="utf-8") as out:
        json.dump(database, out, indent=1)
    sources = sum(len(group[1]) for group in groups)
    print("clang-tidy: %d sources in %d runs, %d at a time" %
          (sources, len(groups), arguments.jobs), flush=True)
    failed = []
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        # The largest groups first, so that the last to finish is short.
        order = sorted(range(len(groups)), key=lambda i: -len(groups[i][1]))
        futures = {pool.submit(run_clang_tidy, arguments, database[i]["file"]): i for i in order}
        for future in concurrent.futures.as_completed(futures):
            status, output = future.result()
            group_sources = groups[futures[future]][1]
            if status != 0:
                failed.extend(group_sources)
            if status != 0 or output.strip():
                print(output, end="", flush=True)
    if failed:
        print("clang-tidy: findings in the runs over:\n  " + "\n  ".join(failed))
        print("(a 'redefinition' error means two sources of one folder give file-local "
              "names alike: they are read together here, so rename one)")
        return 1
    if sources == 0:
        print("clang-tidy: no source matched " + arguments.regex)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
