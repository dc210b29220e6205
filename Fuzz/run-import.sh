#!/bin/sh
# Fuzzes `habit import` for SECONDS (default 600) in MODE at the lowest CPU priority, on one core.
# MODE is file (Tally CSV/JSON, HabitBull, Loop CSV zip, SQLite databases, told apart by content),
# wal (a database with its write-ahead log) or folder (Loop's CSV export folder); see
# ImportFuzzEntry.swift. Seeds are made from Tests/HabitFiles into build/seeds-import/MODE; the
# corpus grows in corpus/import-MODE and findings land in artifacts/ (neither committed).
# Usage: Fuzz/run-import.sh MODE [SECONDS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mode=${1:-file}
seconds=${2:-600}
[ -x "$here/build/tally-import-fuzz" ] || "$here/build.sh"
seeds="$here/build/seeds-import/$mode"
mkdir -p "$seeds" "$here/corpus/import-$mode" "$here/artifacts"
python3 - "$root" "$seeds" "$mode" <<'PYTHON'
import os, shutil, struct, subprocess, sys, tempfile
root, seeds, mode = sys.argv[1:]
files = os.path.join(root, "Tests", "HabitFiles")
loop = os.path.join(files, "Loop")
maker = os.path.join(files, "hostile_imports.py")
work = tempfile.mkdtemp()
def made(*arguments):
    return subprocess.run([sys.executable, maker, arguments[0], work] + list(arguments[1:]),
                          capture_output=True, text=True, check=True).stdout.strip()
if mode == "file":
    for name in os.listdir(loop):
        if name.endswith((".db", ".csv", ".zip")):
            shutil.copy(os.path.join(loop, name), os.path.join(seeds, name))
    for kind in ("cells", "view", "virtual"):
        shutil.copy(made(kind), os.path.join(seeds, kind + ".db"))
    shutil.copy(made("bomb", "0"), os.path.join(seeds, "bomb.zip"))
    with open(os.path.join(seeds, "tally.csv"), "w") as out:
        out.write("name,start_day,archive_day,target,day,state,note\n'=Read,2026-11-01,,daily,,description,'@x\n"
                  "'=Read,2026-11-01,,daily,,position,2\n'=Read,2026-11-01,,daily,2026-11-02,done,\"a, note\"\n"
                  "Water,2026-11-01,,8 glasses per day,2026-11-03,2.5,\nWalk,2026-11-01,2026-11-20,3/week,"
                  "2026-11-05/2026-11-09,paused,\n")
    with open(os.path.join(seeds, "tally.json"), "w") as out:
        out.write('{"habits": [{"name": "Read", "start": "2026-11-01", "archived": null, "target": "3/week",'
                  ' "done": ["2026-11-02"], "skipped": ["2026-11-03"], "paused": [["2026-11-05", "2026-11-06"]],'
                  ' "notes": {"2026-11-02": "x"}, "position": 1}, {"name": "Water", "start": "2026-11-01",'
                  ' "archived": "2026-11-20", "target": "8 glasses per day", "done": [], "amounts": {"2026-11-02": 2.5}}]}\n')
elif mode == "wal":
    for kind in ("wal", "journal"):
        path = made(kind)
        with open(path, "rb") as database:
            main = database.read()
        companion = path + ("-wal" if kind == "wal" else "-journal")
        with open(companion, "rb") as log:
            rest = log.read()
        with open(os.path.join(seeds, kind), "wb") as out:
            out.write(struct.pack("<I", len(main)) + main + rest)
elif mode == "folder":
    for export in ("measurable_csv", "csv_export"):
        base = os.path.join(loop, export)
        with open(os.path.join(seeds, export), "wb") as out:
            for folder, _, names in sorted(os.walk(base)):
                for name in sorted(names):
                    relative = os.path.relpath(os.path.join(folder, name), base)
                    out.write(b"--FILE " + relative.encode() + b"\n")
                    with open(os.path.join(folder, name), "rb") as source:
                        out.write(source.read())
shutil.rmtree(work)
PYTHON
cd "$here/build"
TALLY_FUZZ_IMPORT="$mode" exec nice -n 19 "$here/build/tally-import-fuzz" \
    -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-60}" -rss_limit_mb=2048 -max_len=1100000 \
    -artifact_prefix="$here/artifacts/import-$mode-" -print_final_stats=1 \
    "$here/corpus/import-$mode" "$seeds"
