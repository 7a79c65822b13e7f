#!/usr/bin/env python3
"""Fails unless every test CTest knows in a build has exactly one tier label.

Usage: check_tiers.py CTEST BUILD_DIR

The tiers are cmake/test_tiers.cmake's: dev, boards, full. A test without a
tier is run by no tier preset, and one with two is run twice.
"""
import json
import subprocess
import sys

TIERS = ("dev", "boards", "full")


def labels_of(test):
    for prop in test.get("properties", []):
        if prop["name"] == "LABELS":
            return prop["value"]
    return []


def main():
    ctest, build_dir = sys.argv[1], sys.argv[2]
    listing = subprocess.run([ctest, "--show-only=json-v1", "--test-dir", build_dir],
                             check=True, capture_output=True, text=True).stdout
    tests = json.loads(listing)["tests"]
    wrong = []
    counts = dict.fromkeys(TIERS, 0)
    for test in tests:
        tiers = sorted({label for label in labels_of(test) if label in TIERS})
        if len(tiers) == 1:
            counts[tiers[0]] += 1
        else:
            wrong.append(f"{test['name']}: tiers {tiers or 'none'} (labels {labels_of(test)})")
    print(f"{len(tests)} tests: " + ", ".join(f"{counts[t]} {t}" for t in TIERS))
    if wrong:
        print(f"{len(wrong)} tests without exactly one tier (cmake/test_tiers.cmake):")
        print("\n".join(wrong))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
