#!/usr/bin/env python3
"""BMI-for-age through the built `tally` against an independent computation.

The reference is WHO's own method ("Computation of centiles and z-scores", growth reference
5-19 years) written here from the published formula, on the L, M and S values of the copy that
the PyPI package rcpchgrowth carries (installed with pip when missing; Tally never needs it),
not on Tally's data file. For each sex and month from 61 to 228 months, BMIs are chosen just
inside and just outside every category boundary (z = -3, -2, +1, +2) and in between; each runs
as `bmi 100 BMI age YyMm sex S` (at 100 cm the BMI equals the weight), and Tally's z-score
(two decimals), percentile and category must equal the reference's.

Usage: bmi_for_age.py --tally PATH [--step MONTHS]
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_packages import ensure_installed  # noqa: E402


def rcpch_table():
    """The WHO 2007 BMI table as rcpchgrowth ships it: {sex: {month: (L, M, S)}}."""
    # Only the data: --no-deps leaves out scipy, which the package's own code imports.
    spec = ensure_installed("rcpchgrowth", "--no-deps rcpchgrowth==4.6.5", "bmi_for_age.py")
    path = os.path.join(os.path.dirname(spec.origin), "data_tables", "who", "who_2007_children.json")
    table = json.load(open(path))["measurement"]["bmi"]
    result = {}
    for sex, key in (("m", "male"), ("f", "female")):
        result[sex] = {round(row["decimal_age"] * 12): (row["L"], row["M"], row["S"]) for row in table[key]}
    return result


def measurement(l, m, s, z):
    return m * math.exp(s * z) if l == 0 else m * (1 + l * s * z) ** (1 / l)


def z_score(l, m, s, bmi):
    z = math.log(bmi / m) / s if l == 0 else ((bmi / m) ** l - 1) / (l * s)
    if z > 3:
        sd3 = measurement(l, m, s, 3)
        return 3 + (bmi - sd3) / (sd3 - measurement(l, m, s, 2))
    if z < -3:
        sd3 = measurement(l, m, s, -3)
        return -3 + (bmi - sd3) / (measurement(l, m, s, -2) - sd3)
    return z


def shown(z):
    """Two decimals, ties away from zero, as Tally shows and classifies a z-score."""
    hundredths = math.floor(abs(z) * 100 + 0.5)
    return math.copysign(hundredths / 100, z) if hundredths else 0.0


def category(z):
    if z < -3:
        return "severe thinness"
    if z < -2:
        return "thinness"
    if z <= 1:
        return "normal"
    if z <= 2:
        return "overweight"
    return "obesity"


def z_text(z):
    hundredths = round(z * 100)
    sign = "+" if hundredths > 0 else "-" if hundredths < 0 else ""
    return "%s%d.%02d" % (sign, abs(hundredths) // 100, abs(hundredths) % 100)


def percentile_text(z):
    p = 50 * math.erfc(-z / math.sqrt(2))
    if p < 0.05:
        return "below 0.1"
    if p >= 99.95:
        return "above 99.9"
    return "%.1f" % (math.floor(p * 10 + 0.5) / 10)


def cases(table, step):
    for sex in ("f", "m"):
        for month in range(61, 229, step):
            l, m, s = table[sex][month]
            for z in (-3.4, -3.02, -2.98, -2.3, -2.02, -1.98, 0.0, 0.98, 1.02, 1.5, 1.98, 2.02, 2.7, 3.3):
                bmi = round(measurement(l, m, s, z), 4)
                yield sex, month, bmi


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", required=True)
    parser.add_argument("--step", type=int, default=7)
    options = parser.parse_args()
    table = rcpch_table()
    chosen = list(cases(table, options.step))
    lines = ["bmi 100 %.4f age %dy%dm sex %s" % (bmi, month // 12, month % 12, sex) for sex, month, bmi in chosen]
    run = subprocess.run([options.tally], input="\n".join(lines) + "\n", capture_output=True, text=True)
    output = run.stdout.splitlines()
    if run.returncode != 0 or len(output) != 3 * len(lines):
        print("tally failed (%d): %s" % (run.returncode, run.stderr[:2000]))
        return 1
    failures = 0
    seen = set()
    pattern = re.compile(r"^BMI [0-9.]+  (.+)  \(WHO 2007 growth reference, BMI-for-age 5–19 years\)$")
    for index, (sex, month, bmi) in enumerate(chosen):
        first, second = output[3 * index], output[3 * index + 1]
        l, m, s = table[sex][month]
        z = shown(z_score(l, m, s, bmi))
        expected_category = category(z)
        seen.add(expected_category)
        match = pattern.match(first)
        expected_second = "%s, %s: z-score %s, percentile %s" % (
            "girl" if sex == "f" else "boy", age_text(month), z_text(z), percentile_text(z_score(l, m, s, bmi)))
        if not match or match.group(1) != expected_category or second != expected_second:
            failures += 1
            if failures <= 20:
                print("MISMATCH %s\n  tally:    %s | %s\n  expected: %s | %s" % (
                    lines[index], first, second, expected_category, expected_second))
    print("%d BMI-for-age cases, %d failures, categories seen: %s" % (len(chosen), failures, ", ".join(sorted(seen))))
    return 1 if failures or len(seen) != 5 else 0


def age_text(months):
    years, rest = divmod(months, 12)
    words = []
    if years:
        words.append("%d year%s" % (years, "" if years == 1 else "s"))
    if rest or not years:
        words.append("%d month%s" % (rest, "" if rest == 1 else "s"))
    return " ".join(words)


if __name__ == "__main__":
    sys.exit(main())
