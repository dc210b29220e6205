#!/usr/bin/env python3
"""An independent exact reference for Tally's batch output on everyday lines.

Reads expression lines (numbers, + - * / % ^, parentheses, unary signs) and prints what Tally
must print for each, computed with Python's `fractions` and Tally's display rules
(docs/language.md, "How values are shown"): integers in full; a non-integer whose decimal expansion ends within DIGITS significant digits
exactly, without trailing zeros; anything else rounded to DIGITS significant digits, ties away
from zero; scientific notation when the first digit's decimal exponent is >= DIGITS or < -6.

It shares no code with Tally: its own tokenizer and precedence climbing; the display rules
come from Tests/Differential/differential.py, the other independent reference.

    python3 reference.py LINES_FILE > EXPECTED_FILE
"""

import math
import os
import re
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Differential"))
from differential import format_number  # noqa: E402  (the one Python copy of the display rules)

DIGITS = 20
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?|\.\d+)|(\*\*|//|[-+*/%^()]))")


class ReferenceError(Exception):
    """The line has no exact value (a zero divisor, a non-integer power)."""


def tokenize(line):
    tokens = []
    position = 0
    line = line.rstrip()
    while position < len(line):
        match = TOKEN.match(line, position)
        if not match:
            raise ReferenceError(f"cannot read {line[position:]!r}")
        number, operator = match.groups()
        tokens.append(("n", Fraction(number)) if number else ("o", "^" if operator == "**" else operator))
        position = match.end()
    return tokens


class Evaluation:
    """Precedence, loosest first: + -; * / %; unary - +; ^ (right-associative)."""

    def __init__(self, tokens, smallest_divisor):
        self.tokens = tokens
        self.index = 0
        self.smallest_divisor = smallest_divisor

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else ("end", None)

    def take(self):
        token = self.peek()
        self.index += 1
        return token

    def additive(self):
        value = self.multiplicative()
        while self.peek() in (("o", "+"), ("o", "-")):
            operator = self.take()[1]
            right = self.multiplicative()
            value = value + right if operator == "+" else value - right
        return value

    def multiplicative(self):
        value = self.unary()
        while self.peek() in (("o", "*"), ("o", "/"), ("o", "%")):
            operator = self.take()[1]
            right = self.unary()
            if operator == "*":
                value = value * right
                continue
            if right == 0 or abs(right) < self.smallest_divisor:
                raise ReferenceError("division by zero (or by a value too small for bc)")
            if operator == "/":
                value = value / right
            else:  # floored modulo: the result takes the divisor's sign
                value = value - right * math.floor(value / right)
        return value

    def unary(self):
        if self.peek() == ("o", "-"):
            self.take()
            return -self.unary()
        if self.peek() == ("o", "+"):
            self.take()
            return self.unary()
        return self.power()

    def power(self):
        base = self.primary()
        if self.peek() == ("o", "^"):
            self.take()
            exponent = self.unary()  # right-associative; the exponent may carry a sign
            if exponent.denominator != 1:
                raise ReferenceError("non-integer power")
            if base == 0 and exponent < 0:
                raise ReferenceError("zero to a negative power")
            return base ** int(exponent)
        return base

    def primary(self):
        kind, value = self.take()
        if kind == "n":
            return value
        if (kind, value) == ("o", "("):
            inner = self.additive()
            if self.take() != ("o", ")"):
                raise ReferenceError("unclosed parenthesis")
            return inner
        raise ReferenceError(f"unexpected {value!r}")


def evaluate(line, smallest_divisor=Fraction(0)):
    """The exact value of `line`; ReferenceError when there is none."""
    evaluation = Evaluation(tokenize(line), smallest_divisor)
    value = evaluation.additive()
    if evaluation.index != len(evaluation.tokens):
        raise ReferenceError("trailing input")
    return value


def display(value, digits=DIGITS):
    """The text Tally's batch mode prints for the exact rational `value`: the display rules
    as the differential test writes them, so the two references cannot drift apart."""
    return format_number(value, digits)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: reference.py LINES_FILE")
    out = sys.stdout
    with open(sys.argv[1]) as lines:
        for number, line in enumerate(lines, 1):
            try:
                out.write(display(evaluate(line)) + "\n")
            except ReferenceError as error:
                sys.exit(f"{sys.argv[1]}:{number}: {error}")


if __name__ == "__main__":
    main()
