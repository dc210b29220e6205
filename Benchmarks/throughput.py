#!/usr/bin/env python3
"""Throughput: Tally versus bc (scale=20) on N generated everyday lines.

Checks Tally's output line by line against the exact reference first (any difference fails the
run), then times Tally and bc alternately, REPEATS pairs, and reports lines/s, the same-run
speed ratio bc time / Tally time (median, min–max over the pairs) and peak RSS at several
sizes, so that memory can be seen to stay flat in the number of lines.

    python3 Benchmarks/throughput.py [--lines 200000] [--repeats 7] [--rss-sizes 20000,200000]

Needs: python3, bc (apt-get install -y bc) and a release build of tally (built if missing;
$TALLY overrides the path).
"""

import argparse
import os
import statistics
import subprocess
import sys

from common import measure, peak_rss, ratio_summary, require, seconds_text, tally_binary, work_path

BC_ENV = dict(os.environ, BC_LINE_LENGTH="0")


def inputs(count):
    """Paths of the lines file, bc's version of it and the expected output, made if missing."""
    here = os.path.dirname(os.path.abspath(__file__))
    lines = work_path(f"lines-{count}.txt")
    bc_input = work_path(f"lines-{count}.bc")
    expected = work_path(f"lines-{count}.expected")
    if not os.path.exists(lines):
        print(f"generating {count} lines ...", file=sys.stderr)
        with open(lines + ".tmp", "w") as out:
            subprocess.run([sys.executable, os.path.join(here, "generate_lines.py"), str(count)], stdout=out, check=True)
        os.rename(lines + ".tmp", lines)
    if not os.path.exists(bc_input):
        with open(lines) as source, open(bc_input, "w") as out:
            out.write("scale=20\n")
            out.write(source.read())
    if not os.path.exists(expected):
        print(f"computing the exact reference for {count} lines ...", file=sys.stderr)
        with open(expected + ".tmp", "w") as out:
            subprocess.run([sys.executable, os.path.join(here, "reference.py"), lines], stdout=out, check=True)
        os.rename(expected + ".tmp", expected)
    return lines, bc_input, expected


def check(tally, lines, expected):
    """Runs Tally once and compares every line with the reference; exits on any difference."""
    actual = work_path("throughput-tally.out")
    _, status = measure([tally, lines], stdout_path=actual)
    with open(expected) as want, open(actual) as got, open(lines) as source:
        wanted, gotten, sources = want.read().splitlines(), got.read().splitlines(), source.read().splitlines()
    wrong = [(n, sources[n], wanted[n], gotten[n] if n < len(gotten) else "<missing>")
             for n in range(len(wanted)) if n >= len(gotten) or gotten[n] != wanted[n]]
    if status != 0 or wrong or len(gotten) != len(wanted):
        for n, line, want_text, got_text in wrong[:10]:
            print(f"line {n + 1}: {line}\n  expected {want_text}\n  tally    {got_text}", file=sys.stderr)
        sys.exit(f"FAIL: tally exit status {status}, {len(wrong)} wrong lines of {len(wanted)}")
    print(f"check: all {len(wanted)} lines equal the exact reference")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--rss-sizes", default="20000,200000")
    options = parser.parse_args()
    bc = require("bc", "bc")
    tally = tally_binary()

    lines, bc_input, expected = inputs(options.lines)
    check(tally, lines, expected)

    tally_times, bc_times, ratios = [], [], []
    for _ in range(options.repeats):
        tally_time, _ = measure([tally, lines])
        bc_time, _ = measure([bc, "-q", bc_input], env=BC_ENV)
        tally_times.append(tally_time)
        bc_times.append(bc_time)
        ratios.append(bc_time / tally_time)
    tally_median = statistics.median(tally_times)
    bc_median = statistics.median(bc_times)
    print(f"\n{options.lines} lines, {options.repeats} alternating pairs\n")
    print("| program | median time | lines/s |")
    print("| --- | --- | --- |")
    print(f"| tally | {seconds_text(tally_median)} | {options.lines / tally_median:,.0f} |")
    print(f"| bc | {seconds_text(bc_median)} | {options.lines / bc_median:,.0f} |")
    print(f"\nspeed ratio bc/tally (target >= 2): {ratio_summary(ratios)}")

    print("\n| lines | tally peak RSS | bc peak RSS |")
    print("| --- | --- | --- |")
    for size in [int(s) for s in options.rss_sizes.split(",")]:
        size_lines, size_bc, _ = inputs(size)
        tally_rss = peak_rss([tally, size_lines])
        bc_rss = peak_rss([bc, "-q", size_bc], env=BC_ENV)
        print(f"| {size:,} | {tally_rss / 1024:.1f} MiB | {bc_rss / 1024:.1f} MiB |")


if __name__ == "__main__":
    main()
