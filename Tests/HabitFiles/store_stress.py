#!/usr/bin/env python3
"""The habit store under real processes: writers killed with SIGKILL, and many writers at once.

    store_stress.py kill TALLY DIR RUNS      RUNS sessions, each killed at a random moment
    store_stress.py writers TALLY DIR N DAYS N sessions at once, each marking DAYS days

`kill`: each run feeds one session `habit done` lines for a habit of its own (a new one each
run, on the same store), reads its output as it comes and kills it with SIGKILL after a random
0.05 to 3 seconds, mid-write or not. A printed "done on" line is an acknowledged write. At
the end every acknowledged day must be in `habit export csv`; any missing one is lost.

`writers`: N sessions start together on one new store, each adding its own habit and marking
DAYS consecutive days done, one commit each, while they wait on each other's locks. Every
session must succeed and every day must be stored.

Both print one summary line and exit 1 on any loss or failure.
"""

import datetime
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time

TODAY = "2026-11-29"


def days(count):
    first = datetime.date(2020, 1, 1)
    return [(first + datetime.timedelta(days=offset)).isoformat() for offset in range(count)]


def script(name, count):
    return f"habit add {name} since 2020-01-01\n" + "".join(f"habit done {name} {day}\n" for day in days(count))


def environment(directory):
    return dict(os.environ, TALLY_TODAY=TODAY, TALLY_DATA_DIR=directory)


def stored(tally, directory):
    """(name, day) for every day done in the store."""
    export = subprocess.run([tally, "-e", "habit export csv"], env=environment(directory),
                            capture_output=True, text=True)
    if export.returncode != 0:
        raise SystemExit(f"FAIL: export: {export.stderr.strip()}")
    rows = [line.split(",") for line in export.stdout.splitlines()[1:]]
    return {(row[0], row[4]) for row in rows if len(row) > 5 and row[5] == "done"}


def kill(tally, directory, runs):
    shutil.rmtree(directory, ignore_errors=True)
    random.seed(int(os.environ.get("SEED", "28")))
    acknowledged = set()
    killed_mid_run = 0
    for run in range(runs):
        name = f"Habit{run:03}"
        process = subprocess.Popen([tally], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, env=environment(directory))
        lines = []

        def read():
            for line in process.stdout:
                lines.append(line.decode())

        reader = threading.Thread(target=read)
        reader.start()
        try:
            process.stdin.write(script(name, 3000).encode())
            process.stdin.flush()
        except BrokenPipeError:
            pass
        time.sleep(random.uniform(0.05, 3.0))
        if process.poll() is None:
            killed_mid_run += 1
        process.send_signal(signal.SIGKILL)
        process.wait()
        reader.join()
        for line in lines:
            # "'Habit007' done on 2020-01-05 (current streak: …)", whole lines only
            if line.endswith("\n") and " done on " in line:
                acknowledged.add((name, line.split(" ")[3]))
    kept = stored(tally, directory)
    lost = acknowledged - kept
    print(f"kill: {runs} runs ({killed_mid_run} killed while writing), {len(acknowledged)} acknowledged writes, "
          f"{len(lost)} lost")
    for name, day in sorted(lost)[:10]:
        print(f"LOST: {name} {day}")
    return 1 if lost or not acknowledged else 0


def writers(tally, directory, count, day_count):
    shutil.rmtree(directory, ignore_errors=True)
    start = time.monotonic()
    processes = [subprocess.Popen([tally], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, env=environment(directory))
                 for _ in range(count)]
    results = [None] * count

    def feed(index):
        _, errors = processes[index].communicate(script(f"Writer{index}", day_count).encode())
        results[index] = (processes[index].returncode, errors.decode())

    threads = [threading.Thread(target=feed, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - start
    failed = [(index, status, errors) for index, (status, errors) in enumerate(results) if status != 0]
    kept = stored(tally, directory)
    expected = {(f"Writer{index}", day) for index in range(count) for day in days(day_count)}
    missing = expected - kept
    commits = count * (day_count + 1)
    print(f"writers: {count} at once, {commits} commits in {seconds:.1f} s ({commits / seconds:.0f} a second), "
          f"{len(failed)} sessions failed, {len(missing)} days missing")
    for index, status, errors in failed[:5]:
        print(f"FAIL: writer {index}: exit {status}: {errors.strip()[:300]}")
    return 1 if failed or missing else 0


def main():
    kind = sys.argv[1]
    if kind == "kill":
        sys.exit(kill(sys.argv[2], sys.argv[3], int(sys.argv[4])))
    elif kind == "writers":
        sys.exit(writers(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])))
    sys.exit(f"unknown kind {kind}")


if __name__ == "__main__":
    main()
