#!/usr/bin/env python3
"""Habits: `habit list` and `habit show` on a store of 100 habits with ten years of daily
completions each (365,400 completions), against `tally -e 1+1` start-up, with hyperfine.

Each round is one hyperfine run of the three commands; the ratios of the medians in a round are
same-run figures. Today is pinned with TALLY_TODAY.

    python3 Benchmarks/habits.py [--rounds 5] [--runs 100]

Needs: hyperfine (apt-get install -y hyperfine) and a release build of tally (built if missing;
$TALLY overrides the path).
"""

import os
import statistics
import subprocess

from common import ratio_summary, tally_binary, work_path
from make_habit_store import build
from startup import hyperfine, round_options

TODAY = "2026-01-31"


def main():
    options = round_options(__doc__, runs=100)
    tally = tally_binary()
    store = work_path("habit-store")
    build(store, habits=100, today=TODAY)
    os.environ["TALLY_TODAY"] = TODAY

    commands = [
        f"{tally} -e 1+1",
        f"{tally} --data-dir {store} -e 'habit list'",
        f"{tally} --data-dir {store} -e 'habit show \"Habit 042\"'",
    ]
    for command in commands[1:]:
        result = subprocess.run(command, shell=True, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"FAIL: {command}: {result.stderr}")
    listing = subprocess.run(commands[1], shell=True, capture_output=True, text=True).stdout.splitlines()
    assert len(listing) == 101 and "3654" in listing[1], listing[:3]

    rows = [hyperfine(commands, options.runs, warmup=5) for _ in range(options.rounds)]
    names = ["`tally -e 1+1`", "`habit list`", "`habit show NAME`"]
    print("| command | median of round medians |")
    print("| --- | --- |")
    for index, name in enumerate(names):
        print(f"| {name} | {statistics.median(r[index] for r in rows) * 1000:.2f} ms |")
    print(f"\n{options.rounds} rounds of {options.runs} runs; ratios to `tally -e 1+1` (target <= 3):")
    print(f"- habit list: {ratio_summary([r[1] / r[0] for r in rows])}")
    print(f"- habit show: {ratio_summary([r[2] / r[0] for r in rows])}")


if __name__ == "__main__":
    main()
