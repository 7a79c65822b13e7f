"""The CLI's commands that are not a fit, as functions: each calls the
library function the command calls, so that both give the same bytes and
the same figures.

``export`` writes what ``tinyfair export`` writes, with the integer scorer
and its report (``--integer``) and the signature (``--sign``); ``monitor_report`` reads a
device's monitor reports as ``tinyfair monitor`` does; ``parity`` compares
two decision logs as ``tinyfair parity`` does; ``sweep`` fits and measures
the grid and the baselines as ``tinyfair sweep`` does.
"""
import json
import os

import pandas as pd

from . import _core, _frames
from ._training import emit_notes
from .models import LoadedModel, group_attributes


def _model_and_file(model, public_key=None, minimum_version=0):
    """(the library's model, the file it was read from or "")."""
    if isinstance(model, (str, os.PathLike)):
        key = _no_empty_path(public_key, "public_key")
        return _core.Model.read(str(model), key, minimum_version), str(model)
    if public_key is not None or minimum_version:
        # A model in memory was read already: a key cannot be checked now.
        raise _core.TinyfairError("public_key and minimum_version go with a model file; "
                                  "tinyfair.load(path, public_key=...) checks a loaded one")
    if isinstance(model, _core.Model):
        return model, ""
    return model._fitted_model(), ""


def _no_empty_path(value, what):
    # An empty path is a mistake, never "not given": the CLI refuses it too.
    if value is not None and str(value) == "":
        raise ValueError(f"{what}: an empty path; give the file, or None")
    return "" if value is None else str(value)


def export(model, path=None, *, integer=None, X=None, y=None, sensitive_features=None,
           pos_label=None, max_gap_change=0.01, seed=1, sign=None, model_id=None,
           model_version=None, monitor_alpha=None, monitor_tolerance=None, monitor_window=None,
           provenance=None):
    """The sealed model.pb `tinyfair export` writes (bytes; also written to
    path when given).

    model: a fitted estimator, tinyfair.load's model, or a model file.
    integer: "int16" or "int8" adds the integer scorer quantised for X's
    inputs and reports (as notes) how the decisions on X with labels y
    change, with PCG32 seed `seed`; a change of the DP gap beyond
    max_gap_change raises DataError and writes nothing (``export --integer
    W --data FILE --label Y --positive V``). sign: a private key file
    (tinyfair keygen): the file is a SignedModel (``--sign``). provenance:
    None keeps the model's; "names" or "none" record less (``--provenance``).
    """
    library_model, model_file = _model_and_file(model)
    settings = _core.ExportSettings()
    settings.model_id = model_id or ""
    settings.monitor_alpha = monitor_alpha
    settings.monitor_tolerance = monitor_tolerance
    settings.monitor_window = monitor_window
    settings.model_version = model_version
    settings.provenance = provenance
    data = {}
    if integer is not None:
        if X is None or y is None:
            raise _core.TinyfairError("integer: give X and its labels y to quantise for and "
                                      "compare on")
        if sensitive_features is None:  # as at fit, else the model's group attributes
            sensitive_features = (getattr(model, "sensitive_features_", None)
                                  or group_attributes(library_model))
        frame, _ = _frames.with_sensitive(X, sensitive_features)
        frame, label = _frames.with_label(frame, y)
        data = {"integer": str(integer), "name": _frames.data_name(X),
                "columns": _frames.table_columns(frame), "label": label,
                "positive": _frames.positive_values(pos_label),
                "max_gap_change": float(max_gap_change), "seed": _frames.seed_of(seed)}
    elif X is not None or y is not None:
        raise _core.TinyfairError("X and y go with integer")
    file_bytes, notes = _core.export_model_file(
        library_model, "" if path is None else str(path), settings, model_file=model_file,
        sign_key=_no_empty_path(sign, "sign"), **data)
    emit_notes(notes)
    return file_bytes


def monitor_report(path, model, *, public_key=None, minimum_version=0):
    """A device's fairness monitor report next to its model's reference
    rates: the dict `tinyfair monitor --json` prints (per group the counts,
    the positive rate with its 95 % Wilson interval, the reference rate;
    the parity gap and its reference; the alarm and why it fired).

    path: the report file, or a list of them from one monitor in order (a
    sequence, as for `monitor --plot`): the last is reported, and "series"
    holds the plot's points (per report the decisions seen, per group
    [rate, lower, upper], the gap). model: the model the device ran (a file,
    read with public_key and minimum_version as tinyfair.load reads it, a
    fitted estimator or tinyfair.load's model).
    """
    library_model, _ = _model_and_file(model, public_key, minimum_version)
    paths = [str(p) for p in path] if isinstance(path, (list, tuple)) else [str(path)]
    if not paths:
        raise _core.TinyfairError("path: give at least one report")
    series = _core.monitor_series(paths, library_model) if len(paths) > 1 else None
    report = json.loads(_core.monitor_reading_json(paths[-1], library_model))
    if series is not None:
        report["series"] = series
    return report


def parity(expected, actual):
    """Two decision logs (the host's, e.g. decision_records(...).attrs["log"]
    written out or `tinyfair simulate --out`, and the device's) compared
    record by record on the device's fields (probability bits, draw,
    outcome), as `tinyfair parity EXPECTED ACTUAL` compares them: a dict with
    equal, records, actual_records, identical, first_difference (1-based, 0
    for none), expected_record, actual_record and text (what the command
    prints). Logs that differ are a result, not an error; a file that is no
    decision log raises DataError."""
    return _core.compare_decision_logs(str(expected), str(actual))


def _sweep_table(X, y, sensitive_features, name):
    frame, names = _frames.with_sensitive(X, sensitive_features)
    frame, label = _frames.with_label(frame, y)
    return (_frames.data_name(X, name), _frames.table_columns(frame)), names, label


def sweep(scorer, X, y, *, validation, test, sensitive_features=None, pos_label=None,
          gamma_grid=None, rho_offsets=None, max_validation_gap=None, score_column=None,
          score_kind="probability", strict=False, out_dir=None):
    """`tinyfair sweep`: the randomized threshold optimizer fitted on X, y
    over its (gamma, rho) grid and every other post-processor as baselines,
    each measured by the runtime's decisions on validation and test ((X, y)
    pairs), one grid point selected on validation as postprocess does.

    scorer: a fitted scorer, tinyfair.load's model or a model file; None
    with score_column (a column of every X holding another model's scores,
    score_kind probability or margin) and sensitive_features. Returns a dict:
    "table" (a DataFrame, sweep.csv's columns), "chosen" (the selected row),
    "selected" (the selected fit as a model that decides), "csv"
    (sweep.csv's text) and "front" (a DataFrame of the rows no other row
    beats on both test_dp_gap and test_accuracy, in increasing gap: the
    trade-off front of the command's plot). With out_dir, sweep.csv and selected.json are
    written there as the command writes them (the plots are not drawn).
    strict: raise FitNotAccepted where `sweep --strict` exits 3.
    """
    library_model = None if scorer is None else _model_and_file(scorer)[0]
    if sensitive_features is None and library_model is not None:
        sensitive_features = (getattr(scorer, "sensitive_features_", None)
                              or group_attributes(library_model))
    explicit = sensitive_features is not None and library_model is None
    fitting, names, label = _sweep_table(X, y, sensitive_features, "fit")
    tables = [_sweep_table(*pair, sensitive_features, what)[0]
              for pair, what in ((validation, "validation"), (test, "test"))]
    options = _core.SweepOptions()
    label_options = _core.LabelOptions()
    label_options.label = label
    label_options.positive = _frames.positive_values(pos_label)
    options.label = label_options
    options.sensitive = list(names) if explicit else []
    options.score_column = score_column or ""
    options.score_kind = score_kind
    if gamma_grid is not None:
        options.gammas = [float(v) for v in gamma_grid]
    if rho_offsets is not None:
        options.rho_offsets = [float(v) for v in rho_offsets]
    if max_validation_gap is not None:
        options.max_validation_gap = float(max_validation_gap)
    result = _core.sweep(options, library_model, fitting, *tables, strict=strict)
    emit_notes(result["notes"])
    table = pd.DataFrame([{
        "method": row["method"], "gamma_or_theta": row["gamma"], "rho": row["rho"],
        "validation_accuracy": row["validation"]["accuracy"],
        "validation_dp_gap": row["validation"]["dp_gap"],
        "test_accuracy": row["test"]["accuracy"], "test_dp_gap": row["test"]["dp_gap"],
        "test_sampled_accuracy": row["test"]["sampled_accuracy"],
        "test_sampled_dp_gap": row["test"]["sampled_dp_gap"]} for row in result["rows"]])
    if out_dir is not None:
        os.makedirs(out_dir, exist_ok=True)
        _core.write_output(os.path.join(str(out_dir), "sweep.csv"), result["csv"])
        _core.write_output(os.path.join(str(out_dir), "selected.json"), result["selected_json"])
    front = pd.DataFrame(result["test_front"], columns=["test_dp_gap", "test_accuracy"])
    return {"table": table, "chosen": result["chosen"],
            "selected": LoadedModel(result["selected"]), "csv": result["csv"], "front": front}
