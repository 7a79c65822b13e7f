"""Numbers reach the library as float64, never as text: a column in any
float layout (C-contiguous float64 read in place, a strided view, float32)
decides the same bits, and the decisions equal `tinyfair simulate` on the
file the rows came from. Text columns reach it coded as pandas.factorize
codes them (the core codes a column of str in one pass)."""
import csv
import subprocess

import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair import _core, _frames

FIELDS = ("positive", "probability", "score", "group", "draw", "value")


@pytest.fixture(scope="module")
def fair(adult_cli_models):
    return tinyfair.load(adult_cli_models["fair.json"])


@pytest.fixture(scope="module")
def test_rows(adult_parts):
    return tinyfair.read_csv(adult_parts["test"]).drop(columns="Y")


def decided(fair, columns):
    return _core.decide_columns(fair.model_, "test", columns, seed=3)


def strided(values):
    """values as a non-contiguous view: every other element of twice as many."""
    doubled = np.empty(2 * len(values), dtype=values.dtype)
    doubled[::2] = values
    view = doubled[::2]
    assert not view.flags["C_CONTIGUOUS"]
    return view


def test_a_strided_column_decides_as_a_contiguous_one(fair, test_rows):
    columns = _frames.table_columns(test_rows)
    expected = decided(fair, columns)
    views = [(name, strided(values) if isinstance(values, np.ndarray) else values)
             for name, values in columns]
    actual = decided(fair, views)
    for field in FIELDS:
        assert actual[field].tobytes() == expected[field].tobytes(), field


def test_float32_columns_are_read_as_their_float64_values(fair, test_rows):
    columns = _frames.table_columns(test_rows)
    narrow = [(name, values.astype(np.float32) if isinstance(values, np.ndarray) else values)
              for name, values in columns]
    widened = [(name, values.astype(np.float64) if isinstance(values, np.ndarray) else values)
               for name, values in narrow]
    for field in FIELDS:
        assert (decided(fair, narrow)[field].tobytes()
                == decided(fair, widened)[field].tobytes()), field


def test_an_infinite_number_is_named_by_its_index_label(fair, test_rows):
    rows = test_rows.iloc[:50].copy()
    rows.index = rows.index + 7000
    rows.loc[7010, "age"] = np.inf
    with pytest.raises(tinyfair.DataError, match="row 7010.*not a finite number: 'inf'"):
        fair.predict(rows, random_state=1)


def test_predict_equals_simulate_on_the_file(cli, fair, adult_cli_models, adult_parts, tmp_path):
    out = tmp_path / "decisions.csv"
    subprocess.run([str(cli), "simulate", "--model", str(adult_cli_models["fair.json"]),
                    "--data", str(adult_parts["test"]), "--seed", "9", "--out", str(out)],
                   check=True, capture_output=True)
    with open(out, newline="") as log:
        cli = [row for row in csv.DictReader(log)]
    rows = tinyfair.read_csv(adult_parts["test"]).drop(columns="Y")
    python = _core.decide_columns(fair.model_, "test", _frames.table_columns(rows), seed=9)
    assert len(cli) == len(rows)
    assert [int(row["positive"]) for row in cli] == python["positive"].astype(int).tolist()
    assert [int(row["draw"], 16) for row in cli] == python["draw"].tolist()


# Columns of str, None and NaN, which the core codes; then columns it leaves
# to pandas: a number, pandas.NA, a numpy float NaN, a lone surrogate (no
# UTF-8).
CODED_BY_THE_CORE = [
    ["a", "b", "a", None, float("nan"), "c", "b"],
    ["x" + str(i % 3) for i in range(10)],
    ["é", "e", "é", "".join(["é"])],  # equal text in distinct str objects
    [],
]
LEFT_TO_PANDAS = [["a", 1], ["a", pd.NA], ["a", np.float64("nan")], ["\ud800"]]


@pytest.mark.parametrize("cells", CODED_BY_THE_CORE)
def test_code_strings_is_pandas_factorize(cells):
    column = np.array(cells, dtype=object)
    codes, values = _core.code_strings(column)
    expected_codes, expected_values = pd.factorize(pd.Series(column, dtype=object),
                                                   use_na_sentinel=True)
    assert codes.dtype == np.int64
    assert codes.tolist() == expected_codes.tolist()
    assert values == list(expected_values)


@pytest.mark.parametrize("cells", LEFT_TO_PANDAS)
def test_code_strings_declines_what_is_not_a_str(cells):
    assert _core.code_strings(np.array(cells, dtype=object)) is None


def test_read_csv_text_columns_code_as_pandas_factorize(adult_parts):
    frame = tinyfair.read_csv(adult_parts["test"])
    text = [name for name in frame.columns if frame[name].dtype == object]
    assert len(text) == 9  # Adult's categorical columns and the label
    for name in text:
        assert all(type(cell) is str for cell in frame[name])
        codes, values = _frames._coded_text(frame[name])
        expected_codes, expected_values = pd.factorize(frame[name], use_na_sentinel=True)
        assert codes.tolist() == expected_codes.tolist(), name
        assert values == list(expected_values), name
