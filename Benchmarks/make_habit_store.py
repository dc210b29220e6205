#!/usr/bin/env python3
"""Builds a habit store for the habits benchmark: HABITS habits (default 100), each started ten
years before TODAY and done on every day since, written directly with Python's sqlite3 in the
schema of Sources/TallyHabits/Store/SQLiteSchema.swift (whose migrations it reads and runs): days
are stored as days since 1970-01-01, and the schema's triggers keep each habit's count and runs.

    python3 make_habit_store.py DIRECTORY [--habits 100] [--today 2026-01-31]

The names are "Habit 001" ... "Habit 100"; ids are 1 ... 100.
"""

import argparse
import datetime
import os
import re
import sqlite3

SCHEMA_SOURCE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "TallyHabits", "Store", "SQLiteSchema.swift")


def schema_script():
    """Tally's own migrations, read from SQLiteSchema.swift (so the store always matches the
    schema the binary expects), followed by the user_version they lead to."""
    with open(SCHEMA_SOURCE) as source:
        migrations = re.findall(r'"""\n(.*?)"""', source.read(), re.DOTALL)
    return "".join(migrations) + f"PRAGMA user_version = {len(migrations)};\n"


def build(directory, habits=100, today="2026-01-31"):
    """Creates DIRECTORY/habits.sqlite3 afresh; returns its path."""
    os.makedirs(directory, mode=0o700, exist_ok=True)
    path = os.path.join(directory, "habits.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    last = datetime.date.fromisoformat(today)
    first = last.replace(year=last.year - 10)
    epoch = datetime.date(1970, 1, 1)
    days = [(first - epoch).days + n for n in range((last - first).days + 1)]
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    connection = sqlite3.connect(path)
    connection.executescript(schema_script())
    with connection:
        for number in range(1, habits + 1):
            name = f"Habit {number:03}"
            connection.execute(
                "INSERT INTO habit (id, name, name_key, start_day, archive_day) VALUES (?, ?, ?, ?, NULL)",
                (number, name, name.lower(), (first - epoch).days))
            connection.executemany(
                "INSERT INTO completion (habit_id, day) VALUES (?, ?)", ((number, day) for day in days))
    connection.execute("PRAGMA journal_mode = WAL")
    connection.close()
    os.chmod(path, 0o600)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory")
    parser.add_argument("--habits", type=int, default=100)
    parser.add_argument("--today", default="2026-01-31")
    options = parser.parse_args()
    print(build(options.directory, options.habits, options.today))


if __name__ == "__main__":
    main()
