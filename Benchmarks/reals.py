#!/usr/bin/env python3
"""Real numbers: Tally versus MPFR called directly from C (the limit), bc -l, calc and qalc.

Seven values, pi, e, ln(2), sin(1), atan(1), exp(sqrt(2)) and sqrt(2), each at 1,000, 10,000 and
100,000 significant digits (`tally --digits N -e EXPR`). `mpfr_reference.c` computes the value
with MPFR and rounds it correctly to N digits; Tally must print exactly the same text. The peers
are asked for the same N significant digits: bc -l with `scale`, calc with `config("display")`
and `config("epsilon")`, qalc with `precision N`. bc truncates at its scale and calc's functions
are only good to their epsilon, so bc and calc are compared on all but their last two digits
(they must agree with the correctly rounded value to within 100 units of the N-th significant
digit); qalc rounds and is compared digit for digit (trailing zeros aside). All outputs are
compared before anything is timed; a disagreement stops the script.

The programs then run in rotation, REPEATS rounds; each ratio is Tally's time over the other
program's in the same round (median, min–max). Slow peers are capped: a run longer than CAP
seconds is killed and reported as "> CAP", and that peer is not run for the same value at larger
sizes; bc is not run above 10,000 digits at all (--limits) and is reported as "> CAP" there. A
peer whose checking run took more than LONG seconds is not run again: that one run is its time
(marked "1 run") and its ratio is against Tally's median.

Until Tally knows a value, its cells read "error" (with the message on standard error) and the
rest of the row is still measured.

    python3 Benchmarks/reals.py [--repeats 5] [--digits 1000,10000,100000]
        [--values pi,e,...] [--peers bc,calc,qalc] [--cap 120] [--long 20] [--limits bc=10000]
        [--instructions]

With --instructions, Tally and the C program are also counted in instructions (valgrind's
callgrind, child processes included: Tally computes long values in a forked child), which do not
depend on the load of a shared machine as times do; the table gains their ratio.

Needs: gcc, libmpfr-dev and libgmp-dev (for the C program), bc, calc, qalc
(apt-get install -y bc apcalc qalc) and a release build of tally (built if missing; $TALLY
overrides the path). Writes its inputs and outputs to Benchmarks/out/ (qalc's settings too, in
Benchmarks/out/qalc-config, so the user's are neither read nor changed).
"""

import argparse
import decimal
import os
import re
import statistics
import subprocess
import sys

from common import BENCH_DIR, measure, ratio_summary, require, seconds_text, tally_binary, timed_rounds, work_path

# name (as typed into Tally and given to the C program), bc -l, calc, qalc
VALUES = [
    ("pi", "a(1)*4", "pi()", "pi"),
    ("e", "e(1)", "exp(1)", "e"),
    ("ln(2)", "l(2)", "ln(2)", "ln(2)"),
    ("sin(1)", "s(1)", "sin(1)", "sin(1)"),
    ("atan(1)", "a(1)", "atan(1)", "atan(1)"),
    ("exp(sqrt(2))", "e(sqrt(2))", "exp(sqrt(2))", "exp(sqrt(2))"),
    ("sqrt(2)", "sqrt(2)", "sqrt(2)", "sqrt(2)"),
]

PEERS = ["bc", "calc", "qalc"]
# How far each peer may be from the correctly rounded value, in units of the N-th significant
# digit: bc truncates (and a(1)*4 multiplies a truncated a(1) by 4), calc is good to epsilon.
TOLERANCE = {"bc": 100, "calc": 100, "qalc": 0}

NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def build_c_program():
    source = os.path.join(BENCH_DIR, "mpfr_reference.c")
    binary = work_path("mpfr_reference")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        require("gcc", "gcc libmpfr-dev libgmp-dev")
        subprocess.run(["gcc", "-O2", "-o", binary, source, "-lmpfr", "-lgmp"], check=True)
    return binary


def parse_number(text):
    """The number a program printed, as an exact Decimal, or None. Line continuations (bc),
    white space, a leading '~' (calc) or '≈' (qalc) are ignored."""
    text = text.replace("\\\n", "").strip().lstrip("~≈").strip()
    if not NUMBER.fullmatch(text):
        return None
    return decimal.Decimal(text)


def significant_digits(text):
    """How many significant digits a program printed (leading zeros aside)."""
    mantissa = re.split(r"[eE]", text.strip())[0]
    return len("".join(c for c in mantissa if c.isdigit()).lstrip("0"))


def agreement(name, text, reference_text, digits):
    """(what is wrong or None, how far off the output is in units of the N-th digit)."""
    if name == "tally":
        if text.strip() == reference_text.strip():
            return None, 0
        a, b = text.strip(), reference_text.strip()
        at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        return f"differs from the C program at character {at + 1} of {len(b)}", None
    value = parse_number(text)
    if value is None:
        return "printed something that is not a number: " + repr(text.strip()[:80]), None
    reference = decimal.Decimal(reference_text.strip())
    # units of the N-th significant digit of the reference
    unit = decimal.Decimal(1).scaleb(reference.adjusted() - digits + 1)
    with decimal.localcontext() as exact:
        exact.prec = digits + 50
        exact.Emax = decimal.MAX_EMAX
        exact.Emin = decimal.MIN_EMIN
        off = abs(value - reference) / unit
    if off <= TOLERANCE[name]:
        return None, off
    return f"is {off:.3g} units of the {digits}th digit away from the correctly rounded value", off


def commands(value, digits, reference_text, tally, c_program, peers):
    """program name -> argv, for one value at `digits` significant digits."""
    name, bc_expr, calc_expr, qalc_expr = value
    # digits after the point that give `digits` significant ones
    scale = max(0, digits - 1 - decimal.Decimal(reference_text.strip()).adjusted())
    slug = re.sub(r"\W+", "", name) + f"-{digits}"
    programs = {
        "tally": [tally, "--digits", str(digits), "-e", name],
        "mpfr (C)": [c_program, name, str(digits)],
    }
    if "bc" in peers:
        bc_input = work_path(f"reals-{slug}.bc")
        with open(bc_input, "w") as out:
            out.write(f"scale={scale}; {bc_expr}\n")
        programs["bc"] = ["bc", "-lq", bc_input]
    if "calc" in peers:
        programs["calc"] = [
            "calc", "-q", "-p",
            f'config("display", {scale}),; config("epsilon", 1e-{scale}),; {calc_expr}',
        ]
    if "qalc" in peers:
        programs["qalc"] = [
            "qalc", "-defaults", "-t", "-s", f"precision {digits}",
            "-s", "approximation approximate", qalc_expr,
        ]
    return programs


def instructions(argv, env):
    """The instructions `argv` executes, its forked children included (callgrind)."""
    require("valgrind", "valgrind")
    prefix = work_path("reals-callgrind")
    for name in os.listdir(os.path.dirname(prefix)):
        if name.startswith("reals-callgrind."):
            os.remove(os.path.join(os.path.dirname(prefix), name))
    subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", f"--callgrind-out-file={prefix}.%p"] + argv,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    total = 0
    for name in os.listdir(os.path.dirname(prefix)):
        if name.startswith("reals-callgrind."):
            with open(os.path.join(os.path.dirname(prefix), name)) as out:
                for line in out:
                    if line.startswith(("summary:", "totals:")):
                        total += int(line.split()[1])
                        break
    return total


def tally_error(argv, env):
    """Tally's first line of diagnostics for a failed run."""
    run = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    lines = [line.strip() for line in run.stderr.splitlines() if line.strip()]
    return lines[0] if lines else f"exit status {run.returncode}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--digits", default="1000,10000,100000",
                        help="comma-separated sizes in significant digits")
    parser.add_argument("--values", default=",".join(v[0] for v in VALUES),
                        help="a comma-separated subset of " + ", ".join(v[0] for v in VALUES))
    parser.add_argument("--peers", default=",".join(PEERS), help="a comma-separated subset of bc,calc,qalc ('' for none)")
    parser.add_argument("--cap", type=float, default=120, help="seconds after which a peer's run is killed")
    parser.add_argument("--long", type=float, default=20,
                        help="a peer whose checking run took longer is timed by that run alone")
    parser.add_argument("--limits", default="bc=10000",
                        help="peer=DIGITS,...: sizes above which a peer is not run (reported as > cap)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count Tally's and the C program's instructions (callgrind)")
    options = parser.parse_args()
    sizes = [int(d.replace("_", "")) for d in options.digits.split(",") if d]
    peers = [p for p in options.peers.split(",") if p]
    names = options.values.split(",")
    values = [v for v in VALUES if v[0] in names]
    unknown = set(peers) - set(PEERS) | set(names) - {v[0] for v in VALUES}
    if unknown:
        sys.exit("unknown: " + ", ".join(sorted(unknown)))
    limits = {}
    for item in options.limits.split(","):
        if item:
            peer, size = item.split("=")
            limits[peer] = int(size)
    for peer in peers:
        require(peer, {"bc": "bc", "calc": "apcalc", "qalc": "qalc"}[peer])
    tally = tally_binary()
    c_program = build_c_program()
    qalc_config = work_path("qalc-config")
    os.makedirs(qalc_config, exist_ok=True)
    env = dict(os.environ, BC_LINE_LENGTH="0", XDG_CONFIG_HOME=qalc_config)
    cap_text = f"> {options.cap:g} s"

    capped = set()  # (peer, value) pairs that went over the cap at a smaller size
    rows = []
    for value in values:
        for digits in sorted(sizes):
            label = f"{value[0]}, {digits:,} digits"
            reference_path = work_path("reals-reference.out")
            _, status = measure([c_program, value[0], str(digits)], stdout_path=reference_path, timeout=options.cap)
            if status != 0:
                sys.exit(f"FAIL: {label}: the C program failed (status {status})")
            with open(reference_path) as text:
                reference = text.read()
            programs = commands(value, digits, reference, tally, c_program, peers)

            # Outputs first, compared.
            cells = {}  # program -> text for the table instead of a time
            single = {}  # program -> the one time that stands for it
            for name, argv in programs.items():
                if name == "mpfr (C)":
                    continue
                if name in PEERS and ((name, value[0]) in capped or digits > limits.get(name, digits)):
                    cells[name] = cap_text + " (not run)"
                    continue
                path = work_path("reals.out")
                seconds, status = measure(argv, stdout_path=path, env=env, timeout=options.cap)
                if status is None:
                    cells[name] = cap_text
                    capped.add((name, value[0]))
                    print(f"{label}: {name} killed after {options.cap:g} s", file=sys.stderr)
                    continue
                with open(path, errors="replace") as text:
                    output = text.read()
                if name == "tally" and (status != 0 or not output.strip()):
                    cells[name] = "error"
                    print(f"{label}: tally failed: {tally_error(argv, env)}", file=sys.stderr)
                    continue
                if status != 0:
                    sys.exit(f"FAIL: {label}: {name} exited with status {status}")
                problem, off = agreement(name, output, reference, digits)
                if problem:
                    sys.exit(f"FAIL: {label}: {name} {problem}")
                count = significant_digits(output)
                how = "digit for digit" if name == "tally" else f"off by {float(off):.2g} units of the last digit"
                print(f"{label}: {name} agrees, {how} ({count:,} significant digits printed)", file=sys.stderr)
                if name in PEERS and seconds > options.long:
                    single[name] = seconds
            timed = [n for n in programs if n not in cells and n not in single]

            times = timed_rounds(
                {name: (programs[name], None) for name in timed}, options.repeats, env=env, timeout=options.cap)
            medians = {name: statistics.median(t) for name, t in times.items()}
            ratios = {}
            if "tally" in times:
                for name in times:
                    if name != "tally":
                        ratios[name] = [t / p for t, p in zip(times["tally"], times[name])]
                for name, seconds in single.items():
                    ratios[name] = [medians["tally"] / seconds]
            for name, seconds in single.items():
                medians[name] = seconds
                cells[name] = seconds_text(seconds) + " (1 run)"
            if options.instructions and "tally" in times:
                counts = [instructions(programs[name], env) for name in ("tally", "mpfr (C)")]
                cells["instructions"] = f"{counts[0]:,} / {counts[1]:,} = {counts[0] / counts[1]:.2f}"
            rows.append((value[0], digits, medians, cells, ratios))

    def cell(name, medians, cells):
        if name in cells:
            return cells[name]
        if name in medians:
            return seconds_text(medians[name])
        return "—"

    counted = " instructions, tally / mpfr (C) |" if options.instructions else ""
    print(f"| value | digits | tally | mpfr (C) | tally / mpfr (target <= 1.2 at 10,000+) |{counted}"
          + "".join(" bc -l |" if p == "bc" else f" {p} |" for p in peers))
    print("| --- | --- | --- | --- | --- |" + (" --- |" if options.instructions else "") + " --- |" * len(peers))
    for name, digits, medians, cells, ratios in rows:
        mpfr_ratio = ratio_summary(ratios["mpfr (C)"]) if "mpfr (C)" in ratios else "—"
        row = [name, f"{digits:,}", cell("tally", medians, cells), cell("mpfr (C)", medians, cells), mpfr_ratio]
        if options.instructions:
            row.append(cells.get("instructions", "—"))
        row += [cell(p, medians, cells) for p in peers]
        print("| " + " | ".join(row) + " |")
    if peers:
        print("\nSame-round ratios, tally time / peer time (median, min–max); below 1 means tally is faster:\n")
        print("| value | digits | " + " | ".join("vs " + p for p in peers) + " |")
        print("| --- | --- |" + " --- |" * len(peers))
        for name, digits, medians, cells, ratios in rows:
            row = [name, f"{digits:,}"] + [ratio_summary(ratios[p]) if p in ratios else "—" for p in peers]
            print("| " + " | ".join(row) + " |")
    print(f"\nTimes are medians of {options.repeats} rounds. bc and calc agree with the correctly rounded "
          "value to within 100 units of the last digit asked for (bc truncates); qalc and tally digit "
          "for digit.")


if __name__ == "__main__":
    main()
