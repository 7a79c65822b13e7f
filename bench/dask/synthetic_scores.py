"""Synthetic rows for the Dask benchmark, generated where they are used:
partition i of a data set is a pure function of (i, rows), so a worker
makes its own rows and a CSV of the same rows can be written for the
single-process fit."""
import numpy as np
import pandas as pd


def partition(index, rows):
    """Rows of partition `index`: two features, a group (sex) and a label
    that depends on both, drawn from a generator seeded by the index."""
    rng = np.random.default_rng([20261126, index])
    sex = np.where(rng.random(rows) < 0.4, "Female", "Male")
    x1 = rng.normal(size=rows) + np.where(sex == "Male", 0.4, 0.0)
    x2 = rng.normal(size=rows)
    logit = 1.2 * x1 - 0.7 * x2 - 0.5
    y = (rng.random(rows) < 1.0 / (1.0 + np.exp(-logit))).astype(np.int64)
    return pd.DataFrame({"x1": np.round(x1, 4), "x2": np.round(x2, 4), "sex": sex, "y": y})
