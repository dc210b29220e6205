#!/usr/bin/env python3
"""Start-up: `tally -e 1+1` versus `bc` on a one-line file, timed by hyperfine.

Each round is one hyperfine run of both commands (no shell in between, -N); the ratio of the
two medians in a round is a same-run figure. Several rounds give the median and min–max ratio.

    python3 Benchmarks/startup.py [--rounds 5] [--runs 300]

Needs: hyperfine and bc (apt-get install -y hyperfine bc) and a release build of tally (built
if missing; $TALLY overrides the path).
"""

import argparse
import json
import statistics
import subprocess

from common import ratio_summary, require, tally_binary, work_path


def hyperfine(commands, runs, warmup=20):
    """Median seconds of each command in one hyperfine run, in order."""
    report = work_path("hyperfine.json")
    subprocess.run(
        ["hyperfine", "-N", "--style", "none", "--warmup", str(warmup), "--runs", str(runs),
         "--export-json", report] + commands,
        check=True, stdout=subprocess.DEVNULL)
    with open(report) as text:
        return [result["median"] for result in json.load(text)["results"]]


def round_options(description, runs):
    """--rounds and --runs from the command line, after checking that hyperfine is there."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=runs)
    options = parser.parse_args()
    require("hyperfine", "hyperfine")
    return options


def main():
    options = round_options(__doc__, runs=300)
    bc = require("bc", "bc")
    tally = tally_binary()
    one_line = work_path("one-line.bc")
    with open(one_line, "w") as out:
        out.write("1+1\n")
    assert subprocess.run([tally, "-e", "1+1"], capture_output=True, text=True).stdout == "2\n"
    assert subprocess.run([bc, "-q", one_line], capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout == "2\n"

    tally_command, bc_command = f"{tally} -e 1+1", f"{bc} -q {one_line}"
    rows = []
    for _ in range(options.rounds):
        rows.append(hyperfine([tally_command, bc_command], options.runs))
    print(f"| command | median of round medians |")
    print("| --- | --- |")
    print(f"| `tally -e 1+1` | {statistics.median(r[0] for r in rows) * 1000:.2f} ms |")
    print(f"| `bc -q one-line.bc` | {statistics.median(r[1] for r in rows) * 1000:.2f} ms |")
    print(f"\nratio tally/bc (target <= 1.5), {options.rounds} rounds of {options.runs} runs each: "
          f"{ratio_summary([t / b for t, b in rows])}")


if __name__ == "__main__":
    main()
