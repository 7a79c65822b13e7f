"""Data as users hold it, as the library reads it.

pandas DataFrames and numpy arrays become the columns of a table (numbers as
float64, everything else as text) that the library reads cell by cell exactly
as the CLI reads a CSV file, so that detection of numeric and categorical
columns, encoding, missing values and every check are the CLI's own.
"""
import numbers

import numpy as np
import pandas as pd

from . import _core

# DataFrame.attrs key holding the file a frame was read from: the name the
# library gives the data in messages and in a model's provenance.
SOURCE = "tinyfair_source"


def read_csv(path):
    """The CSV at `path` as the CLI reads it, as a DataFrame.

    Every column of numbers (missing cells "", "?", "NA", ... as NaN) is
    float64; every other column keeps its text cell for cell, missing markers
    included, since the CLI reads a missing categorical cell ("?") as a
    category of its own. The frame remembers the path (``attrs``), which a
    model fitted on it names in its provenance, as the CLI's does.
    """
    columns = _core.read_csv(str(path))
    frame = pd.DataFrame({name: values for name, values in columns})
    frame.attrs[SOURCE] = str(path)
    return frame


def data_name(X, default="DataFrame"):
    """The name of X in messages and provenance: its file, or `default`."""
    if isinstance(X, pd.DataFrame):
        return X.attrs.get(SOURCE, default)
    return default


def as_frame(X, what="X"):
    """X as a DataFrame: a DataFrame as it is, a 2-D array with columns x0, x1, ..."""
    if isinstance(X, pd.DataFrame):
        return X
    if hasattr(X, "toarray"):  # scipy.sparse
        raise _core.TinyfairError(f"{what}: sparse input is not supported (the device reads "
                                  "every input of a row); give a dense array or a DataFrame")
    array = np.asarray(X)
    if array.ndim != 2:
        raise _core.TinyfairError(f"{what}: expected a DataFrame or a 2-D array, "
                                  f"got an array of {array.ndim} dimension(s)")
    return pd.DataFrame(array, columns=[f"x{j}" for j in range(array.shape[1])])


def _sensitive_columns(sensitive_features, rows):
    """(name, values) pairs for sensitive features given as values."""
    if isinstance(sensitive_features, pd.Series):
        return [(sensitive_features.name or "sensitive", sensitive_features.to_numpy())]
    if isinstance(sensitive_features, pd.DataFrame):
        return [(str(name), sensitive_features[name].to_numpy()) for name in sensitive_features]
    array = np.asarray(sensitive_features, dtype=object)
    if array.ndim == 1:
        return [("sensitive", array)]
    if array.ndim == 2:
        return [(f"sensitive_{j}", array[:, j]) for j in range(array.shape[1])]
    raise _core.TinyfairError("sensitive_features: expected column name(s), a Series, a "
                              f"DataFrame or an array of 1 or 2 dimensions, got {array.ndim}")


def _named_columns(frame, names):
    """names, each a column of frame. A list longer than X has columns is
    group values given where names are expected: refused without them."""
    missing = [name for name in names if name not in frame.columns]
    if not missing:
        return names
    if len(names) > len(frame.columns) or len(set(names)) < len(names):
        raise _core.TinyfairError(
            f"sensitive_features: a list of {len(names)} str is read as column names, and "
            f"{len(missing)} of them are not columns of X; give the groups' values as a "
            "pandas Series or a numpy array")
    raise _core.TinyfairError(f"sensitive_features: {missing} not among X's columns "
                              f"{list(map(str, frame.columns))}")


def require_rows(frame, what="X"):
    """A fit needs rows: an empty frame is refused as such."""
    if len(frame) == 0:
        raise _core.TinyfairError(f"{what}: 0 rows; a fit needs at least one row per group")


def row_label(label):
    """An index label as messages write it: 1003, 'alice'."""
    return repr(label.item() if isinstance(label, np.generic) else label)


def require_finite(what, values, index):
    """values as float64, one per row of index, every one finite: a missing
    score is refused naming its row by index label, never skipped."""
    if values is None:
        return None
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise _core.TinyfairError(f"{what}: expected numbers") from None
    if array.ndim != 1 or len(array) != len(index):
        raise _core.TinyfairError(f"{what}: {array.size} values for the {len(index)} rows of X")
    bad = np.flatnonzero(~np.isfinite(array))
    if len(bad):
        more = f" (and {len(bad) - 1} more rows)" if len(bad) > 1 else ""
        raise _core.TinyfairError(f"{what}: row {row_label(index[bad[0]])} is not a finite "
                                  f"number{more}; every row needs a score")
    return array


def sensitive_features_for_fit(given, at_construction):
    """The groups' columns for fit: those given to fit, else those the
    estimator was constructed with (found in X, so that cross-validation
    needs no fit parameter)."""
    if given is not None:
        return given
    if at_construction is None:
        raise _core.TinyfairError("sensitive_features: give the column(s) forming the groups "
                                  "at construction or to fit")
    return at_construction


def with_sensitive(X, sensitive_features):
    """(frame, names): X with the sensitive columns, and their names in order.

    sensitive_features is a column name of X, a list of them (intersectional
    groups, the first most significant, as the CLI's --sensitive a,b), a
    Series, a DataFrame of several, or an array (1-D, or 2-D for several).
    """
    frame = as_frame(X)
    if sensitive_features is None:
        raise _core.TinyfairError("sensitive_features is required: the column(s) forming the groups")
    if isinstance(sensitive_features, str):
        sensitive_features = [sensitive_features]
    if isinstance(sensitive_features, (list, tuple)) and sensitive_features and all(
            isinstance(name, str) for name in sensitive_features):
        return frame, _named_columns(frame, list(sensitive_features))
    pairs = _sensitive_columns(sensitive_features, len(frame))
    frame = frame.copy()
    names = []
    for name, values in pairs:
        if len(values) != len(frame):
            raise _core.TinyfairError(f"sensitive_features: {len(values)} values for the "
                                      f"{len(frame)} rows of X")
        if name in frame.columns and not frame[name].equals(pd.Series(values, index=frame.index)):
            raise _core.TinyfairError(f"sensitive_features: '{name}' is also a column of X with "
                                      "other values; rename one of them")
        frame[name] = values
        names.append(name)
    return frame, names


def _number_text(value):
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _text_values(series):
    """A column as text: str kept, None/NaN missing, other values as written."""
    values = series.to_numpy(dtype=object)
    missing = pd.isna(series).to_numpy()
    return [None if gone else value if isinstance(value, str) else _number_text(value)
            for value, gone in zip(values, missing)]


def _coded_text(series):
    """A column of str as (codes, values), -1 missing: the core reads each
    distinct value once. None when a value is not a str (its text is then
    written per cell, since factorize would merge 1, 1.0 and True)."""
    if series.dtype == object:  # the core's one pass, when every cell is str or missing
        coded = _core.code_strings(series.to_numpy())
        if coded is not None:
            return coded
    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    values = list(uniques)
    if not all(isinstance(value, str) for value in values):
        return None
    return codes.astype(np.int64, copy=False), [str(value) for value in values]


def column_values(series):
    """One column as the core takes it: float64 for numbers, else text
    (coded when every value is a str)."""
    dtype = series.dtype
    if pd.api.types.is_bool_dtype(dtype) or not pd.api.types.is_numeric_dtype(dtype):
        coded = None if pd.api.types.is_bool_dtype(dtype) else _coded_text(series)
        return coded if coded is not None else _text_values(series)
    if pd.api.types.is_complex_dtype(dtype):
        raise _core.TinyfairError(f"column '{series.name}': complex numbers; the device takes "
                                  "real numbers or categories")
    return series.to_numpy(dtype=np.float64, na_value=np.nan)


def table_columns(frame):
    """The frame as the core's columns: [(name, float64 array | (codes,
    values) | list of str)]."""
    names = [str(name) for name in frame.columns]
    if len(set(names)) != len(names):
        repeated = sorted({name for name in names if names.count(name) > 1})
        raise _core.TinyfairError(f"columns {repeated} appear more than once")
    return [(str(name), column_values(frame[name])) for name in frame.columns]


def label_column(y, rows, what="y"):
    """(name, values) of the label: its Series name, or "label"."""
    if y is None:
        raise _core.TinyfairError(f"{what}: a fit requires y to be passed, but the target y "
                                  "is None")
    name = y.name if isinstance(y, pd.Series) and y.name is not None else "label"
    values = y.to_numpy() if isinstance(y, pd.Series) else np.asarray(y)
    if values.ndim != 1:
        raise _core.TinyfairError(f"{what}: expected one label per row (1-D), got "
                                  f"{values.ndim} dimensions")
    if len(values) != rows:
        raise _core.TinyfairError(f"{what}: {len(values)} labels for {rows} rows of X")
    if values.dtype == bool:
        values = values.astype(np.float64)
    return str(name), values


def with_label(frame, y, what="y"):
    """(frame, label name): frame with the label appended as its last column."""
    name, values = label_column(y, len(frame), what)
    if name in frame.columns:
        if isinstance(y, pd.Series) and frame[name].equals(y.set_axis(frame.index)):
            return frame, name
        raise _core.TinyfairError(f"{what}: its name '{name}' is also a column of X; rename one")
    # A shallow copy: the new column is the copy's alone, X's data is shared
    # and read, not copied.
    frame = frame.copy(deep=False)
    frame[name] = values
    return frame, name


def with_row_weights(frame, sample_weight):
    """(frame, weight column name): frame with sample_weight appended as a
    float64 column named "sample_weight" (with "_" added until no column of
    frame has the name), so that the library reads and judges the weights
    as `train --weight-column` does; (frame, "") without weights."""
    if sample_weight is None:
        return frame, ""
    values = np.asarray(sample_weight)
    if values.ndim != 1 or len(values) != len(frame):
        raise _core.TinyfairError(
            f"sample_weight: {values.shape} values for {len(frame)} rows; give one weight a row")
    try:
        values = values.astype(np.float64)
    except (TypeError, ValueError):
        raise _core.TinyfairError("sample_weight: the weights are not numbers") from None
    name = "sample_weight"
    while name in frame.columns:
        name += "_"
    frame = frame.copy()
    frame[name] = values
    return frame, name


def positive_values(pos_label):
    """--positive's list: [] (the label is 0/1) or the values meaning positive."""
    if pos_label is None:
        return []
    if isinstance(pos_label, (list, tuple)):
        return [_number_text(value) for value in pos_label]
    if isinstance(pos_label, numbers.Number) and not isinstance(pos_label, bool):
        return [_number_text(pos_label)]
    return [str(pos_label)]


def seed_of(random_state):
    """The PCG32 seed of random_state: an int as it is, a numpy generator's
    next draw, None a fresh one (decisions then differ from call to call)."""
    if random_state is None:
        return int(np.random.default_rng().integers(0, 2**63))
    if isinstance(random_state, (numbers.Integral, np.integer)) and not isinstance(random_state, bool):
        if random_state < 0:
            raise _core.TinyfairError(f"random_state: {random_state} is negative")
        return int(random_state)
    if isinstance(random_state, np.random.RandomState):
        return int(random_state.randint(0, 2**63, dtype=np.int64))
    if isinstance(random_state, np.random.Generator):
        return int(random_state.integers(0, 2**63))
    raise _core.TinyfairError("random_state: an int, None, numpy RandomState or Generator, got "
                              f"{type(random_state).__name__}")
