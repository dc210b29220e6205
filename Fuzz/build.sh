#!/bin/sh
# Builds Fuzz/build/tally-fuzz and Fuzz/build/tally-import-fuzz: Tally's library modules
# (TallyDiagnostics, TallyCalendar, TallyCore, TallyHealth, TallyHabits, TallyShell), each
# compiled with swiftc under libFuzzer's coverage and AddressSanitizer; FuzzEntry.swift, which
# drives a whole batch session over them, and ImportFuzzEntry.swift, which imports each input as
# a file. Links GMP, MPFR, MPFI, SQLite, zlib and readline. Usage: Fuzz/build.sh (from anywhere).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out="$here/build"
mkdir -p "$out"
flags="-O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -I $out
    -I $root/Sources/CGMP -I $root/Sources/CMPFI -I $root/Sources/CSQLite -I $root/Sources/CReadline
    -I $root/Sources/CZlib"

# One static library and module per target, in dependency order.
for module in TallyDiagnostics TallyCalendar TallyCore TallyHealth TallyHabits TallyShell; do
    # shellcheck disable=SC2046,SC2086
    swiftc $flags -module-name "$module" -emit-library -static -emit-module \
        -emit-module-path "$out/$module.swiftmodule" -o "$out/lib$module.a" \
        $(find "$root/Sources/$module" -name '*.swift' | sort)
done
for entry in FuzzEntry:tally-fuzz ImportFuzzEntry:tally-import-fuzz; do
    # shellcheck disable=SC2086
    swiftc $flags -use-ld=lld -module-name "Tally${entry%%:*}" "$here/${entry%%:*}.swift" \
        -L "$out" -lTallyShell -lTallyHabits -lTallyHealth -lTallyCore -lTallyCalendar -lTallyDiagnostics \
        -lsqlite3 -lz -lreadline -ltinfo -lmpfi -lmpfr -lgmp -o "$out/${entry#*:}"
    echo "built $out/${entry#*:}"
done
