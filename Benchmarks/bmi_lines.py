#!/usr/bin/env python3
"""Long `bmi` lines: how the time to reject one grows with its length.

Each shape is a `bmi` line of N words (or one word of N bytes) that fails; every line is its own
file, run as `tally FILE`. With --baseline, a second tally (say a release build of an older
commit) is timed alternately with the first in the same run, and the ratio of the medians is
reported per line: a same-run comparison. Doubling or quadrupling N shows whether the work is
linear (the time grows by the same factor) or quadratic (by its square).

    python3 Benchmarks/bmi_lines.py [--runs 5] [--baseline PATH]

Needs only a release build of tally (built if missing; $TALLY overrides the path).
"""

import argparse
import statistics

from common import measure, seconds_text, tally_binary, work_path

SHAPES = [
    ("words '1e5'", lambda n: " ".join(["1e5"] * n)),
    ("words '5 ft'", lambda n: " ".join(["5 ft"] * (n // 2))),
    ("height, weight, then words '1'", lambda n: "175 70 " + " ".join(["1"] * n)),
    ("words 'x'", lambda n: " ".join(["x"] * n)),
]
SIZES = [20_000, 80_000, 250_000]
ONE_WORD = [("one literal of 1,000,000 digits", "1" * 1_000_000), ("1,000,000 '('", "(" * 1_000_000)]


def timed(binary, path, runs):
    times = []
    for _ in range(runs):
        seconds, status = measure([binary, path], timeout=120)
        if status != 1:
            raise SystemExit(f"{binary} {path}: expected exit status 1, got {status}")
        times.append(seconds)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", help="another tally binary, timed alternately in the same run")
    options = parser.parse_args()
    tally = tally_binary()
    lines = [(f"{name}, {n:,} words", "bmi " + make(n)) for name, make in SHAPES for n in SIZES]
    lines += [(name, "bmi " + text) for name, text in ONE_WORD]
    header = f"| line | bytes | tally |" + (" baseline | baseline / tally |" if options.baseline else "")
    print(header)
    print("|" + " --- |" * (header.count("|") - 1))
    for index, (name, line) in enumerate(lines):
        path = work_path(f"bmi-line-{index}.tally")
        with open(path, "w") as file:
            file.write(line + "\n")
        ours = timed(tally, path, options.runs)
        row = f"| {name} | {len(line.encode()):,} | {seconds_text(ours)} |"
        if options.baseline:
            theirs = timed(options.baseline, path, options.runs)
            row += f" {seconds_text(theirs)} | {theirs / ours:.1f} |"
        print(row, flush=True)


if __name__ == "__main__":
    main()
