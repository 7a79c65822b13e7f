"""Shared fixtures: the CLI the package is compared with, the data sets,
Adult split as the README's steps split it, and a Dask cluster."""
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
# Adult's label as every Adult step here passes it to the CLI.
ADULT_LABEL = ["--label", "Y", "--positive", ">50K"]


def run(args, **kwargs):
    """Runs a command, failing the test with its stderr when it fails."""
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stderr}"
    return result


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("TINYFAIR_CLI")
    if not path:
        pytest.skip("TINYFAIR_CLI is unset: the tinyfair CLI to compare with")
    return pathlib.Path(path)


@pytest.fixture(scope="session")
def datasets():
    path = pathlib.Path(os.environ.get("TINYFAIR_DATASETS", REPO.parent / "shared" / "datasets"))
    if not (path / "adult" / "adult.data").is_file():
        pytest.skip(f"no Adult data in {path}")
    return path


@pytest.fixture(scope="session")
def adult_parts(cli, datasets, tmp_path_factory):
    """adult.data split 50/20/10/20 by `tinyfair split` (the README's first
    step): {part: path}."""
    work = tmp_path_factory.mktemp("adult")
    run([cli, "split", "--data", datasets / "adult" / "adult.data", "--parts",
         "train=0.5,fit=0.2,validation=0.1,test=0.2", "--out-dir", work])
    return {part: work / f"{part}.csv" for part in ("train", "fit", "validation", "test")}


@pytest.fixture(scope="session")
def adult_cli_models(cli, adult_parts):
    """The README's Adult steps by the CLI: the scorer (model.json), the
    post-processed model (fair.json) and the sealed model.pb."""
    work = adult_parts["train"].parent
    label = ADULT_LABEL
    run([cli, "train", "--data", adult_parts["train"], *label, "--sensitive", "sex",
         "--out", work / "model.json"])
    run([cli, "postprocess", "--model", work / "model.json", "--data", adult_parts["fit"], *label,
         "--validation", adult_parts["validation"], "--out", work / "fair.json"])
    run([cli, "export", "--model", work / "fair.json", "--out", work / "model.pb"])
    return {name: work / name for name in ("model.json", "fair.json", "model.pb")}


@pytest.fixture(scope="module")
def fit_frame(adult_parts):
    """Adult's fitting part as the package reads it."""
    import tinyfair
    return tinyfair.read_csv(adult_parts["fit"])


def two_group_frame(rows=600, seed=0):
    """(X, y): a numeric feature x that the yes/no label follows, a noise
    column z and a group column of two groups, a and b."""
    import numpy as np
    import pandas as pd
    rng = np.random.default_rng(seed)
    x = rng.normal(size=rows)
    X = pd.DataFrame({"x": x, "z": rng.normal(size=rows),
                      "group": rng.choice(["a", "b"], size=rows)})
    y = pd.Series(np.where(x + rng.normal(size=rows) > 0, "yes", "no"), name="label")
    return X, y


def without_provenance(model):
    """The model's JSON but the provenance, which names the data (the CLI
    its file, Dask "DataFrame") and the fit's time: what two fits of the
    same rows by different front ends may differ in."""
    model = dict(model)
    model.pop("provenance", None)
    return model


@pytest.fixture(scope="module")
def client():
    """A LocalCluster of two worker processes, one thread each, for the Dask
    tests (one cluster per test file)."""
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as c:
        yield c
