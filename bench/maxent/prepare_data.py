#!/usr/bin/env python3
"""Writes the data sets of the max-entropy reproduction (docs/maxent.md) as CSV:

  compas_small.csv  ProPublica's two-year file, filtered as ProPublica and AIF360 do
                    (days_b_screening_arrest within +-30, is_recid != -1,
                    c_charge_degree != 'O', score_text != 'N/A'), defendants recorded as
                    African-American or Caucasian only: 5,278 rows in file order.
                    Columns sex, race, age_cat, priors_count, c_charge_degree,
                    two_year_recid (binned by `tinyfair debias-data`: priors 0 / 1-3 / >3).
  adult.csv         adult.data followed by adult.test, rows with a missing value dropped
                    (45,222 rows, as AIF360 loads Adult). Columns race (White / Non-white),
                    sex, age, education-num, Y (1 = income > 50K).
  compas_large.csv  all 7,214 rows of the two-year file, 19 attributes (spec section 6.1,
                    COMPAS large; "months" in jail = days / 12 as in the authors' code; the
                    charge categories are keyword classes of
                    c_charge_desc defined below) and two_year_recid.

usage: prepare_data.py DATASETS_DIR OUT_DIR
"""
import csv
import os
import re
import sys


def read_rows(path, **kwargs):
    with open(path, newline="") as f:
        reader = csv.reader(f, **kwargs)
        header = [h.strip() for h in next(reader)]
        rows = [[c.strip() for c in row] for row in reader if row]
    return header, rows


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def compas(datasets, out):
    header, rows = read_rows(os.path.join(datasets, "compas", "compas-scores-two-years.csv"))
    col = {}
    for i, name in enumerate(header):
        col.setdefault(name, i)  # the file repeats some names; the first is the one meant
    get = lambda row, name: row[col[name]]
    kept = []
    for row in rows:
        days = get(row, "days_b_screening_arrest")
        if days == "" or not -30 <= float(days) <= 30:
            continue
        if get(row, "is_recid") == "-1" or get(row, "c_charge_degree") == "O":
            continue
        if get(row, "score_text") == "N/A":
            continue
        if get(row, "race") not in ("African-American", "Caucasian"):
            continue
        kept.append(row)
    names = ["sex", "race", "age_cat", "priors_count", "c_charge_degree", "two_year_recid"]
    write(os.path.join(out, "compas_small.csv"), names,
          [[get(r, n) for n in names] for r in kept])

    # COMPAS large: every row, 19 attributes.
    def has(desc, words):
        return "1" if re.search(words, desc, re.IGNORECASE) else "0"

    classes = {
        "violent_crime": r"batt|assault|violen|murder|homicide|robbery|kidnap|strangul",
        "drug_related": r"cocaine|cannabis|marijuana|heroin|drug|controlled|possess|methamph"
                        r"|oxycodone|deliver",
        "firearm": r"firearm|weapon|gun|ammunition",
        "minor_involved": r"minor|child|juvenile",
        "road_safety_hazard": r"driv|dui|vehicle|licen|traffic|speed|crash",
        "sex_offence": r"sex|lewd|prostitut|porn|solicit",
        "fraud": r"fraud|forg|counterfeit|uttering|identity|false|worthless",
        "petty_crime": r"petit|trespass|disorderly|mischief|shoplift|resist",
    }
    large_rows = []
    for r in rows:
        age = int(get(r, "age"))
        jail_days = 0.0
        if get(r, "c_jail_in") and get(r, "c_jail_out"):
            from datetime import datetime
            fmt = "%Y-%m-%d %H:%M:%S"
            jail_days = max(0.0, (datetime.strptime(get(r, "c_jail_out"), fmt)
                                  - datetime.strptime(get(r, "c_jail_in"), fmt)).days)
        desc = get(r, "c_charge_desc")
        large_rows.append([
            get(r, "sex"), "Caucasian" if get(r, "race") == "Caucasian" else "Other",
            age, get(r, "juv_fel_count"), get(r, "juv_misd_count"), get(r, "juv_other_count"),
            jail_days / 12.0, get(r, "priors_count"), get(r, "decile_score"),
            get(r, "c_charge_degree")] + [has(desc, w) for w in classes.values()] + [
            get(r, "two_year_recid")])
    write(os.path.join(out, "compas_large.csv"),
          ["sex", "race", "age", "juv_fel_count", "juv_misd_count", "juv_other_count",
           "months_in_jail", "priors_count", "decile_score", "c_charge_degree"]
          + list(classes) + ["two_year_recid"], large_rows)


def adult(datasets, out):
    rows_out = []
    for name in ("adult.data", "adult.test"):
        header, rows = read_rows(os.path.join(datasets, "adult", name), skipinitialspace=True)
        col = {n: i for i, n in enumerate(header)}
        for row in rows:
            if len(row) != len(header) or any(c in ("?", "") for c in row):
                continue
            y = "1" if row[col["Y"]].rstrip(".") == ">50K" else "0"
            race = "White" if row[col["race"]] == "White" else "Non-white"
            rows_out.append([race, row[col["sex"]], row[col["age"]], row[col["education-num"]], y])
    write(os.path.join(out, "adult.csv"), ["race", "sex", "age", "education-num", "Y"], rows_out)


if __name__ == "__main__":
    datasets, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    compas(datasets, out)
    adult(datasets, out)
