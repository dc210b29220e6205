#!/usr/bin/env python3
"""Differential test of the third hardening round's forms against mpmath.

Four suites of generated lines, each run through `tally --json` (one object per line) and
checked here:

- `sizes`: huge reals meeting integer operations (`sinh(10^k) >> 1`, `gcd(exp(x), 3)`,
  `floor(f(x))`, `f(x)!`, `isprime`, `to factors`, …) whose integer part has more than
  `maxdigits` digits. Each must be the error "result would have about N digits" with N the true
  digit count or one more (computed here from log10 of the value with mpmath), never less and
  never a count at or below the limit. Floors of `sin(1) * 10^k` near the limit (999,990 to
  1,000,010 digits) must not be refused for size when they fit (the budget may refuse them).
- `trig`: sine, cosine and tangent of huge exact arguments (10^k, 7^k, c·10^k + d, up to
  40,000 digits): every printed digit against mpmath at the argument's precision, or the work
  budget's error.
- `mode`: `mode` of lists drawn from reals written several ways (`sqrt(2)`, `2^(1/2)`,
  `sqrt(8)/2`, `pi`, `sin(1)`, …) and rationals: the most frequent value by mpmath's equality
  (the first of equals), or "cannot decide" when two different formulas have the same value.
- `mixed`: `to min s`, `to h min s`, `to ft in` of values just below a whole unit: no part
  may reach a whole unit of the next (`1 min 0 s`, never `0 min 60 s`), and the parts must
  add up to the value within the rounding of the last.

Usage: hardening.py --tally PATH [--suite sizes|trig|mode|mixed|all] [--count N] [--seed S]
Exit status 0 when every line agrees, 1 otherwise. Installs mpmath (test tooling only).
"""

import argparse
import json
import os
import random
import subprocess
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_packages import ensure_installed  # noqa: E402

ensure_installed("mpmath", "mpmath", "hardening.py")
import mpmath  # noqa: E402

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

LIMIT = 1_000_000
BUDGET = "too much work for one line"


def run_tally(tally, lines, timeout=900):
    """Each line's JSON object, in order."""
    process = subprocess.run([tally, "--json"], input="\n".join(lines) + "\n", capture_output=True,
                             text=True, timeout=timeout)
    objects = [json.loads(text) for text in process.stdout.splitlines()]
    if len(objects) != len(lines):
        raise SystemExit(f"tally gave {len(objects)} objects for {len(lines)} lines: {process.stderr[:500]}")
    return objects


def digits_of(log10_value):
    """Digits of the integer part of a value whose log10 is given (mpf)."""
    return int(mpmath.floor(log10_value)) + 1


# ---------------------------------------------------------------------------------------------
# sizes


def sizes(rng, count):
    # Digit counts of 10^16 and more need more than a double's precision to be exact.
    mpmath.mp.dps = 50
    cases = []
    functions = {
        "exp": lambda x: x / mpmath.log(10),
        "sinh": lambda x: x / mpmath.log(10) - mpmath.log10(2),
        "cosh": lambda x: x / mpmath.log(10) - mpmath.log10(2),
    }
    forms = ["floor({})", "{} >> 1", "gcd({}, 3)", "lcm({}, 3)", "{}!", "isprime({})", "nextprime({})",
             "factor(floor({}))", "{} & 1", "~({})", "{} to factors", "fib({})", "powmod({}, 2, 7)"]
    for _ in range(count):
        if rng.random() < 0.3:
            # floor(sin(1) * 10^k) around the limit: k + 0 digits (sin(1) = 0.84…).
            k = LIMIT + rng.randint(-8, 8)
            # Two exact factors, each well within the limit: only the floor is near it.
            cases.append((f"floor(sin(1)*10^{k // 2}*10^{k - k // 2})", ("floor-near-limit", k)))
            continue
        name = rng.choice(list(functions))
        exponent = rng.randint(7, 16)
        mantissa = rng.randint(1, 9)
        x = mpmath.mpf(mantissa) * mpmath.mpf(10) ** exponent
        text = f"{name}({mantissa}*10^{exponent})"
        form = rng.choice(forms)
        cases.append((form.format(text), ("size", digits_of(functions[name](x)))))
    return cases


def check_size(expected, result):
    kind, value = expected
    error = result.get("error", {}).get("message", "")
    if kind == "size":
        if not error.startswith("result would have about "):
            return f"expected a size error for {value:,} digits"
        count = error[len("result would have about "):].split(" digits")[0]
        if count.startswith("10^"):
            return None if value >= 10 ** 17 else f"count {count} for {value:,} digits"
        n = int(count.replace(",", ""))
        if n < value or n > value + 1:
            return f"said about {n:,} digits; the truth is {value:,}"
        if n <= LIMIT:
            return f"said about {n:,} digits, not over the limit"
        return None
    # floor(sin(1) * 10^k) has k digits.
    if value <= LIMIT:
        if error.startswith("result would have"):
            return f"refused for size with {value:,} digits, within the limit: {error}"
        return None  # a value or the work budget
    if not error.startswith(f"result would have about {value:,} digits") and \
            not error.startswith(f"result would have about {value + 1:,} digits"):
        return f"expected a size error for {value:,} digits: {error or result.get('value', '')[:40]}"
    return None


# ---------------------------------------------------------------------------------------------
# trig


def trig(rng, count):
    cases = []
    for _ in range(count):
        k = rng.choice([rng.randint(20, 400), rng.randint(400, 5_000), rng.randint(5_000, 40_000)])
        shape = rng.randrange(3)
        if shape == 0:
            text, value = f"10^{k}", 10 ** k
        elif shape == 1:
            k = max(20, k * 10 // 8)
            text, value = f"7^{k}", 7 ** k
        else:
            c, d = rng.randint(1, 9), rng.randint(-99, 99)
            text, value = f"{c}*10^{k} + {d}", c * 10 ** k + d
        function = rng.choice(["sin", "cos", "tan"])
        cases.append((f"{function}({text})", (function, value)))
    return cases


def check_trig(expected, result):
    function, argument = expected
    if "error" in result:
        message = result["error"]["message"]
        return None if message.startswith(BUDGET) else f"unexpected error: {message}"
    shown = result.get("value", "")
    digits = len(str(argument)) + 60
    with mpmath.workdps(digits):
        value = getattr(mpmath, function)(mpmath.mpf(argument))
        text = shown.replace("e", "E")
        try:
            printed = mpmath.mpf(text)
        except ValueError:
            return f"not a number: {shown!r}"
        # 20 significant digits, correctly rounded: within half a unit in the last place.
        if value == 0:
            return None if printed == 0 else f"{shown} for 0"
        exponent = int(mpmath.floor(mpmath.log10(abs(value))))
        unit = mpmath.mpf(10) ** (exponent - 19)
        if abs(printed - value) > unit / 2 * (1 + mpmath.mpf(10) ** -10):
            return f"printed {shown}; the value is {mpmath.nstr(value, 25)}"
    return None


# ---------------------------------------------------------------------------------------------
# mode

POOL = [
    ("sqrt(2)", lambda: mpmath.sqrt(2)), ("2^(1/2)", lambda: mpmath.sqrt(2)),
    ("sqrt(8)/2", lambda: mpmath.sqrt(2)), ("pi", lambda: +mpmath.pi), ("4*atan(1)", lambda: +mpmath.pi),
    ("sin(1)", lambda: mpmath.sin(1)), ("e", lambda: +mpmath.e), ("exp(1)", lambda: +mpmath.e),
    ("1/3", lambda: mpmath.mpf(1) / 3), ("2", lambda: mpmath.mpf(2)), ("0.5", lambda: mpmath.mpf(1) / 2),
    ("sqrt(2)*sqrt(2)", lambda: mpmath.mpf(2)), ("ln(2)", lambda: mpmath.log(2)), ("log10(100)", lambda: mpmath.mpf(2)),
]


def mode(rng, count):
    cases = []
    for _ in range(count):
        size = rng.randint(1, 9)
        chosen = [rng.choice(POOL) for _ in range(size)]
        cases.append((f"mode({', '.join(text for text, _ in chosen)})", chosen))
    return cases


def check_mode(chosen, result):
    with mpmath.workdps(80):
        values = [f() for _, f in chosen]
        groups = []  # [first index, count]
        ambiguous = False
        for index, value in enumerate(values):
            for group in groups:
                if abs(values[group[0]] - value) < mpmath.mpf(10) ** -70:
                    group[1] += 1
                    if chosen[group[0]][0] != chosen[index][0]:
                        ambiguous = True
                    break
            else:
                groups.append([index, 1])
        best = max(groups, key=lambda group: (group[1], -group[0]))
        if "error" in result:
            message = result["error"]["message"]
            if ambiguous and message.startswith("cannot decide whether two arguments are equal"):
                return None
            return f"unexpected error: {message}"
        try:
            printed = mpmath.mpf(result.get("value", "").replace("e", "E"))
        except ValueError:
            return f"not a number: {result!r}"
        if abs(printed - values[best[0]]) > abs(values[best[0]]) * mpmath.mpf(10) ** -19:
            return f"printed {result.get('value')}; the mode is {chosen[best[0]][0]} = {mpmath.nstr(values[best[0]], 22)}"
    return None


# ---------------------------------------------------------------------------------------------
# mixed units

UNITS = {"h": 3600, "min": 60, "s": 1, "ft": 12, "in": 1}


def mixed(rng, count):
    cases = []
    for _ in range(count):
        target = rng.choice([("min", "s"), ("h", "min", "s"), ("ft", "in")])
        whole = rng.randint(1, 5) * UNITS[target[-2]] // UNITS[target[-1]]
        nines = rng.randint(15, 30)
        scaled = whole * 10 ** nines - rng.randint(1, 9)
        text = f"{scaled // 10 ** nines}.{scaled % 10 ** nines:0{nines}d}"
        value = Fraction(scaled, 10 ** nines)
        cases.append((f"{text} {target[-1]} to {' '.join(target)}", (target, value)))
    return cases


def check_mixed(expected, result):
    target, value = expected
    if "error" in result:
        return f"unexpected error: {result['error']['message']}"
    parts = result.get("value", "").split()
    if len(parts) != 2 * len(target) or parts[1::2] != list(target):
        return f"printed {result.get('value')!r}"
    numbers = [Fraction(p) for p in parts[0::2]]
    total = sum(n * UNITS[u] for n, u in zip(numbers, target)) / UNITS[target[-1]]
    for index in range(1, len(target)):
        ratio = Fraction(UNITS[target[index - 1]], UNITS[target[index]])
        if numbers[index] >= ratio:
            return f"a part reaches a whole {target[index - 1]}: {result.get('value')}"
    if abs(total - value) > Fraction(1, 10 ** 15):
        return f"parts add up to {float(total)}, not {float(value)}"
    return None


SUITES = {"sizes": (sizes, check_size), "trig": (trig, check_trig), "mode": (mode, check_mode),
          "mixed": (mixed, check_mixed)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tally", required=True)
    parser.add_argument("--suite", default="all", choices=list(SUITES) + ["all"])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=10)
    parser.add_argument("--write", help="also write the generated lines to this file")
    arguments = parser.parse_args()
    failed = 0
    written = []
    for name in (SUITES if arguments.suite == "all" else [arguments.suite]):
        generate, check = SUITES[name]
        cases = generate(random.Random(f"{arguments.seed}-{name}"), arguments.count)
        lines = [text for text, _ in cases]
        written += lines
        failures = []
        for (text, expected), result in zip(cases, run_tally(arguments.tally, lines)):
            problem = check(expected, result)
            if problem:
                failures.append((text, problem))
        for text, problem in failures[: arguments.show]:
            print(f"[{name}] {text[:100]}\n    {problem}")
        print(f"{name}: {len(cases) - len(failures)} of {len(cases)} lines agree")
        failed += len(failures)
    if arguments.write:
        with open(arguments.write, "w", encoding="utf-8") as out:
            out.writelines(line + "\n" for line in written)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
