"""predict's decisions without the records: _core.decide_columns gives the
bits _core.decide's records hold (same draws), the same refused rows, and
no log; predict and decision_probability equal decision_records."""
import numpy as np
import pytest

import tinyfair
from tinyfair import _core, _frames


@pytest.fixture(scope="module")
def fair(adult_cli_models):
    return tinyfair.load(adult_cli_models["fair.json"])


@pytest.fixture(scope="module")
def test_rows(adult_parts):
    rows = tinyfair.read_csv(adult_parts["test"]).drop(columns="Y")
    rows.loc[rows.index[5::211], "age"] = np.nan  # refused by the runtime: no draw
    return rows


@pytest.mark.parametrize("seed,stream,draws_before", [(1, 0, 0), (77, 3, 1000)])
def test_columns_hold_the_records_bits(fair, test_rows, seed, stream, draws_before):
    columns = _frames.table_columns(test_rows)
    records = _core.decide(fair.model_, "test", columns, seed=seed, stream=stream,
                           draws_before=draws_before)
    decided = _core.decide_columns(fair.model_, "test", columns, seed=seed, stream=stream,
                                   draws_before=draws_before)
    assert "log" not in decided
    for field in ("positive", "probability", "score", "group", "draw", "value"):
        assert decided[field].dtype == records[field].dtype, field
        assert decided[field].tobytes() == records[field].tobytes(), field
    ok = sum(1 for status in records["status"] if status == "ok")
    assert 0 < len(test_rows) - ok  # the NaN rows were refused
    assert decided["decided"] == ok
    assert decided["refused"] == records["refused"] != ""


def test_predict_and_probability_equal_the_records(fair, test_rows):
    rows = test_rows.dropna()
    records = fair.decision_records(rows, random_state=5)
    positive = fair.predict(rows, random_state=5)
    assert np.array_equal(positive, records["positive"].astype(np.int64).to_numpy())
    assert np.array_equal(fair.decision_probability(rows),
                          records["probability"].astype(np.float64).to_numpy())


def test_predict_names_the_refused_rows(fair, test_rows):
    with pytest.raises(tinyfair.DataError, match="rows refused by the model"):
        fair.predict(test_rows, random_state=1)
