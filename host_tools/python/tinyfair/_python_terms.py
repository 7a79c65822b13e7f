"""The library's messages in Python's terms.

The library words its messages for the command line: flags (--positive,
--min-group-size, --ignore x), and rows located by their CSV line. Raised
from Python, the same message names the estimator's parameter and locates a
row by its DataFrame index label, since the table the library read is the
frame's rows in order (row r is CSV line r + 2, line 1 the header).
"""
import contextlib
import re
import sys

from . import _core
from ._frames import row_label

# Flags whose Python parameter is not the flag's name with underscores.
_PARAMETERS = {
    "positive": "pos_label",
    "label": "y",
    "sensitive": "sensitive_features",
    "model": "estimator",
    "data": "X",
    "score-column": "scores",
    "iterations": "max_iter",
    "max-iterations": "max_iter",
    "id": "model_id",
    "covariance": "constraint='covariance'",
    "weight-column": "sample_weight",
}

# Phrases about leaving a column out: in Python, the column is dropped from X.
_IGNORE_PHRASES = [
    (re.compile(r"add it to --ignore"), "drop it from X"),
    (re.compile(r"be --ignore'd"), "be dropped from X"),
    (re.compile(r"--ignore (the columns|some input columns)"), r"drop from X \1"),
    (re.compile(r"--ignore "), "drop from X "),
]
_CHOSEN_FLAG = re.compile(r"--(small-groups|unknown-group|rho) ([A-Za-z][\w:-]*|NAME)\b")
_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")
_LEADING_NAME = re.compile(r"^([a-z][a-z0-9]*(?:-[a-z0-9]+)*):")
# The option binder's range message, as CLI11 words it.
_OUT_OF_RANGE = re.compile(r"^--([a-z0-9-]+): Value (\S+) not in range (\S+) to (\S+)$")
_NOT_CONVERTED = re.compile(r"^Could not convert: --([a-z0-9-]+) = (.*)$")


def parameter(flag):
    """The Python parameter a flag (without its dashes) stands for."""
    return _PARAMETERS.get(flag, flag.replace("-", "_"))


def _bound(text):
    value = float(text)
    if value >= sys.float_info.max:
        return "inf"
    return f"{value:g}"


def _range_message(match):
    name, value, low, high = match.groups()
    low_open = 0.0 < float(low) <= sys.float_info.min  # "positive": (0, ...)
    return (f"{parameter(name)}: {value} is outside {'(0' if low_open else '[' + _bound(low)}, "
            f"{_bound(high)}{')' if _bound(high) == 'inf' else ']'}")


def _flags_as_parameters(message):
    match = _OUT_OF_RANGE.match(message)
    if match:
        return _range_message(match)
    match = _NOT_CONVERTED.match(message)
    if match:
        return f"{parameter(match.group(1))}: {match.group(2)!r} is not a value it takes"
    for pattern, replacement in _IGNORE_PHRASES:
        message = pattern.sub(replacement, message)
    message = _CHOSEN_FLAG.sub(lambda m: f"{parameter(m.group(1))}='{m.group(2)}'", message)
    message = _FLAG.sub(lambda m: parameter(m.group(1)), message)
    return _LEADING_NAME.sub(lambda m: parameter(m.group(1)) + ":", message)


def _row_labels(index, lines_text):
    """'5, 7, ...' (CSV lines) as the index labels of those rows."""
    labels = []
    for item in lines_text.split(", "):
        position = int(item) - 2 if item.isdigit() else -1
        labels.append(row_label(index[position]) if 0 <= position < len(index) else item)
    return ", ".join(labels)


def _rows_as_labels(message, name, index):
    """NAME:LINE:COL: and "line(s) N, M" of the table `name` as index labels."""
    quoted = re.escape(name)

    def located(match):
        line = int(match.group(1))
        if line == 1:
            return f"{name}, column names:"
        position = line - 2
        where = row_label(index[position]) if position < len(index) else str(line)
        return f"{name}, row {where}:"

    message = re.sub(quoted + r":(\d+)(?::\d+)?:", located, message)
    if message.startswith(name + ":") or message.startswith(name + ","):
        message = re.sub(r"\blines? ((?:\d+|\.\.\.)(?:, (?:\d+|\.\.\.))*)",
                         lambda m: ("rows " if "," in m.group(1) else "row ")
                         + _row_labels(index, m.group(1)), message)
    return message


def python_message(message, tables=None):
    """`message` in Python's terms; tables: {data name: the frame's index}."""
    for name, index in (tables or {}).items():
        message = _rows_as_labels(message, name, index)
    return _flags_as_parameters(message)


@contextlib.contextmanager
def python_terms(tables=None):
    """Re-raises the library's errors inside in Python's terms (same type,
    and a refusal's status kept)."""
    try:
        yield
    except _core.TinyfairError as error:
        text = python_message(str(error), tables)
        if text == str(error):
            raise
        raised = type(error)(text)
        raised.__dict__.update(error.__dict__)
        raise raised from None
