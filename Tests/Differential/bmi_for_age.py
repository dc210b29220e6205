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
import fractions
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_packages import ensure_installed  # noqa: E402


def rcpch_folder():
    # Only the data: --no-deps leaves out scipy, which the package's own code imports.
    spec = ensure_installed("rcpchgrowth", "--no-deps rcpchgrowth==4.6.5", "bmi_for_age.py")
    return os.path.join(os.path.dirname(spec.origin), "data_tables")


def rcpch_table():
    """The WHO 2007 BMI table as rcpchgrowth ships it: {sex: {month: (L, M, S)}}."""
    path = os.path.join(rcpch_folder(), "who", "who_2007_children.json")
    table = json.load(open(path))["measurement"]["bmi"]
    result = {}
    for sex, key in (("m", "male"), ("f", "female")):
        result[sex] = {round(row["decimal_age"] * 12): (row["L"], row["M"], row["S"]) for row in table[key]}
    return result


def rcpch_under_five():
    """WHO 2006 BMI-for-age by day, 731 to 1856 days: {sex: {day: (L, M, S)}}."""
    table = json.load(open(os.path.join(rcpch_folder(), "who", "who_children.json")))["measurement"]["bmi"]
    return {
        sex: {round(row["decimal_age"] * 365.25): (row["L"], row["M"], row["S"]) for row in table[key]}
        for sex, key in (("m", "male"), ("f", "female"))
    }


def rcpch_cdc():
    """CDC 2000 BMI-for-age with the 2022 sigma: {sex: {half months: (L, M, S, sigma)}}."""
    table = json.load(open(os.path.join(rcpch_folder(), "cdc2-20.json")))["measurement"]["bmi"]
    return {
        sex: {round(row["decimal_age"] * 24): (row["L"], row["M"], row["S"], row["sigma"]) for row in table[key]}
        for sex, key in (("m", "male"), ("f", "female"))
    }


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
    """The z-score itself: Tally classifies the value, not its rounded figure."""
    return z


def rounded(value, places):
    """`value` to `places` decimals, ties away from zero."""
    scale = 10 ** places
    return math.copysign(math.floor(abs(value) * scale + 0.5) / scale, value)


def side(value, boundary):
    return (value > boundary) - (value < boundary)


def deciding_text(value, places, boundaries):
    """At least `places` decimals, more until the rounded figure compares with every boundary
    as the value does (Tally's DecidingDigits), at most 9."""
    while places < 9 and any(side(rounded(value, places), b) != side(value, b) for b in boundaries):
        places += 1
    text = "%.*f" % (places, rounded(value, places))
    return "0." + "0" * places if text.strip("-0.") == "" else text


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


def z_text(z, boundaries=(-3, -2, 1, 2, 3)):
    text = deciding_text(z, 2, boundaries)
    if text.strip("-0.") == "":
        return text.lstrip("-")
    return ("+" if z > 0 else "") + text


def percentile_text(z):
    return percentile_from(50 * math.erfc(-z / math.sqrt(2)))


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
    parser.add_argument("--random", type=int, default=0, help="check N random WHO and N random CDC children instead")
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
    if options.random:
        return run_random(options.tally, options.random, options.seed)
    table = rcpch_table()
    chosen = list(cases(table, options.step))
    lines = ["bmi 100 %.4f age %dy%dm sex %s" % (bmi, month // 12, month % 12, sex) for sex, month, bmi in chosen]
    output = run_tally(options.tally, lines)
    if output is None:
        return 1
    failures = 0
    seen = set()
    pattern = re.compile(r"^BMI [0-9.]+  (.+)  \(WHO 2007 growth reference, BMI-for-age 5–19 years\)$")
    for index, (sex, month, bmi) in enumerate(chosen):
        first, second = output[index][0], output[index][1]
        l, m, s = table[sex][month]
        z = shown(z_score(l, m, s, bmi))
        expected_category = category(z)
        seen.add(expected_category)
        match = pattern.match(first)
        expected_second = "%s, %s: z-score %s, percentile %s" % (
            ("girl" if sex == "f" else "boy") if month < 216 else ("female" if sex == "f" else "male"),
            age_text(month), z_text(z), percentile_text(z_score(l, m, s, bmi)))
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


# MARK: Random children, WHO and CDC

NORMAL = statistics.NormalDist()
DAYS_IN_MONTH = 30.4375


def who_2006_category(z):
    if z < -3:
        return "severe wasting"
    if z < -2:
        return "wasting"
    if z <= 1:
        return "normal"
    if z <= 2:
        return "possible risk of overweight"
    if z <= 3:
        return "overweight"
    return "obesity"


def tenths(value):
    return math.floor(value * 10 + 0.5)


def cdc_reading(l, m, s, sigma, bmi):
    """(z, percentile, percent of P95) by the CDC's method, extended above the 95th percentile."""
    p95 = measurement(l, m, s, NORMAL.inv_cdf(0.95))
    if bmi < p95:
        z = ((bmi / m) ** l - 1) / (l * s)
        percentile = 100 * NORMAL.cdf(z)
    else:
        tail = max(0.05 * math.erfc((bmi - p95) / sigma / math.sqrt(2)), 1e-16)
        z = -NORMAL.inv_cdf(tail)
        percentile = 100 * (1 - tail)
    return z, percentile, 100 * bmi / p95


def cdc_category(percentile, percent, bmi):
    """AAP 2023: severe obesity class 2 from 120 % of the 95th percentile or a BMI of 35, class 3
    from 140 % or 40; on the values themselves."""
    if percent >= 140 or (bmi >= 40 and percentile >= 95):
        return "severe obesity (class 3)"
    if percent >= 120 or (bmi >= 35 and percentile >= 95):
        return "severe obesity (class 2)"
    if percentile >= 95:
        return "obesity"
    if percentile >= 85:
        return "overweight"
    if percentile >= 5:
        return "healthy weight"
    return "underweight"


def random_children(count, seed):
    """`count` WHO and `count` CDC lines for random children from 24 to 228 months, half of them
    just beside a category boundary: (line, expected first line, expected second line)."""
    rng = random.Random(seed)
    who_2007, under_five, cdc = rcpch_table(), rcpch_under_five(), rcpch_cdc()
    cases = []
    for index in range(2 * count):
        use_cdc = index % 2 == 1
        sex = rng.choice("fm")
        # Under 5 the age is written in days, WHO 2006's unit; from 61 months in years and months.
        if rng.random() < 0.3:
            days = rng.randint(731, 1855)
            months = math.floor(days / DAYS_IN_MONTH)
            if months >= 61:
                days = 1855
                months = math.floor(days / DAYS_IN_MONTH)
            age_text = "%d days" % days
        else:
            months = rng.randint(61, 228)
            days = None
            age_text = "%dy%dm" % divmod(months, 12)
        if use_cdc:
            l, m, s, sigma = cdc[sex][2 * months + 1]
            boundary = rng.choice(["p5", "p85", "p95", "p120", "p140", "random"])
            p95 = measurement(l, m, s, NORMAL.inv_cdf(0.95))
            target = {
                "p5": measurement(l, m, s, NORMAL.inv_cdf(0.05)),
                "p85": measurement(l, m, s, NORMAL.inv_cdf(0.85)),
                "p95": p95,
                "p120": 1.2 * p95,
                "p140": 1.4 * p95,
                "random": measurement(l, m, s, rng.uniform(-2.5, 1.5)) if rng.random() < 0.7 else p95 * rng.uniform(1, 1.8),
            }[boundary]
        else:
            if days is not None:
                l, m, s = under_five[sex][days]
                zs = [-3, -2, 1, 2, 3]
            else:
                l, m, s = who_2007[sex][months]
                zs = [-3, -2, 1, 2]
            z = rng.choice(zs) if rng.random() < 0.7 else rng.uniform(-4, 4)
            target = measurement(l, m, s, z) if -3 <= z <= 3 else None
            if target is None:
                sd3 = measurement(l, m, s, 3 if z > 0 else -3)
                sd2 = measurement(l, m, s, 2 if z > 0 else -2)
                target = sd3 + (abs(z) - 3) * (sd3 - sd2) * (1 if z > 0 else -1)
        bmi = round(target * (1 + rng.uniform(-0.004, 0.004)), 4)
        if not 10 <= bmi <= 150:
            continue
        line = "bmi 100 %.4f age %s sex %s%s" % (bmi, age_text, sex, " cdc" if use_cdc else "")
        child = "girl" if sex == "f" else "boy"
        if use_cdc:
            z, percentile, percent = cdc_reading(l, m, s, sigma, bmi)
            category = cdc_category(percentile, percent, bmi)
            extra = ""
            if category.startswith("obesity") or category.startswith("severe"):
                extra = (" (CDC 2022 extended)" if percent >= 100 else "") + ", %s%% of the 95th percentile" % (
                    deciding_text(percent, 1, (120, 140)))
            source = "CDC 2000 growth charts, BMI-for-age 2–19 years"
            age_shown = age_text_months(months)
        else:
            raw = z_score(l, m, s, bmi)
            z = raw
            percentile = 100 * NORMAL.cdf(raw)
            if days is not None:
                category = who_2006_category(shown(raw))
                source = "WHO 2006 child growth standards, BMI-for-age under 5 years"
                past = days - round_half_up(months * DAYS_IN_MONTH)
                age_shown = age_text_months(months) + (" %d day%s" % (past, "" if past == 1 else "s") if past > 0 else "")
            else:
                category = globals()["category"](shown(raw))
                source = "WHO 2007 growth reference, BMI-for-age 5–19 years"
                age_shown = age_text_months(months)
            extra = ""
        if months >= 216:
            child = "female" if sex == "f" else "male"
        first = "BMI %s  %s  (%s)" % (bmi_text(bmi, (35, 40) if use_cdc else ()), category, source)
        second = "%s, %s: z-score %s, percentile %s%s" % (
            child, age_shown, z_text(z, () if use_cdc else (-3, -2, 1, 2, 3)),
            percentile_from(percentile, (5, 85, 95) if use_cdc else ()), extra)
        cases.append((line, first, second, "cdc" if use_cdc else "who", category))
    return cases


def run_tally(tally, lines):
    """The output lines of each input line (through --json, one object a line); None on failure."""
    run = subprocess.run([tally, "--json"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    objects = [json.loads(text) for text in run.stdout.splitlines()]
    if len(objects) != len(lines) or any("output" not in item for item in objects):
        print("tally failed (%d): %s %s" % (run.returncode, run.stderr[:2000], [o for o in objects if "output" not in o][:3]))
        return None
    return [item["output"].split("\n") for item in objects]


def round_half_up(value):
    return math.floor(value + 0.5)


def bmi_text(bmi, boundaries=()):
    """The BMI (a value of four decimals, exact as a Fraction) to one decimal, more where one
    would cross a boundary."""
    exact = fractions.Fraction(repr(bmi)) if not isinstance(bmi, fractions.Fraction) else bmi
    places = 1
    def fixed(places):
        scale = 10 ** places
        whole = math.floor(exact * scale + fractions.Fraction(1, 2))
        return fractions.Fraction(whole, scale), whole
    while places < 9:
        value, _ = fixed(places)
        if all(side(value, b) == side(exact, b) for b in boundaries):
            break
        places += 1
    _, whole = fixed(places)
    text = str(whole).rjust(places + 1, "0")
    return text[:-places] + "." + text[-places:]


def percentile_from(p, boundaries=()):
    if p < 0.05:
        return "below 0.1"
    text = deciding_text(p, 1, boundaries)
    if p >= 99.95 and text.startswith("100"):
        return "above 99.9"
    return text


def age_text_months(months):
    return age_text(months)


def run_random(tally, count, seed):
    cases = random_children(count, seed)
    lines = [case[0] for case in cases]
    output = run_tally(tally, lines)
    if output is None:
        return 1
    failures = 0
    seen = {"who": set(), "cdc": set()}
    counts = {"who": 0, "cdc": 0}
    for index, (line, first, second, reference, category) in enumerate(cases):
        counts[reference] += 1
        seen[reference].add(category)
        got = (output[index][0], output[index][1])
        if got != (first, second):
            failures += 1
            if failures <= 20:
                print("MISMATCH %s\n  tally:    %s | %s\n  expected: %s | %s" % (line, got[0], got[1], first, second))
    print("%d random children (%d WHO, %d CDC), %d failures; WHO categories: %s; CDC categories: %s" % (
        len(cases), counts["who"], counts["cdc"], failures, ", ".join(sorted(seen["who"])),
        ", ".join(sorted(seen["cdc"]))))
    return 1 if failures or len(seen["cdc"]) != 6 or len(seen["who"]) < 8 else 0


if __name__ == "__main__":
    sys.exit(main())
