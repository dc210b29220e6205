"""Random adults against exact fractions: for each, the whole `bmi` report must be the exact
value's — the category of the exact BMI, the BMI shown with the digits that put it on its
band's side of every cut-off, the healthy range (the tenths of a kilogram whose exact BMI is
normal), BMI Prime and the waist figures — for every standard (WHO, KSSO, NICE, CDC).

    python3 Tests/Differential/bmi_adults.py --tally .build/debug/tally --count 10000
"""

import argparse
import fractions
import json
import math
import random
import subprocess
import sys


def side(value, boundary):
    return (value > boundary) - (value < boundary)


def run_tally(tally, lines):
    """The output lines of each input line (through --json, one object a line); None on failure."""
    run = subprocess.run([tally, "--json"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    objects = [json.loads(text) for text in run.stdout.splitlines()]
    if len(objects) != len(lines) or any("output" not in item for item in objects):
        print("tally failed (%d): %s" % (run.returncode, run.stderr[:2000]))
        return None
    return [item["output"].split("\n") for item in objects]


ADULT_BANDS = {
    "who": ("WHO adult classification", 25, [("underweight", None), ("normal weight", "18.5"), ("pre-obese", "25"),
            ("obesity class I", "30"), ("obesity class II", "35"), ("obesity class III", "40")]),
    "asia": ("Asia-Pacific, Korean Society for the Study of Obesity", 23, [("underweight", None), ("normal weight", "18.5"),
             ("pre-obese", "23"), ("obesity class 1", "25"), ("obesity class 2", "30"), ("obesity class 3", "35")]),
    "nice": ("NICE, lower thresholds for South Asian, Chinese, other Asian, Middle Eastern, Black African or "
             "African-Caribbean family background", 23, [("underweight", None), ("healthy weight", "18.5"),
             ("overweight", "23"), ("obesity class 1", "27.5"), ("obesity class 2", "32.5"), ("obesity class 3", "37.5")]),
    "cdc": ("CDC adult categories, the WHO cut-offs", 25, [("underweight", None), ("healthy weight", "18.5"),
            ("overweight", "25"), ("obesity class 1", "30"), ("obesity class 2", "35"),
            ("obesity class 3 (severe obesity)", "40")]),
}


def exact_text(value, places, boundaries):
    """A Fraction to `places` decimals (ties away from zero), more where they would cross a boundary."""
    def fixed(places):
        scale = 10 ** places
        return fractions.Fraction(math.floor(value * scale + fractions.Fraction(1, 2)), scale)
    while places < 9 and any(side(fixed(places), b) != side(value, b) for b in boundaries):
        places += 1
    whole = math.floor(value * 10 ** places + fractions.Fraction(1, 2))
    text = str(whole).rjust(places + 1, "0")
    return text[:-places] + "." + text[-places:] if places else text


def plain(value):
    """A Fraction with a short decimal expansion, without trailing zeros."""
    text = exact_text(value, 6, ())
    return text.rstrip("0").rstrip(".")


def adult_report(height, weight, standard, waist=None, sex=None):
    """The lines Tally prints for an adult of `height` cm and `weight` kg (Fractions)."""
    name, divisor, table = ADULT_BANDS[standard]
    bmi = weight / (height / 100) ** 2
    bounds = [fractions.Fraction(b) for _, b in table if b is not None]
    category = table[0][0]
    for label, bound in table[1:]:
        if bmi >= fractions.Fraction(bound):
            category = label
    square = (height / 100) ** 2
    lowest = math.ceil(fractions.Fraction(table[1][1]) * square * 10)
    limit = fractions.Fraction(table[2][1]) * square * 10
    highest = math.ceil(limit) - 1
    lines = [
        "BMI %s  %s  (%s, ages 20 and over)" % (exact_text(bmi, 1, bounds), category, name),
        "healthy weight at %s cm: %s–%s kg" % (
            plain(fractions.Fraction(math.floor(height * 10 + fractions.Fraction(1, 2)), 10)),
            exact_text(fractions.Fraction(lowest, 10), 1, ()), exact_text(fractions.Fraction(highest, 10), 1, ())),
        "BMI Prime %s (BMI / %d%s)" % (
            exact_text(bmi / divisor, 2, [1]), divisor,
            ", Asia-Pacific" if standard == "asia" else ", NICE" if standard == "nice" else ""),
    ]
    if waist is not None:
        ratio = waist / height
        band = "no increased health risk" if ratio < fractions.Fraction(1, 2) else (
            "increased health risk" if ratio < fractions.Fraction(3, 5) else "high health risk")
        lines.append("waist-to-height ratio %s: %s (NICE 2022)" % (
            exact_text(ratio, 2, [fractions.Fraction(1, 2), fractions.Fraction(3, 5)]), band))
        if sex is not None:
            people = "men" if sex == "m" else "women"
            if standard == "asia":
                cut = 90 if sex == "m" else 85
                over = "abdominal obesity" if waist >= cut else "below the cut-off"
                lines.append("waist %s cm: %s (KSSO, %s from %d cm)" % (exact_text(waist, 1, [cut]), over, people, cut))
            else:
                cuts = (94, 102) if sex == "m" else (80, 88)
                over = sum(waist >= c for c in cuts)
                label = ["no increased risk", "increased risk", "substantially increased risk"][over]
                lines.append("waist %s cm: %s (WHO, %s from %d and %d cm)" % (
                    exact_text(waist, 1, list(cuts)), label, people, cuts[0], cuts[1]))
    return lines, category, bmi


def run_adults(tally, count, seed):
    """`count` random adults, most of them just beside a band boundary of a random standard: the
    whole report must be the exact value's (category, BMI with its deciding digits, healthy
    range, BMI Prime, waist figures)."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        standard = rng.choice(list(ADULT_BANDS))
        height = fractions.Fraction(rng.randint(1400, 2000), 10)
        bounds = [fractions.Fraction(b) for _, b in ADULT_BANDS[standard][2] if b is not None]
        target = rng.choice(bounds) if rng.random() < 0.7 else fractions.Fraction(rng.randint(160, 450), 10)
        # A weight of three decimals whose BMI lies within about 0.05 of the target.
        weight = fractions.Fraction(round(float(target * (height / 100) ** 2 * 1000) + rng.randint(-150, 150)), 1000)
        words = ["bmi", plain(height), plain(weight) if weight.denominator <= 1000 else str(float(weight)), standard]
        waist = sex = None
        if rng.random() < 0.4:
            waist = fractions.Fraction(rng.randint(600, 1300), 10)
            words += ["waist", plain(waist)]
            if rng.random() < 0.7:
                sex = rng.choice("fm")
                words += ["sex", sex]
        line = " ".join(words)
        expected, category, bmi = adult_report(height, weight, standard, waist, sex)
        cases.append((line, expected, category))
    output = run_tally(tally, [case[0] for case in cases])
    if output is None:
        return 1
    failures = 0
    for (line, expected, _), got in zip(cases, output):
        if got != expected:
            failures += 1
            if failures <= 20:
                print("MISMATCH %s\n  tally:    %s\n  expected: %s" % (line, " | ".join(got), " | ".join(expected)))
    print("%d random adults, %d failures; categories seen: %d" % (len(cases), failures, len({c[2] for c in cases})))
    return 1 if failures else 0



def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", required=True)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
    return run_adults(options.tally, options.count, options.seed)


if __name__ == "__main__":
    sys.exit(main())
