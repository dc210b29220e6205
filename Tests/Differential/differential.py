#!/usr/bin/env python3
"""Differential test of Tally's batch mode against an independent exact evaluator.

A grammar-driven generator builds random expression trees (big integers, decimals, radix
literals with `_` separators, negative numbers, deep parentheses, powers with negative and
rational exponents, `//`, `%`, `!`, functions, exact and inexact roots, variables and `ans`,
`set digits`) and renders them as Tally source, using every spelling of the operators. Some lines
are made to fail on purpose: division by zero, 0^-1, sqrt(-1), (-1)!, malformed literals,
syntax errors, unknown names.

The reference evaluator works on the trees with `fractions.Fraction` (roots by integer n-th
roots), and formats results by the display rules of docs/language.md: integers in full; other
values rounded to `digits` significant digits, ties away from zero, trailing zeros dropped; scientific
notation when the exponent is below -6 or at least `digits`.

Each chunk of lines is fed to one `tally` process on standard input. Lines that fail must be
exactly the lines whose diagnostics (`<stdin>:LINE:COL: error:`) appear on standard error, and
every other line's output must equal the reference, value for value.

Three more suites compare the operators and conversions of their own (`--suite`):
  percent   `15%`, `x + p%`, `x - p%`, `p% of x`, `x to %`, and `%`/`mod` as the remainder;
  bitwise   `& | xor ~ << >>` on integers of any sign and size, with Python's precedence and
            results (also through `to hex`, `to bin`, `to base N` and radix literals);
  convert   `to fraction`, `to exact`, `to sci`, `to mixed` on exact values, and the texts they
            print read back (`0.08(3) to fraction`).
Their reference is Python's `fractions` and `int`.

Usage: differential.py --tally PATH [--suite general|percent|bitwise|convert] [--count N]
       [--seed S] [--chunk N] [--show N]
Exit status 0 when there are no mismatches, 1 otherwise.  Standard library only.
"""

import argparse
import random
import re
import subprocess
import sys
from fractions import Fraction

# Sizes beyond these are outside this test (the limits have their own tests): the generator
# discards a line whose value would grow past them, so no line reaches Tally's maxdigits.
MAX_DIGITS = 3000
MAX_FACTORIAL = 250


class TallyError(Exception):
    """The line must fail."""


class Discard(Exception):
    """The line is outside what this test compares (too large, or approximate mid-way)."""


# ---------------------------------------------------------------------------------------------
# Reference arithmetic


def iroot(x, n):
    """floor(x ** (1/n)) for an integer x >= 0."""
    if x < 2:
        return x
    r = 1 << ((x.bit_length() + n - 1) // n)
    while True:
        y = ((n - 1) * r + x // r ** (n - 1)) // n
        if y >= r:
            return r
        r = y


def exact_root(value, n):
    """The exact n-th root of a Fraction (n odd when negative), or None."""
    sign = -1 if value < 0 else 1
    top, bottom = abs(value.numerator), value.denominator
    a, b = iroot(top, n), iroot(bottom, n)
    if a ** n == top and b ** n == bottom:
        return sign * Fraction(a, b)
    return None


def real_root(value, n):
    """The n-th root of a Fraction: an error for an even root of a negative number; only exact
    roots are compared."""
    if value < 0 and n % 2 == 0:
        raise TallyError()
    root = exact_root(value, n) if n <= 50 else None
    if root is None:
        raise Discard()
    return root


def digit_count(value):
    return max(len(str(abs(value.numerator))), len(str(value.denominator)))


def checked(value):
    if digit_count(value) > MAX_DIGITS:
        raise Discard()
    return value


def rounded_half_away(value):
    """The nearest integer, ties away from zero."""
    magnitude = abs(value)
    q, r = divmod(magnitude.numerator, magnitude.denominator)
    if 2 * r >= magnitude.denominator:
        q += 1
    return -q if value < 0 else q


class Inexact:
    """sign * (radicand) ** (1 / degree): an irrational value, known exactly."""

    def __init__(self, radicand, degree, negative):
        self.radicand, self.degree, self.negative = radicand, degree, negative


def format_number(value, digits):
    """Display rules of docs/language.md, "How values are shown" (batch form: no ≈ marker)."""
    if isinstance(value, Inexact):
        return format_inexact(value, digits)
    if value.denominator == 1:
        return str(value.numerator)
    return rounded_fraction(value, digits)


def decimal_exponent(magnitude):
    """The power of ten of a positive Fraction's first significant digit."""
    exponent = len(str(magnitude.numerator)) - len(str(magnitude.denominator))
    while Fraction(10) ** exponent > magnitude:
        exponent -= 1
    while Fraction(10) ** (exponent + 1) <= magnitude:
        exponent += 1
    return exponent


def rounded_fraction(value, digits):
    """A nonzero Fraction rounded to `digits` significant digits, ties away from zero, and laid
    out as Tally lays out a rounded value."""
    magnitude = abs(value)
    exponent = decimal_exponent(magnitude)
    scaled = magnitude * Fraction(10) ** (digits - 1 - exponent)
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r >= scaled.denominator:
        q += 1
    return layout(q, exponent, digits, value < 0)


def format_inexact(value, digits):
    n, q = value.degree, value.radicand
    # exponent of the root: 10^(n e) <= q < 10^(n (e + 1))
    exponent = (len(str(q.numerator)) - len(str(q.denominator))) // n
    while Fraction(10) ** (n * exponent) > q:
        exponent -= 1
    while Fraction(10) ** (n * (exponent + 1)) <= q:
        exponent += 1
    # One digit beyond those shown; the value is irrational, so there is never a tie.
    shift = digits - exponent
    scaled = q * Fraction(10) ** (n * shift)
    t = iroot(scaled.numerator // scaled.denominator, n)
    significand = t // 10 + (1 if t % 10 >= 5 else 0)
    return layout(significand, exponent, digits, value.negative)


def layout(significand, exponent, digits, negative):
    if significand == 10 ** digits:
        significand //= 10
        exponent += 1
    text = str(significand).rstrip("0") or "0"
    sign = "-" if negative else ""
    if exponent >= digits or exponent < -6:
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return f"{sign}{mantissa}e{exponent}"
    if exponent >= 0:
        whole = text[: exponent + 1].ljust(exponent + 1, "0")
        fraction = text[exponent + 1 :]
        return sign + whole + ("." + fraction if fraction else "")
    return sign + "0." + "0" * (-exponent - 1) + text


# ---------------------------------------------------------------------------------------------
# Syntax trees: tuples. ('num', text, value) ('var', name) ('neg', spelling, e) ('pos', e)
# ('bin', op, left, right) ('pow', base, exponent) ('fact', e) ('call', name, args) ('group', e)
# ('raw', text, fails): text spliced in as is.

ADDITIVE, MULTIPLICATIVE, PREFIX, POWER, POSTFIX, ATOM = range(6)


def precedence(node):
    kind = node[0]
    if kind == "bin":
        return ADDITIVE if node[1] in "+-" else MULTIPLICATIVE
    return {"neg": PREFIX, "pos": PREFIX, "pow": POWER, "fact": POSTFIX}.get(kind, ATOM)


MAXIMUM_NESTING = 256


def nesting(node, depth=1):
    """The deepest level Tally's parser reaches for `node`, parsed in a call at `depth`.

    Each parse of a sub-expression is one level: the inside of parentheses, the operand of a
    prefix operator, the exponent, the right operand of a binary operator; a call's arguments
    are two levels in. A run of `!` counts one level per `!`."""
    kind = node[0]
    if kind in ("num", "var"):
        return depth
    if kind == "raw":
        return depth + 2  # "(p/q)": the group, then the right operand of '/'
    if kind in ("group", "pos"):
        return nesting(node[1], depth + 1)
    if kind == "neg":
        return nesting(node[2], depth + 1)
    if kind == "call":
        return max([depth] + [nesting(argument, depth + 2) for argument in node[2]])
    if kind == "bin":
        return max(nesting(node[2], depth), nesting(node[3], depth + 1))
    if kind == "pow":
        return max(nesting(node[1], depth), nesting(node[2], depth + 1))
    if kind == "fact":
        bangs = 1
        operand = node[1]
        while operand[0] == "fact":
            bangs += 1
            operand = operand[1]
        return max(nesting(operand, depth), depth + bangs)
    raise AssertionError(kind)


class Evaluator:
    def __init__(self):
        self.variables = {}
        self.ans = None
        self.digits = 20

    def evaluate_line(self, node):
        """The value of a whole line's expression; nesting is checked as Tally parses."""
        if nesting(node) > MAXIMUM_NESTING:
            raise TallyError()
        return self.evaluate(node)

    def evaluate(self, node):
        kind = node[0]
        if kind == "num":
            return node[2]
        if kind == "raw":
            if node[2]:
                raise TallyError()
            return node[3]
        if kind == "var":
            name = node[1]
            if name == "ans" and name not in self.variables:
                if self.ans is None:
                    raise TallyError()
                if isinstance(self.ans, Inexact):
                    raise Discard()
                return self.ans
            if name not in self.variables:
                raise TallyError()
            return self.variables[name]
        if kind == "group":
            return self.evaluate(node[1])
        if kind == "neg":
            return -self.evaluate(node[2])
        if kind == "pos":
            return self.evaluate(node[1])
        if kind == "fact":
            value = self.evaluate(node[1])
            if value.denominator != 1:
                # Γ(x + 1), a real the exact reference does not compute (special_functions.py
                # checks it against mpmath).
                raise Discard()
            if value < 0:
                raise TallyError()
            if value > MAX_FACTORIAL:
                raise Discard()
            result = 1
            for k in range(2, value.numerator + 1):
                result *= k
            return Fraction(result)
        if kind == "pow":
            return self.power(self.evaluate(node[1]), self.evaluate(node[2]))
        if kind == "bin":
            left, right = self.evaluate(node[2]), self.evaluate(node[3])
            op = node[1]
            if op == "+":
                return checked(left + right)
            if op == "-":
                return checked(left - right)
            if op == "*":
                return checked(left * right)
            if right == 0:
                raise TallyError()
            if op == "/":
                return checked(left / right)
            if op == "//":
                return Fraction(left // right)
            return checked(left % right)  # Python's % takes the divisor's sign, as Tally's
        if kind == "call":
            return self.call(node[1], [self.evaluate(argument) for argument in node[2]])
        raise AssertionError(kind)

    def power(self, base, exponent):
        if base == 0:
            if exponent < 0:
                raise TallyError()
            return Fraction(1) if exponent == 0 else Fraction(0)
        if exponent == 0:
            return Fraction(1)
        if exponent.denominator == 1:
            n = exponent.numerator
            if abs(n) * digit_count(base) > MAX_DIGITS + 20:
                raise Discard()
            return checked(base ** n)
        p, q = exponent.numerator, exponent.denominator
        root = real_root(base, q)
        if abs(p) * digit_count(root) > MAX_DIGITS + 20:
            raise Discard()
        return checked(root ** p)

    def call(self, name, values):
        arity = {"abs": (1, 1), "sqrt": (1, 1), "cbrt": (1, 1), "root": (2, 2), "round": (1, 2),
                 "floor": (1, 1), "ceil": (1, 1), "trunc": (1, 1), "min": (1, 99), "max": (1, 99),
                 "gcd": (1, 99), "lcm": (1, 99)}
        if name not in arity:
            raise TallyError()
        low, high = arity[name]
        if not low <= len(values) <= high:
            raise TallyError()
        x = values[0]
        if name == "abs":
            return abs(x)
        if name in ("sqrt", "cbrt", "root"):
            if name == "root":
                n = values[1]
                if n.denominator != 1 or not 1 <= n <= 1 << 20:
                    raise TallyError()
                n = n.numerator
            else:
                n = 2 if name == "sqrt" else 3
            return real_root(x, n)
        if name == "round":
            places = values[1] if len(values) == 2 else Fraction(0)
            if places.denominator != 1 or abs(places) > 1_000_000:
                raise TallyError()
            if abs(places) > 200:
                raise Discard()
            scale = Fraction(10) ** places.numerator
            return Fraction(rounded_half_away(x * scale)) / scale
        if name == "floor":
            return Fraction(x.numerator // x.denominator)
        if name == "ceil":
            return Fraction(-((-x.numerator) // x.denominator))
        if name == "trunc":
            return Fraction(int(x))
        if name == "min":
            return min(values)
        if name == "max":
            return max(values)
        if any(v.denominator != 1 for v in values):
            raise TallyError()
        result = abs(values[0].numerator)
        for v in values[1:]:
            a = abs(v.numerator)
            if name == "gcd":
                while a:
                    result, a = a, result % a
            else:
                result = 0 if result == 0 or a == 0 else result * a // gcd(result, a)
        return checked(Fraction(result))


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


# ---------------------------------------------------------------------------------------------
# Generator


BOUNDARY_LITERALS = [
    "9223372036854775807", "9223372036854775808", "9223372036854775809", "9223372036854775806",
    "4611686018427387904", "3037000499", "3037000500", "18446744073709551616", "999999999999999999",
    "1000000000000000000", "10000000000000000000", "0x7FFFFFFFFFFFFFFF", "0x8000000000000000",
    "0xFFFFFFFFFFFFFFFF", "922337203685477580.7", "0.9223372036854775807", "0.0000001",
    "0.000001", "0.00000015", "1.5e-6", "1.5e-7", "99999999999999999999.5", "9999999999999999999.95",
    "12345678901234567890.5", "0.99999999999999999999", "0.999999999999999999995", "1e-20", "5e-21",
    "0.5", "2.5", "0.05",
]

VARIABLES = ["x", "y", "total", "rate_2", "키", "café", "Δ"]


class Generator:
    def __init__(self, rng):
        self.rng = rng
        self.assigned = set()

    # Literals -----------------------------------------------------------------------------

    def separated(self, digits):
        """Digits with an occasional single `_` between two of them."""
        if len(digits) < 2 or self.rng.random() < 0.7:
            return digits
        out = digits[0]
        for d in digits[1:]:
            if self.rng.random() < 0.25:
                out += "_"
            out += d
        return out

    def random_digits(self, count, leading_nonzero=True):
        first = self.rng.choice("123456789") if leading_nonzero else self.rng.choice("0123456789")
        return first + "".join(self.rng.choice("0123456789") for _ in range(count - 1))

    def literal(self):
        r = self.rng.random()
        rng = self.rng
        if r < 0.35:
            value = rng.choice([0, 1, 2, 3, 5, 7, 10, rng.randint(0, 100), rng.randint(0, 10 ** 6)])
            return ("num", self.separated(str(value)), Fraction(value))
        if r < 0.4:
            # Where machine words end and GMP begins, and where the display switches notation.
            text = rng.choice(BOUNDARY_LITERALS)
            return ("num", text, Fraction(text.replace("_", "")) if "x" not in text else Fraction(int(text, 16)))
        if r < 0.45:
            digits = self.random_digits(rng.randint(17, 60))
            return ("num", self.separated(digits), Fraction(int(digits)))
        if r < 0.8:
            whole = "0" if rng.random() < 0.4 else self.random_digits(rng.randint(1, 8))
            fraction = self.random_digits(rng.randint(1, 8), leading_nonzero=False)
            if rng.random() < 0.2:
                fraction = fraction + "0" * rng.randint(1, 3)
            style = rng.random()
            if style < 0.1 and whole == "0":
                text = "." + fraction
            elif style < 0.15:
                text = whole + "."
                fraction = ""
            else:
                text = self.separated(whole) + "." + self.separated(fraction)
            exponent = 0
            if rng.random() < 0.25:
                exponent = rng.randint(-40, 40)
                sign = "-" if exponent < 0 else rng.choice(["", "+"])
                text += rng.choice("eE") + sign + str(abs(exponent))
            value = Fraction(int(whole + fraction), 10 ** len(fraction)) * Fraction(10) ** exponent
            return ("num", text, value)
        if r < 0.85:
            mantissa = self.random_digits(rng.randint(1, 4))
            exponent = rng.randint(-30, 30)
            return ("num", f"{mantissa}e{exponent}", Fraction(int(mantissa)) * Fraction(10) ** exponent)
        radix, prefix, alphabet = rng.choice([(16, "0x", "0123456789abcdefABCDEF"), (2, "0b", "01"),
                                              (8, "0o", "01234567")])
        if rng.random() < 0.1:
            prefix = prefix.upper()
        digits = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        return ("num", prefix + self.separated(digits), Fraction(int(digits, radix)))

    def bad_literal(self):
        text = self.rng.choice(["007", "05", "00", "1__0", "1_", "0x", "0b102", "1e+", "1.2.3", "0o9",
                                "0x_1", "1e+", "2._5", "0012.5", "1_000_", "0b", "1e_3", "0xg"])
        return ("raw", text, True, None)

    # Expressions --------------------------------------------------------------------------

    def expression(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            r = rng.random()
            if r < 0.08 and self.assigned:
                return ("var", rng.choice(sorted(self.assigned)))
            if r < 0.1:
                return ("var", "ans")
            return self.literal()
        r = rng.random()
        if r < 0.42:
            op = rng.choice(["+", "-", "+", "-", "*", "*", "/", "/", "//", "%"])
            return ("bin", op, self.expression(depth - 1), self.expression(depth - 1))
        if r < 0.52:
            return ("neg", rng.choice(["-", "-", "−"]), self.expression(depth - 1))
        if r < 0.55:
            return ("pos", self.expression(depth - 1))
        if r < 0.65:
            return ("pow", self.expression(depth - 1), self.exponent())
        if r < 0.68:
            # An exact root by a rational power: (-27)^(1/3), (49/4)^(3/2), 0.0016^-0.25.
            q = rng.randint(2, 5)
            p = rng.choice([1, 1, 2, 3, -1, -2, q + 1])
            exponent = Fraction(p, q)
            if rng.random() < 0.7 or exponent.denominator not in (2, 4, 5):
                text = f"({p}/{q})" if rng.random() < 0.5 else f"({p} / {q})"
                node = ("raw", text, False, exponent)
            else:
                node = ("num", format_number(exponent, 30), exponent)
                if exponent < 0:
                    node = ("neg", "-", ("num", format_number(-exponent, 30), -exponent))
            if exponent.denominator != q:
                node = ("raw", f"({p}/{q})", False, exponent)
            return ("pow", self.perfect_power(q), node)
        if r < 0.73:
            return ("fact", self.small_operand())
        if r < 0.8:
            return ("group", self.expression(depth - 1))
        if r < 0.83:
            # Deep parentheses.
            node = self.expression(depth - 1)
            for _ in range(rng.randint(5, 120) if rng.random() < 0.8 else rng.randint(230, 270)):
                node = ("group", node)
            return node
        return self.call(depth)

    def exponent(self):
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            return self.small_integer(0, 12)
        if r < 0.75:
            return ("neg", "-", self.small_integer(1, 6))
        if r < 0.9:
            p, q = rng.randint(-4, 4), rng.randint(2, 6)
            return ("group", ("bin", "/", self.small_integer_signed(p), self.small_integer(q, q)))
        text = rng.choice(["0.5", "1.5", "2.5", "0.25"])
        return ("num", text, Fraction(text))

    def small_integer(self, low, high):
        value = self.rng.randint(low, high)
        return ("num", str(value), Fraction(value))

    def small_integer_signed(self, value):
        node = ("num", str(abs(value)), Fraction(abs(value)))
        return ("neg", "-", node) if value < 0 else node

    def small_operand(self):
        rng = self.rng
        r = rng.random()
        if r < 0.7:
            return self.small_integer(0, 30)
        if r < 0.8:
            return ("group", ("neg", "-", self.small_integer(1, 5)))  # (-1)!: an error
        if r < 0.9:
            text = rng.choice(["2.5", "0.5", "1.25"])
            return ("num", text, Fraction(text))  # 2.5!: Γ(3.5), which the reference skips
        return ("fact", self.small_integer(0, 4))  # 3!!

    def call(self, depth):
        rng = self.rng
        name = rng.choice(["abs", "sqrt", "cbrt", "root", "round", "floor", "ceil", "trunc", "min", "max",
                           "gcd", "lcm"])
        if name == "sqrt":
            return ("call", name, [self.perfect_power(2)])
        if name == "cbrt":
            return ("call", name, [self.perfect_power(3)])
        if name == "root":
            n = rng.randint(1, 5)
            return ("call", name, [self.perfect_power(n), self.small_integer(n, n)])
        if name == "round":
            arguments = [self.expression(depth - 1)]
            if rng.random() < 0.5:
                arguments.append(self.small_integer_signed(rng.randint(-3, 6)))
            return ("call", name, arguments)
        if name in ("gcd", "lcm"):
            count = rng.randint(1, 4)
            arguments = [self.integer_expression() for _ in range(count)]
            if rng.random() < 0.05:
                arguments.append(("num", "1.5", Fraction(3, 2)))  # an error: integers only
            return ("call", name, arguments)
        if name in ("min", "max"):
            return ("call", name, [self.expression(depth - 1) for _ in range(rng.randint(1, 4))])
        return ("call", name, [self.expression(depth - 1)])

    def integer_expression(self):
        value = self.rng.choice([self.rng.randint(-1000, 1000), self.rng.randint(0, 10 ** 30)])
        node = ("num", str(abs(value)), Fraction(abs(value)))
        return ("neg", "-", node) if value < 0 else node

    def perfect_power(self, n):
        """A value whose n-th root is exact (or, sometimes, negative or not a power)."""
        rng = self.rng
        r = rng.random()
        top, bottom = rng.randint(0, 40), rng.randint(1, 12)
        if r < 0.1:
            return self.expression(1)  # probably not a perfect power: discarded or an error
        if r < 0.2:
            return ("neg", "-", self.small_integer(1, 9))  # sqrt(-1): an error for even n
        if r < 0.5:
            value = Fraction(top ** n, bottom ** n)
            return ("group", ("bin", "/", ("num", str(top ** n), Fraction(top ** n)),
                              ("num", str(bottom ** n), Fraction(bottom ** n))))
        if r < 0.7 and n % 2 == 1:
            return ("group", ("neg", "-", ("num", str(top ** n), Fraction(top ** n))))
        value = Fraction(top ** n, 10 ** (n * rng.randint(0, 3)))
        text = format_number(value, 60) if value.denominator != 1 else str(value.numerator)
        return ("num", text, value)

    # Rendering ----------------------------------------------------------------------------

    def parenthesized(self, node):
        """`node` with a group wherever precedence needs parentheses, so that the tree that is
        evaluated and measured for nesting is exactly the one rendered."""
        kind = node[0]

        def operand(child, minimum):
            child = self.parenthesized(child)
            return ("group", child) if precedence(child) < minimum else child

        if kind == "group":
            return ("group", self.parenthesized(node[1]))
        if kind == "neg":
            return ("neg", node[1], operand(node[2], PREFIX))
        if kind == "pos":
            return ("pos", operand(node[1], PREFIX))
        if kind == "fact":
            return ("fact", operand(node[1], POSTFIX))
        if kind == "pow":
            return ("pow", operand(node[1], POWER + 1), operand(node[2], PREFIX))
        if kind == "bin":
            level = precedence(node)
            return ("bin", node[1], operand(node[2], level), operand(node[3], level + 1))
        if kind == "call":
            return ("call", node[1], [self.parenthesized(argument) for argument in node[2]])
        return node

    def space(self):
        r = self.rng.random()
        return "" if r < 0.5 else (" " if r < 0.95 else "\t")

    def render(self, node):
        kind = node[0]
        s = self.space
        if kind == "num" or kind == "raw":
            return node[1]
        if kind == "var":
            return node[1]
        if kind == "group":
            return "(" + s() + self.render(node[1]) + s() + ")"
        if kind == "neg":
            return node[1] + s() + self.operand(node[2], PREFIX)
        if kind == "pos":
            return "+" + s() + self.operand(node[1], PREFIX)
        if kind == "fact":
            # `n!!` is the double factorial: a factorial of a factorial is written `(n!)!`.
            inner = self.operand(node[1], POSTFIX)
            if inner.endswith("!"):
                inner = "(" + inner + ")"
            return inner + "!"
        if kind == "pow":
            caret = self.rng.choice(["^", "^", "^", "**"])
            return self.operand(node[1], POWER + 1) + s() + caret + s() + self.operand(node[2], PREFIX)
        if kind == "bin":
            op = node[1]
            level = precedence(node)
            spelling = {"*": ["*", "*", "×"], "/": ["/", "/", "÷"], "-": ["-", "-", "−"]}.get(op, [op])
            left = self.operand(node[2], level)
            right = self.operand(node[3], level + 1)
            # Keep an operator that could read as `//`, `**` or a comment apart from its neighbours.
            return left + " " + self.rng.choice(spelling) + " " + right
        if kind == "call":
            return node[1] + "(" + ("," + s()).join(self.render(a) for a in node[2]) + ")"
        raise AssertionError(kind)

    def operand(self, node, minimum):
        """`node` rendered where it must bind at least as tightly as `minimum`."""
        text = self.render(node)
        if precedence(node) < minimum:
            return "(" + text + ")"
        return text

    # Lines --------------------------------------------------------------------------------

    def line(self, evaluator):
        """(text, expected): expected is the text printed, None for nothing, or ERROR.

        Raises Discard for a line outside the comparison; leaves the evaluator's state as the
        line leaves Tally's."""
        rng = self.rng
        r = rng.random()
        if r < 0.01:
            return rng.choice(["", "   ", "# a comment", "\t# indented comment"]), None
        if r < 0.015:
            digits = rng.choice([1, 2, 5, 10, 15, 20, 20, 25, 40])
            evaluator.digits = digits
            return f"set digits {digits}", None
        if r < 0.05:
            name = rng.choice(VARIABLES)
            node = self.parenthesized(self.expression(rng.randint(0, 3)))
            text = f"{name}{self.space()}={self.space()}{self.render(node)}"
            try:
                value = evaluator.evaluate_line(node)
            except TallyError:
                return text, ERROR
            evaluator.variables[name] = value
            self.assigned.add(name)
            return text, None
        if r < 0.1:
            text, node = self.failing_line()
            if node is not None:
                try:
                    evaluator.evaluate_line(node)
                except TallyError:
                    pass
                else:
                    raise AssertionError("a failing line evaluated: " + text)
            return text, ERROR
        if r < 0.14:
            return self.inexact_line(evaluator)
        node = self.parenthesized(self.expression(rng.randint(1, 5)))
        text = self.render(node)
        if rng.random() < 0.05:
            text += self.space() + " # note"
        try:
            value = evaluator.evaluate_line(node)
        except TallyError:
            return text, ERROR
        evaluator.ans = value
        return text, format_number(value, evaluator.digits)

    def failing_line(self):
        """(text, node): a line that must fail; node is its tree when it parses."""
        rng = self.rng
        r = rng.random()
        if r < 0.15:
            node = ("bin", "+", self.expression(1), self.bad_literal())
            return self.render(node), None
        if r < 0.35:
            valid = self.render(self.expression(rng.randint(0, 3)))
            return rng.choice([valid + " " + rng.choice("+-*/^"), "* " + valid, "(" + valid,
                               valid + ")", valid + " 3", "(" + valid + ")3", valid + " $ 1",
                               "1 " + rng.choice("+-*/") + " " + rng.choice("*/%^)!") + " " + valid,
                               valid + " " + rng.choice(["undefined_name", "sqr(4)", "foo + 1"])]), None
        if r < 0.45:
            return rng.choice(["foo + 1", "sqr(4)", "sqrt(1, 2)", "root(8)", "round()", "min()",
                               "ans2 * 2", "sqrt", "sqrt + 1", "1 +", "()", "x =", "= 2"]), None
        zero = rng.choice([("num", "0", Fraction(0)), ("num", "0.0", Fraction(0)),
                           ("num", "0x0", Fraction(0)), ("num", "0e5", Fraction(0)),
                           ("group", ("bin", "-", self.small_integer(5, 5), self.small_integer(5, 5)))])
        culprit = rng.choice([
            ("bin", rng.choice(["/", "//", "%"]), self.expression(2), zero),
            ("pow", ("num", "0", Fraction(0)), ("neg", "-", self.small_integer(1, 3))),
            ("call", "sqrt", [("neg", "-", self.small_integer(1, 50))]),
            ("fact", ("group", ("neg", "-", self.small_integer(1, 9)))),
            ("pow", ("group", ("neg", "-", self.small_integer(2, 9))),
             ("group", ("bin", "/", self.small_integer(1, 1), self.small_integer(2, 2)))),
            ("call", "root", [("neg", "-", self.small_integer(1, 9)), self.small_integer(4, 4)]),
            ("call", "root", [self.small_integer(1, 9), self.small_integer(0, 0)]),
            ("call", "gcd", [("num", "2.5", Fraction(5, 2)), self.small_integer(1, 9)]),
        ])
        node = culprit
        if rng.random() < 0.5:
            node = ("bin", rng.choice(["+", "*", "-"]), self.expression(2), culprit)
        node = self.parenthesized(node)
        return self.render(node), node

    def inexact_line(self, evaluator):
        """An irrational result, ±c · q^(1/n) in one of its spellings."""
        rng = self.rng
        radicand = Fraction(rng.randint(2, 10 ** rng.randint(1, 12)), rng.randint(1, 10 ** rng.randint(0, 6)))
        n = rng.randint(2, 7)
        if exact_root(radicand, n) is not None:
            raise Discard()
        if radicand.denominator == 1:
            q_text = str(radicand.numerator)
        else:
            q_text = f"({radicand.numerator}/{radicand.denominator})"
        spelling = rng.random()
        if spelling < 0.3 and n == 2:
            text = f"sqrt({q_text})"
        elif spelling < 0.45 and n == 3:
            text = f"cbrt({q_text})"
        elif spelling < 0.7:
            text = f"root({q_text}, {n})"
        else:
            text = f"{q_text}^(1/{n})"
        multiplier = Fraction(1)
        if rng.random() < 0.4:
            multiplier = Fraction(rng.randint(1, 999), rng.choice([1, 1, 2, 4, 5, 8, 10]))
            text = f"{multiplier.numerator} * {text}"
            if multiplier.denominator != 1:
                text += f" / {multiplier.denominator}"
        negative = rng.random() < 0.3
        if negative:
            text = f"-({text})"
        value = Inexact(radicand * multiplier ** n, n, negative)
        evaluator.ans = value
        return text, format_number(value, evaluator.digits)


ERROR = object()


# ---------------------------------------------------------------------------------------------
# The suites for percent, bits and conversions: flat lines, each with its expected text.


def exact_expansion(value):
    """`to exact`: the decimal expansion with its repeating part in parentheses."""
    sign = "-" if value < 0 else ""
    top, bottom = abs(value.numerator), value.denominator
    whole, rest = divmod(top, bottom)
    if rest == 0:
        return sign + str(whole)
    digits, seen = [], {}
    while rest and rest not in seen:
        seen[rest] = len(digits)
        q, rest = divmod(rest * 10, bottom)
        digits.append(str(q))
    if not rest:
        return f"{sign}{whole}." + "".join(digits)
    start = seen[rest]
    return f"{sign}{whole}." + "".join(digits[:start]) + "(" + "".join(digits[start:]) + ")"


def scientific(value):
    """`to sci`: one digit before the point, the repeating part marked."""
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    exponent = decimal_exponent(magnitude)
    text = exact_expansion(magnitude / Fraction(10) ** exponent)
    if "." not in text:
        return f"{sign}{text}e{exponent}"
    whole, fraction = text.split(".")
    if "(" not in fraction:
        fraction = fraction.rstrip("0")
    return f"{sign}{whole}" + ("." + fraction if fraction else "") + f"e{exponent}"


def fraction_text(value):
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def mixed_text(value):
    whole = int(value)  # toward zero
    part = abs(value - whole)
    if part == 0:
        return str(whole)
    if whole == 0:
        return ("-" if value < 0 else "") + fraction_text(part)
    return f"{whole} {fraction_text(part)}"


def radix_text(value, radix, prefix):
    digits, n = "", abs(value)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    while True:
        n, d = divmod(n, radix)
        digits = alphabet[d] + digits
        if n == 0:
            break
    return ("-" if value < 0 else "") + prefix + digits


class SuiteGenerator:
    def __init__(self, rng):
        self.rng = rng

    def exact_value(self):
        """(text, value): an exact rational in one of the spellings Tally reads."""
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            n = rng.choice([rng.randint(-100, 100), rng.randint(-10 ** 6, 10 ** 6), rng.randint(-10 ** 30, 10 ** 30)])
            return (str(n) if n >= 0 else f"({n})"), Fraction(n)
        if r < 0.6:
            whole = rng.randint(0, 10 ** rng.randint(0, 6))
            places = rng.randint(1, 6)
            fraction = rng.randint(0, 10 ** places - 1)
            text = f"{whole}.{fraction:0{places}d}"
            value = Fraction(whole) + Fraction(fraction, 10 ** places)
            if rng.random() < 0.3:
                return f"(-{text})", -value
            return text, value
        denominator = rng.choice([rng.randint(1, 30), rng.randint(1, 1000), 2 ** rng.randint(0, 10) * 5 ** rng.randint(0, 6)
                                  * rng.choice([1, 3, 7, 9, 11, 13, 37, 41, 101, 239, 271])])
        numerator = rng.randint(-10 ** rng.randint(1, 12), 10 ** rng.randint(1, 12))
        value = Fraction(numerator, denominator)
        return f"({numerator}/{denominator})", value

    def percent_line(self):
        rng = self.rng
        x_text, x = self.exact_value()
        p_value = rng.choice([Fraction(rng.randint(0, 100)), Fraction(rng.randint(0, 10000), 100), Fraction(rng.randint(0, 999), 10)])
        p_text = exact_expansion(p_value)
        r = rng.random()
        if r < 0.15:
            return f"{p_text}%", format_number(p_value / 100, 20)
        if r < 0.35:
            return f"{x_text} + {p_text}%", format_number(x * (1 + p_value / 100), 20)
        if r < 0.55:
            return f"{x_text} {rng.choice(['-', '−'])} {p_text}%", format_number(x * (1 - p_value / 100), 20)
        if r < 0.7:
            return f"{p_text}% of {x_text}", format_number(p_value / 100 * x, 20)
        if r < 0.8:
            return f"{x_text} to %", exact_expansion(x * 100) + "%"
        # The remainder: an operand after `%` (or `mod`), spaced on both sides or on neither.
        y_text, y = self.exact_value()
        spelling = rng.choice([" % ", "%", " mod "])
        if y == 0:
            return f"{x_text}{spelling}{y_text}", ERROR
        if r < 0.9 and spelling != "%":
            # A percentage in a remainder: `x % p%`.
            return f"{x_text}{spelling}{p_text}%", (format_number(x - (p_value / 100) * math_floor(x / (p_value / 100)), 20)
                                                    if p_value else ERROR)
        return f"{x_text}{spelling}{y_text}", format_number(x - y * math_floor(x / y), 20)

    def integer_literal(self):
        """(text, value): an integer of any sign and size, in one of Tally's spellings."""
        rng = self.rng
        value = rng.choice([rng.randint(0, 300), rng.randint(0, 2 ** 64), rng.randint(0, 2 ** 200)])
        r = rng.random()
        if r < 0.5:
            text = str(value)
        elif r < 0.65:
            text = radix_text(value, 16, "0x")
        elif r < 0.75:
            text = radix_text(value, 2, "0b")
        elif r < 0.85:
            text = radix_text(value, 8, "0o")
        else:
            radix = rng.randint(2, 36)
            text = radix_text(value, radix, f"{radix}r")
        if rng.random() < 0.3:
            return f"(-{text})", -value
        return text, value

    BIT_LEVELS = {"|": 1, "xor": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5}

    def bit_expression(self, depth):
        """(text, value, level): a tree of bit operators rendered with Python's precedence."""
        rng = self.rng
        if depth == 0 or rng.random() < 0.25:
            text, value = self.integer_literal()
            if rng.random() < 0.15:
                return f"~{text}", ~value, 7
            return text, value, 9
        op = rng.choice(["|", "xor", "&", "<<", ">>", "&", "|", "xor", "+", "-"])
        level = self.BIT_LEVELS[op]
        left_text, left, left_level = self.bit_expression(depth - 1)
        if op in ("<<", ">>"):
            count = rng.randint(0, 70) if op == "<<" else rng.randint(0, 300)
            right_text, right, right_level = str(count), count, 9
        else:
            right_text, right, right_level = self.bit_expression(depth - 1)
        if left_level < level:
            left_text = f"({left_text})"
        if right_level <= level:
            right_text = f"({right_text})"
        python = {"|": left | right, "xor": left ^ right, "&": left & right, "+": left + right, "-": left - right,
                  "<<": left << right if op == "<<" else None, ">>": left >> right if op == ">>" else None}[op]
        if abs(python) > 10 ** 400:
            raise Discard()
        return f"{left_text} {op} {right_text}", python, level

    def bitwise_line(self):
        rng = self.rng
        r = rng.random()
        if r < 0.05:
            text, _, _ = self.bit_expression(1)
            return f"{text} {rng.choice(['&', '|', 'xor'])} {rng.choice(['2.5', '(1/3)', 'sqrt(2)'])}", ERROR
        if r < 0.08:
            text, _, _ = self.bit_expression(1)
            return f"({text}) << -{rng.randint(1, 9)}", ERROR
        text, value, _ = self.bit_expression(rng.randint(1, 4))
        r = rng.random()
        if r < 0.1:
            return f"{text} to hex", radix_text(value, 16, "0x")
        if r < 0.15:
            return f"{text} to bin", radix_text(value, 2, "0b")
        if r < 0.2:
            radix = rng.randint(2, 36)
            return f"{text} to base {radix}", radix_text(value, radix, f"{radix}r")
        return text, str(value)

    def convert_line(self):
        rng = self.rng
        text, value = self.exact_value()
        r = rng.random()
        if r < 0.3:
            return f"{text} to fraction", fraction_text(value)
        if r < 0.6:
            return f"{text} to exact", exact_expansion(value)
        if r < 0.7:
            return f"{text} to sci", scientific(value)
        if r < 0.75:
            return f"{text} to mixed", mixed_text(value)
        # What `to exact`, `to sci` and `to fraction` print reads back as the same value.
        printed = rng.choice([exact_expansion, scientific, fraction_text])(value)
        target = rng.choice(["fraction", "exact"])
        return f"{printed} to {target}", fraction_text(value) if target == "fraction" else exact_expansion(value)

    def line(self, suite):
        if suite == "percent":
            return self.percent_line()
        if suite == "bitwise":
            return self.bitwise_line()
        return self.convert_line()


def math_floor(value):
    return value.numerator // value.denominator


def generate_suite(rng, count, suite):
    generator = SuiteGenerator(rng)
    lines = []
    while len(lines) < count:
        try:
            lines.append(generator.line(suite))
        except Discard:
            pass
    return lines


def generate(rng, count):
    """`count` lines and what each must produce, as one Tally session would see them."""
    generator = Generator(rng)
    evaluator = Evaluator()
    lines = []
    while len(lines) < count:
        saved = (dict(evaluator.variables), evaluator.ans, evaluator.digits, set(generator.assigned))
        try:
            lines.append(generator.line(evaluator))
        except Discard:
            evaluator.variables, evaluator.ans, evaluator.digits, generator.assigned = saved
    return lines


# ---------------------------------------------------------------------------------------------
# Comparisons: chains of < <= > >= == != (and ≤ ≥ ≠) on exact values, joined by and/or/not

COMPARISONS = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "≤": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "≥": lambda a, b: a >= b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "≠": lambda a, b: a != b,
}


def exact_operand(rng, near=None):
    """An exact operand as Tally text and its Fraction; when `near` is given, often the same
    value written another way, so that equality and the edges of < and <= are exercised."""
    if near is not None and rng.random() < 0.4:
        value = near
        form = rng.randrange(3)
        if form == 0 or value.denominator == 1 and form == 1:
            k = rng.randint(1, 9)
            return f"({value.numerator * k}/{value.denominator * k})", value
        if form == 1 and 10 ** 12 % value.denominator == 0:
            return f"({format_number(value, 40)})", value
        offset = Fraction(rng.randint(1, 9), rng.randint(1, 9))
        return f"({format_fraction(value + offset)} - {format_fraction(offset)})", value
    kind = rng.randrange(5)
    if kind == 0:
        value = Fraction(rng.randint(-1000, 1000))
    elif kind == 1:
        value = Fraction(rng.randint(-10 ** 6, 10 ** 6), 10 ** rng.randint(1, 4))
        return f"({format_number(value, 40)})", value
    elif kind == 2:
        value = Fraction(rng.randint(-50, 50), rng.randint(1, 60))
    elif kind == 3:
        value = Fraction(rng.choice([-1, 1]) * 2 ** rng.randint(60, 200) + rng.randint(-3, 3))
    else:
        value = Fraction(rng.randint(-20, 20), rng.randint(1, 20)) + Fraction(rng.randint(-9, 9))
    return f"({format_fraction(value)})", value


def format_fraction(value):
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def comparison_chain(rng):
    """`a op b [op c ...]` and whether it holds, as Python chains it."""
    text, value = exact_operand(rng)
    holds = True
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        operator = rng.choice(list(COMPARISONS))
        right_text, right = exact_operand(rng, near=value)
        holds = holds and COMPARISONS[operator](value, right)
        text += f" {operator} {right_text}"
        value = right
    return text, holds


def comparison_line(rng):
    """A line of comparisons joined by `and`, `or` and `not`, and the truth value it prints."""
    text, holds = comparison_chain(rng)
    if rng.random() < 0.3:
        text, holds = f"not {text}", not holds
    if rng.random() < 0.4:
        operator = rng.choice(["and", "or"])
        right_text, right = comparison_chain(rng)
        decided = (operator == "and" and not holds) or (operator == "or" and holds)
        if decided and rng.random() < 0.3:
            # Short-circuit: the right operand is never evaluated, so a division by zero in it
            # is no error.
            right_text = f"1/0 {rng.choice(list(COMPARISONS))} 1"
        holds = (holds and right) if operator == "and" else (holds or right)
        text = f"{text} {operator} {right_text}"
    return text, "true" if holds else "false"


# ---------------------------------------------------------------------------------------------
# Running Tally and comparing

DIAGNOSTIC = re.compile(r"^<stdin>:(\d+):(\d+): error: ", re.MULTILINE)


def compare(tally, lines):
    """Runs one Tally process over `lines`; returns the list of mismatch descriptions."""
    source = "".join(text + "\n" for text, _ in lines).encode()
    process = subprocess.run([tally], input=source, capture_output=True, timeout=600)
    stdout = process.stdout.decode("utf-8", errors="replace").split("\n")
    if stdout and stdout[-1] == "":
        stdout.pop()
    stderr = process.stderr.decode("utf-8", errors="replace")
    failed = {}
    for match in DIAGNOSTIC.finditer(stderr):
        failed[int(match.group(1))] = int(match.group(2))
    mismatches = []
    any_error = any(expected is ERROR for _, expected in lines)
    if process.returncode != (1 if any_error else 0):
        mismatches.append(f"exit status {process.returncode}, expected {1 if any_error else 0}")
    outputs = iter(stdout)
    for number, (text, expected) in enumerate(lines, start=1):
        if number in failed:
            column = failed[number]
            if expected is not ERROR:
                mismatches.append(f"line {number}: {text!r}: Tally failed (column {column}), expected {expected!r}")
            elif not 1 <= column <= len(text) + 1:
                mismatches.append(f"line {number}: {text!r}: column {column} is outside the line")
            continue
        if expected is ERROR:
            got = next(outputs, None)
            mismatches.append(f"line {number}: {text!r}: expected an error, Tally printed {got!r}")
        elif expected is not None:
            got = next(outputs, None)
            if got != expected:
                mismatches.append(f"line {number}: {text!r}: Tally printed {got!r}, expected {expected!r}")
                if got is None:
                    break
    rest = list(outputs)
    if rest:
        mismatches.append(f"{len(rest)} unexpected lines of output, the first {rest[0]!r}")
    return mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tally", required=True, help="the tally binary")
    parser.add_argument("--count", type=int, default=10_000, help="expressions to compare")
    parser.add_argument("--suite", default="general", choices=["general", "percent", "bitwise", "convert"])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--chunk", type=int, default=10_000, help="lines per tally process")
    parser.add_argument("--show", type=int, default=20, help="mismatches to print")
    parser.add_argument("--write", help="also write the generated lines to this file")
    parser.add_argument("--comparisons", type=int, default=0, help="comparison lines to compare too")
    arguments = parser.parse_args()

    rng = random.Random(arguments.seed)
    compared = errors = 0
    mismatches = []
    written = open(arguments.write, "w", encoding="utf-8") if arguments.write else None
    while compared < arguments.count:
        size = min(arguments.chunk, arguments.count - compared)
        lines = generate(rng, size) if arguments.suite == "general" else generate_suite(rng, size, arguments.suite)
        if written:
            written.writelines(text + "\n" for text, _ in lines)
        mismatches += compare(arguments.tally, lines)
        compared += len(lines)
        errors += sum(1 for _, expected in lines if expected is ERROR)
    compared_comparisons = 0
    while compared_comparisons < arguments.comparisons:
        count = min(arguments.chunk, arguments.comparisons - compared_comparisons)
        lines = [comparison_line(rng) for _ in range(count)]
        if written:
            written.writelines(text + "\n" for text, _ in lines)
        mismatches += compare(arguments.tally, lines)
        compared_comparisons += count
    if arguments.comparisons:
        print(f"{compared_comparisons} comparisons compared")
    for mismatch in mismatches[: arguments.show]:
        print(mismatch)
    print(f"{compared} lines compared ({errors} expected to fail), suite {arguments.suite}, seed {arguments.seed}: "
          f"{len(mismatches)} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
