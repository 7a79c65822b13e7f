#!/usr/bin/env python3
"""The fair-classification reduction's baseline scores (spec §6.3: FC's
returned classifiers are logistic models, so their real-valued scores are
evaluated directly): each member's P(y = 1 | x) computed from the exported
model (`tinyfair train --method reduction`), and the mixture measured as the
randomized predictor it is: log loss as an expectation over the members, KS
disparity of the member-weighted score distribution.

Usage: fc_scores.py MODEL_JSON DATA_CSV LABEL SENSITIVE   (prints one JSON object)
"""
import csv
import json
import math
import sys

from baselines import measure_mixture


def main():
    model_path, data_path, label, sensitive = sys.argv[1:5]
    model = json.load(open(model_path))
    rows = list(csv.DictReader(open(data_path)))
    mix = model["mixture"]
    inputs = model["inputs"]
    n_in = len(inputs)
    n_cat = sum(i.get("category_count", 0) for i in inputs)
    members = len(mix["probability"])
    scores = []
    for r in rows:
        row = []
        for j in range(members):
            margin = mix["bias"][j]
            c = 0
            for k, inp in enumerate(inputs):
                if inp.get("kind") == "CATEGORICAL":
                    idx = inp["categories"].index(r[inp["name"]])
                    margin += mix["category_weights"][j * n_cat + c + idx]
                    c += inp["category_count"]
                else:
                    x = (float(r[inp["name"]]) - inp.get("offset", 0)) * inp.get("scale", 0)
                    margin += mix["weights"][j * n_in + k] * x
            row.append(1.0 / (1.0 + math.exp(-margin)))
        scores.append(row)
    y = [float(r[label]) for r in rows]
    groups = sorted(set(r[sensitive] for r in rows))
    a = [groups.index(r[sensitive]) for r in rows]
    print(json.dumps(measure_mixture(scores, mix["probability"], y, a)))


if __name__ == "__main__":
    main()
