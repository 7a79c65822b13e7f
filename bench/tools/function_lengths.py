#!/usr/bin/env python3
"""Lists the longest function definitions of C++ sources, longest first.

Counts the lines of each definition at namespace level, from the first line
of its signature to its closing brace: braces are matched (strings, character
literals and comments skipped), and a brace opened at namespace level after a
parenthesis, outside a class, struct, enum or namespace head, opens a
function. Member functions defined inside a class are not listed.

Usage: function_lengths.py [--top N] PATH...   (files, or folders of .cc files)
"""
import argparse
import pathlib
import re

HEADS = re.compile(r"^\s*(namespace|struct|class|enum|union|extern\s+\"C\")\b")


def code_only(text):
    """The text with comments, strings and character literals blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c); i = j + 1
        else:
            out.append(c); i += 1
    return "".join(out)


def definitions(path):
    text = code_only(path.read_text(encoding="utf-8", errors="replace"))
    scopes = []  # per open brace: "ns" (namespace level continues), "fn", "other"
    head_start = 0  # where the current namespace-level statement began
    function_start = None
    for i, c in enumerate(text):
        at_namespace_level = all(scope == "ns" for scope in scopes)
        if c == "{":
            head = text[head_start:i]
            if at_namespace_level and HEADS.search(head) and not re.search(r"\)\s*(const)?\s*$", head):
                scopes.append("ns" if re.match(r"^\s*(namespace|extern)", head) else "other")
            elif at_namespace_level and "(" in head:
                scopes.append("fn")
                function_start = head_start + len(head) - len(head.lstrip())
            else:
                scopes.append("other")
        elif c == "}" and scopes:
            scope = scopes.pop()
            if scope == "fn" and all(s == "ns" for s in scopes):
                first = text.count("\n", 0, function_start) + 1
                last = text.count("\n", 0, i) + 1
                name = re.search(r"([\w:~]+)\s*\(", text[function_start:i])
                yield (name.group(1) if name else "?"), first, last - first + 1
            if all(s == "ns" for s in scopes):
                head_start = i + 1
        elif c == ";" and at_namespace_level:
            head_start = i + 1
        elif c == "#" and at_namespace_level and (i == 0 or text[i - 1] == "\n"):
            head_start = text.find("\n", i) + 1 or len(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    found = []
    for root in map(pathlib.Path, args.paths):
        for path in ([root] if root.is_file() else sorted(root.rglob("*.cc"))):
            found += [(length, f"{path}:{line}", name) for name, line, length in definitions(path)]
    found.sort(key=lambda item: (-item[0], item[1]))
    for length, where, name in found[:args.top]:
        print(f"{length:5d}  {name}  {where}")


if __name__ == "__main__":
    main()
