#!/usr/bin/env python3
"""Throughput of date lines against the arithmetic corpus, per line, same run.

Generates 100,000 date lines (differences, days/weeks/months/years added, weekday, ISO week, day
of year, ages, Unix times: the calendar kinds of Tests/Differential/dates.py) and, separately,
20,000 time-zone lines (zone conversions and zoned arithmetic around daylight-saving changes);
checks every output against Python's datetime/zoneinfo/relativedelta first; then times
`tally FILE` on them and on the 200,000-line arithmetic corpus (generate_lines.py) in
rotation, and reports microseconds per line and the ratio to the corpus (below 1: faster).

With --baseline PATH, another build (an earlier commit's) is timed on the same files in the
same rotation, and its ratios are printed beside; its output is not checked (an earlier build may
print zones differently).

Usage: dates.py [--lines 100000] [--zone-lines 20000] [--corpus 200000] [--rounds 5] [--baseline PATH]
"""

import argparse
import os
import random
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Differential"))
import common  # noqa: E402
import dates as reference  # noqa: E402

ENVIRONMENT = dict(os.environ, TZ="UTC", TALLY_TODAY="2026-11-29", TALLY_NOW="2026-11-29T09:30:00Z")


def write_checked(name, count, kinds, tally):
    chosen = reference.cases(count, random.Random(2026), kinds)
    path = common.work_path(name)
    with open(path, "w") as file:
        file.write("".join(line + "\n" for _, line, _ in chosen))
    run = subprocess.run([tally, path], capture_output=True, text=True, env=ENVIRONMENT)
    got = run.stdout.split("\n")[:-1]
    wrong = sum(1 for (_, _, expected), line in zip(chosen, got) if expected != line)
    if run.returncode != 0 or len(got) != len(chosen) or wrong:
        sys.exit(f"FAIL: {name}: {wrong} mismatches, {len(got)} lines for {len(chosen)}, status {run.returncode}")
    print(f"{name}: {len(chosen)} lines, every output equal to Python's")
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--zone-lines", type=int, default=20_000)
    parser.add_argument("--corpus", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", help="another tally binary, timed beside (output not checked)")
    arguments = parser.parse_args()
    tally = common.tally_binary()
    corpus = common.work_path(f"lines-{arguments.corpus}.txt")
    with open(corpus, "w") as file:
        subprocess.run(
            [sys.executable, os.path.join(common.BENCH_DIR, "generate_lines.py"), str(arguments.corpus)],
            stdout=file, check=True)
    calendar = write_checked("dates-calendar.txt", arguments.lines, reference.CALENDAR_KINDS, tally)
    zones = write_checked("dates-zones.txt", arguments.zone_lines, reference.ZONE_KINDS, tally)
    commands = {
        "corpus": ([tally, corpus], None), "calendar": ([tally, calendar], None), "zones": ([tally, zones], None),
    }
    counts = {"corpus": arguments.corpus, "calendar": arguments.lines, "zones": arguments.zone_lines}
    builds = {"": tally}
    if arguments.baseline:
        builds["baseline "] = arguments.baseline
        for name, (argv, _) in list(commands.items()):
            commands["baseline " + name] = ([arguments.baseline, argv[1]], None)
    times = common.timed_rounds(commands, arguments.rounds, env=ENVIRONMENT, must_succeed=True)
    per_line = {name: [seconds / counts[name.split()[-1]] * 1e6 for seconds in times[name]] for name in times}
    for name in commands:
        print(f"{name:18} {counts[name.split()[-1]]:>7} lines  {statistics.median(per_line[name]):7.2f} µs a line "
              f"(median of {arguments.rounds}; {min(per_line[name]):.2f}–{max(per_line[name]):.2f})")
    for prefix in builds:
        for name in ("calendar", "zones"):
            ratios = [a / b for a, b in zip(per_line[prefix + name], per_line[prefix + "corpus"])]
            print(f"{prefix}{name} / corpus per line: {common.ratio_summary(ratios)}")


if __name__ == "__main__":
    main()
