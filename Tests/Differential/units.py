#!/usr/bin/env python3
"""Differential of Tally's unit conversions against GNU units and exact fractions.

Random conversions `x U to V` (x an exact decimal, U and V units of one dimension) are run
through the built `tally` in one batch and through GNU `units` (Debian package `units`,
installed here with apt-get when missing). Two checks per line:

- exact: Tally's text is the exact value from the definitions (Python fractions), laid out as
  Tally shows values (differential.format_number: integers and terminating decimals in full,
  anything else rounded to 20 significant digits);
- units: Tally's value agrees with what `units` printed, to the precision `units` printed
  (15 significant digits; half a unit in the last printed digit, plus one for the
  double-precision arithmetic of `units`).

    units.py --tally .build/debug/tally [--count 2000] [--seed 1] [--benchmark 100000]

With --benchmark N it instead times N conversion lines through tally, `units` and `qalc`
(when installed) in the same run.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from differential import format_number  # noqa: E402

D = Fraction


def dec(text):
    return Fraction(text)


INCH = dec("0.0254")
FOOT = 12 * INCH
YARD = 3 * FOOT
POUND = dec("0.45359237")
GRAVITY = dec("9.80665")
GALLON = 231 * INCH**3

# Tally's name: (factor to SI, GNU units' name). Written from the definitions, not from Tally.
UNITS = {
    "length": {
        "m": (D(1), "m"), "km": (D(1000), "km"), "cm": (D(1, 100), "cm"), "mm": (D(1, 1000), "mm"),
        "um": (D(1, 10**6), "micron"), "nm": (D(1, 10**9), "nm"), "in": (INCH, "inch"), "ft": (FOOT, "ft"),
        "yd": (YARD, "yd"), "mi": (1760 * YARD, "mile"), "nmi": (D(1852), "nmi"),
    },
    "mass": {
        "kg": (D(1), "kg"), "g": (D(1, 1000), "g"), "mg": (D(1, 10**6), "mg"), "t": (D(1000), "tonne"),
        "lb": (POUND, "lb"), "oz": (POUND / 16, "oz"), "st": (14 * POUND, "stone"),
    },
    "time": {
        "s": (D(1), "s"), "ms": (D(1, 1000), "ms"), "us": (D(1, 10**6), "microsecond"), "ns": (D(1, 10**9), "ns"),
        "min": (D(60), "min"), "h": (D(3600), "hour"), "day": (D(86400), "day"), "week": (D(604800), "week"),
    },
    "volume": {
        "L": (D(1, 1000), "L"), "mL": (D(1, 10**6), "mL"), "m^3": (D(1), "m^3"), "gal": (GALLON, "gallon"),
        "qt": (GALLON / 4, "quart"), "pt": (GALLON / 8, "pint"), "cup": (GALLON / 16, "cup"),
        "floz": (GALLON / 128, "floz"), "tbsp": (GALLON / 256, "tbsp"), "tsp": (GALLON / 768, "tsp"),
    },
    "area": {
        "ha": (D(10**4), "hectare"), "acre": (4840 * YARD**2, "acre"), "m^2": (D(1), "m^2"),
        "sqft": (FOOT**2, "ft^2"), "sqin": (INCH**2, "in^2"), "sqyd": (YARD**2, "yd^2"),
        "sqmi": ((1760 * YARD) ** 2, "mi^2"), "sqkm": (D(10**6), "km^2"),
    },
    "speed": {
        "km/h": (D(1000, 3600), "km/hr"), "mph": (1760 * YARD / 3600, "mph"), "kn": (D(1852, 3600), "knot"),
        "m/s": (D(1), "m/s"), "kph": (D(1000, 3600), "kph"),
    },
    "fuel economy": {"mpg": (1760 * YARD / GALLON, "mpg"), "km/L": (D(10**6), "km/L")},
    "energy": {
        "J": (D(1), "J"), "kJ": (D(1000), "kJ"), "cal": (dec("4.184"), "cal"), "kcal": (D(4184), "kcal"),
        "Wh": (D(3600), "W hr"), "kWh": (D(3600000), "kW hr"),
    },
    "power": {"W": (D(1), "W"), "kW": (D(1000), "kW"), "hp": (550 * FOOT * POUND * GRAVITY, "hp")},
    "pressure": {
        "Pa": (D(1), "Pa"), "kPa": (D(1000), "kPa"), "bar": (D(10**5), "bar"), "atm": (D(101325), "atm"),
        "psi": (POUND * GRAVITY / INCH**2, "psi"), "mmHg": (dec("133.322387415"), "mmHg"),
    },
    "data": {
        "bit": (D(1), "bit"), "B": (D(8), "byte"), "kB": (D(8000), "kB"), "MB": (D(8 * 10**6), "MB"),
        "GB": (D(8 * 10**9), "GB"), "TB": (D(8 * 10**12), "TB"), "KiB": (D(8 << 10), "KiB"),
        "MiB": (D(8 << 20), "MiB"), "GiB": (D(8 << 30), "GiB"), "TiB": (D(8 << 40), "TiB"),
    },
    "frequency": {"Hz": (D(1), "Hz"), "kHz": (D(1000), "kHz"), "MHz": (D(10**6), "MHz"), "GHz": (D(10**9), "GHz")},
    "force": {"N": (D(1), "N"), "lbf": (POUND * GRAVITY, "lbf")},
    # Differences of temperature: GNU units' degC and degF are Tally's too.
    "temperature difference": {"K": (D(1), "K"), "degC": (D(1), "degC"), "degF": (D(5, 9), "degF")},
}
# Scales: kelvin = value * factor + offset.
TEMPERATURE = {
    "K": (D(1), D(0), "K", "tempK"), "°C": (D(1), dec("273.15"), "degC", "tempC"),
    "°F": (D(5, 9), dec("459.67") * D(5, 9), "degF", "tempF"),
}


def ensure_units():
    if shutil.which("units"):
        return True
    if shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "units"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return shutil.which("units") is not None


def random_value(rng):
    """An exact decimal such as a person types: up to 7 significant digits, 0 to 4 places."""
    digits = rng.randint(1, 7)
    places = rng.randint(0, min(4, digits))
    n = rng.randint(1, 10**digits - 1)
    text = str(n)
    if places:
        text = text.rjust(places + 1, "0")
        text = text[:-places] + "." + text[-places:]
    return text


def cases(count, rng):
    groups = list(UNITS.items())
    result = []
    for index in range(count):
        x = random_value(rng)
        if index % 10 == 9:
            (a, (fa, oa, _, ua)), (b, (fb, ob, _, ub)) = rng.sample(list(TEMPERATURE.items()), 2)
            # Below zero only on the scales whose zero is not absolute, and above absolute zero.
            if a != "K" and rng.random() < 0.3 and Fraction(x) < 200:
                x = "-" + x
            kelvin = Fraction(x) * fa + oa
            exact = (kelvin - ob) / fb
            # units works in doubles through kelvin: subtracting the offset loses digits
            # relative to the kelvin value, not to the result.
            slack = (abs(kelvin) + 500) * Fraction(4, 10**15)
            result.append((f"{x} {a} to {b}", exact, f"{ua}({x})", ub, slack))
            continue
        _, table = rng.choice(groups)
        (a, (fa, ga)), (b, (fb, gb)) = rng.sample(list(table.items()), 2)
        exact = Fraction(x) * fa / fb
        result.append((f"{x} {a} to {b}", exact, f"{x} {ga}", gb, Fraction(0)))
    return result


def run_tally(tally, lines):
    completed = subprocess.run(
        [tally], input="\n".join(lines) + "\n", capture_output=True, text=True, check=False)
    return completed.stdout.splitlines(), completed.stderr


def run_units(pairs):
    text = "".join(f"{have}\n{want}\n" for have, want in pairs)
    completed = subprocess.run(
        ["units", "-t", "-d", "15"], input=text, capture_output=True, text=True, check=False)
    return completed.stdout.split()


def agrees(value, printed, slack):
    """Whether the exact `value` rounds to what `units` printed, to its printed digits."""
    reference = Fraction(printed)
    mantissa = printed.lower().split("e")[0].lstrip("-")
    digits = len(mantissa.replace(".", "").lstrip("0")) or 1
    if reference == 0:
        return abs(value) < Fraction(1, 10**12) + slack
    magnitude = abs(reference)
    exponent = len(str(magnitude.numerator)) - len(str(magnitude.denominator))
    while Fraction(10) ** exponent > magnitude:
        exponent -= 1
    while Fraction(10) ** (exponent + 1) <= magnitude:
        exponent += 1
    ulp = Fraction(10) ** (exponent - digits + 1)
    # Half an ulp of the printed digits, one more for double-precision rounding inside units.
    return abs(value - reference) <= ulp * Fraction(3, 2) + magnitude * Fraction(1, 10**15) + slack


def differential(tally, count, seed):
    rng = random.Random(seed)
    conversions = cases(count, rng)
    shown, errors = run_tally(tally, [line for line, _, _, _, _ in conversions])
    if errors or len(shown) != len(conversions):
        print(f"tally failed: {errors[:2000]}")
        return 1
    printed = run_units([(have, want) for _, _, have, want, _ in conversions])
    if len(printed) != len(conversions):
        print(f"units printed {len(printed)} results for {len(conversions)} conversions")
        return 1
    exact_mismatches = units_mismatches = 0
    for (line, exact, _, _, slack), text, reference in zip(conversions, shown, printed):
        unit = line.split(" to ", 1)[1]
        unit = {"um": "µm", "us": "µs"}.get(unit, unit)  # shown by their symbols
        number = format_number(exact, 20)
        # Tally writes the calendar's words in the plural unless the amount is 1.
        plural = unit in ("day", "week", "month", "year") and number not in ("1", "-1")
        expected = f"{number} {unit}{'s' if plural else ''}"
        if text != expected:
            exact_mismatches += 1
            if exact_mismatches <= 10:
                print(f"exact mismatch: {line}: tally {text!r}, exact {expected!r}")
        number = text.rsplit(" ", 1)[0] if " " in text else text
        if not agrees(Fraction(number), reference, slack):
            units_mismatches += 1
            if units_mismatches <= 10:
                print(f"units mismatch: {line}: tally {text!r}, units {reference!r}")
    print(f"{len(conversions)} conversions compared with GNU units and exact fractions: "
          f"{exact_mismatches} exact mismatches, {units_mismatches} units mismatches")
    return 0 if exact_mismatches == 0 and units_mismatches == 0 else 1


def benchmark(tally, count, seed):
    rng = random.Random(seed)
    conversions = [c for c in cases(count, rng)]
    lines = [line for line, _, _, _, _ in conversions]
    timings = {}
    start = time.perf_counter()
    shown, errors = run_tally(tally, lines)
    timings["tally"] = time.perf_counter() - start
    assert not errors and len(shown) == len(lines), errors[:500]
    start = time.perf_counter()
    printed = run_units([(have, want) for _, _, have, want, _ in conversions])
    timings["units"] = time.perf_counter() - start
    assert len(printed) == len(lines)
    qalc = shutil.which("qalc")
    if qalc:
        # qalc reads one expression per line from a file with -f; ° scales as it spells them.
        qlines = [line.replace("°C", "oC").replace("°F", "oF").replace("um", "µm").replace("us", "µs")
                  for line in lines]
        path = "/tmp/tally-units-benchmark.qalc"
        with open(path, "w") as handle:
            handle.write("\n".join(qlines) + "\n")
        start = time.perf_counter()
        # Without currencies qalc never asks the network for exchange rates.
        subprocess.run([qalc, "-t", "-nocurrencies", "-f", path], capture_output=True, text=True, check=False,
                       stdin=subprocess.DEVNULL)
        timings["qalc"] = time.perf_counter() - start
    print(f"{count} conversion lines, same run:")
    for name, seconds in timings.items():
        print(f"  {name:6} {seconds:8.3f} s   {count / seconds:12,.0f} lines/s   "
              f"{seconds / timings['tally']:6.2f}× tally's time")
    if not qalc:
        print("  qalc   not installed")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tally", required=True)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--benchmark", type=int, default=0)
    arguments = parser.parse_args()
    if not ensure_units():
        print("GNU units is not installed and could not be installed")
        return 1
    if arguments.benchmark:
        return benchmark(arguments.tally, arguments.benchmark, arguments.seed)
    return differential(arguments.tally, arguments.count, arguments.seed)


if __name__ == "__main__":
    sys.exit(main())
