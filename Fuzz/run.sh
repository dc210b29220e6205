#!/bin/sh
# Runs the fuzzer for SECONDS (default 600) at the lowest CPU priority, on one core.
# The working corpus grows in Fuzz/corpus (not committed); crashes, timeouts and out-of-memory
# inputs land in Fuzz/artifacts. Seeds: Fuzz/seeds and every Grammar example file.
# Usage: Fuzz/run.sh [SECONDS] [extra seed directories...]
# FUZZ_TIMEOUT (seconds, default 30) is how long one input may take before it counts as a hang:
# raise it on a loaded machine, where an input at nice 19 can be starved of the processor.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
seconds=${1:-600}
[ $# -gt 0 ] && shift
[ -x "$here/build/tally-fuzz" ] || "$here/build.sh"
mkdir -p "$here/corpus" "$here/artifacts"
grammar=""
for directory in "$root/Grammar" "$root/Grammar/examples"; do
    [ -d "$directory" ] && grammar="$grammar $directory"
done
# In build/: a fuzzed `habit export csv FILE` writes FILE where the fuzzer runs.
cd "$here/build"
exec nice -n 19 "$here/build/tally-fuzz" \
    -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=1024 -max_len=1100000 -len_control=0 \
    -dict="$here/tally.dict" -artifact_prefix="$here/artifacts/" -print_final_stats=1 \
    "$here/corpus" "$here/seeds" $grammar "$@"
