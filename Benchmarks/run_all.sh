#!/bin/sh
# Runs every benchmark in turn and prints the figures RESULTS.md is made of.
set -eu
cd "$(dirname "$0")"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC')"
python3 -c 'from common import machine_description; print("#", machine_description())'
echo "## Throughput"; python3 throughput.py "$@"
echo "## Big numbers"; python3 bignum.py
echo "## Number theory"; python3 numbertheory.py
echo "## Real numbers"; python3 reals.py
echo "## Start-up"; python3 startup.py
echo "## Recursion"; python3 recursion.py
echo "## Habits"; python3 habits.py
