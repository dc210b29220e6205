#!/usr/bin/env python3
"""Builds the Loop Habit Tracker files with measurable (numerical) habits that Loop's own test
data lacks (none of the backups in uhabits-core/assets/test/ has a numerical habit), and prints
the strengths Loop computes for them.

    python3 make_measurable.py UHABITS_CHECKOUT [OUTPUT_DIRECTORY]   build the files, print strengths
    python3 make_measurable.py entries BACKUP.db    print each habit's measure and values as JSON
    python3 make_measurable.py big UHABITS_CHECKOUT OUT.db [HABITS [YEARS]]
                                                    a large backup (default 100 habits, each done
                                                    every day for 10 years up to TODAY; every
                                                    fourth habit measurable) for timing imports

UHABITS_CHECKOUT is a checkout of https://github.com/iSoron/uhabits (commit 5aa8744e was used).
The backup `measurable.db` is made by running Loop's own migrations
(uhabits-core/src/jvmMain/resources/migrations/09.sql ... 25.sql) in order, as Loop's
`MigrationHelper` does, so its schema is Loop's exactly (version 25); the rows are written as
Loop's `SQLiteRepository` writes them (values x 1000 for numerical habits, timestamps at UTC
midnight in milliseconds).

`measurable_csv/` is the CSV export Loop writes for the same habits (`HabitsCSVExporter.kt`,
`HabitList.writeCSV`: Habits.csv, the all-habits Checkmarks.csv, newest day first with a
trailing comma, and `NNN Name/Checkmarks.csv` with Date,Value,Notes), and
`Loop Habits CSV 2026-11-29.zip` the zip of it as Java's ZipOutputStream writes it: deflated,
sizes and CRC in a data descriptor after each entry (bit 3), not in the local header.

The expected strengths are Loop's `ScoreList.recompute` and `Score.compute`, transcribed below
line by line, from the oldest entry to each day asked for.
"""

import datetime
import io
import json
import math
import os
import shutil
import sqlite3
import subprocess
import sys
import zipfile

TODAY = datetime.date(2026, 11, 29)
EPOCH = datetime.date(1970, 1, 1)
SKIP, YES_MANUAL, UNKNOWN = 3, 2, -1

# name, question, description, freq_num, freq_den, type, target_type, target_value, unit, archived
HABITS = [
    ("Water", "How many glasses did you drink?", "", 1, 1, 1, 0, 8.0, "glasses", 0),
    ("Run", "How far did you run?", "Loop's weekly numerical habit", 1, 7, 1, 0, 15.0, "km", 0),
    ("Coffee", "How many cups?", "", 1, 1, 1, 1, 2.0, "cups", 0),
    ("Sugar", "", "", 1, 3, 1, 1, 50.5, "g", 1),
    ("Stretch", "Did you stretch?", "", 1, 1, 0, 0, 0.0, "", 0),
]


def entries():
    """Each habit's entries: {day: (value, notes)}, the value as Loop stores it."""
    result = [{} for _ in HABITS]
    for back in range(0, 120):
        day = TODAY - datetime.timedelta(days=back)
        # Water: a varying number of glasses, some days nothing entered, one skip, notes.
        if back % 9 != 4:
            result[0][day] = ((back * 37) % 11 * 1000 + (500 if back % 4 == 0 else 0), "")
        if back == 30:
            result[0][day] = (SKIP, "travelling")
        if back == 2:
            result[0][day] = (6250, "a hot day")
        # Run: a few runs a week, fractional kilometres.
        if back % 7 in (1, 3, 5) and back < 100:
            result[1][day] = (4000 + (back * 613) % 5000, "")
        # Coffee, at most 2 cups: sometimes 0, sometimes over.
        if back < 90:
            result[2][day] = ((back * 7) % 5 * 1000, "")
        # Sugar, at most 50.5 g in 3 days, archived; entries stop 20 days ago.
        if 20 <= back < 80 and back % 2 == 0:
            result[3][day] = (15000 + (back * 1234) % 30000, "")
        # Stretch, yes/no, for comparison.
        if back % 3 != 0:
            result[4][day] = (YES_MANUAL, "")
    return result


def timestamp(day):
    return (day - EPOCH).days * 86_400_000


def loop_database(checkout, path):
    """A new, empty database at `path` in Loop's schema: its migrations run in order."""
    if os.path.exists(path):
        os.remove(path)
    connection = sqlite3.connect(path)
    migrations = os.path.join(checkout, "uhabits-core", "src", "jvmMain", "resources", "migrations")
    for version in range(9, 26):
        with open(os.path.join(migrations, f"{version:02d}.sql")) as script:
            connection.executescript(script.read())
        connection.execute(f"PRAGMA user_version = {version}")
    return connection


def build_database(checkout, path):
    connection = loop_database(checkout, path)
    for index, habit in enumerate(HABITS):
        name, question, description, num, den, kind, target_type, target, unit, archived = habit
        connection.execute(
            "insert into Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,"
            " reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)"
            " values (?, ?, 8, ?, ?, ?, 0, ?, ?, null, null, 127, ?, ?, ?, ?, ?, ?)",
            (index + 1, archived, description, den, num, name, index, kind, target_type, target, unit, question,
             f"{index + 1:032x}"))
    for index, days in enumerate(entries()):
        for day, (value, notes) in sorted(days.items()):
            connection.execute(
                "insert into Repetitions (habit, timestamp, value, notes) values (?, ?, ?, ?)",
                (index + 1, timestamp(day), value, notes))
    connection.commit()
    connection.execute("VACUUM")
    connection.close()


def formatted(value):
    """Entry.formattedValue."""
    return {2: "YES_MANUAL", 1: "YES_AUTO", 0: "NO", 3: "SKIP", -1: "UNKNOWN"}.get(value, str(value))


def csv_field(text):
    """opencsv's CSVWriter with applyQuotesToAll = false: quoted only when it must be."""
    if any(character in text for character in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def export_files():
    """Loop's CSV export of the habits, as {path in the zip: bytes}, in the order Loop writes."""
    files = {}
    lines = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
             "Target Type,Target Value,Archived?"]
    for index, (name, question, description, num, den, kind, target_type, target, unit, archived) in \
            enumerate(HABITS):
        numerical = kind == 1
        lines.append(",".join(csv_field(field) for field in [
            f"{index + 1:03d}", name, "NUMERICAL" if numerical else "YES_NO", question, description, str(num),
            str(den), "#00897B", unit if numerical else "", ("AT_MOST" if target_type else "AT_LEAST")
            if numerical else "", repr(target) if numerical else "", "true" if archived else "false"]))
    files["Habits.csv"] = ("\n".join(lines) + "\n").encode()
    all_entries = entries()
    for index, (name, *_rest) in enumerate(HABITS):
        rows = ["Date,Value,Notes"]
        for day, (value, notes) in sorted(all_entries[index].items(), reverse=True):
            rows.append(f"{day.isoformat()},{formatted(value)},{csv_field(notes)}")
        files[f"{index + 1:03d} {name}/Checkmarks.csv"] = ("\n".join(rows) + "\n").encode()
    oldest = min(min(days) for days in all_entries if days)
    header = "Date," + "".join(f"{name}," for name, *_rest in HABITS) + "\n"
    body = header
    for back in range((TODAY - oldest).days + 1):
        day = TODAY - datetime.timedelta(days=back)
        body += f"{day.isoformat()}," + "".join(
            f"{formatted(all_entries[index].get(day, (UNKNOWN, ''))[0])}," for index in range(len(HABITS))) + "\n"
    files["Checkmarks.csv"] = body.encode()
    return files


class Unseekable(io.RawIOBase):
    """A stream zipfile cannot seek in, so it writes data descriptors as Java does."""

    def __init__(self, target):
        self.target = target

    def writable(self):
        return True

    def write(self, data):
        return self.target.write(data)


def build_export(directory):
    folder = os.path.join(directory, "measurable_csv")
    shutil.rmtree(folder, ignore_errors=True)
    files = export_files()
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
        with open(os.path.join(folder, path), "wb") as out:
            out.write(data)
    with open(os.path.join(directory, "Loop Habits CSV 2026-11-29.zip"), "wb") as out:
        with zipfile.ZipFile(Unseekable(out), "w", zipfile.ZIP_DEFLATED) as archive:
            for path, data in files.items():
                info = zipfile.ZipInfo(path, date_time=(2026, 11, 29, 12, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)


def loop_scores(habit, days):
    """ScoreList.recompute for one habit from its oldest entry to TODAY: {day: score}."""
    name, question, description, numerator, denominator, kind, target_type, target, unit, archived = habit
    is_numerical, is_at_most = kind == 1, target_type == 1
    frequency = numerator / denominator
    start = min(days)
    values = [days.get(start + datetime.timedelta(days=offset), (UNKNOWN, ""))[0]
              for offset in range((TODAY - start).days + 1)]
    values.reverse()  # Loop's getByInterval gives the newest first
    if not is_numerical and frequency < 1.0:
        numerator, denominator = numerator * 2, denominator * 2
    multiplier = 0.5 ** (math.sqrt(frequency) / 13.0)
    previous = 1.0 if is_numerical and is_at_most else 0.0
    rolling = 0.0
    scores = {}
    for i in range(len(values)):
        offset = len(values) - i - 1
        if is_numerical:
            rolling += max(0, values[offset])
            if offset + denominator < len(values):
                rolling -= max(0, values[offset + denominator])
            normalized = rolling / 1000
            if values[offset] != SKIP:
                if not is_at_most:
                    completed = min(1.0, normalized / target) if target > 0 else 1.0
                else:
                    completed = min(1.0, max(0.0, 1 - ((normalized - target) / target))) if target > 0 \
                        else (0.0 if normalized > 0 else 1.0)
                previous = previous * multiplier + completed * (1 - multiplier)
        else:
            if values[offset] == YES_MANUAL:
                rolling += 1.0
            if offset + denominator < len(values) and values[offset + denominator] == YES_MANUAL:
                rolling -= 1.0
            if values[offset] != SKIP:
                previous = previous * multiplier + min(1.0, rolling / numerator) * (1 - multiplier)
        scores[start + datetime.timedelta(days=i)] = previous
    return scores


def build_big(checkout, path, habits=100, years=10):
    """A Loop backup of `habits` habits with an entry on every day of `years` years."""
    connection = loop_database(checkout, path)
    days = 365 * years
    for index in range(habits):
        numerical = index % 4 == 3
        connection.execute(
            "insert into Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,"
            " reminder_days, type, target_type, target_value, unit, question) values"
            " (?, 0, 1, '', 1, 1, 0, ?, ?, 127, ?, 0, ?, ?, '')",
            (index + 1, f"Habit {index + 1:03d}", index, 1 if numerical else 0, 8.0 if numerical else 0.0,
             "glasses" if numerical else ""))
        connection.executemany(
            "insert into Repetitions (habit, timestamp, value, notes) values (?, ?, ?, '')",
            ((index + 1, timestamp(TODAY - datetime.timedelta(days=back)), (back % 9) * 1000 if numerical else 2)
             for back in range(days)))
    connection.commit()
    connection.close()


def dump_entries(path):
    """What the backup holds, read back with sqlite3 (read-only): for each habit its measure as
    Tally writes it, and each day's value in units (Loop's x 1000 divided back), "skip" for
    Loop's skip marker; the test compares Tally's export with it."""
    connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    result = {}
    for habit_id, name, kind, target_type, target, unit in connection.execute(
            "select id, name, type, target_type, target_value, unit from Habits order by position"):
        values = {}
        for stamp, value in connection.execute(
                "select timestamp, value from Repetitions where habit = ? order by timestamp", (habit_id,)):
            day = (EPOCH + datetime.timedelta(days=stamp // 86_400_000)).isoformat()
            values[day] = "skip" if value == SKIP else value / 1000 if kind == 1 else value
        result[name] = {"numerical": kind == 1, "at_most": target_type == 1, "target": target, "unit": unit,
                        "values": values}
    print(json.dumps(result, sort_keys=True))


def main():
    if sys.argv[1] == "entries":
        dump_entries(sys.argv[2])
        return
    if sys.argv[1] == "big":
        build_big(sys.argv[2], sys.argv[3], *(int(argument) for argument in sys.argv[4:6]))
        return
    checkout = sys.argv[1]
    directory = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))
    build_database(checkout, os.path.join(directory, "measurable.db"))
    build_export(directory)
    all_entries = entries()
    for habit, days in zip(HABITS, all_entries):
        scores = loop_scores(habit, days)
        picked = [TODAY - datetime.timedelta(days=back) for back in (0, 1, 7, 15, 29, 30, 31, 45, 60, 90)]
        print(habit[0], ", ".join(f'("{day.isoformat()}", {scores[day] * 100:.4f})'
                                  for day in picked if day in scores))


if __name__ == "__main__":
    main()
