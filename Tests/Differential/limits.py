#!/usr/bin/env python3
"""Times and peak memory of tally on pathological lines (the table in LIMITS.md).

Usage: limits.py --tally PATH   (a release build: swift build -c release)
Each line is fed on standard input to its own process; wall time and peak RSS (from
/usr/bin/time -f '%e %M') are reported with the exit status and the first line of the diagnostic.
Standard library only; ResourceLimitTests runs the same inputs in swift test.
"""

import argparse
import subprocess
import tempfile


def nested(opening, middle, closing=""):
    return opening * 100_000 + middle + closing * 100_000


CASES = [
    ("100,000 nested parentheses", nested("(", "1", ")")),
    ("100,000 unary minus signs", nested("-", "1")),
    ("a power tower 100,000 high (2^2^…)", nested("2^", "2")),
    ("100,000 nested calls abs(abs(…))", nested("abs(", "1", ")")),
    ("3 and 100,000 factorial marks", "3" + "!" * 100_000),
    ("100,000 levels of -(2^abs(", nested("-(2^abs(", "1", "))")),
    ("(((3!)!)!)!", "(((3!)!)!)!"),
    ("a literal of 1,040,000 digits", "7" * 1_040_000),
    ("a line of 10,000,000 digits", "7" * 10_000_000),
    ("10^-10^9", "10^-10^9"),
    ("2^2^2^30", "2^2^2^30"),
    ("9^9^9", "9^9^9"),
    ("1e1000000000", "1e1000000000"),
    ("0.1^1000000000", "0.1^1000000000"),
    ("100000000!", "100000000!"),
    ("1000000!", "1000000!"),
    ("(10^100)!", "(10^100)!"),
    ("(10^999999)!", "(10^999999)!"),
    ("round(1/3, 1000000)", "round(1/3, 1000000)"),
    ("set digits 100000000", "set digits 100000000"),
    ("set maxdigits 1000000000", "set maxdigits 1000000000"),
    ("1+1+… 500,000 terms (1 MB)", "1+" * 500_000 + "1"),
    ("1+1+… five million terms (10 MB)", "1+" * 5_000_000 + "1"),
    ("a 10 MB name", "a" * 10_000_000),
    ("root(2, 1048576) (a value)", "root(2, 1048576)"),
    ("2^3321928 (a value of 1,000,000 digits)", "2^3321928"),
    # The second hardening round.
    ("1^(10^400+0.5)", "1^(10^400+0.5)"),
    ("(1+1e-400)^1e400", "(1+1e-400)^1e400"),
    ("1^(sqrt(2)*10^400)", "1^(sqrt(2)*10^400)"),
    ("1^-(2^63)", "1^-(2^63)"),
    ("(-1)^(-2^63)", "(-1)^(-2^63)"),
    ("1 + 50,000 no-break spaces + 2", "1 +" + "\u00a0" * 50_000 + "2"),
    ("an unknown 40,000-letter name next to a similar variable",
     "a" * 40_000 + " = 1\n" + "a" * 40_000 + "b"),
    ("an unknown 100,000-letter name next to a similar variable",
     "a" * 100_000 + " = 1\n" + "a" * 100_000 + "b"),
    ("1,000 terms of 10^999990", "+".join(["10^999990"] * 1000)),
    ("100 gcds of million-digit numbers", "+".join(["gcd(3^2000000, 2^3000000+1)"] * 100)),
    ("a 50 MB line of NUL bytes", "\0" * 50_000_000),
    ("10^999999 % 7", "10^999999 % 7"),
    # The third hardening round.
    ("sinh(10^14) >> 1", "sinh(10^14) >> 1"),
    ("sinh(10^10) >> 1", "sinh(10^10) >> 1"),
    ("mode(sqrt(2), sqrt(2), pi, pi, pi)", "mode(sqrt(2), sqrt(2), pi, pi, pi)"),
    ("mode of 99,990 arguments", "mode(" + ", ".join(str(i * 7919 % 5000) for i in range(99_990)) + ")"),
    ("sin(10^40000)", "sin(10^40000)"),
    ("cos(10^100000)", "cos(10^100000)"),
    ("sin(exp(10^6))", "sin(exp(10^6))"),
    ("powmod(3, 10^10000, 10^10000+7)", "powmod(3, 10^10000, 10^10000+7)"),
    ("nextprime(10^3000)", "nextprime(10^3000)"),
    ("isprime(10^3000+1)", "isprime(10^3000+1)"),
    ("w(25), w doubling its calls", "w(n) = if(n <= 0, 0, w(n-1) + w(n-1))\nw(25)"),
    ("floor(sin(1)*10^999998)", "floor(sin(1)*10^999998)"),
    ("floor(exp(exp(14.3)))", "floor(exp(exp(14.3)))"),
    ("floor(sin(1)*10^999999)", "floor(sin(1)*10^999999)"),
    ("variance of 60,000 six-digit values",
     "variance(" + ", ".join(str(100_000 + i * 7919 % 900_000) for i in range(60_000)) + ")"),
    ("1 // (≈0 + 10^-900)", "1 // (sin(1)^2 + cos(1)^2 - 1 + 10^-900)"),
    ("59.99999999999999999999999 s to min s", "59.99999999999999999999999 s to min s"),
]


def measure(tally, line):
    # /usr/bin/time reports the peak RSS of tally alone: a child forked from this Python process
    # would start with its memory counted (the 10 MB lines built here).
    with tempfile.TemporaryFile() as source, tempfile.NamedTemporaryFile() as timing, \
            tempfile.TemporaryFile() as errors:
        source.write(line.encode() + b"\n")
        source.seek(0)
        process = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", timing.name, tally],
                                 stdin=source, stdout=subprocess.DEVNULL, stderr=errors)
        seconds, kilobytes = open(timing.name).read().split()[-2:]
        errors.seek(0)
        first = errors.readline().decode("utf-8", "replace").strip()
    message = first.split(" error: ", 1)[-1] if first else "(none)"
    if len(message) > 70:
        message = message[:70] + "…"
    return process.returncode, float(seconds), int(kilobytes) / 1024, message


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tally", required=True)
    arguments = parser.parse_args()
    print("| input | status | time | peak RSS | diagnostic |")
    print("| --- | ---: | ---: | ---: | --- |")
    for what, line in CASES:
        status, seconds, megabytes, message = measure(arguments.tally, line)
        print(f"| {what} | {status} | {seconds:.2f} s | {megabytes:.1f} MB | {message} |")


if __name__ == "__main__":
    main()
