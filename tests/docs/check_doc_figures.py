#!/usr/bin/env python3
"""Every figure of bytes or instructions in the firmware documents comes from
the generated table, docs/benchmarks.md (bench/run_runtime_benchmarks.sh
writes it), or is a listed exception that is not a measurement (a limit of
the format, a board's memory, an arithmetic example).

    check_doc_figures.py <checkout> [--doc FILE ...] [--exceptions FILE]

A figure is a number followed by B, bytes, KB, KiB, kB or instructions
("4,540 B", "13.4 M instructions"). It is accepted when the same number is
in docs/benchmarks.md (KiB and KB figures: the byte counts they round, a
KiB being 1,024 B, a KB 1,000 B, to the figure's last digit), or when the
exceptions file lists it for that document: lines
"<document> | <figure as written> | <why it is not measured>". An exception
that matches nothing fails too, so the list cannot go stale either.
"""
import argparse
import pathlib
import re
import sys

# The documents a firmware engineer follows, and the README's firmware section.
DEFAULT_DOCS = ["docs/firmware.md", "docs/monitor.md", "docs/security.md",
                "docs/m0_recipe.md", "README.md#The runtime in your firmware"]
TABLE = "docs/benchmarks.md"
FIGURE = re.compile(
    r"(?<![\w.,+−-])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s?(M\s)?"
    r"(B|bytes|KB|kB|KiB|instructions)\b")
NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?")


def numbers_in(text):
    """Every number of the text, as a float (commas dropped)."""
    found = set()
    for match in NUMBER.finditer(text):
        integer, fraction = match.group(1).replace(",", ""), match.group(2)
        found.add(float(integer + ("." + fraction if fraction else "")))
    return found


def section(text, heading):
    """The README's section under "## <heading>", up to the next "## "."""
    match = re.search(r"^## " + re.escape(heading) + r"\n(.*?)(?=^## |\Z)", text,
                      re.M | re.S)
    return match.group(1) if match else ""


def in_table(value, fraction, mega, unit, table):
    if mega:
        value *= 1e6
        # "13.4 M instructions": any count of the table that rounds to it.
        step = 10 ** (6 - len(fraction or ""))
        return any(abs(n - value) <= step / 2 for n in table)
    if unit in ("KiB", "KB", "kB"):
        scale = 1024 if unit == "KiB" else 1000
        step = scale * 10 ** (-len(fraction or ""))
        return any(abs(n - value * scale) <= step / 2 for n in table)
    return value in table


def read_exceptions(path):
    exceptions = []
    if not path.exists():
        return exceptions
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != 3 or not all(fields):
            sys.exit(f"{path}:{number}: not '<document> | <figure> | <why>'")
        exceptions.append((fields[0], fields[1], number))
    return exceptions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout", type=pathlib.Path)
    parser.add_argument("--doc", action="append")
    parser.add_argument("--exceptions", type=pathlib.Path)
    args = parser.parse_args()
    root = args.checkout
    table = numbers_in((root / TABLE).read_text())
    exceptions_path = args.exceptions or root / "tests/docs/figures_not_measured.txt"
    exceptions = read_exceptions(exceptions_path)
    used = set()
    failures = []
    checked = 0
    for doc in args.doc or DEFAULT_DOCS:
        name, _, heading = doc.partition("#")
        path = pathlib.Path(name) if pathlib.Path(name).is_absolute() else root / name
        text = path.read_text()
        if heading:
            text = section(text, heading)
        for line_number, line in enumerate(text.splitlines(), 1):
            for match in FIGURE.finditer(line):
                checked += 1
                integer, fraction, mega, unit = match.groups()
                value = float(integer.replace(",", "") + ("." + fraction if fraction else ""))
                # A figure listed as not measured is judged by its line, even
                # when some measurement happens to equal it.
                listed = [e for e in exceptions if e[0] == doc and e[1] == match.group(0)]
                if listed:
                    used.update(e[2] for e in listed)
                    continue
                if in_table(value, fraction, mega, unit, table):
                    continue
                failures.append(f"{doc}:{line_number}: '{match.group(0)}' is not in {TABLE} "
                                f"(cite the generated table, or list it in "
                                f"{exceptions_path.name} with why it is not measured)")
    if not args.doc:
        for document, figure, number in exceptions:
            if number not in used:
                failures.append(f"{exceptions_path.name}:{number}: '{figure}' of {document} "
                                "matches no figure: remove the line")
    for failure in failures:
        print(failure)
    print(f"{checked} figures checked, {len(failures)} not from {TABLE}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
