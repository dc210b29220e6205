#!/usr/bin/env python3
"""Habits: `habit list`, `habit today`, `habit show` and `habit show NAME year` on a store of
100 habits with ten years of daily completions each (365,400 completions), against
`tally -e 1+1` start-up, with hyperfine; then `habit export json` of that store and
`habit import` of the export into an empty store, timed.

Each round is one hyperfine run of the five commands; the ratios of the medians in a round are
same-run figures. Today is pinned with TALLY_TODAY.

    python3 Benchmarks/habits.py [--rounds 5] [--runs 100]

Needs: hyperfine (apt-get install -y hyperfine) and a release build of tally (built if missing;
$TALLY overrides the path).
"""

import json
import os
import shutil
import statistics
import subprocess
import time

from common import ratio_summary, tally_binary, work_path
from make_habit_store import build
from startup import round_options

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
        f"{tally} --data-dir {store} -e 'habit today'",
        f"{tally} --data-dir {store} -e 'habit show \"Habit 042\" year'",
    ]
    for command in commands[1:]:
        result = subprocess.run(command, shell=True, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"FAIL: {command}: {result.stderr}")
    listing = subprocess.run(commands[1], shell=True, capture_output=True, text=True).stdout.splitlines()
    assert len(listing) == 101 and "3654" in listing[1], listing[:3]

    rounds = [hyperfine_wall_and_cpu(commands, options.runs) for _ in range(options.rounds)]
    rows = [wall for wall, _ in rounds]
    cpu = [cpu for _, cpu in rounds]
    names = ["`tally -e 1+1`", "`habit list`", "`habit show NAME`", "`habit today`", "`habit show NAME year`"]
    print("| command | median of round medians |")
    print("| --- | --- |")
    for index, name in enumerate(names):
        print(f"| {name} | {statistics.median(r[index] for r in rows) * 1000:.2f} ms |")
    print(f"\n{options.rounds} rounds of {options.runs} runs; ratios to `tally -e 1+1` (target <= 3):")
    print(f"- habit list: {ratio_summary([r[1] / r[0] for r in rows])}")
    print(f"- habit show: {ratio_summary([r[2] / r[0] for r in rows])}")
    print(f"- habit today: {ratio_summary([r[3] / r[0] for r in rows])}")
    print(f"- habit show year: {ratio_summary([r[4] / r[0] for r in rows])}")
    print("\nCPU time (user + system, mean of each run), the same runs; less sensitive to a loaded machine:")
    for index, name in enumerate(names[1:], start=1):
        print(f"- {name}: {ratio_summary([r[index] / r[0] for r in cpu])}")
    time_export_and_import(tally, store, options.rounds)


def hyperfine_wall_and_cpu(commands, runs):
    """One hyperfine run of `commands`: the median wall time and the mean CPU time (user plus
    system) of each, in order."""
    report = work_path("hyperfine-habits.json")
    subprocess.run(
        ["hyperfine", "-N", "--style", "none", "--warmup", "5", "--runs", str(runs), "--export-json", report]
        + commands, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(report) as text:
        results = json.load(text)["results"]
    return [r["median"] for r in results], [r["user"] + r["system"] for r in results]


def time_export_and_import(tally, store, rounds):
    """Wall time of exporting the store as JSON and importing that file into an empty store,
    `rounds` times each; checks that the second store exports the same bytes."""
    export_file = work_path("habits-export.json")
    target = work_path("habit-import-store")
    exports, imports = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        exported = subprocess.run([tally, "--data-dir", store, "-e", "habit export json"],
                                  capture_output=True, check=True).stdout
        exports.append(time.perf_counter() - start)
        with open(export_file, "wb") as file:
            file.write(exported)
        shutil.rmtree(target, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run([tally, "--data-dir", target, "-e", f"habit import '{export_file}'"],
                       capture_output=True, check=True)
        imports.append(time.perf_counter() - start)
    again = subprocess.run([tally, "--data-dir", target, "-e", "habit export json"],
                           capture_output=True, check=True).stdout
    assert again == exported, "the imported store exports different bytes"
    size = len(exported) / 1e6
    print(f"\n`habit export json` ({size:.1f} MB): median {statistics.median(exports) * 1000:.0f} ms; "
          f"`habit import` of it into an empty store: median {statistics.median(imports) * 1000:.0f} ms "
          f"({rounds} runs each; export, import, export is byte-identical)")


if __name__ == "__main__":
    main()
