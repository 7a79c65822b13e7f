"""The CLI's commands that are not a fit, from Python: tinyfair.export
writes the bytes `tinyfair export` writes for the same request (integer
scorer with its report, signature) and says the same about them."""
import json
import logging
import subprocess

import pytest

import tinyfair
from conftest import ADULT_LABEL, run


@pytest.fixture(scope="module")
def key(cli, tmp_path_factory):
    path = tmp_path_factory.mktemp("key") / "signing.key"
    run([cli, "keygen", "--out", path])
    return path


@pytest.fixture(scope="module")
def test_part(adult_parts):
    frame = tinyfair.read_csv(adult_parts["test"])
    return frame.drop(columns="Y"), frame["Y"]


def integer_notes(lines):
    return [line for line in lines if line.startswith("export --integer")]


@pytest.mark.parametrize("width,seed", [("int16", 1), ("int8", 9)])
def test_export_integer_signed_equals_the_cli(cli, adult_parts, adult_cli_models, key, test_part,
                                              tmp_path, caplog, width, seed):
    fair = adult_cli_models["fair.json"]
    result = run([cli, "export", "--model", fair, "--out", tmp_path / "cli.pb", "--integer", width,
                  "--data", adult_parts["test"], *ADULT_LABEL, "--seed", seed, "--sign", key,
                  "--max-gap-change", "1"])
    X, y = test_part
    with caplog.at_level(logging.INFO, logger="tinyfair"):
        written = tinyfair.export(fair, tmp_path / "python.pb", integer=width, X=X, y=y,
                                  pos_label=">50K", seed=seed, sign=key, max_gap_change=1)
    cli_bytes = (tmp_path / "cli.pb").read_bytes()
    assert written == cli_bytes
    assert (tmp_path / "python.pb").read_bytes() == cli_bytes
    cli_notes = integer_notes(result.stderr.splitlines())
    assert len(cli_notes) == 5
    assert integer_notes(r.getMessage() for r in caplog.records) == cli_notes


def test_export_of_a_loaded_model_equals_the_cli(cli, adult_cli_models, tmp_path):
    fair = adult_cli_models["fair.json"]
    run([cli, "export", "--model", fair, "--out", tmp_path / "cli.pb", "--id", "adult-1",
         "--model-version", "7", "--monitor-alpha", "0.01"])
    written = tinyfair.export(tinyfair.load(fair), model_id="adult-1", model_version=7,
                              monitor_alpha=0.01)
    assert written == (tmp_path / "cli.pb").read_bytes()


def test_a_gap_change_beyond_the_limit_writes_nothing_as_the_cli(cli, adult_parts,
                                                                 adult_cli_models, test_part,
                                                                 tmp_path):
    fair = adult_cli_models["fair.json"]
    result = subprocess.run([str(a) for a in [
        cli, "export", "--model", fair, "--out", tmp_path / "cli.pb", "--integer", "int8",
        "--data", adult_parts["test"], *ADULT_LABEL, "--max-gap-change", "0"]],
        capture_output=True, text=True)
    X, y = test_part
    if result.returncode == 0:  # the gap did not move at all
        tinyfair.export(fair, tmp_path / "python.pb", integer="int8", X=X, y=y,
                        pos_label=">50K", max_gap_change=0)
        assert (tmp_path / "python.pb").read_bytes() == (tmp_path / "cli.pb").read_bytes()
        return
    assert result.returncode == 2 and "--max-gap-change" in result.stderr
    with pytest.raises(tinyfair.DataError, match="changes the DP gap"):
        tinyfair.export(fair, tmp_path / "python.pb", integer="int8", X=X, y=y,
                        pos_label=">50K", max_gap_change=0)
    assert not (tmp_path / "python.pb").exists() and not (tmp_path / "cli.pb").exists()


def test_refusals(adult_cli_models, key, test_part, tmp_path):
    fair = adult_cli_models["fair.json"]
    X, y = test_part
    signed = tmp_path / "signed.pb"
    tinyfair.export(fair, signed, sign=key)
    with pytest.raises(tinyfair.TinyfairError, match="signed model file"):
        tinyfair.export(signed, tmp_path / "again.pb")
    with pytest.raises(tinyfair.TinyfairError, match="int16 or int8"):
        tinyfair.export(fair, tmp_path / "x.pb", integer="int4", X=X, y=y, pos_label=">50K")
    with pytest.raises(tinyfair.TinyfairError, match="give X"):
        tinyfair.export(fair, tmp_path / "x.pb", integer="int16")
    with pytest.raises(ValueError, match="empty path"):
        tinyfair.export(fair, tmp_path / "x.pb", sign="")
    with pytest.raises(tinyfair.DataError):  # never over its own model file
        tinyfair.export(signed, signed)
    assert not (tmp_path / "again.pb").exists() and not (tmp_path / "x.pb").exists()


@pytest.fixture(scope="module")
def monitor_reports(cli, adult_parts, adult_cli_models, tmp_path_factory):
    """A monitored deployment on Adult's test part: model.pb with the
    monitor's settings and its reports after every 1000 decisions."""
    work = tmp_path_factory.mktemp("monitor")
    run([cli, "export", "--model", adult_cli_models["fair.json"], "--out", work / "model.pb",
         "--monitor-alpha", "0.05", "--monitor-tolerance", "0.01", "--monitor-window", "0"])
    run([cli, "simulate", "--model", work / "model.pb", "--data", adult_parts["test"], "--seed",
         "3", "--out", work / "log.csv", "--monitor", work / "r.pb", "--monitor-every", "1000"])
    reports = sorted(work.glob("r-*.pb"))
    assert len(reports) >= 5
    return work / "model.pb", reports


def test_monitor_report_equals_the_cli(cli, monitor_reports):
    model, reports = monitor_reports
    printed = run([cli, "monitor", "--model", model, "--report", reports[-1], "--json"]).stdout
    assert tinyfair.monitor_report(reports[-1], model) == json.loads(printed)
    assert tinyfair.monitor_report(str(reports[2]), tinyfair.load(model)) == json.loads(
        run([cli, "monitor", "--model", model, "--report", reports[2], "--json"]).stdout)


def plot_rows(dat):
    """monitor_rates.dat's blocks (one per group, then the gaps) as rows of numbers."""
    blocks = [block for block in dat.split("\n\n\n") if block.strip()]
    return [[[float(v) for v in line.split()] for line in block.splitlines()
             if line and not line.startswith("#")] for block in blocks]


def test_monitor_series_is_the_plots_data(cli, monitor_reports, tmp_path):
    model, reports = monitor_reports
    arguments = [a for report in reports for a in ("--report", report)]
    run([cli, "monitor", "--model", model, *arguments, "--plot", tmp_path, "--no-plots"])
    blocks = plot_rows((tmp_path / "monitor_rates.dat").read_text())
    report = tinyfair.monitor_report(reports, model)
    series = report["series"]
    groups = series["group_names"]
    assert len(blocks) == len(groups) + 1
    for g in range(len(groups)):
        expected = [[u, *rates[g], series["reference_rates"][g]]
                    for u, rates in zip(series["updates"], series["rates"])]
        assert blocks[g] == expected  # %.17g: the same doubles
    assert blocks[-1] == [[u, gap, series["reference_gap"],
                           series["reference_gap"] + series["tolerance"]]
                          for u, gap in zip(series["updates"], series["gap"])]
    # The last report is printed as a single one is.
    single = tinyfair.monitor_report(reports[-1], model)
    assert {k: v for k, v in report.items() if k != "series"} == single


def test_monitor_refuses_what_the_cli_refuses(cli, monitor_reports, adult_cli_models):
    model, reports = monitor_reports
    with pytest.raises(tinyfair.DataError):  # a counter going down
        tinyfair.monitor_report([reports[3], reports[1]], model)
    with pytest.raises(tinyfair.TinyfairError, match="go with a model file"):
        tinyfair.monitor_report(reports[0], tinyfair.load(model), minimum_version=1)
    other = adult_cli_models["model.json"]  # the scorer: another model hash
    refused = subprocess.run([str(a) for a in [cli, "monitor", "--model", other, "--report",
                                                 reports[0]]], capture_output=True, text=True)
    assert refused.returncode == 2
    with pytest.raises(tinyfair.DataError):
        tinyfair.monitor_report(reports[0], other)


@pytest.fixture(scope="module")
def host_log(cli, adult_parts, adult_cli_models, tmp_path_factory):
    path = tmp_path_factory.mktemp("parity") / "host.csv"
    run([cli, "simulate", "--model", adult_cli_models["model.pb"], "--data", adult_parts["test"],
         "--seed", "4", "--out", path])
    return path


def cli_parity(cli, expected, actual):
    result = subprocess.run([str(cli), "parity", str(expected), str(actual)], capture_output=True,
                            text=True)
    return result.returncode, result.stdout


def with_changed_record(log, record, path):
    """The log with record `record` (1-based) changed in its draw field."""
    lines = log.read_text().splitlines(keepends=True)
    fields = lines[record].split(",")
    header = lines[0].strip().split(",")
    draw = header.index("draw")
    fields[draw] = "0" if fields[draw] != "0" else "1"
    lines[record] = ",".join(fields)
    path.write_text("".join(lines))
    return path


def test_parity_equals_the_cli(cli, adult_cli_models, adult_parts, host_log, tmp_path):
    # Python's own log of the same rows and seed: identical records.
    records = tinyfair.load(adult_cli_models["model.pb"]).decision_records(
        tinyfair.read_csv(adult_parts["test"]).drop(columns="Y"), random_state=4)
    python_log = tmp_path / "python.csv"
    python_log.write_text(records.attrs["log"])
    status, printed = cli_parity(cli, host_log, python_log)
    result = tinyfair.parity(host_log, python_log)
    assert status == 0 and result["equal"] and result["text"] == printed
    assert result["identical"] == result["records"] == len(records)

    changed = with_changed_record(python_log, 17, tmp_path / "changed.csv")
    status, printed = cli_parity(cli, host_log, changed)
    result = tinyfair.parity(host_log, changed)
    assert status == 1 and not result["equal"] and result["text"] == printed
    assert result["first_difference"] == 17 and result["identical"] == len(records) - 1

    cut = tmp_path / "cut.csv"
    cut.write_text("".join(python_log.read_text().splitlines(keepends=True)[:101]))
    status, printed = cli_parity(cli, host_log, cut)
    result = tinyfair.parity(host_log, cut)
    assert status == 1 and result["text"] == printed
    assert (result["first_difference"], result["actual_record"]) == (101, "(missing)")


def test_parity_refuses_what_is_no_decision_log(cli, adult_parts, host_log):
    status, _ = cli_parity(cli, adult_parts["test"], host_log)
    assert status == 2
    with pytest.raises(tinyfair.DataError, match="not a decision log"):
        tinyfair.parity(adult_parts["test"], host_log)


def frame_and_label(path):
    frame = tinyfair.read_csv(path)
    return frame.drop(columns="Y"), frame["Y"]


@pytest.mark.parametrize("grid", [[], ["--gamma-grid", "0.05,0.2", "--rho-offsets", "0,0.02",
                                       "--max-validation-gap", "0.02"]])
def test_sweep_writes_what_the_cli_writes(cli, adult_parts, adult_cli_models, tmp_path, caplog,
                                          recwarn, grid):
    scorer = adult_cli_models["model.json"]
    parts = [a for part in ("data", "validation", "test")
             for a in (f"--{part}", adult_parts["fit" if part == "data" else part])]
    result = run([cli, "sweep", "--model", scorer, *parts, *ADULT_LABEL, *grid, "--no-plots",
                  "--out-dir", tmp_path / "cli"])
    options = {}
    if grid:
        options = {"gamma_grid": [0.05, 0.2], "rho_offsets": [0, 0.02], "max_validation_gap": 0.02}
    X, y = frame_and_label(adult_parts["fit"])
    with caplog.at_level(logging.INFO, logger="tinyfair"):
        swept = tinyfair.sweep(scorer, X, y, validation=frame_and_label(adult_parts["validation"]),
                               test=frame_and_label(adult_parts["test"]), pos_label=">50K",
                               out_dir=tmp_path / "python", **options)
    for name in ("sweep.csv", "selected.json"):
        assert (tmp_path / "python" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()
    assert swept["csv"] == (tmp_path / "cli" / "sweep.csv").read_text()
    assert swept["table"].shape[0] == len(swept["csv"].splitlines()) - 1
    # The plot's trade-off front is the library's, as the command wrote it.
    cli_front = (tmp_path / "cli" / "tradeoff.dat").read_text().split("# Pareto front\n")[1]
    assert cli_front == "".join(f"{gap:.6f} {accuracy:.6f}\n" for gap, accuracy
                                in swept["front"].itertuples(index=False))
    assert len(swept["front"]) >= 2
    selected_line = [line for line in result.stdout.splitlines() if "<- selected" in line]
    assert len(selected_line) == 1 and swept["table"]["method"][swept["chosen"]] == "RTO"
    assert selected_line[0].split()[1:3] == [f"{swept['table']['gamma_or_theta'][swept['chosen']]:.3g}",
                                             f"{swept['table']['rho'][swept['chosen']]:.4f}"]
    cli_notes = [line for line in result.stderr.splitlines()
                 if line.startswith("sweep:") and "wrote" not in line]
    # Notes are logged, warnings warned (_training.emit_notes).
    notes = [r.getMessage() for r in caplog.records] + [str(w.message) for w in recwarn]
    assert cli_notes and sorted(n for n in notes if n.startswith("sweep:")) == sorted(cli_notes)
    assert swept["selected"].export() == tinyfair.export(tmp_path / "cli" / "selected.json")


def test_sweep_refuses_what_the_cli_refuses(adult_parts, adult_cli_models):
    X, y = frame_and_label(adult_parts["fit"])
    pair = frame_and_label(adult_parts["validation"])
    with pytest.raises(tinyfair.TinyfairError, match="gamma"):
        tinyfair.sweep(adult_cli_models["model.json"], X, y, validation=pair, test=pair,
                       pos_label=">50K", gamma_grid=[-1])
    with pytest.raises(tinyfair.TinyfairError, match="not both"):
        tinyfair.sweep(None, X, y, validation=pair, test=pair, pos_label=">50K",
                       sensitive_features="sex")
