#!/bin/sh
# Builds Fuzz/build/tally-fuzz: Tally's library modules (TallyDiagnostics, TallyCore, TallyHealth, TallyHabits,
# TallyShell), each compiled with swiftc under libFuzzer's coverage and AddressSanitizer, and
# FuzzEntry.swift, which drives a whole batch session over them. Links GMP, MPFR, MPFI, SQLite
# and readline. Usage: Fuzz/build.sh (from anywhere).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out="$here/build"
mkdir -p "$out"
flags="-O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -I $out
    -I $root/Sources/CGMP -I $root/Sources/CMPFI -I $root/Sources/CSQLite -I $root/Sources/CReadline"

# One static library and module per target, in dependency order.
for module in TallyDiagnostics TallyCore TallyHealth TallyHabits TallyShell; do
    # shellcheck disable=SC2046,SC2086
    swiftc $flags -module-name "$module" -emit-library -static -emit-module \
        -emit-module-path "$out/$module.swiftmodule" -o "$out/lib$module.a" \
        $(find "$root/Sources/$module" -name '*.swift' | sort)
done
# shellcheck disable=SC2086
swiftc $flags -use-ld=lld -module-name TallyFuzz "$here/FuzzEntry.swift" \
    -L "$out" -lTallyShell -lTallyHabits -lTallyHealth -lTallyCore -lTallyDiagnostics \
    -lsqlite3 -lreadline -ltinfo -lmpfi -lmpfr -lgmp -o "$out/tally-fuzz"
echo "built $out/tally-fuzz"
