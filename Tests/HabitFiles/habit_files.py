#!/usr/bin/env python3
"""Habit database files for the end-to-end tests (Tests/EndToEndTests/HabitStoreSafetyTests),
made with Python's sqlite3 as another program or an older Tally would make them, and the
harness that changes a live database under Tally's reads.

    habit_files.py foreign DIR VERSION JOURNAL_MODE   another program's database
    habit_files.py old DIR VERSION                    a Tally file at schema VERSION, known rows
    habit_files.py damage DIR FROM TO                 rewrite FROM as TO in the index of names
    habit_files.py rename DIR ID LENGTH               give habit ID a name LENGTH characters long
    habit_files.py wal DIR                            switch to WAL as an older Tally did, one change
                                                      left in the log as a killed session leaves it
    habit_files.py edit DIR SQL                       run SQL on the file (journal mode unchanged)
    habit_files.py hold DIR SECONDS                   keep the file open in WAL mode, as an older
                                                      Tally's session does, for SECONDS
    habit_files.py harness TALLY DIR MEGABYTES SECONDS

`harness` builds a store of about MEGABYTES, copies it aside, then for SECONDS runs `habit list`,
`habit show` and `habit export json` while another thread copies the backup over the live file
or truncates it. It prints one line per outcome and exits 1 if any run died of a signal.
"""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SCHEMA_SOURCE = os.path.join(ROOT, "Sources", "TallyHabits", "Store", "SQLiteSchema.swift")


def migrations():
    with open(SCHEMA_SOURCE) as source:
        return re.findall(r'"""\n(.*?)"""', source.read(), re.DOTALL)


def database(directory):
    os.makedirs(directory, mode=0o700, exist_ok=True)
    return os.path.join(directory, "habits.sqlite3")


def foreign(directory, version, mode):
    """Another program's database whose user_version happens to be VERSION, in JOURNAL_MODE;
    in WAL mode its last change is left in the log, as a running program leaves it."""
    connection = sqlite3.connect(database(directory), isolation_level=None)
    connection.execute(f"PRAGMA journal_mode = {mode}")
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    connection.execute("CREATE TABLE habit (id INTEGER PRIMARY KEY, title TEXT)")
    connection.execute("INSERT INTO habit (title) VALUES ('not Tally''s')")
    connection.execute(f"PRAGMA user_version = {version}")
    if mode.upper() == "WAL":
        connection.execute("INSERT INTO habit (title) VALUES ('still in the log')")
        sys.stdout.flush()
        os._exit(0)  # no close: the log keeps its frames
    connection.close()


def old(directory, version):
    """A Tally file at schema VERSION (1 to the latest): Read (since 2026-11-01, done on the 2nd, 3rd
    and 20th), 'Walk' (since 0300-03-01, done that day) and, from version 2, Swim archived on
    2026-11-05."""
    connection = sqlite3.connect(database(directory), isolation_level=None)
    for step in migrations()[:version]:
        connection.executescript(step)
    def day(text):
        if version < 3:
            return text
        return connection.execute("SELECT CAST(julianday(?) - 2440587.5 AS INTEGER)", (text,)).fetchone()[0]
    rows = [(1, "Read", "2026-11-01", None), (2, "Walk", "0300-03-01", None)]
    if version >= 2:
        rows.append((3, "Swim", "2026-11-01", "2026-11-05"))
    for id, name, start, archived in rows:
        if version >= 2:
            connection.execute(
                "INSERT INTO habit (id, name, name_key, start_day, archive_day) VALUES (?, ?, ?, ?, ?)",
                (id, name, name.lower(), day(start), archived and day(archived)))
        else:
            connection.execute(
                "INSERT INTO habit (id, name, name_key, start_day) VALUES (?, ?, ?, ?)",
                (id, name, name.lower(), day(start)))
    done = [(1, "2026-11-02"), (1, "2026-11-03"), (1, "2026-11-20"), (2, "0300-03-01")]
    if version >= 2:
        done.append((3, "2026-11-04"))
    for id, text in done:
        connection.execute("INSERT INTO completion (habit_id, day) VALUES (?, ?)", (id, day(text)))
    connection.execute(f"PRAGMA user_version = {version}")
    connection.close()


def damage(directory, before, after):
    """Rewrites the bytes BEFORE as AFTER (as long) in the page of the unique index of names, in
    the file itself: what random damage to that page can do."""
    path = database(directory)
    connection = sqlite3.connect(path, isolation_level=None)
    page = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_habit_1'").fetchone()[0]
    size = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    with open(path, "r+b") as file:
        file.seek((page - 1) * size)
        content = file.read(size)
        at = content.index(before.encode())
        file.seek((page - 1) * size + at)
        file.write(after.encode())


def rename(directory, habit, length):
    """Names habit ID with LENGTH characters, as a hand edit could."""
    connection = sqlite3.connect(database(directory), isolation_level=None)
    name = "N" * length
    connection.execute("UPDATE habit SET name = ?, name_key = ? WHERE id = ?", (name, name.lower(), habit))
    connection.close()


def wal(directory):
    """The file in WAL mode, as Tally before the rollback journal left it, with Read also done on
    2026-11-21 only in the log (and the log's shared memory beside it)."""
    connection = sqlite3.connect(database(directory), isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    day = connection.execute("SELECT CAST(julianday('2026-11-21') - 2440587.5 AS INTEGER)").fetchone()[0]
    connection.execute("INSERT INTO completion (habit_id, day) VALUES (1, ?)", (day,))
    sys.stdout.flush()
    os._exit(0)  # no close: the log keeps its frames


def edit(directory, sql):
    connection = sqlite3.connect(database(directory), isolation_level=None)
    connection.executescript(sql)
    connection.close()


def hold(directory, seconds):
    connection = sqlite3.connect(database(directory), isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("SELECT count(*) FROM habit").fetchone()
    print("holding", flush=True)
    time.sleep(seconds)
    connection.close()


def build_store(directory, megabytes):
    """A Tally store of daily habits, each done every day for ten years, of about MEGABYTES.
    The triggers are dropped while the days go in and the counts and runs computed at once,
    as the migration to version 3 does, then put back."""
    path = database(directory)
    connection = sqlite3.connect(path, isolation_level=None)
    for step in migrations():
        connection.executescript(step)
    connection.execute(f"PRAGMA user_version = {len(migrations())}")
    triggers = connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    connection.execute("PRAGMA journal_mode = OFF")
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("PRAGMA cache_size = -200000")  # every page in memory until the commit
    connection.execute("BEGIN")
    for name, _ in triggers:
        connection.execute(f"DROP TRIGGER {name}")
    habits = max(1, megabytes * 27)  # about 37 KB a habit
    first = connection.execute("SELECT CAST(julianday('2016-01-31') - 2440587.5 AS INTEGER)").fetchone()[0]
    for number in range(1, habits + 1):
        name = f"Habit {number:04}"
        connection.execute(
            "INSERT INTO habit (id, name, name_key, start_day) VALUES (?, ?, ?, ?)", (number, name, name.lower(), first))
    connection.execute(
        "WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 3653) "
        "INSERT INTO completion (habit_id, day) SELECT h.id, ? + d.n FROM habit AS h, d", (first,))
    connection.execute("UPDATE habit SET completion_count = 3654")
    connection.execute("INSERT INTO completion_run (habit_id, first_day, last_day) SELECT id, ?, ? FROM habit",
                       (first, first + 3653))
    for _, sql in triggers:
        connection.execute(sql)
    connection.execute("COMMIT")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.close()
    os.chmod(path, 0o600)
    return path


def harness(tally, directory, megabytes, seconds):
    path = build_store(directory, megabytes)
    backup = path + ".backup"
    shutil.copyfile(path, backup)
    print(f"store: {os.path.getsize(path) / 1e6:.1f} MB")
    environment = dict(os.environ, TALLY_TODAY="2026-01-31", TALLY_DATA_DIR=directory)
    commands = [["-e", "habit list"], ["-e", "habit show 'Habit 0007'"], ["-e", "habit export json"]]
    stop = time.monotonic() + seconds
    outcomes = {}
    signals = []

    def meddle():
        turn = 0
        while time.monotonic() < stop:
            if turn % 2 == 0:
                shutil.copyfile(backup, path)  # opens the live file with O_TRUNC, then writes
            else:
                os.truncate(path, os.path.getsize(path) // 3)
                time.sleep(0.002)
                shutil.copyfile(backup, path)
            turn += 1
            time.sleep(0.001)

    meddler = threading.Thread(target=meddle)
    meddler.start()
    runs = 0
    while time.monotonic() < stop:
        command = commands[runs % len(commands)]
        result = subprocess.run([tally] + command, env=environment, capture_output=True)
        runs += 1
        if result.returncode < 0:
            signals.append((command, -result.returncode))
        key = "exit 0" if result.returncode == 0 else f"exit {result.returncode}"
        if result.returncode > 0:
            message = result.stderr.decode(errors="replace").strip().splitlines()
            if not message:
                signals.append((command, "failed without a message"))
        outcomes[key] = outcomes.get(key, 0) + 1
    meddler.join()
    print(f"runs: {runs}; " + ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items())))
    for command, signal in signals:
        print(f"FAIL: {' '.join(command)}: signal {signal}")
    return 1 if signals else 0


def main():
    kind = sys.argv[1]
    if kind == "foreign":
        foreign(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif kind == "old":
        old(sys.argv[2], int(sys.argv[3]))
    elif kind == "damage":
        damage(sys.argv[2], sys.argv[3], sys.argv[4])
    elif kind == "rename":
        rename(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif kind == "wal":
        wal(sys.argv[2])
    elif kind == "edit":
        edit(sys.argv[2], sys.argv[3])
    elif kind == "hold":
        hold(sys.argv[2], float(sys.argv[3]))
    elif kind == "harness":
        sys.exit(harness(sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])))
    else:
        sys.exit(f"unknown kind {kind}")


if __name__ == "__main__":
    main()
