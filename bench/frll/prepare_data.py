"""Writes the three datasets of the reproduction as clean CSV files.

    python3 bench/frll/prepare_data.py DATASETS_DIR OUT_DIR

Only selects rows and columns (no learning): the methods compared all read
these files through `tinyfair`.

- adult.csv: adult.data and adult.test together, rows with a missing value
  dropped (45,222 rows, as in the paper); label Y (>50K); protected `sex`.
  `fnlwgt` is dropped (as AIF360's loader), and so is `education`, which
  repeats `education-num`: 11 features besides sex, the paper's count.
  `native-country` is United-States or Other, so that a reduction mixture
  of up to five members fits the device's 256 category terms.
- compas.csv: ProPublica's filtering (days_b_screening_arrest within +-30,
  is_recid != -1, c_charge_degree != 'O', score_text != 'N/A': 6,172
  rows); label two_year_recid (1 = re-offended, as the released labels);
  protected `race` White (Caucasian) or Non-white. Features as AIF360's
  loader without c_charge_desc, whose 400-odd categories exceed the
  device's 256: sex, age, age_cat, juv_fel_count, juv_misd_count,
  juv_other_count, priors_count, c_charge_degree.
- law.csv: rows with race White or Black, without the one row whose
  region_first is PO (a category a split could meet only in its test part,
  which the device refuses); label first_pf (bar passage at
  the first try); features sex, LSAT, UGPA, region_first, ZFYA,
  sander_index (the file has 6 features where the paper's has 13).
"""
import csv
import os
import sys


def write(path, header, rows):
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    os.replace(path + ".tmp", path)
    print(f"prepare_data: {path}: {len(rows)} rows", file=sys.stderr)


def adult(src, out):
    rows, header = [], None
    for name in ("adult.data", "adult.test"):
        with open(os.path.join(src, "adult", name)) as f:
            reader = csv.reader(f, skipinitialspace=True)
            header = [h.strip() for h in next(reader)]
            for r in reader:
                r = [c.strip() for c in r]
                if len(r) != len(header) or "?" in r:
                    continue
                rows.append(dict(zip(header, r)))
    keep = [h for h in header if h not in ("fnlwgt", "education")]
    table = []
    for r in rows:
        r["Y"] = r["Y"].rstrip(".")
        if r["native-country"] != "United-States":
            r["native-country"] = "Other"
        table.append([r[h] for h in keep])
    write(os.path.join(out, "adult.csv"), keep, table)


def compas(src, out):
    with open(os.path.join(src, "compas", "compas-scores-two-years.csv")) as f:
        reader = csv.reader(f)
        header = next(reader)
        index = {}
        for i, h in enumerate(header):
            index.setdefault(h, i)  # the first of repeated names
        features = ["sex", "age", "age_cat", "race", "juv_fel_count", "juv_misd_count",
                    "juv_other_count", "priors_count", "c_charge_degree", "two_year_recid"]
        table = []
        for r in reader:
            get = lambda name: r[index[name]]
            days = get("days_b_screening_arrest")
            if days == "" or not -30 <= float(days) <= 30:
                continue
            if get("is_recid") == "-1" or get("c_charge_degree") == "O":
                continue
            if get("score_text") in ("N/A", ""):
                continue
            row = [get(name) for name in features]
            row[3] = "White" if row[3] == "Caucasian" else "Non-white"
            table.append(row)
    write(os.path.join(out, "compas.csv"), features, table)


def law(src, out):
    with open(os.path.join(src, "law_school", "law_data.csv")) as f:
        reader = csv.DictReader(f)
        features = ["race", "sex", "LSAT", "UGPA", "region_first", "ZFYA", "sander_index",
                    "first_pf"]
        table = []
        for r in reader:
            if r["race"] not in ("White", "Black") or r["region_first"] == "PO":
                continue
            row = [r[name] for name in features]
            row[1] = {"1": "sex1", "2": "sex2"}.get(row[1], row[1])
            table.append(row)
    write(os.path.join(out, "law.csv"), features, table)


if __name__ == "__main__":
    src, out = sys.argv[1:3]
    os.makedirs(out, exist_ok=True)
    adult(src, out)
    compas(src, out)
    law(src, out)
