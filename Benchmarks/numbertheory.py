#!/usr/bin/env python3
"""Number theory: Tally's `powmod` and `a^b % m` against GMP's mpz_powm called from C (the
limit) and calc; `factor` of a 30-digit semiprime against coreutils `factor`.

Cases, each a whole run of each program, outputs compared before anything is timed:
  powm big      3^(2^8192-1) mod (2^8192+1): one modular power on 8192-bit numbers
  powm lines    20,000 lines of a^b mod m on random 64-bit a, b, m (one process each)
  factor        a 30-digit product of two 15-digit primes

Tally runs both spellings, `powmod(a, b, m)` and `a^b % m`. The programs run in rotation,
REPEATS rounds; each ratio is Tally's time over the peer's in the same round (median, min–max).

    python3 Benchmarks/numbertheory.py [--repeats 5] [--timeout 300]

Needs: cc and libgmp-dev (for the C program), calc (apt-get install -y calc), coreutils `factor`,
and a release build of tally (built if missing; $TALLY overrides the path).
"""

import argparse
import random
import statistics
import sys

from common import (
    build_gmp_reference, measure, ratio_summary, require, seconds_text, tally_binary, timed_rounds, work_path)

# Two 15-digit primes (nextprime(10^14 * 3) and nextprime(10^14 * 7)); their product has 30 digits.
P, Q = 300000000000089, 700000000000051


def write_lines():
    """The same 20,000 random 64-bit triples for each program, in its own syntax."""
    rng = random.Random(2026)
    triples = [(rng.getrandbits(64), rng.getrandbits(64), rng.getrandbits(64) | 1) for _ in range(20000)]
    paths = {}
    for name, form in [("tally-powmod", "powmod({0}, {1}, {2})"), ("tally-caret", "{0}^{1} % {2}"),
                       ("c", "{0} {1} {2}"), ("calc", "pmod({0}, {1}, {2})")]:
        paths[name] = work_path(f"numbertheory-{name}.txt")
        with open(paths[name], "w") as out:
            out.writelines(form.format(*t) + "\n" for t in triples)
    return paths, [pow(a, b, m) for a, b, m in triples]


def cases(tally, c_program):
    """(name, {program: (argv, stdin path)}, expected output)."""
    big_modulus = 2 ** 8192 + 1
    big = pow(3, 2 ** 8192 - 1, big_modulus)
    paths, small = write_lines()
    n = P * Q
    return [
        ("powm big (8192 bits)", {
            "tally powmod": ([tally, "-e", "powmod(3, 2^8192-1, 2^8192+1)"], None),
            "tally a^b % m": ([tally, "-e", "3^(2^8192-1) % (2^8192+1)"], None),
            "gmp (C)": ([c_program, "powm-big"], None),
            "calc": (["calc", "-q", "-p", "pmod(3, 2^8192-1, 2^8192+1)"], None),
        }, [str(big)]),
        ("powm lines (20,000 × 64 bits)", {
            "tally powmod": ([tally, paths["tally-powmod"]], None),
            "tally a^b % m": ([tally, paths["tally-caret"]], None),
            "gmp (C)": ([c_program, "powm-lines"], paths["c"]),
            "calc": (["calc", "-q", "-f", paths["calc"]], None),
        }, [str(v) for v in small]),
        (f"factor {n}", {
            "tally": ([tally, "-e", f"factor({n})"], None),
            "coreutils factor": (["factor", str(n)], None),
        }, None),
    ]


def normalised(text, case_name):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if case_name.startswith("factor"):
        # "N: p q" (coreutils) and "p × q" (tally): compare the primes.
        return sorted(int(x) for line in lines for x in line.split(":")[-1].replace("×", " ").split())
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=300)
    options = parser.parse_args()
    require("calc", "calc")
    require("factor", "coreutils")
    tally = tally_binary()
    c_program = build_gmp_reference()
    results = []
    for name, programs, expected in cases(tally, c_program):
        outputs = {}
        for program, (argv, stdin) in programs.items():
            path = work_path("numbertheory.out")
            _, status = measure(argv, stdin_path=stdin, stdout_path=path, timeout=options.timeout)
            with open(path) as text:
                outputs[program] = normalised(text.read(), name) if status == 0 else None
        reference = expected if expected is not None else sorted([P, Q])
        for program, output in outputs.items():
            if output != reference:
                sys.exit(f"FAIL: {name}: {program} printed something else ({str(output)[:200]})")
        print(f"{name}: outputs agree", file=sys.stderr)
        results.append((name, timed_rounds(programs, options.repeats, timeout=options.timeout)))

    for name, times in results:
        print(f"\n{name}")
        print("| program | median time | tally / program (median, min–max) |")
        print("| --- | --- | --- |")
        tallies = [p for p in times if p.startswith("tally")]
        for program, samples in times.items():
            cells = []
            if not program.startswith("tally"):
                for t in tallies:
                    ratios = [a / b for a, b in zip(times[t], samples)]
                    cells.append(f"{t}: {ratio_summary(ratios)}")
            print(f"| {program} | {seconds_text(statistics.median(samples))} | {'; '.join(cells)} |")


if __name__ == "__main__":
    main()
