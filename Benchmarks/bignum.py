#!/usr/bin/env python3
"""Big numbers: Tally versus GMP called directly from C (the limit), bc, python3 and calc.

Four cases: 2^1000000, 20000!, 3^200000 % (10^9+7), sqrt(2) to 10,000 significant digits.
Every program does the whole job, printing the result in decimal. The programs run in rotation,
REPEATS rounds; each ratio is a program's time over Tally's in the same round (median, min–max).
Outputs are compared: integers digit for digit; sqrt(2) on its first 9,999 significant digits
(bc truncates at its scale where the others round the last digit), and Tally digit for digit
against the C program, which rounds the same way.

    python3 Benchmarks/bignum.py [--repeats 5] [--timeout 300]

Needs: cc and libgmp-dev (for the C program), bc, python3, calc (apt-get install -y bc calc)
and a release build of tally (built if missing; $TALLY overrides the path).
"""

import argparse
import os
import statistics
import sys

from common import (
    build_gmp_reference, measure, ratio_summary, require, seconds_text, tally_binary, timed_rounds, work_path)

PYTHON_PRELUDE = "import math, sys; sys.set_int_max_str_digits(0); "
BC_FACTORIAL = "define f(n) { auto r, i; r = 1; for (i = 2; i <= n; i++) r *= i; return (r); }\n"

CASES = [
    {
        "name": "2^1000000",
        "tally": ["-e", "2^1000000"],
        "c": "pow",
        "bc": "2^1000000\n",
        "python3": "print(2**1000000)",
        "calc": "2^1000000",
    },
    {
        "name": "20000!",
        "tally": ["-e", "20000!"],
        "c": "factorial",
        "bc": BC_FACTORIAL + "f(20000)\n",
        "python3": "print(math.factorial(20000))",
        "calc": "20000!",
    },
    {
        "name": "3^200000 % (10^9+7)",
        "tally": ["-e", "3^200000 % (10^9+7)"],
        "c": "powmod",
        "bc": "3^200000 % (10^9+7)\n",
        "python3": "print(3**200000 % (10**9+7))",
        "calc": "3^200000 % (10^9+7)",
    },
    {
        "name": "sqrt(2), 10,000 digits",
        "tally": ["--digits", "10000", "-e", "sqrt(2)"],
        "c": "sqrt2",
        "bc": "scale=10000; sqrt(2)\n",
        "python3": "r = (math.isqrt(2 * 10**20000) + 5) // 10; s = str(r).rstrip('0'); print(s[0] + '.' + s[1:])",
        "calc": 'config("display", 9999),; sqrt(2, 1e-10000)',
        "compare_digits": 9999,
    },
]

PEERS = ["gmp (C)", "bc", "python3", "calc"]


def commands(case, tally, c_program):
    """program name -> (argv, stdin file or None)."""
    bc_input = work_path("bignum-" + case["c"] + ".bc")
    with open(bc_input, "w") as out:
        out.write(case["bc"])
    return {
        "tally": ([tally] + case["tally"], None),
        "gmp (C)": ([c_program, case["c"]], None),
        "bc": (["bc", "-q", bc_input], None),
        "python3": (["python3", "-c", PYTHON_PRELUDE + case["python3"]], None),
        "calc": (["calc", "-q", "-p", case["calc"]], None),
    }


def significant_digits(text):
    """The digits of a printed number, without sign, point, leading zeros or line breaks."""
    digits = "".join(c for c in text if c.isdigit())
    return digits.lstrip("0")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=300)
    options = parser.parse_args()
    for tool, package in [("bc", "bc"), ("python3", "python3"), ("calc", "calc")]:
        require(tool, package)
    tally = tally_binary()
    c_program = build_gmp_reference()
    env = dict(os.environ, BC_LINE_LENGTH="0")

    rows = []
    for case in CASES:
        programs = commands(case, tally, c_program)
        # Outputs first, compared.
        outputs = {}
        for name, (argv, _) in programs.items():
            path = work_path("bignum.out")
            _, status = measure(argv, stdout_path=path, env=env, timeout=options.timeout)
            with open(path) as text:
                outputs[name] = significant_digits(text.read()) if status == 0 else None
        length = case.get("compare_digits")
        reference = outputs["tally"]
        agreement = []
        for name in PEERS:
            if outputs[name] is None:
                agreement.append(f"{name}: no output")
                continue
            same = outputs[name][:length] == reference[:length] if length else outputs[name] == reference
            if name == "gmp (C)":
                same = outputs[name] == reference
            if not same:
                sys.exit(f"FAIL: {case['name']}: {name} and tally print different digits")
        times = timed_rounds(
            {name: (argv, None) for name, (argv, _) in programs.items()}, options.repeats, env=env,
            timeout=options.timeout)
        ratios = {name: [peer / tally for peer, tally in zip(times[name], times["tally"])] for name in PEERS}
        rows.append((case["name"], {n: statistics.median(t) for n, t in times.items()}, ratios))
        print(f"{case['name']}: outputs agree ({len(reference)} digits)", file=sys.stderr)

    print("| case | tally | gmp (C) | bc | python3 | calc |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, medians, _ in rows:
        cells = [seconds_text(medians[p]) for p in ["tally"] + PEERS]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("\nSame-round ratios, tally time / peer time (median, min–max); below 1 means tally is faster:\n")
    print("| case | vs gmp (C) (target <= 1.5) | vs bc | vs python3 | vs calc |")
    print("| --- | --- | --- | --- | --- |")
    for name, _, ratios in rows:
        cells = [ratio_summary([1 / r for r in ratios[p]]) for p in PEERS]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
