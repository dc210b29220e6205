#!/bin/sh
# Builds Fuzz/tally-fuzz: the TallyCore sources plus FuzzEntry.swift, compiled with swiftc under
# libFuzzer and AddressSanitizer, linked against GMP, MPFR and MPFI. Usage: Fuzz/build.sh (from anywhere).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mkdir -p "$here/build"
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -use-ld=lld \
    -module-name TallyFuzz -I "$root/Sources/CGMP" -I "$root/Sources/CMPFI" -lmpfi -lmpfr -lgmp \
    "$here/FuzzEntry.swift" $(find "$root/Sources/TallyCore" -name '*.swift' | sort) \
    -o "$here/build/tally-fuzz"
echo "built $here/build/tally-fuzz"
