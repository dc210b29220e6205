#!/usr/bin/env python3
"""Dates and times through the built `tally` against Python's datetime, zoneinfo and
dateutil.relativedelta.

Random cases, each one line of a single batch run of `tally` (TZ=UTC, TALLY_TODAY pinned):
differences between dates, adding days, weeks, months and years (relativedelta's rule: the day
of the month, or the month's last day), weekdays, ISO weeks, days of the year, ages
(relativedelta(later, birth)), Unix times both ways, and conversions between time zones of
wall-clock times from 1970 to 2100 — a third of them within hours of a daylight-saving change,
gaps and overlaps included — and calendar days added to zoned date-times. Python reads the
system's tz database through zoneinfo, as Tally reads it through the C library; a wall time is
resolved as zoneinfo does with fold=0 (in a gap, the offset before it; in an overlap, the
earlier). python-dateutil is installed with pip when missing (Tally never needs it).

Rules where the two differ, and how the comparison treats them (docs/language.md, "Dates and
times"):
- Python prints UTC as +00:00, Tally as Z: the reference writes Z for the zone named UTC.
- A wall time in a gap stays as written in Python (02:30+01:00, a time that never shows on a
  clock); Tally shows the instant as the clock does (03:30+02:00). The reference normalises
  with fromtimestamp, so the same instant is compared in its shown form.
- A time written in a gap is, for Tally, the instant the clock shows (03:30), and calendar days
  move on from there (as JavaScript's Temporal does); Python keeps the written 02:30 and moves
  that. The reference starts days from the instant's shown time.
- Python's aware datetime + timedelta(hours=N) moves the wall clock; Tally's `+ N h` is elapsed
  time, so hours are compared as instants (timestamp + 3600 N), and only days as wall time.

Usage: dates.py --tally PATH [--count N] [--seed S]
"""

import argparse
import datetime as dt
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_packages import ensure_installed  # noqa: E402

ensure_installed("dateutil", "python-dateutil", "dates.py")
from dateutil.relativedelta import relativedelta  # noqa: E402
from zoneinfo import ZoneInfo  # noqa: E402

ZONES = [
    "Europe/Paris", "Europe/London", "America/New_York", "America/Los_Angeles", "America/Sao_Paulo",
    "America/St_Johns", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Auckland", "Pacific/Chatham",
    "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tehran", "Africa/Cairo", "Europe/Moscow", "Asia/Seoul",
]
TODAY = dt.date(2026, 11, 29)
UTC = dt.timezone.utc


def iso_date(d):
    return "%04d-%02d-%02d" % (d.year, d.month, d.day)


def iso_datetime(value, zone_name):
    """Tally's form: offset with seconds only when it has them, Z for the zone named UTC."""
    offset = value.utcoffset()
    wall = "%sT%02d:%02d:%02d" % (iso_date(value.date()), value.hour, value.minute, value.second)
    if zone_name == "UTC" and offset == dt.timedelta(0):
        return wall + "Z"
    seconds = int(offset.total_seconds())
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    text = "%s%02d:%02d" % (sign, seconds // 3600, seconds // 60 % 60)
    if seconds % 60:
        text += ":%02d" % (seconds % 60)
    return wall + text


def shown(instant, zone_name):
    """The instant as a clock in the zone shows it, and the zone's name after it (not for UTC,
    written Z)."""
    zone = UTC if zone_name == "UTC" else ZoneInfo(zone_name)
    text = iso_datetime(dt.datetime.fromtimestamp(instant, zone), zone_name)
    return text if zone_name == "UTC" else text + " " + zone_name


def random_date(rng, wide=False):
    if wide and rng.random() < 0.2:
        ordinal = rng.randint(dt.date(1, 1, 1).toordinal(), dt.date(9999, 12, 31).toordinal())
    else:
        ordinal = rng.randint(dt.date(1900, 1, 1).toordinal(), dt.date(2200, 12, 31).toordinal())
    # Month ends and leap days often: they are where the rules differ between calendars.
    d = dt.date.fromordinal(ordinal)
    if rng.random() < 0.3:
        day = rng.choice([28, 29, 30, 31])
        for candidate in range(day, 27, -1):
            try:
                return d.replace(day=candidate)
            except ValueError:
                continue
    return d


def age_text(delta):
    def part(count, name):
        return "%d %s%s" % (count, name, "" if count == 1 else "s")

    return " ".join([part(delta.years, "year"), part(delta.months, "month"), part(delta.days, "day")])


CHANGES = {}


def offset_changes(zone, year):
    """The days of `year` (as UTC noons) on whose eve `zone` changed its offset."""
    key = (str(zone), year)
    if key not in CHANGES:
        changes = []
        previous = None
        start = dt.datetime(year, 1, 1, 12, tzinfo=UTC)
        for day in range(0, 366):
            instant = start + dt.timedelta(days=day)
            offset = instant.astimezone(zone).utcoffset()
            if previous is not None and offset != previous:
                changes.append(instant)
            previous = offset
        CHANGES[key] = changes
    return CHANGES[key]


def wall_near_change(rng, zone):
    """A wall time within a few hours of a daylight-saving change of `zone`, or anywhere."""
    year = rng.randint(1970, 2100)
    if rng.random() < 0.6:
        changes = offset_changes(zone, year)
        if changes:
            change = rng.choice(changes)
            # Find the hour of the change within the day before.
            moment = change - dt.timedelta(days=1)
            while moment.astimezone(zone).utcoffset() == (change - dt.timedelta(days=1)).astimezone(zone).utcoffset():
                moment += dt.timedelta(minutes=15)
            local = (moment.astimezone(zone)).replace(tzinfo=None)
            return local + dt.timedelta(minutes=rng.randint(-180, 180))
    ordinal = rng.randint(dt.date(year, 1, 1).toordinal(), dt.date(year, 12, 31).toordinal())
    return dt.datetime.combine(dt.date.fromordinal(ordinal), dt.time(rng.randint(0, 23), rng.randint(0, 59)))


CALENDAR_KINDS = ["difference", "days", "weeks", "months", "years", "weekday", "week", "dayofyear", "age", "unix"]
ZONE_KINDS = ["to unix", "zones", "zoned days", "zoned hours"]


def cases(count, rng, kinds=CALENDAR_KINDS + ZONE_KINDS):
    """(category, tally line, expected output) for `count` cases of the given kinds, in turn."""
    result = []
    index = -1
    while len(result) < count:
        index += 1
        kind = kinds[index % len(kinds)]
        if kind == "difference":
            a, b = random_date(rng, True), random_date(rng, True)
            result.append((kind, "%s - %s" % (iso_date(a), iso_date(b)), "%d %s" % ((a - b).days, "day" if abs((a - b).days) == 1 else "days")))
        elif kind in ("days", "weeks"):
            a = random_date(rng, True)
            n = rng.randint(-40000, 40000) if kind == "days" else rng.randint(-5000, 5000)
            delta = dt.timedelta(days=n) if kind == "days" else dt.timedelta(weeks=n)
            try:
                expected = iso_date(a + delta)
            except OverflowError:
                continue
            result.append((kind, "%s %s %d %s" % (iso_date(a), "+-"[n < 0], abs(n), kind), expected))
        elif kind in ("months", "years"):
            a = random_date(rng, True)
            n = rng.randint(-1200, 1200) if kind == "months" else rng.randint(-100, 100)
            try:
                expected = iso_date(a + relativedelta(**{kind: n}))
            except (ValueError, OverflowError):
                continue
            if not 1 <= int(expected[:4]) <= 9999:
                continue
            result.append((kind, "%s %s %d %s" % (iso_date(a), "+-"[n < 0], abs(n), kind), expected))
        elif kind == "weekday":
            a = random_date(rng, True)
            result.append((kind, "weekday(%s)" % iso_date(a), str(a.isoweekday())))
        elif kind == "week":
            a = random_date(rng, True)
            if a.year == 1 and a.isocalendar()[0] == 0:
                continue
            result.append((kind, "week(%s)" % iso_date(a), str(a.isocalendar()[1])))
        elif kind == "dayofyear":
            a = random_date(rng, True)
            result.append((kind, "dayofyear(%s)" % iso_date(a), str(a.timetuple().tm_yday)))
        elif kind == "age":
            a, b = sorted([random_date(rng), random_date(rng)])
            if rng.random() < 0.5:
                b = min(a + dt.timedelta(days=rng.randint(0, 800)), dt.date(9999, 12, 31))
            result.append((kind, "age(%s, %s)" % (iso_date(a), iso_date(b)), age_text(relativedelta(b, a))))
        elif kind == "unix":
            t = rng.randint(-62135596800 + 86400, 253402300799 - 86400)
            result.append((kind, "unix(%d)" % t, iso_datetime(dt.datetime.fromtimestamp(t, UTC), "UTC")))
        elif kind == "to unix":
            zone_name = rng.choice(ZONES + ["UTC"])
            zone = UTC if zone_name == "UTC" else ZoneInfo(zone_name)
            wall = wall_near_change(rng, zone)
            aware = wall.replace(tzinfo=zone, fold=0)
            result.append((kind, "%s %s to unix" % (wall.isoformat(), zone_name), str(int(aware.timestamp()))))
        elif kind == "zones":
            source, target = rng.choice(ZONES), rng.choice(ZONES + ["UTC"])
            wall = wall_near_change(rng, ZoneInfo(source))
            aware = wall.replace(tzinfo=ZoneInfo(source), fold=0)
            line = "%s %s to %s" % (wall.isoformat(), source, target)
            result.append((kind, line, shown(aware.timestamp(), target)))
        elif kind == "zoned days":
            zone_name = rng.choice(ZONES)
            zone = ZoneInfo(zone_name)
            wall = wall_near_change(rng, zone)
            n = rng.randint(-3, 3)
            # Python's aware arithmetic moves the wall clock: calendar days. Tally's value is
            # the instant, whose wall time is what the clock shows: a time written in a gap
            # (02:30) moves on from 03:30, as Temporal does, so the reference starts there too.
            start = dt.datetime.fromtimestamp(wall.replace(tzinfo=zone, fold=0).timestamp(), zone)
            moved = start + dt.timedelta(days=n)
            line = "%s %s %s %d days" % (wall.isoformat(), zone_name, "+-"[n < 0], abs(n))
            result.append((kind, line, shown(moved.timestamp(), zone_name)))
        elif kind == "zoned hours":
            zone_name = rng.choice(ZONES)
            zone = ZoneInfo(zone_name)
            wall = wall_near_change(rng, zone)
            n = rng.randint(-30, 30)
            instant = wall.replace(tzinfo=zone, fold=0).timestamp() + 3600 * n
            line = "%s %s %s %d h" % (wall.isoformat(), zone_name, "+-"[n < 0], abs(n))
            result.append((kind, line, shown(instant, zone_name)))
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", required=True)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    chosen = cases(arguments.count, rng)
    lines = "".join(line + "\n" for _, line, _ in chosen)
    environment = dict(os.environ, TZ="UTC", TALLY_TODAY=iso_date(TODAY), TALLY_NOW="2026-11-29T09:30:00Z")
    run = subprocess.run([arguments.tally], input=lines, capture_output=True, text=True, env=environment)
    outputs = run.stdout.split("\n")
    errors = [line for line in run.stderr.split("\n") if ": error: " in line]
    mismatches = 0
    by_kind = {}
    if len(outputs) - 1 != len(chosen) or errors:
        print("tally printed %d lines for %d cases; %d errors" % (len(outputs) - 1, len(chosen), len(errors)))
        for line in errors[:10]:
            print("  " + line)
        mismatches += max(1, len(errors))
    for (kind, line, expected), got in zip(chosen, outputs):
        by_kind[kind] = by_kind.get(kind, 0) + 1
        if got != expected:
            mismatches += 1
            if mismatches <= 20:
                print("mismatch (%s): %s\n  tally:  %s\n  python: %s" % (kind, line, got, expected))
    print(", ".join("%d %s" % (by_kind[kind], kind) for kind in sorted(by_kind)))
    print("%d date cases compared, %d mismatches" % (len(chosen), mismatches))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
