#!/usr/bin/env python3
"""Instructions a line for each kind of calendar line, against the arithmetic corpus.

Reads Benchmarks/out/dates-calendar.txt and lines-200000.txt (written by dates.py), splits the
calendar lines by kind (differences, days, weeks, months, years added, weekday, ISO week, day
of the year, age, Unix time), and runs callgrind on the first 1,000 and the first 2,000 lines
of each kind and of the corpus: the difference divided by 1,000 is what a line costs once the
process has started and every table is built. Instruction counts do not move with the load of
the machine; they vary by about 1 % between runs (hash seeds).

Usage: date_kinds.py [--tally PATH]
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

ENVIRONMENT = dict(os.environ, TZ="UTC", TALLY_TODAY="2026-11-29", TALLY_NOW="2026-11-29T09:30:00Z")
KINDS = ["difference", "days", "weeks", "months", "years", "weekday", "week", "dayofyear", "age", "unix"]


def kind(line):
    for name in ("weekday", "dayofyear", "age", "unix"):
        if line.startswith(name + "("):
            return name
    if line.startswith("week("):
        return "week"
    match = re.search(r" (days|weeks|months|years)$", line)
    return match.group(1) if match else "difference"


def instructions(tally, lines):
    path = common.work_path("date-kind.txt")
    with open(path, "w") as file:
        file.write("".join(line + "\n" for line in lines))
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", tally, path],
                         capture_output=True, text=True, env=ENVIRONMENT)
    return int(re.search(r"refs:\s+([\d,]+)", run.stderr).group(1).replace(",", ""))


def steady(tally, lines):
    return (instructions(tally, lines[:2000]) - instructions(tally, lines[:1000])) / 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", default=None)
    arguments = parser.parse_args()
    tally = arguments.tally or common.tally_binary()
    with open(common.work_path("dates-calendar.txt")) as file:
        calendar = file.read().splitlines()
    with open(common.work_path("lines-200000.txt")) as file:
        corpus = file.read().splitlines()[:2000]
    by_kind = {name: [] for name in KINDS}
    for line in calendar:
        by_kind[kind(line)].append(line)
    costs = {name: steady(tally, lines) for name, lines in by_kind.items()}
    corpus_cost = steady(tally, corpus)
    for name, cost in costs.items():
        print(f"{name:12} {cost:8.0f} instructions a line")
    mean = sum(costs.values()) / len(costs)
    print(f"{'calendar':12} {mean:8.0f} (mean of the kinds, which dates.py writes in equal numbers)")
    print(f"{'corpus':12} {corpus_cost:8.0f}  ratio {mean / corpus_cost:.3f}")


if __name__ == "__main__":
    main()
