#!/usr/bin/env python3
"""Tally's sums and products over a bound variable against Python's exact fractions.

N random series — a term from a list of rational functions of k (powers, reciprocals, signs
that alternate, telescoping fractions), bounds from -30 to 60 (empty ranges included), sum or
product, in Tally's order `sum(expr, k, a, b)` or qalc's `sum(expr, a, b, k)` — run through
the built `tally` in one batch, each line ending `to fraction`. Each output must be exactly the
value Python computes with `fractions.Fraction`; a term that divides by zero must be an error.

    sums.py --tally .build/debug/tally [--count 1000] [--seed 1]
Exit status 0 when all agree, 1 otherwise.
"""
import argparse
import random
import subprocess
import sys
from fractions import Fraction

# The term as Tally writes it, and as a Python function of k (None where it divides by zero).
TERMS = [
    ("k", lambda k: Fraction(k)),
    ("k^2", lambda k: Fraction(k) ** 2),
    ("k^3 - 2k", lambda k: Fraction(k) ** 3 - 2 * k),
    ("1/k", lambda k: None if k == 0 else Fraction(1, k)),
    ("1/k^2", lambda k: None if k == 0 else Fraction(1, k * k)),
    ("(-1)^k/(2k+1)", lambda k: Fraction((-1) ** (k % 2), 2 * k + 1)),
    ("1/(k*(k+1))", lambda k: None if k * (k + 1) == 0 else Fraction(1, k * (k + 1))),
    ("(k+1)/(k+2)", lambda k: None if k == -2 else Fraction(k + 1, k + 2)),
    ("k/3 + 1/7", lambda k: Fraction(k, 3) + Fraction(1, 7)),
    ("2^k", lambda k: Fraction(2) ** k),
    ("1 - 1/k^2", lambda k: None if k == 0 else 1 - Fraction(1, k * k)),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", default=".build/debug/tally")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    lines, expected = [], []
    for _ in range(options.count):
        text, term = rng.choice(TERMS)
        product = rng.random() < 0.3
        low = rng.randint(-30, 60)
        high = low + rng.randint(-3, 25 if product else 200)
        name = ("prod" if rng.random() < 0.5 else "product") if product else ("sum" if rng.random() < 0.8 else "∑")
        if rng.random() < 0.5:
            lines.append(f"{name}({text}, k, {low}, {high}) to fraction")
        else:
            lines.append(f"{name}({text}, {low}, {high}, k) to fraction")
        value = Fraction(1 if product else 0)
        for k in range(low, high + 1):
            t = term(k)
            if t is None:
                value = None
                break
            value = value * t if product else value + t
        expected.append(value)
    run = subprocess.run([options.tally, "--json", "-"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    import json
    results = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    failures = 0
    for line, value, result in zip(lines, expected, results):
        if value is None:
            if "error" not in result:
                failures += 1
                print(f"  {line}: {result.get('value')}, expected a division by zero")
            continue
        shown = result.get("value")
        if shown is None or Fraction(shown) != value:
            failures += 1
            if failures <= 10:
                print(f"  {line}: {shown or result.get('error')}, expected {value}")
    if len(results) != len(lines):
        print(f"{len(results)} results for {len(lines)} lines")
        failures += 1
    print(f"{len(lines)} sums and products against Python's fractions: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
