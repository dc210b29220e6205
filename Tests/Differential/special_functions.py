#!/usr/bin/env python3
"""Tally's special functions against mpmath: every printed digit must be right.

For each function, N random arguments (exact fractions, many of them near a pole, a zero or an
extremum of the function: Γ near its poles and its minimum, ζ near 1 and its trivial zeros,
Jₙ near its zeros, W near -1/e, Ei near its zero, …) are run through the built `tally` in one
batch with `--digits D --mark-rounded`. A line passes when the printed decimal is the value
correctly rounded to the digits it shows (within half a unit in its last place of mpmath's
value at D + 40 digits), or when it is an error that says "cannot decide" (counted and
reported; none is expected away from the boundaries). A domain error where mpmath has a value,
or a value where the argument is outside the domain, fails.

    special_functions.py --tally .build/debug/tally [--count 2000] [--digits 30] [--seed 1]
Exit status 0 when nothing failed, 1 otherwise.
"""
import argparse
import random
import subprocess
import sys
from fractions import Fraction


def ensure_mpmath():
    try:
        import mpmath  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "mpmath"], check=True)


def text(q):
    """A fraction as Tally reads it exactly."""
    return str(q.numerator) if q.denominator == 1 else f"({q.numerator}/{q.denominator})"


def near(rng, point, scale=12):
    """A fraction within about 10^-k of `point` (k up to `scale`), on either side."""
    k = rng.randint(1, scale)
    offset = Fraction(rng.randint(1, 999), 1000) / 10**k
    return Fraction(point) + (offset if rng.random() < 0.5 else -offset)


def uniform(rng, low, high):
    return Fraction(rng.randint(int(low * 1000), int(high * 1000)), 1000) + Fraction(rng.randint(1, 996), 997_000)


def arguments(name, rng, mp):
    """One argument tuple (fractions; an int order first for Bessel) for `name`."""
    r = rng.random()
    if name in ("gamma", "lgamma", "digamma", "factorial"):
        if r < 0.3:
            return (near(rng, -rng.randint(0, 20)),)
        if r < 0.4:
            return (near(rng, Fraction("1.4616321449683623412626595")),)
        return (uniform(rng, -25, 60),)
    if name == "beta":
        return (uniform(rng, 0, 20), uniform(rng, 0, 20))
    if name in ("erf", "erfc"):
        return (near(rng, 0, 30) if r < 0.2 else uniform(rng, -8, 27 if name == "erfc" else 8),)
    if name == "zeta":
        if r < 0.2:
            return (near(rng, 1, 20),)
        if r < 0.4:
            return (near(rng, -2 * rng.randint(1, 15)),)
        return (uniform(rng, -40, 40),)
    if name in ("besselj", "bessely"):
        n = rng.randint(-4, 8)
        if r < 0.3:
            zero = mp.besseljzero(abs(n), rng.randint(1, 10)) if name == "besselj" else mp.besselyzero(
                abs(n), rng.randint(1, 10))
            return (n, near(rng, Fraction(str(mp.nstr(zero, 40)))))
        return (n, uniform(rng, 0 if name == "bessely" else -60, 60))
    if name == "lambertw":
        if r < 0.3:
            return (Fraction(str(mp.nstr(-1 / mp.e, 40))) + Fraction(rng.randint(1, 999), 10 ** rng.randint(3, 15)),)
        return (uniform(rng, -0.36, 1000),)
    if name == "ei":
        if r < 0.3:
            return (near(rng, Fraction("0.37250741078136663446")),)
        return (uniform(rng, -40, 60),)
    if name == "li2":
        return (near(rng, 1, 15) if r < 0.2 and False else uniform(rng, -60, 1) if r > 0.2 else 1 - near(rng, 0, 10),)
    raise ValueError(name)


def reference(name, args, mp):
    """mpmath's value, or None outside the domain."""
    x = [mp.mpf(a.numerator) / a.denominator if isinstance(a, Fraction) else a for a in args]
    if name in ("gamma", "lgamma", "digamma", "factorial"):
        shifted = args[0] + (1 if name == "factorial" else 0)
        if shifted <= 0 and shifted.denominator == 1:
            return None
        y = x[0] + 1 if name == "factorial" else x[0]
        if name == "lgamma":
            return mp.log(abs(mp.gamma(y)))
        return mp.digamma(y) if name == "digamma" else mp.gamma(y)
    if name == "beta":
        return mp.beta(x[0], x[1])
    if name == "erf":
        return mp.erf(x[0])
    if name == "erfc":
        return mp.erfc(x[0])
    if name == "zeta":
        return None if args[0] == 1 else mp.zeta(x[0])
    if name == "besselj":
        return mp.besselj(args[0], x[1])
    if name == "bessely":
        return mp.bessely(args[0], x[1]) if args[1] > 0 else None
    if name == "lambertw":
        return mp.re(mp.lambertw(x[0]))
    if name == "ei":
        return mp.ei(x[0]) if args[0] != 0 else None
    if name == "li2":
        return mp.re(mp.polylog(2, x[0])) if args[0] <= 1 else None
    raise ValueError(name)


FUNCTIONS = ["gamma", "lgamma", "digamma", "factorial", "beta", "erf", "erfc", "zeta", "besselj", "bessely",
             "lambertw", "ei", "li2"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", default=".build/debug/tally")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--digits", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--functions", default=",".join(FUNCTIONS))
    options = parser.parse_args()
    ensure_mpmath()
    import mpmath as mp
    mp.mp.dps = options.digits + 40
    rng = random.Random(options.seed)
    failures = 0
    for name in options.functions.split(","):
        cases = [arguments(name, rng, mp) for _ in range(options.count)]
        lines = [f"{name}({', '.join(str(a) if isinstance(a, int) else text(a) for a in case)})" for case in cases]
        run = subprocess.run(
            [options.tally, "--digits", str(options.digits), "--mark-rounded", "--json", "-"],
            input="\n".join(lines) + "\n", capture_output=True, text=True)
        import json
        results = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        wrong = undecided = errors = 0
        for line, case, result in zip(lines, cases, results):
            expected = reference(name, case, mp)
            value = result.get("value") or result.get("text")
            if "error" in result or value is None:
                message = result.get("error", {}).get("message", "") if isinstance(result.get("error"), dict) else str(
                    result)
                if "cannot decide" in message:
                    undecided += 1
                    continue
                if expected is not None:
                    errors += 1
                    if errors <= 5:
                        print(f"  {line}: error {message!r}, mpmath {mp.nstr(expected, 20)}")
                continue
            if expected is None:
                errors += 1
                print(f"  {line}: {value}, but outside the domain")
                continue
            shown = str(value).lstrip("≈ ").replace("_", "")
            decimal = Fraction(shown)
            mantissa = shown.lower().split("e")[0].lstrip("-")
            digits = len(mantissa.replace(".", "").lstrip("0")) or 1
            exponent = int(shown.lower().split("e")[1]) if "e" in shown.lower() else 0
            places = len(mantissa.split(".")[1]) if "." in mantissa else 0
            ulp = mp.mpf(10) ** (exponent - places)
            if abs(mp.mpf(decimal.numerator) / decimal.denominator - expected) > ulp / 2:
                wrong += 1
                if wrong <= 5:
                    print(f"  {line}: tally {shown}, mpmath {mp.nstr(expected, options.digits + 5)} ({digits} digits)")
        total = len(lines)
        if len(results) != total:
            print(f"  {name}: {len(results)} results for {total} lines; stderr: {run.stderr[:500]}")
            failures += 1
        print(f"{name}: {total} arguments, {wrong} with a wrong digit, {errors} unexpected errors, "
              f"{undecided} cannot-decide")
        failures += wrong + errors
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
