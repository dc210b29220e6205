#!/usr/bin/env python3
"""Hostile files for `habit import`, made for Tests/EndToEndTests/HabitImportHostileTests and
for the fuzzers' seeds. Each command writes into DIR and prints the path to import.

    hostile_imports.py wal DIR           a Loop backup copied live: 1 habit in the file, a second
                                         one and 8 days in the -wal beside it
    hostile_imports.py journal DIR       a Loop backup with a hot rollback journal: the file holds
                                         half a write the journal undoes
    hostile_imports.py view DIR          Repetitions is a recursive VIEW that never ends
    hostile_imports.py virtual DIR       Repetitions is a virtual (FTS) table
    hostile_imports.py cells DIR         NULL habit and timestamp, TEXT timestamp, 'abc' and 2.5
                                         values, and three values for one day of a measurable habit
    hostile_imports.py bomb DIR MIB      a Loop CSV zip whose Checkmarks.csv is MIB MiB of one row
    hostile_imports.py early DIR ROWS    a Loop backup with ROWS days before the year 1
    hostile_imports.py many DIR HABITS   a Loop backup of HABITS habits, all named "Habit"
    hostile_imports.py big DIR ROWS      a Loop backup of one habit and ROWS rows of days, without
                                         Loop's index, so that reading it sorts them all
    hostile_imports.py fifo DIR          a Loop CSV folder whose 001 Run/Checkmarks.csv is a FIFO
    hostile_imports.py zero DIR          the same with a link to /dev/zero there
"""

import datetime
import os
import sqlite3
import sys
import zipfile

DAY_MS = 86_400_000
LOOP_SCHEMA = """
CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
    description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
    position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127,
    type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0,
    target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT '', question TEXT, uuid TEXT);
PRAGMA user_version = 25;
"""
REPETITIONS = """CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT,
    habit INTEGER NOT NULL REFERENCES Habits(id), timestamp INTEGER NOT NULL, value INTEGER NOT NULL,
    notes TEXT);"""
HABITS_CSV_HEADER = ("Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
                     "Target Type,Target Value,Archived?\n")


def stamp(text):
    return (datetime.date.fromisoformat(text) - datetime.date(1970, 1, 1)).days * DAY_MS


def habit(connection, identifier, name, position, measurable=False):
    connection.execute(
        "INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, type,"
        " target_value, unit, question) VALUES (?, 0, 0, '', 1, 1, 0, ?, ?, ?, ?, ?, '')",
        (identifier, name, position, 1 if measurable else 0, 8.0 if measurable else 0.0,
         "glasses" if measurable else ""))


def backup(directory, name, repetitions=REPETITIONS):
    path = os.path.join(directory, name)
    for suffix in ("", "-wal", "-journal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.executescript(LOOP_SCHEMA + repetitions)
    return path, connection


def wal(directory):
    path, connection = backup(directory, "live.db")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    habit(connection, 1, "Read", 0)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    habit(connection, 2, "Walk", 1)
    for day in range(20, 24):
        for identifier in (1, 2):
            connection.execute("INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, 2)",
                               (identifier, stamp(f"2026-11-{day}")))
    print(path)
    sys.stdout.flush()
    os._exit(0)  # no close: the log keeps its frames, as a running Loop leaves it


def journal(directory):
    path, connection = backup(directory, "hot.db")
    habit(connection, 1, "Read", 0)
    connection.execute("INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, ?, 2)", (stamp("2026-11-20"),))
    connection.close()
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA cache_size = 1")
    connection.execute("BEGIN")
    connection.execute("UPDATE Habits SET name = 'Half written'")
    connection.executemany("INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, ?, 2)",
                           ((stamp("2026-01-01") + day * DAY_MS,) for day in range(300)))
    # The cache spilled the half-made write into the file; the journal holds what undoes it.
    print(path)
    sys.stdout.flush()
    os._exit(0)


def view(directory):
    path, connection = backup(directory, "view.db", repetitions="""CREATE VIEW Repetitions AS
        WITH RECURSIVE r(habit, timestamp, value) AS (SELECT 1, 0, 2 UNION ALL SELECT habit, timestamp + 1, value FROM r)
        SELECT 0 AS id, habit, timestamp, value, '' AS notes FROM r;""")
    habit(connection, 1, "Read", 0)
    print(path)


def virtual(directory):
    path, connection = backup(directory, "virtual.db",
                              repetitions="CREATE VIRTUAL TABLE Repetitions USING fts4(habit, timestamp, value);")
    habit(connection, 1, "Read", 0)
    connection.execute("INSERT INTO Repetitions VALUES (1, ?, 2)", (stamp("2026-11-20"),))
    print(path)


def cells(directory):
    path, connection = backup(directory, "cells.db", repetitions="""CREATE TABLE Repetitions (id INTEGER PRIMARY KEY,
        habit, timestamp, value, notes TEXT);""")
    habit(connection, 1, "Walk", 0)
    habit(connection, 2, "Water", 1, measurable=True)
    rows = [
        (1, None, stamp("2026-11-20"), 2), (2, 1, None, 2), (3, 1, "2026-11-20", 2), (4, 1, stamp("2026-11-21"), "abc"),
        (5, 1, stamp("2026-11-22"), 2.5), (6, 1, stamp("2026-11-23"), 2),
        (7, 2, stamp("2026-11-23"), 3000), (8, 2, stamp("2026-11-23"), 5000), (9, 2, stamp("2026-11-23"), 2000),
    ]
    connection.executemany("INSERT INTO Repetitions (id, habit, timestamp, value) VALUES (?, ?, ?, ?)", rows)
    print(path)


def bomb(directory, mebibytes):
    path = os.path.join(directory, f"bomb-{mebibytes}.zip")
    row = b"2026-11-20,YES_MANUAL,\n"
    count = (int(mebibytes) << 20) // len(row)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("Habits.csv", HABITS_CSV_HEADER + "001,Run,YES_NO,,,1,1,#37474F,,AT_LEAST,0,false\n")
        with archive.open("Checkmarks.csv", "w", force_zip64=False) as entry:
            entry.write(b"Date,Run,\n")
            chunk = row * 4096
            for _ in range(count // 4096):
                entry.write(chunk)
    print(path)


def early(directory, rows):
    path, connection = backup(directory, "early.db")
    habit(connection, 1, "Read", 0)
    first = stamp("0001-01-01")
    connection.executemany("INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, ?, 2)",
                           ((first - (day + 1) * DAY_MS,) for day in range(int(rows))))
    connection.execute("INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, ?, 2)", (stamp("2026-11-20"),))
    print(path)


def many(directory, habits):
    path, connection = backup(directory, "many.db")
    connection.execute("BEGIN")
    for identifier in range(1, int(habits) + 1):
        habit(connection, identifier, "Habit", identifier)
    connection.execute("COMMIT")
    print(path)


def big(directory, rows):
    path, connection = backup(directory, "big.db")
    habit(connection, 1, "Read", 0)
    connection.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
        "INSERT INTO Repetitions (habit, timestamp, value) SELECT 1, ? - (i % 700000) * ?, 2 FROM n",
        (int(rows), stamp("2026-11-20"), DAY_MS))
    print(path)


def folder(directory, special):
    root = os.path.join(directory, f"loop-{special}")
    own = os.path.join(root, "001 Run")
    os.makedirs(own, exist_ok=True)
    with open(os.path.join(root, "Habits.csv"), "w") as habits:
        habits.write(HABITS_CSV_HEADER + "001,Run,YES_NO,,,1,1,#37474F,,AT_LEAST,0,false\n")
    target = os.path.join(own, "Checkmarks.csv")
    if not os.path.lexists(target):
        if special == "fifo":
            os.mkfifo(target)
        else:
            os.symlink("/dev/zero", target)
    print(root)


COMMANDS = {"wal": wal, "journal": journal, "view": view, "virtual": virtual, "cells": cells, "bomb": bomb,
            "early": early, "many": many, "big": big, "fifo": lambda d: folder(d, "fifo"), "zero": lambda d: folder(d, "zero")}

if __name__ == "__main__":
    COMMANDS[sys.argv[1]](*sys.argv[2:])
