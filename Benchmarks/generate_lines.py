#!/usr/bin/env python3
"""Deterministic generator of everyday calculator lines.

Each line has 2–12 tokens: integers and decimals of up to 8 digits, the operators + - * / % ^,
parentheses and unary minus. Powers have a literal exponent 0–3 (so `bc` can do them), and no
line divides by zero — nor by a value so small that `bc` at scale=20 would see zero. The same N
and seed always give the same file, on any Python 3.

    python3 generate_lines.py N [SEED] > lines.txt
"""

import sys
from fractions import Fraction

from reference import ReferenceError, evaluate

# A small self-contained generator (xorshift64*), so the file never depends on the Python
# version's `random` module.
class Generator:
    def __init__(self, seed):
        self.state = (seed * 0x9E3779B97F4A7C15 + 1) & (2**64 - 1) or 1

    def next(self):
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & (2**64 - 1)
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & (2**64 - 1)

    def below(self, n):
        return self.next() % n

    def chance(self, percent):
        return self.below(100) < percent

    def pick(self, items):
        return items[self.below(len(items))]


DIGIT_COUNTS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8]
OPERATORS = ["+", "+", "-", "-", "*", "*", "/", "/", "%"]
# No % inside parentheses: with scale=20, bc's % is a - (a/b)·b at 20 decimals, nearly zero for
# integers, and a group that bc sees as zero would make it fail on a divisor Tally accepts.
GROUP_OPERATORS = ["+", "+", "-", "-", "*", "*", "/", "/"]


def digits(rng, count, leading_zero_allowed=False):
    first = str(rng.below(10) if leading_zero_allowed or count == 1 else 1 + rng.below(9))
    return first + "".join(str(rng.below(10)) for _ in range(count - 1))


def number(rng):
    """(text, tokens): an integer or a decimal of up to 8 digits."""
    if rng.chance(60):
        return digits(rng, rng.pick(DIGIT_COUNTS)), 1
    fraction_count = 1 + rng.below(4)
    integer_count = rng.below(min(5, 8 - fraction_count) + 1)
    integer = digits(rng, integer_count) if integer_count else "0"
    return integer + "." + digits(rng, fraction_count, leading_zero_allowed=True), 1


def operand(rng, depth):
    """(text, tokens): a number, a negated or powered operand, or a parenthesised group."""
    roll = rng.below(100)
    if roll < 10:
        text, tokens = number(rng)
        return f"{text} ^ {rng.below(4)}", tokens + 2
    if roll < 20 and depth < 2:
        inner, tokens = expression(rng, depth + 1, 2 + rng.below(2))
        if rng.chance(25):
            return f"({inner}) ^ {1 + rng.below(2)}", tokens + 4
        return f"({inner})", tokens + 2
    if roll < 30:
        text, tokens = number(rng)
        return "-" + text, tokens + 1
    return number(rng)


def expression(rng, depth, operand_count):
    text, tokens = operand(rng, depth)
    for _ in range(operand_count - 1):
        right, right_tokens = operand(rng, depth)
        text = f"{text} {rng.pick(OPERATORS if depth == 0 else GROUP_OPERATORS)} {right}"
        tokens += 1 + right_tokens
    return text, tokens


SMALLEST_DIVISOR = Fraction(1, 10**12)


def line(rng):
    while True:
        text, tokens = expression(rng, 0, 1 + rng.below(5))
        if not 2 <= tokens <= 12:
            continue
        try:
            evaluate(text, SMALLEST_DIVISOR)
        except (ReferenceError, ZeroDivisionError):
            continue
        return text


def main():
    if not 2 <= len(sys.argv) <= 3:
        sys.exit("usage: generate_lines.py N [SEED]")
    count = int(sys.argv[1])
    rng = Generator(int(sys.argv[2]) if len(sys.argv) == 3 else 6)
    out = sys.stdout
    for _ in range(count):
        out.write(line(rng) + "\n")


if __name__ == "__main__":
    main()
