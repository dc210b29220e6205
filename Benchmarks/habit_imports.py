#!/usr/bin/env python3
"""Imports at scale: time and peak memory of `habit import` of files made here, each into an
empty store, with /usr/bin/time -v (wall clock, maximum resident set size).

    python3 Benchmarks/habit_imports.py [--tally PATH] [--keep DIR]

Files: Loop backups of 5,000 and 20,000 habits (distinct names, and all with one name), a
Loop backup of about 20 MB (100 habits, ten years of days each, notes on some), the export of
20,000 habits in Tally's JSON and CSV (and the time of `habit export json` of them), and Loop's
CSV export zipped (100 habits, ten years). Today is pinned to 2026-11-29.
"""

import argparse
import datetime
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zipfile

TODAY = datetime.date(2026, 11, 29)
DAY_MS = 86_400_000
EPOCH = datetime.date(1970, 1, 1)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "HabitFiles"))
from hostile_imports import LOOP_SCHEMA, REPETITIONS  # noqa: E402  (Loop's schema, written once)

UNIQUE_INDEX = "CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);"


def stamp(day):
    return (day - EPOCH).days * DAY_MS


def loop_backup(path, habits, days, same_name=False, note_every=0):
    if os.path.exists(path):
        os.remove(path)
    connection = sqlite3.connect(path)
    connection.executescript(LOOP_SCHEMA + REPETITIONS + UNIQUE_INDEX)
    connection.executemany(
        "INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,"
        " type, target_type, target_value, unit, question) VALUES (?, 0, 0, '', 1, 1, 0, ?, ?, 0, 0, 0, '', '')",
        ((index + 1, "Habit" if same_name else f"Habit {index:05d}", index) for index in range(habits)))

    def rows():
        for habit in range(1, habits + 1):
            for back in range(days):
                day = TODAY - datetime.timedelta(days=back)
                note = f"note {back}" if note_every and back % note_every == 0 else ""
                yield habit, stamp(day), 2, note

    connection.executemany("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)", rows())
    connection.commit()
    connection.close()


def loop_csv_zip(path, habits, days):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        names = [f"Habit {index:03d}" for index in range(habits)]
        lines = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
                 "Target Type,Target Value,Archived?"]
        lines += [f"{index + 1:03d},{name},YES_NO,,,1,1,#37474F,,AT_LEAST,0,false" for index, name in enumerate(names)]
        archive.writestr("Habits.csv", "\n".join(lines) + "\n")
        for index, name in enumerate(names):
            rows = ["Date,Value,Notes"]
            rows += [f"{TODAY - datetime.timedelta(days=back)},YES_MANUAL," for back in range(days)]
            archive.writestr(f"{index + 1:03d} {name}/Checkmarks.csv", "\n".join(rows) + "\n")


def measure(tally, arguments, data_dir):
    """Wall seconds, processor seconds (user + system), maximum resident kilobytes and the run."""
    environment = dict(os.environ, TALLY_TODAY=str(TODAY), TALLY_DATA_DIR=data_dir, TZ="UTC")
    result = subprocess.run(["/usr/bin/time", "-v", tally] + arguments, env=environment,
                            capture_output=True, text=True)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", result.stderr).group(1)
    minutes, seconds = wall.split(":")[-2:]
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): (\S+)", result.stderr).group(1)) for kind in ("User", "System"))
    return float(minutes) * 60 + float(seconds), cpu, rss, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tally", default=".build/release/tally")
    parser.add_argument("--keep", help="make the files in this directory and keep them")
    options = parser.parse_args()
    work = options.keep or tempfile.mkdtemp(prefix="tally-imports-")
    os.makedirs(work, exist_ok=True)
    files = {
        "loop 5,000 habits": (lambda p: loop_backup(p, 5_000, 3), "loop5k.db"),
        "loop 20,000 habits": (lambda p: loop_backup(p, 20_000, 3), "loop20k.db"),
        "loop 20,000 habits, one name": (lambda p: loop_backup(p, 20_000, 1, same_name=True), "loopsame.db"),
        "loop 100 habits x 10 years, notes": (lambda p: loop_backup(p, 100, 3_650, note_every=7), "loop20mb.db"),
        "loop CSV zip 100 habits x 10 years": (lambda p: loop_csv_zip(p, 100, 3_650), "loopcsv.zip"),
    }
    print("| file | size | wall s | CPU s | max RSS MB | first line of output |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for label, (make, name) in files.items():
        path = os.path.join(work, name)
        if not os.path.exists(path):
            make(path)
        store = tempfile.mkdtemp(prefix="store-", dir=work)
        wall, cpu, rss, result = measure(options.tally, ["-e", f"habit import '{path}'"], store)
        first = (result.stdout or result.stderr).splitlines()[0][:60]
        print(f"| {label} | {os.path.getsize(path) / 1e6:.1f} MB | {wall:.2f} | {cpu:.2f} | {rss / 1024:.0f} | {first} |")
        if name == "loop20k.db":
            # To standard output, as a script would pipe it.
            wall, cpu, rss, _ = measure(options.tally, ["-e", "habit export json"], store)
            print(f"| export json of 20,000 habits to standard output | | {wall:.2f} | {cpu:.2f} | {rss / 1024:.0f} | |")
            for kind in ("json", "csv"):
                export = os.path.join(work, f"export20k.{kind}")
                wall, cpu, rss, _ = measure(options.tally, ["-e", f"habit export {kind} '{export}' --force"], store)
                print(f"| export {kind} of 20,000 habits | {os.path.getsize(export) / 1e6:.1f} MB | {wall:.2f} | {cpu:.2f} | "
                      f"{rss / 1024:.0f} | |")
                fresh = tempfile.mkdtemp(prefix="store-", dir=work)
                wall, cpu, rss, result = measure(options.tally, ["-e", f"habit import '{export}'"], fresh)
                first = (result.stdout or result.stderr).splitlines()[0][:60]
                print(f"| import {kind} of 20,000 habits | {os.path.getsize(export) / 1e6:.1f} MB | {wall:.2f} | {cpu:.2f} | "
                      f"{rss / 1024:.0f} | {first} |")
                shutil.rmtree(fresh)
        shutil.rmtree(store)
    if not options.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
