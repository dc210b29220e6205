#!/usr/bin/env python3
"""Recursion: naive fib(25) in tally against bc and Python, in the same run.

    fibo(n) = if(n < 2, n, fibo(n-1) + fibo(n-2))                  tally
    define f(n) { if (n < 2) return n; return f(n-1) + f(n-2); }   bc
    def f(n): return n if n < 2 else f(n-1) + f(n-2)              python3

About 250,000 calls, each a comparison, a branch, two subtractions and an addition: the cost
of calls, frames and jumps in the evaluator. Each round runs the three commands in turn
(whole processes, start-up included); the ratios of one round are same-run figures, and the
median over rounds is reported.

    python3 Benchmarks/recursion.py [--rounds 11] [--n 25]

Needs bc and python3, and a release build of tally (built if missing; $TALLY overrides).
"""

import argparse
import statistics
import subprocess
import sys

from common import ratio_summary, require, seconds_text, tally_binary, timed_rounds, work_path


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--n", type=int, default=25)
    options = parser.parse_args()
    bc = require("bc", "bc")
    tally = tally_binary()
    n = options.n

    tally_file = work_path("fib.tally")
    with open(tally_file, "w") as out:
        out.write(f"fibo(n) = if(n < 2, n, fibo(n-1) + fibo(n-2))\nfibo({n})\n")
    bc_file = work_path("fib.bc")
    with open(bc_file, "w") as out:
        out.write(f"define f(n) {{ if (n < 2) return n; return f(n-1) + f(n-2); }}\nf({n})\n")
    python_program = f"import sys\nsys.setrecursionlimit(10000)\ndef f(n): return n if n < 2 else f(n-1) + f(n-2)\nprint(f({n}))"
    commands = {
        "tally": [tally, tally_file],
        "bc": [bc, "-q", bc_file],
        "python3": [sys.executable, "-c", python_program],
    }
    expected = f"{fib(n)}\n"
    for name, argv in commands.items():
        output = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout
        assert output == expected, f"{name} printed {output!r}, expected {expected!r}"

    times = timed_rounds(
        {name: (argv, None) for name, argv in commands.items()}, options.rounds, must_succeed=True)
    print(f"| command (fib({n}), {options.rounds} rounds) | median |")
    print("| --- | --- |")
    for name in commands:
        print(f"| {name} | {seconds_text(statistics.median(times[name]))} |")
    for peer in ("bc", "python3"):
        ratios = [times[peer][i] / times["tally"][i] for i in range(options.rounds)]
        print(f"\n{peer}/tally time ratio, same rounds (> 1 means tally is faster): {ratio_summary(ratios)}")


if __name__ == "__main__":
    main()
