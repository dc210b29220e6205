#!/usr/bin/env python3
"""The slowest and largest lines of a corpus: does any line take more than about a second or
200 MB at the default settings?

Usage: line_costs.py --tally PATH FILE...   (files of lines, or directories of such files, as
the fuzz corpus is)

The lines are run through `tally` in chunks of --chunk lines, each chunk one process whose
wall time, processor time and peak RSS `/usr/bin/time` reports. A chunk whose processor time is
over --threshold seconds is split in halves and each half run again, down to single lines, so
the report names the lines that cost the most; a chunk's peak RSS bounds that of each of its
lines. Each file of a directory (a fuzz input: lines meant to run together, with their `set`
lines and definitions) is one chunk of its own and is not split. Standard library only.
"""

import argparse
import os
import subprocess
import tempfile


def run(tally, lines, environment):
    with tempfile.TemporaryFile() as source, tempfile.NamedTemporaryFile() as timing:
        source.write(b"\n".join(lines) + b"\n")
        source.seek(0)
        # In the data folder: a `habit export csv FILE` line writes FILE where it runs.
        subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", timing.name, tally], stdin=source,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment, timeout=600,
                       cwd=environment["TALLY_DATA_DIR"])
        wall, user, system, kilobytes = open(timing.name).read().split()[-4:]
    return float(wall), float(user) + float(system), int(kilobytes) / 1024


def costs(tally, lines, threshold, environment, splittable=True):
    """(processor seconds, wall seconds, megabytes, lines) for the pieces worth reporting."""
    wall, processor, megabytes = run(tally, lines, environment)
    if processor <= threshold or len(lines) == 1 or not splittable:
        return [(processor, wall, megabytes, lines)]
    middle = len(lines) // 2
    return costs(tally, lines[:middle], threshold, environment) + costs(tally, lines[middle:], threshold, environment)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tally", required=True)
    parser.add_argument("--chunk", type=int, default=500)
    parser.add_argument("--threshold", type=float, default=0.5, help="processor seconds worth splitting")
    parser.add_argument("--show", type=int, default=8)
    parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()
    data = tempfile.mkdtemp(prefix="tally-line-costs-")
    environment = dict(os.environ, TALLY_DATA_DIR=data, TALLY_TODAY="2026-11-30", NO_COLOR="1")
    arguments.tally = os.path.abspath(arguments.tally)
    arguments.paths = [os.path.abspath(path) for path in arguments.paths]
    pieces = []
    count = 0
    for path in arguments.paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                with open(os.path.join(path, name), "rb") as file:
                    lines = file.read().split(b"\n")
                count += len(lines)
                pieces += costs(arguments.tally, lines, arguments.threshold, environment, splittable=False)
            continue
        with open(path, "rb") as file:
            lines = file.read().rstrip(b"\n").split(b"\n")
        count += len(lines)
        for start in range(0, len(lines), arguments.chunk):
            pieces += costs(arguments.tally, lines[start:start + arguments.chunk], arguments.threshold, environment)
    pieces.sort(key=lambda piece: piece[0], reverse=True)
    print(f"{count} lines in {len(pieces)} runs; most processor time first:")
    for processor, wall, megabytes, lines in pieces[: arguments.show]:
        shown = lines[0].decode("utf-8", "replace")[:70] + (f" (+{len(lines) - 1} lines)" if len(lines) > 1 else "")
        print(f"  {processor:6.2f} s cpu  {wall:6.2f} s wall  {megabytes:7.1f} MB  {shown}")
    largest = max(pieces, key=lambda piece: piece[2])
    print(f"largest peak RSS: {largest[2]:.1f} MB ({largest[3][0].decode('utf-8', 'replace')[:70]})")


if __name__ == "__main__":
    main()
