#!/usr/bin/env python3
"""Fails when a function body in the runtime's sources is longer than the
limit: the runtime's functions read as a sequence of named steps.

Usage: check_function_length.py LIMIT FILE...

Reads the sources as .clang-format writes them: a function's signature ends
its line with "{" and its closing "}" stands alone in column 0 (namespaces
close with "}  // namespace", classes with "};", so neither is counted).
Before checking, the parser is tried on a planted function one line over the
limit, so that a change of layout cannot make the check pass vacuously."""
import re
import sys

SIGNATURE = re.compile(r"^[A-Za-z_][^;]*\)\s*(const\s*)?(noexcept\s*)?\{$")


def long_functions(lines, limit):
    """(first line number, length, signature) of each function over `limit` lines."""
    found, start = [], None
    for number, line in enumerate(lines, 1):
        if start is None and SIGNATURE.match(line):
            start = (number, line.strip())
        elif start is not None and line == "}":
            length = number - start[0] + 1
            if length > limit:
                found.append((start[0], length, start[1]))
            start = None
    return found


def parser_finds_planted(limit):
    planted = ["int Planted(int x) {"] + ["  x += 1;"] * (limit - 1) + ["}"]
    fits = ["int Fits(int x) {"] + ["  x += 1;"] * (limit - 2) + ["}"]
    return [length for _, length, _ in long_functions(planted + fits, limit)] == [limit + 1]


def main():
    limit = int(sys.argv[1])
    if not parser_finds_planted(limit):
        print("check_function_length: the parser misses a planted long function")
        return 1
    failures = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as source:
            lines = source.read().split("\n")
        for number, length, signature in long_functions(lines, limit):
            print(f"{path}:{number}: {length} lines (limit {limit}): {signature}")
            failures += 1
    print(f"check_function_length: {len(sys.argv) - 2} files, {failures} functions over {limit} lines")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
