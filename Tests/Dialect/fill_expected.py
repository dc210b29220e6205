#!/usr/bin/env python3
"""Fill the "?" outputs of Tests/Dialect/corpus.txt from the respelled forms.

Each "?" in a case's STDOUT field is replaced by what the built tally prints for the case's
RESPELLED lines (run in order, as one file, so assignments carry). Outputs already written are
left alone and only checked: a respelled form that prints something else, fails or warns is
reported, and nothing is written unless every respelled line succeeds.

    fill_expected.py --tally .build/debug/tally [--check]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

SEPARATOR = " ‖ "
LINE_BREAK = " ⏎ "


def cases(lines):
    """(index in lines, fields) of every case line."""
    for index, line in enumerate(lines):
        if not line.strip() or line.startswith("#"):
            continue
        yield index, [field.strip() for field in line.split(SEPARATOR.strip())]


def is_value_case(fields):
    return len(fields) >= 3 and not fields[1].startswith(("error:", "new error:"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", required=True)
    parser.add_argument("--check", action="store_true", help="report only, write nothing")
    arguments = parser.parse_args()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus.txt")
    lines = open(path, encoding="utf-8").read().split("\n")

    program, owners = [], []
    for index, fields in cases(lines):
        if not is_value_case(fields):
            continue
        for part in fields[1].split(LINE_BREAK):
            program.append(part)
            owners.append(index)
    with tempfile.NamedTemporaryFile("w", suffix=".tally", delete=False, encoding="utf-8") as handle:
        handle.write("\n".join(program) + "\n")
        name = handle.name
    try:
        run = subprocess.run([arguments.tally, "--json", name], capture_output=True, text=True)
    finally:
        os.unlink(name)
    shown = {}
    problems = []
    for text in run.stdout.splitlines():
        record = json.loads(text)
        owner = owners[record["line"] - 1]
        if "error" in record or record.get("warnings"):
            problems.append(f"{lines[owner]}\n    respelled line {record['input']!r}: {text}")
        if record.get("value") is not None:
            shown.setdefault(owner, []).append(record["value"])
    for index, fields in cases(lines):
        if not is_value_case(fields):
            continue
        got = LINE_BREAK.join(shown.get(index, []))
        today = next((field[len("today: "):] for field in fields[3:] if field.startswith("today: ")), None)
        wanted = today if today is not None else fields[2]
        if wanted == "?":
            fields[2] = got
            lines[index] = SEPARATOR.join(fields).rstrip()
        elif wanted != got:
            problems.append(f"{lines[index]}\n    respelled prints {got!r}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    if not arguments.check:
        open(path, "w", encoding="utf-8").write("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
