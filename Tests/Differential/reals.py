#!/usr/bin/env python3
"""Differential test of Tally's real numbers against mpmath at a much higher precision.

A seeded generator builds random lines that mix exact and irrational operations: every function
and constant of the language, exact identities (sqrt(2)^2, sin(pi/6), ln(exp(3)), log10(1000)),
cancellation (10^k + f(x) - 10^k, f(x) minus its own printed digits, f(x) - f(x),
(1 + 10^-k)^0.5 - 1, sqrt(10^40 + 1) - 10^20), near-integers under floor/ceil/round/trunc,
angles in degrees, and domain errors on purpose. The same lines run through `tally
--mark-rounded --digits D` once for each D (5, 20 and 100 by default), in batches of many lines
per process, and each output line is checked against a reference computed here:

The reference evaluates each expression with mpmath, carrying beside each intermediate value a
bound on its absolute error (propagated through every operation: cancellation shows up as an
error that is large next to the value) and, where it is known, the exact value: a rational, or
a symbolic form (c*pi, exp(a), ln(a), c*r^(1/n)) so that sqrt(2)*sqrt(2), sin(pi/6) and
ln(exp(3)) are exactly 2, 1/2 and 3. The working precision starts at 2 * max(D) + 30 decimal
digits and is raised until the result's relative error is below 10^-(2 * max(D) + 5), every
decision (a domain check, floor, a rounding tie at each D, the sign of a zero) is resolved, or
the precision reaches 960 digits above the largest intermediate magnitude (then whatever is
still undecided is within about 10^-900 of its boundary, the engine's documented budget). The
outcome is then recomputed at a higher precision and must be the same, or the line is flagged
as a reference problem and skipped.

Checks, for each line and each D:
 (a) the printed digits are the value correctly rounded to D significant digits, ties away from
     zero, laid out by Tally's display rules (the same layout as differential.py);
 (b) a line printed without `≈ ` is exactly the value (an exact rational shown in full or as
     its terminating decimal); a `≈ ` line whose value is exactly the printed decimal is fine;
 (c) `≈ 0` (or `0` without the marker) is accepted only for a value within 10^-900 of zero;
 (d) an error where the reference has a value is a failure, unless the message says "cannot
     decide" and some decision of the line is within 10^-900 of its boundary; a domain error
     the reference finds must be an error.

Usage: reals.py [--count N] [--seed S] [--digits 5,20,100] [--tally PATH] [--jobs J]
Exit status 0 when nothing failed, 1 on a wrong digit, a false exact claim, a missed or an
unexpected error, or a failed tally process; 2 on a usage problem.
"""

import argparse
import importlib
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)  # exact values of many thousands of digits are printed and read

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from test_packages import ensure_installed  # noqa: E402
from differential import decimal_exponent, exact_root, format_number, layout, rounded_fraction, rounded_half_away  # noqa: E402


def import_mpmath():
    """mpmath, installed for this user with pip when it is missing (a test-only dependency)."""
    ensure_installed("mpmath", "mpmath", "reals.py")
    return importlib.import_module("mpmath")


mpmath = import_mpmath()
mp, mpf = mpmath.mp, mpmath.mpf

BUDGET = -900  # log10 of the distance below which the engine may give up ("cannot decide", ≈ 0)

# ---------------------------------------------------------------------------------------------
# Display


def rounded(value, digits):
    """A nonzero Fraction rounded to `digits` significant digits, ties away from zero, laid out
    by Tally's display rules: how an approximate value is shown (integers too)."""
    return rounded_fraction(value, digits)


def tie_distance(value, digits):
    """How far a nonzero Fraction is from the nearest rounding tie at `digits` digits."""
    magnitude = abs(value)
    unit = Fraction(10) ** (decimal_exponent(magnitude) - digits + 1)
    scaled = magnitude / unit
    fraction = scaled - (scaled.numerator // scaled.denominator)
    return abs(fraction - Fraction(1, 2)) * unit


def fraction_of(x):
    """The exact value of an mpf."""
    sign, man, exp, _ = x._mpf_
    if sign:
        man = -man
    return Fraction(man * 2 ** exp) if exp >= 0 else Fraction(man, 2 ** -exp)


def decimal_value(text):
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def log10_of(x):
    """log10 |x| for an mpf or Fraction, as a float (-inf for 0)."""
    if isinstance(x, Fraction):
        if x == 0:
            return float("-inf")
        return (len(str(abs(x.numerator))) - len(str(x.denominator)))  # within 1
    if not x:
        return float("-inf")
    return float(mpmath.log10(abs(x)))


def literal_text(value, significant):
    """A Tally literal for a nonzero mpf: `significant` digits, e-notation when far from 1."""
    text = mpmath.nstr(value, significant, min_fixed=-6, max_fixed=30, strip_zeros=True)
    text = text.replace("e+", "e")
    if text.startswith("-"):
        raise AssertionError("literal_text is for positive values")
    return text


# ---------------------------------------------------------------------------------------------
# Syntax trees: tuples.
#   ('num', text, Fraction)  ('const', 'pi' | 'e')  ('neg', x)  ('bin', op, a, b)  ('pow', a, b)
#   ('call', name, [args])   ('degree', x): postfix °   ('var', name, tree): a variable holding tree

ADDITIVE, MULTIPLICATIVE, PREFIX, POWER, POSTFIX, ATOM = range(6)


def precedence(node):
    kind = node[0]
    if kind == "bin":
        return ADDITIVE if node[1] in "+-" else MULTIPLICATIVE
    return {"neg": PREFIX, "pow": POWER, "degree": POSTFIX}.get(kind, ATOM)


def render(node):
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "const":
        return node[1]
    if kind == "var":
        return node[1]
    if kind == "neg":
        return "-" + operand(node[1], PREFIX)
    if kind == "bin":
        level = precedence(node)
        return operand(node[2], level) + " " + node[1] + " " + operand(node[3], level + 1)
    if kind == "pow":
        return operand(node[1], POSTFIX) + "^" + operand(node[2], PREFIX)
    if kind == "degree":
        return operand(node[1], POSTFIX) + "°"
    if kind == "call":
        return node[1] + "(" + ", ".join(render(a) for a in node[2]) + ")"
    raise AssertionError(kind)


def operand(node, minimum):
    text = render(node)
    return "(" + text + ")" if precedence(node) < minimum else text


def without_variables(node):
    """The tree with each variable replaced by the tree it holds."""
    kind = node[0]
    if kind == "var":
        return without_variables(node[2])
    if kind in ("neg", "degree"):
        return (kind, without_variables(node[1]))
    if kind == "bin":
        return ("bin", node[1], without_variables(node[2]), without_variables(node[3]))
    if kind == "pow":
        return ("pow", without_variables(node[1]), without_variables(node[2]))
    if kind == "call":
        return ("call", node[1], [without_variables(a) for a in node[2]])
    return node


# ---------------------------------------------------------------------------------------------
# Reference values


class Domain(Exception):
    """The expression has no value: Tally must report an error."""


class Unsure(Exception):
    """A decision the reference cannot make at this precision; `bound` is how close to its
    boundary the decided quantity may be, `domain` whether it was a domain check."""

    def __init__(self, bound, domain):
        super().__init__()
        self.bound, self.domain = bound, domain


class Ambiguous(Exception):
    """The specification does not say (atan2(0, 0)): not compared."""


class Limit(Ambiguous):
    """Beyond what this test compares: magnitudes past 10^100000 or exact values of more than
    about 100,000 digits (Tally's own limits have their own tests)."""


MAGNITUDE_LIMIT = 100_000  # decimal digits
BITS_LIMIT = 350_000


class R:
    """A real: mpf value `v` with absolute error at most `e`; `q` its exact rational value when
    known; `s` a symbolic form when known (then it is irrational): ('pi', c) = c*pi,
    ('exp', a) = e^a, ('ln', a) = ln(a), ('root', c, r, n) = c * r^(1/n). `r` is true when the exact value was recognized
    (sin(pi/6), sqrt(2)^2) rather than computed by rational arithmetic: a decision on it may be
    one the engine cannot make ("cannot decide" is then acceptable)."""

    __slots__ = ("v", "e", "q", "s", "r")

    def __init__(self, v, e, q=None, s=None, r=False):
        self.v, self.e, self.q, self.s, self.r = v, e, q, s, r


ONE_SIXTH_SIN = {0: Fraction(0), 1: Fraction(1, 2), 3: Fraction(1), 5: Fraction(1, 2), 6: Fraction(0),
                 7: Fraction(-1, 2), 9: Fraction(-1), 11: Fraction(-1, 2)}


def sin_pi_exact(c):
    """sin(c*pi) when it is rational, else None."""
    k = c * 6
    if k.denominator != 1:
        return None
    return ONE_SIXTH_SIN.get(k.numerator % 12)


def exact_log(x, base):
    """k with base^k == x for positive rationals (k rational with a small denominator), or None."""
    if x <= 0 or base <= 0 or base == 1:
        return None
    if x == 1:
        return Fraction(0)
    guess = mpmath.log(mpf(x.numerator) / x.denominator) / mpmath.log(mpf(base.numerator) / base.denominator)
    k = Fraction(str(mpmath.nstr(guess, 30))).limit_denominator(24)
    if k == 0 or abs(k.numerator) > 4000:
        return None
    root = exact_root(base, k.denominator)
    if root is not None and root ** k.numerator == x:
        return k
    return None


class Evaluator:
    """Evaluates trees at `dps` decimal digits, with error bounds and exact forms."""

    def __init__(self, dps, angle="rad"):
        self.dps = dps
        mp.dps = dps
        self.eps = mpf(10) ** (1 - dps)      # one arithmetic rounding, generously
        self.feps = mpf(10) ** (3 - dps)     # one function evaluation, with slack
        self.angle = angle
        self.magnitude = 0.0                  # log10 of the largest intermediate value
        self.margin = None                    # the closest any decision came to its boundary
        self.pi = +mp.pi

    # Construction -----------------------------------------------------------------------

    def exact(self, q, recognized=True):
        if q.numerator.bit_length() > BITS_LIMIT or q.denominator.bit_length() > BITS_LIMIT:
            raise Limit("an exact value of more than 100,000 digits")
        v = mpf(q.numerator) / q.denominator if q.denominator != 1 else mpf(q.numerator)
        return R(v, abs(v) * self.eps, q=q, r=recognized)

    def symbolic(self, s):
        kind = s[0]
        if kind == "pi":
            if s[1] == 0:
                return self.exact(Fraction(0))
            v = self.pi * (mpf(s[1].numerator) / s[1].denominator)
        elif kind in ("exp", "ln"):
            a = s[1]
            if a == (0 if kind == "exp" else 1):
                return self.exact(Fraction(1 if kind == "exp" else 0))
            # Exactly from the rational: ln near 1 and exp of a large argument amplify the
            # rounding of a into mpf, so that is done with the digits the condition takes.
            extra = len(str(a.numerator)) + len(str(a.denominator)) + 10
            with mpmath.workdps(self.dps + extra):
                v = (mpmath.exp if kind == "exp" else mpmath.log)(mpf(a.numerator) / a.denominator)
            v = +v
        else:
            _, c, r, n = s
            if c == 0:
                return self.exact(Fraction(0))
            root = exact_root(r, n)
            if root is not None:
                return self.exact(c * root)
            v = (mpf(c.numerator) / c.denominator) * mpmath.root(mpf(r.numerator) / r.denominator, n)
        return R(v, abs(v) * self.feps, s=s)

    def note(self, *values):
        for x in values:
            if x:
                magnitude = float(mpmath.mag(x)) * 0.30103
                if abs(magnitude) > MAGNITUDE_LIMIT:
                    raise Limit("a magnitude beyond 10^100000")
                self.magnitude = max(self.magnitude, magnitude)

    def record(self, distance):
        if isinstance(distance, Fraction):
            distance = mpf(distance.numerator) / distance.denominator
        if self.margin is None or distance < self.margin:
            self.margin = distance

    def sign(self, x, domain=False):
        """-1, 0 or 1: the sign of x, decided or Unsure."""
        if x.q is not None:
            if x.r:
                self.record(abs(x.v))
            return (x.q > 0) - (x.q < 0)
        if x.s is not None:  # symbolic forms are never zero
            self.record(abs(x.v))
            return 1 if x.v > 0 else -1
        if abs(x.v) > x.e:
            self.record(abs(x.v) - x.e)
            return 1 if x.v > 0 else -1
        raise Unsure(abs(x.v) + x.e, domain)

    def compare(self, x, y, domain=False):
        return self.sign(self.add(x, y, -1), domain)

    # Arithmetic -------------------------------------------------------------------------

    def add(self, x, y, sign=1):
        if x.q is not None and y.q is not None:
            return self.exact(x.q + sign * y.q, x.r or y.r)
        if x.q == 0:
            return y if sign == 1 else self.neg(y)
        if y.q == 0:
            return x
        if x.s is not None and x.s == y.s and sign == -1:
            return self.exact(Fraction(0))
        if x.s is not None and y.s is not None and x.s[0] == y.s[0]:
            if x.s[0] == "pi":
                return self.symbolic(("pi", x.s[1] + sign * y.s[1]))
            if x.s[0] == "root" and x.s[2:] == y.s[2:]:
                return self.symbolic(("root", x.s[1] + sign * y.s[1]) + x.s[2:])
            if x.s[0] == "ln":
                return self.symbolic(("ln", x.s[1] * y.s[1] if sign == 1 else x.s[1] / y.s[1]))
        v = x.v + y.v if sign == 1 else x.v - y.v
        self.note(x.v, y.v)
        return R(v, x.e + y.e + abs(v) * self.eps)

    def neg(self, x):
        s = None
        if x.s is not None:
            if x.s[0] == "pi":
                s = ("pi", -x.s[1])
            elif x.s[0] == "root":
                s = ("root", -x.s[1]) + x.s[2:]
        return R(-x.v, x.e, q=None if x.q is None else -x.q, s=s, r=x.r)

    def scaled_symbol(self, s, c):
        """c * s for a rational c, as a symbolic form, or None."""
        if s[0] == "pi":
            return ("pi", s[1] * c)
        if s[0] == "root":
            return ("root", s[1] * c) + s[2:]
        return None

    def mul(self, x, y):
        if x.q is not None and y.q is not None:
            return self.exact(x.q * y.q, x.r or y.r)
        if x.q == 0 or y.q == 0:
            return self.exact(Fraction(0), x.r if x.q == 0 else y.r)
        s = None
        if x.q is not None and y.s is not None:
            s = self.scaled_symbol(y.s, x.q)
        elif y.q is not None and x.s is not None:
            s = self.scaled_symbol(x.s, y.q)
        elif x.s is not None and y.s is not None:
            if x.s[0] == y.s[0] == "exp":
                s = ("exp", x.s[1] + y.s[1])
            elif x.s[0] == y.s[0] == "root" and x.s[3] == y.s[3]:
                s = ("root", x.s[1] * y.s[1], x.s[2] * y.s[2], x.s[3])
        if s is not None:
            return self.symbolic(s)
        v = x.v * y.v
        self.note(x.v, y.v)
        return R(v, abs(x.v) * y.e + abs(y.v) * x.e + x.e * y.e + abs(v) * self.eps)

    def div(self, x, y):
        if self.sign(y, domain=True) == 0:
            raise Domain("division by zero")
        if x.q is not None and y.q is not None:
            return self.exact(x.q / y.q, x.r or y.r)
        if x.q == 0:
            return self.exact(Fraction(0), x.r)
        s = None
        if y.q is not None and x.s is not None:
            s = self.scaled_symbol(x.s, 1 / y.q)
        elif x.s is not None and y.s is not None and x.s[0] == y.s[0]:
            if x.s[0] == "pi":
                return self.exact(x.s[1] / y.s[1])
            if x.s[0] == "exp":
                s = ("exp", x.s[1] - y.s[1])
            elif x.s[0] == "root" and x.s[3] == y.s[3]:
                s = ("root", x.s[1] / y.s[1], x.s[2] / y.s[2], x.s[3])
        elif x.q is not None and y.s is not None and y.s[0] == "root":
            _, c, r, n = y.s
            s = ("root", x.q / (c * r), r ** (n - 1), n)
        if s is not None:
            return self.symbolic(s)
        if abs(y.v) <= 4 * y.e:
            raise Unsure(abs(y.v) + y.e, True)
        v = x.v / y.v
        self.note(x.v, y.v, v)
        return R(v, (x.e + abs(v) * y.e) / (abs(y.v) - y.e) + abs(v) * self.eps)

    def floor_of(self, x):
        """floor(x) as an integer, deciding the boundary."""
        if x.q is not None:
            n = x.q.numerator // x.q.denominator
            if x.r:
                self.record(min(x.q - n, n + 1 - x.q))
            return n
        n = int(mpmath.floor(x.v))
        low, high = x.v - n, (n + 1) - x.v
        if low <= x.e or high <= x.e:
            raise Unsure(min(low, high) + x.e, False)
        self.record(min(low, high) - x.e)
        return n

    def power(self, x, y):
        if y.q is not None and y.q.denominator == 1:
            n = y.q.numerator
            if x.q is not None:
                if x.q == 0 and n < 0:
                    raise Domain("zero to a negative power")
                size = max(x.q.numerator.bit_length(), x.q.denominator.bit_length())
                if abs(n) * size > BITS_LIMIT and abs(x.q) != 1:
                    raise Limit("an exact power of more than 100,000 digits")
                return self.exact(x.q ** n, x.r or y.r)
            if n == 0:
                return self.exact(Fraction(1), y.r)
            if x.s is not None:
                if x.s[0] == "exp":
                    return self.symbolic(("exp", x.s[1] * n))
                if x.s[0] == "root":
                    _, c, r, k = x.s
                    if abs(n) > 10_000:
                        raise Limit("a large power")
                    whole, rest = divmod(n, k)
                    return self.symbolic(("root", c ** n * r ** whole, r ** rest, k))
            if n < 0 and self.sign(x, domain=True) == 0:
                raise Domain("zero to a negative power")
            a = abs(x.v)
            if abs(n) * (abs(float(mpmath.mag(a))) + 1) > 3 * MAGNITUDE_LIMIT:
                raise Limit("a magnitude beyond 10^100000")
            v = x.v ** n
            self.note(x.v, v)
            if n > 0:
                e = (a + x.e) ** n - a ** n
            else:
                if a <= x.e:
                    raise Unsure(a + x.e, True)
                e = (a - x.e) ** n - a ** n
            return R(v, e * 1.01 + abs(v) * self.eps * abs(n))
        if y.q is not None:
            p, d = y.q.numerator, y.q.denominator
            size = 0 if x.q is None else max(x.q.numerator.bit_length(), x.q.denominator.bit_length())
            if x.q is not None and abs(p) * size <= BITS_LIMIT // 8 and d <= 10_000:
                if x.q < 0 and d % 2 == 0:
                    raise Domain("even root of a negative number")
                if x.q == 0:
                    if p < 0:
                        raise Domain("zero to a negative power")
                    return self.exact(Fraction(0), x.r)
                negative = x.q < 0 and p % 2 == 1
                root = exact_root(abs(x.q) ** p, d)
                if root is not None:
                    return self.exact(-root if negative else root, x.r or y.r)
                return self.symbolic(("root", Fraction(-1 if negative else 1), abs(x.q) ** p, d))
            if x.s is not None and x.s[0] == "exp":
                return self.symbolic(("exp", x.s[1] * y.q))
            s = self.sign(x, domain=True)
            if s < 0 and d % 2 == 0:
                raise Domain("even root of a negative number")
            if s == 0:
                if p < 0:
                    raise Domain("zero to a negative power")
                return self.exact(Fraction(0))
            a = abs(x.v)
            if a <= 4 * x.e:
                raise Unsure(a + x.e, True)
            exponent = mpf(p) / d
            if abs(exponent * mpmath.log(a)) > 2 * MAGNITUDE_LIMIT:
                raise Limit("a magnitude beyond 10^100000")
            v = mpmath.power(a, exponent)
            if s < 0 and p % 2 == 1:
                v = -v
            self.note(x.v, v)
            return R(v, abs(v) * (abs(exponent) * x.e / (a - x.e) * 1.01 + self.feps * (1 + abs(mpmath.log(a)))))
        # A real exponent that is not known exactly: the base must be positive (or zero).
        s = self.sign(x, domain=True)
        if s < 0:
            raise Domain("negative base with a non-rational exponent")
        if s == 0:
            if self.sign(y, domain=True) <= 0:
                raise Domain("zero to a non-positive power")
            return self.exact(Fraction(0))
        if x.v <= 4 * x.e:
            raise Unsure(x.v + x.e, True)
        logarithm = mpmath.log(x.v)
        if abs(y.v * logarithm) > 2 * MAGNITUDE_LIMIT:
            raise Limit("a magnitude beyond 10^100000")
        v = mpmath.exp(y.v * logarithm)
        self.note(x.v, y.v, v)
        return R(v, abs(v) * (abs(y.v) * x.e / (x.v - x.e) * 1.01 + abs(logarithm) * y.e * 1.01
                              + self.feps * (1 + abs(y.v * logarithm))) * 1.01)

    def function(self, x, f, derivative, singular=None):
        """f(x) for an mpf function f, with the error through |f'(x)|; `singular` gives the
        distance from x to the nearest point where f' blows up (the error must be far below it)."""
        if abs(x.v) > 10 ** 5 and f in (mpmath.exp, mpmath.sinh, mpmath.cosh):
            raise Limit("a magnitude beyond 10^100000")
        if singular is not None:
            distance = singular(x.v)
            if x.e * 10 ** 6 > distance:
                raise Unsure(distance + x.e, True)
        v = f(x.v)
        self.note(x.v, v)
        d = derivative(x.v, v)
        return R(v, abs(d) * x.e * 1.01 + abs(v) * self.feps + x.e * self.feps)

    # Angles -----------------------------------------------------------------------------

    def to_radians(self, x):
        """An angle argument in the current mode, as radians."""
        return self.radians(x) if self.angle == "deg" else x

    def from_radians(self, x):
        return self.degrees(x) if self.angle == "deg" else x

    def radians(self, x):
        if x.q is not None:
            return self.symbolic(("pi", x.q / 180))
        return self.mul(x, self.function_constant(self.pi / 180))

    def degrees(self, x):
        if x.s is not None and x.s[0] == "pi":
            return self.exact(x.s[1] * 180)
        if x.q == 0:
            return x
        return self.mul(x, self.function_constant(180 / self.pi))

    def function_constant(self, v):
        return R(v, abs(v) * self.feps)

    # Trees ------------------------------------------------------------------------------

    def evaluate(self, node):
        kind = node[0]
        if kind == "num":
            return self.exact(node[2], False)
        if kind == "const":
            return self.symbolic(("pi", Fraction(1)) if node[1] == "pi" else ("exp", Fraction(1)))
        if kind == "var":
            return self.evaluate(node[2])
        if kind == "neg":
            return self.neg(self.evaluate(node[1]))
        if kind == "degree":
            # x° is an angle in the current unit: radians in radian mode, x itself in degree
            # mode (so sin(30°) is 0.5 in both).
            return self.radians(self.evaluate(node[1])) if self.angle != "deg" else self.evaluate(node[1])
        if kind == "pow":
            return self.power(self.evaluate(node[1]), self.evaluate(node[2]))
        if kind == "bin":
            op = node[1]
            x, y = self.evaluate(node[2]), self.evaluate(node[3])
            if op == "+":
                return self.add(x, y)
            if op == "-":
                if without_variables(node[2]) == without_variables(node[3]):
                    return self.exact(Fraction(0))  # f(x) - f(x), whatever f(x) is
                return self.add(x, y, -1)
            if op == "*":
                return self.mul(x, y)
            if op == "/":
                if without_variables(node[2]) == without_variables(node[3]):
                    if self.sign(y, domain=True) == 0:
                        raise Domain("division by zero")
                    return self.exact(Fraction(1))
                return self.div(x, y)
            quotient = self.div(x, y)  # deciding y != 0
            n = self.floor_of(quotient)
            exact = x.q is not None and y.q is not None
            if op == "//":
                return self.exact(Fraction(n), exact and (x.r or y.r))
            return self.add(x, self.mul(y, self.exact(Fraction(n), exact and (x.r or y.r))), -1)  # %
        if kind == "call":
            name, arguments = node[1], node[2]
            spec = FUNCTIONS[name]
            if not spec.arity[0] <= len(arguments) <= spec.arity[1]:
                raise Domain("arity")
            return spec.evaluate(self, [self.evaluate(a) for a in arguments])
        raise AssertionError(kind)


# ---------------------------------------------------------------------------------------------
# The functions: how the reference evaluates each, and how the generator calls it.
#
# A row: arity (least, most), the evaluation (Evaluator, [R]) -> R, the argument kinds the
# generator draws for a call in the domain, and argument lists that must fail (a domain error on
# purpose), each a list of trees. Argument kinds are the keys of Generator.KINDS.


class Function:
    def __init__(self, arity, evaluate, kinds, failing=(), weight=1.0):
        self.arity, self.evaluate, self.kinds, self.failing, self.weight = arity, evaluate, kinds, failing, weight


def terminating(value):
    """Whether a Fraction has a finite decimal expansion."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def N(text):
    """A literal tree for a decimal or integer text (non-negative)."""
    return ("num", text, Fraction(text.replace("_", "")))


def Q(value):
    """A tree for a rational: an integer literal, or a quotient, with a sign."""
    value = Fraction(value)
    if value < 0:
        return ("neg", Q(-value))
    if value.denominator == 1:
        return N(str(value.numerator))
    return ("bin", "/", N(str(value.numerator)), N(str(value.denominator)))


PI = ("const", "pi")
E = ("const", "e")


def call(name, *arguments):
    return ("call", name, list(arguments))


def ev_sqrt(ev, a):
    x = a[0]
    s = ev.sign(x, domain=True)
    if s < 0:
        raise Domain("square root of a negative number")
    if s == 0:
        return ev.exact(Fraction(0), x.r)
    return ev.power(x, ev.exact(Fraction(1, 2), False))


def ev_root(ev, a):
    x, n = a
    if n.q is None or n.q.denominator != 1 or not 1 <= n.q <= 1 << 20:
        raise Domain("the root's degree must be a whole number")
    if n.q % 2 == 0 and ev.sign(x, domain=True) < 0:
        raise Domain("even root of a negative number")
    return ev.power(x, ev.exact(Fraction(1, n.q.numerator), n.r))


def ev_hypot(ev, a):
    x, y = a
    square = ev.add(ev.mul(x, x), ev.mul(y, y))
    if square.q is not None:
        return ev.power(square, ev.exact(Fraction(1, 2), False)) if square.q else ev.exact(Fraction(0), square.r)
    v = mpmath.hypot(x.v, y.v)
    ev.note(x.v, y.v, v)
    if v <= x.e + y.e:
        return R(v, 2 * (v + x.e + y.e))
    return R(v, (abs(x.v) * x.e + abs(y.v) * y.e) / v * 1.01 + x.e + y.e + v * ev.feps)


def ev_exp(ev, a):
    x = a[0]
    if x.q is not None:
        return ev.symbolic(("exp", x.q))
    if x.s is not None and x.s[0] == "ln":
        return ev.exact(x.s[1])
    return ev.function(x, mpmath.exp, lambda x, v: v)


def positive(ev, x, what):
    if ev.sign(x, domain=True) <= 0:
        raise Domain(what)


def ev_ln(ev, a):
    x = a[0]
    positive(ev, x, "logarithm of a non-positive number")
    if x.q is not None:
        return ev.symbolic(("ln", x.q))
    if x.s is not None and x.s[0] == "exp":
        return ev.exact(x.s[1])
    return ev.function(x, mpmath.log, lambda x, v: 1 / x, singular=abs)


def ev_log_base(base):
    def evaluate(ev, a):
        x = a[0]
        positive(ev, x, "logarithm of a non-positive number")
        if x.q is not None:
            k = exact_log(x.q, Fraction(base))
            if k is not None:
                return ev.exact(k)
        ln_base = mpmath.log(base)
        return ev.function(x, lambda x: mpmath.log(x) / ln_base, lambda x, v: 1 / (x * ln_base), singular=abs)
    return evaluate


def ev_log(ev, a):
    x, b = a
    positive(ev, x, "logarithm of a non-positive number")
    positive(ev, b, "logarithm base must be positive")
    if ev.compare(b, ev.exact(Fraction(1), False), domain=True) == 0:
        raise Domain("logarithm base 1")
    if x.q is not None and b.q is not None:
        k = exact_log(x.q, b.q)
        if k is not None:
            return ev.exact(k)
    if x.q == 1:
        return ev.exact(Fraction(0))
    if x.s is not None and b.s is not None and x.s[0] == b.s[0] == "exp":
        return ev.exact(x.s[1] / b.s[1])
    if x.s is not None and b.s is not None and x.s[0] == b.s[0] == "pi" and x.s[1] == b.s[1]:
        return ev.exact(Fraction(1))
    lx, lb = ev.function(x, mpmath.log, lambda x, v: 1 / x, singular=abs), \
        ev.function(b, mpmath.log, lambda x, v: 1 / x, singular=abs)
    return ev.div(lx, lb)


def ev_sin(ev, a):
    x = ev.to_radians(a[0])
    if x.q == 0:
        return ev.exact(Fraction(0))
    if x.s is not None and x.s[0] == "pi":
        value = sin_pi_exact(x.s[1])
        if value is not None:
            return ev.exact(value)
    return ev.function(x, mpmath.sin, lambda x, v: 1)


def ev_cos(ev, a):
    x = ev.to_radians(a[0])
    if x.q == 0:
        return ev.exact(Fraction(1))
    if x.s is not None and x.s[0] == "pi":
        value = sin_pi_exact(x.s[1] + Fraction(1, 2))
        if value is not None:
            return ev.exact(value)
    return ev.function(x, mpmath.cos, lambda x, v: 1)


def ev_tan(ev, a):
    x = ev.to_radians(a[0])
    if x.q == 0:
        return ev.exact(Fraction(0))
    if x.s is not None and x.s[0] == "pi":
        c = x.s[1] % 1
        if c == Fraction(1, 2):
            raise Domain("tangent of an odd multiple of pi/2")
        if c in (0, Fraction(1, 4), Fraction(3, 4)):
            return ev.exact({0: Fraction(0), Fraction(1, 4): Fraction(1), Fraction(3, 4): Fraction(-1)}[c])
    cosine = ev.function(x, mpmath.cos, lambda x, v: 1)
    if abs(cosine.v) <= cosine.e * 10 ** 6:
        raise Unsure(abs(cosine.v) + cosine.e, True)
    ev.record(abs(cosine.v) - cosine.e)
    return ev.function(x, mpmath.tan, lambda x, v: 1 + v * v)


def ev_inverse_sine(name):
    def evaluate(ev, a):
        x = a[0]
        one = ev.exact(Fraction(1), False)
        if ev.compare(x, one, domain=True) > 0 or ev.compare(ev.neg(x), one, domain=True) > 0:
            raise Domain(f"{name} of a number outside [-1, 1]")
        if x.q is not None and x.q in (0, Fraction(1, 2), Fraction(-1, 2), 1, -1):
            c = {Fraction(0): Fraction(0), Fraction(1, 2): Fraction(1, 6), Fraction(1): Fraction(1, 2)}[abs(x.q)]
            c = c if x.q >= 0 else -c
            r = ev.symbolic(("pi", c if name == "asin" else Fraction(1, 2) - c))
        else:
            f = mpmath.asin if name == "asin" else mpmath.acos
            r = ev.function(x, f, lambda x, v: 1 / mpmath.sqrt(1 - x * x), singular=lambda x: 1 - abs(x))
        return ev.from_radians(r)
    return evaluate


def ev_atan(ev, a):
    x = a[0]
    if x.q is not None and x.q in (0, 1, -1):
        r = ev.symbolic(("pi", x.q / 4))
    else:
        r = ev.function(x, mpmath.atan, lambda x, v: 1 / (1 + x * x))
    return ev.from_radians(r)


def ev_atan2(ev, a):
    y, x = a
    sy, sx = ev.sign(y), ev.sign(x)
    if sy == 0 and sx == 0:
        raise Ambiguous("atan2(0, 0)")
    if y.q is not None and x.q is not None and (sy == 0 or sx == 0 or abs(y.q) == abs(x.q)):
        if sy == 0:
            c = Fraction(0) if sx > 0 else Fraction(1)
        elif sx == 0:
            c = Fraction(sy, 2)
        else:
            c = Fraction(sy, 4) if sx > 0 else Fraction(3 * sy, 4)
        return ev.from_radians(ev.symbolic(("pi", c)))
    v = mpmath.atan2(y.v, x.v)
    ev.note(x.v, y.v, v)
    square = x.v * x.v + y.v * y.v
    r = R(v, (abs(x.v) * y.e + abs(y.v) * x.e) / square * 1.01 + abs(v) * ev.feps)
    return ev.from_radians(r)


def ev_hyperbolic(name):
    f = getattr(mpmath, name)
    derivative = {"sinh": lambda x, v: mpmath.cosh(x), "cosh": lambda x, v: mpmath.sinh(x),
                  "tanh": lambda x, v: 1 - v * v}[name]
    at_zero = Fraction(1) if name == "cosh" else Fraction(0)

    def evaluate(ev, a):
        x = a[0]
        if x.q == 0:
            return ev.exact(at_zero)
        return ev.function(x, f, derivative)
    return evaluate


def ev_asinh(ev, a):
    x = a[0]
    if x.q == 0:
        return ev.exact(Fraction(0))
    return ev.function(x, mpmath.asinh, lambda x, v: 1 / mpmath.sqrt(1 + x * x))


def ev_acosh(ev, a):
    x = a[0]
    if ev.compare(x, ev.exact(Fraction(1), False), domain=True) < 0:
        raise Domain("acosh of a number below 1")
    if x.q == 1:
        return ev.exact(Fraction(0))
    return ev.function(x, mpmath.acosh, lambda x, v: 1 / mpmath.sqrt(x * x - 1), singular=lambda x: x - 1)


def ev_atanh(ev, a):
    x = a[0]
    one = ev.exact(Fraction(1), False)
    if ev.compare(x, one, domain=True) >= 0 or ev.compare(ev.neg(x), one, domain=True) >= 0:
        raise Domain("atanh of a number outside (-1, 1)")
    if x.q == 0:
        return ev.exact(Fraction(0))
    return ev.function(x, mpmath.atanh, lambda x, v: 1 / (1 - x * x), singular=lambda x: 1 - abs(x))


def ev_abs(ev, a):
    x = a[0]
    if x.q is not None:
        return ev.exact(abs(x.q), x.r)
    ev.record(abs(x.v))  # the engine may need the sign
    if x.s is not None and x.s[0] in ("pi", "root"):
        return ev.symbolic((x.s[0], abs(x.s[1])) + x.s[2:])
    return R(abs(x.v), x.e, s=x.s if x.s is not None and x.v > 0 else None)


def ev_floor(ev, a):
    return ev.exact(Fraction(ev.floor_of(a[0])), a[0].r)


def ev_ceil(ev, a):
    return ev.exact(Fraction(-ev.floor_of(ev.neg(a[0]))), a[0].r)


def ev_trunc(ev, a):
    x = a[0]
    if x.q is not None:
        return ev.exact(Fraction(int(x.q)), x.r)
    if abs(x.v) + x.e < 1:
        return ev.exact(Fraction(0))
    return ev_floor(ev, a) if ev.sign(x) > 0 else ev_ceil(ev, a)


def round_half_away(ev, x):
    """The nearest integer to x, ties away from zero (deciding the half-way boundary)."""
    if x.q is not None:
        if x.r:
            magnitude = abs(x.q)
            ev.record(abs(magnitude - magnitude.numerator // magnitude.denominator - Fraction(1, 2)))
        return rounded_half_away(x.q)
    magnitude = abs(x.v)
    if magnitude + x.e < mpf(1) / 2:
        return 0
    n = ev.floor_of(R(magnitude + mpf(1) / 2, x.e))
    sign = ev.sign(x)
    return n if sign > 0 else -n


def ev_round(ev, a):
    x = a[0]
    if len(a) == 1:
        return ev.exact(Fraction(round_half_away(ev, x)), x.r)
    places = a[1]
    if places.q is None or places.q.denominator != 1 or abs(places.q) > 1_000_000:
        raise Domain("places must be a whole number")
    scale = Fraction(10) ** places.q.numerator
    return ev.exact(Fraction(round_half_away(ev, ev.mul(x, ev.exact(scale, False)))) / scale, x.r)


def ev_extreme(which):
    def evaluate(ev, a):
        if all(x.q is not None for x in a):
            if any(x.r for x in a):
                values = sorted(x.q for x in a)
                ev.record(min([abs(b - c) for b, c in zip(values, values[1:])] or [Fraction(1)]))
            return ev.exact(which(x.q for x in a), any(x.r for x in a))
        best = a[0]
        for x in a[1:]:
            difference = x.v - best.v
            ev.record(abs(difference))
            if abs(difference) > x.e + best.e:
                if (difference > 0) == (which is max):
                    best = x
            else:  # too close to tell which: either is the value, within both errors
                v = which(x.v, best.v)
                best = R(v, max(x.e, best.e) + abs(difference))
        return best
    return evaluate


def ev_deg(ev, a):
    return ev.degrees(a[0])


def ev_rad(ev, a):
    return ev.radians(a[0])


FUNCTIONS = {
    "sqrt": Function((1, 1), ev_sqrt, ["pos"], [[Q(-2)], [("neg", PI)]], 1.5),
    "cbrt": Function((1, 1), lambda ev, a: ev_root(ev, [a[0], ev.exact(Fraction(3), False)]), ["any"]),
    "root": Function((2, 2), ev_root, ["pos", "degree"], [[Q(-16), N("4")]]),
    "hypot": Function((2, 2), ev_hypot, ["any", "any"]),
    "exp": Function((1, 1), ev_exp, ["small"], [], 1.5),
    "ln": Function((1, 1), ev_ln, ["pos"], [[N("0")], [Q(-1)], [call("sin", PI)]], 1.5),
    "log10": Function((1, 1), ev_log_base(10), ["pos"], [[N("0")]]),
    "log2": Function((1, 1), ev_log_base(2), ["pos"], [[Q(-8)]]),
    "log": Function((2, 2), ev_log, ["pos", "base"], [[N("5"), N("1")], [N("0"), N("10")], [N("8"), Q(-2)]]),
    "sin": Function((1, 1), ev_sin, ["angle"], [], 1.5),
    "cos": Function((1, 1), ev_cos, ["angle"], [], 1.5),
    "tan": Function((1, 1), ev_tan, ["angle"], [[("bin", "/", PI, N("2"))], [("bin", "*", N("3"), ("bin", "/", PI, N("2")))]]),
    "asin": Function((1, 1), ev_inverse_sine("asin"), ["unit"], [[N("2")], [("bin", "+", N("1"), N("1e-30"))]]),
    "acos": Function((1, 1), ev_inverse_sine("acos"), ["unit"], [[Q(Fraction(-3, 2))]]),
    "atan": Function((1, 1), ev_atan, ["any"]),
    "atan2": Function((2, 2), ev_atan2, ["nonzero", "any"]),
    "sinh": Function((1, 1), ev_hyperbolic("sinh"), ["small"]),
    "cosh": Function((1, 1), ev_hyperbolic("cosh"), ["small"]),
    "tanh": Function((1, 1), ev_hyperbolic("tanh"), ["any"]),
    "asinh": Function((1, 1), ev_asinh, ["any"]),
    "acosh": Function((1, 1), ev_acosh, ["ge1"], [[N("0.5")], [call("cos", N("1"))]]),
    "atanh": Function((1, 1), ev_atanh, ["open_unit"], [[N("1")], [Q(-1)], [call("sin", ("bin", "/", PI, N("2")))]]),
    "abs": Function((1, 1), ev_abs, ["any"]),
    "floor": Function((1, 1), ev_floor, ["any"]),
    "ceil": Function((1, 1), ev_ceil, ["any"]),
    "trunc": Function((1, 1), ev_trunc, ["any"]),
    "round": Function((1, 2), ev_round, ["any"]),
    "min": Function((1, 99), ev_extreme(min), ["any", "any"]),
    "max": Function((1, 99), ev_extreme(max), ["any", "any"]),
    "deg": Function((1, 1), ev_deg, ["any"]),
    "rad": Function((1, 1), ev_rad, ["any"]),
}


# ---------------------------------------------------------------------------------------------
# The reference outcome of one expression


def outcome(tree, angle, digit_settings, confirm=True):
    """('value', q, texts, bounds, margin) | ('domain', reason) | ('boundary', reason, domain,
    texts) | ('ambiguous', reason) | ('unsure', reason).

    texts: {D: display text or None when the rounding at D is within the budget of a tie};
    bounds: the final (lo, hi) as Fractions, for exactness claims of values not known exactly;
    margin: log10 of the closest decision before the final rounding."""
    top = max(digit_settings)
    target = 2 * top + 30
    precision = target
    cap = None
    while True:
        ev = Evaluator(precision, angle)
        try:
            result = ev.evaluate(tree)
        except Domain as error:
            first = ("domain", str(error))
            break
        except Ambiguous as error:
            return ("ambiguous", str(error))
        except Unsure as unsure:
            if cap is None:
                cap = 960 + min(1500, max(0, int(ev.magnitude))) + 2 * top
            if precision >= cap:
                if log10_of(unsure.bound) < BUDGET:
                    first = ("boundary", "decision", unsure.domain, None)
                else:
                    first = ("unsure", f"a decision unresolved at {precision} digits")
                break
            precision = min(cap, precision * 2)
            continue
        cap = cap or 960 + min(1500, max(0, int(ev.magnitude))) + 2 * top
        margin = float("inf") if ev.margin is None else log10_of(ev.margin)
        if result.q is not None:
            first = ("value", result.q, {d: format_number(result.q, d) if result.q else "0" for d in digit_settings},
                     None, margin, result.r)
            break
        v, e = result.v, result.e
        if abs(v) <= e:
            if precision >= cap:
                first = ("boundary", "zero", False, None) if log10_of(abs(v) + e) < BUDGET else \
                    ("unsure", f"not told from zero at {precision} digits")
                break
            precision = min(cap, precision * 2)
            continue
        relative = e / abs(v)
        if relative > mpf(10) ** -(2 * top + 5) and precision < cap:
            precision = min(cap, precision + int(max(0, float(mpmath.log10(relative)))) + 2 * top + 20)
            continue
        low, high = fraction_of(v - 2 * e), fraction_of(v + 2 * e)
        texts = {}
        for d in digit_settings:
            a, b = rounded(low, d), rounded(high, d)
            texts[d] = a if a == b else None
        if None in texts.values() and precision < cap:
            precision = min(cap, precision * 2)
            continue
        if None in texts.values():
            close = all(texts[d] is not None or log10_of(tie_distance(fraction_of(v), d)) < BUDGET
                        for d in digit_settings)
            if not close:
                first = ("unsure", f"a rounding tie unresolved at {precision} digits")
                break
        first = ("value", None, texts, (low, high), margin, False)
        break
    if not confirm or first[0] == "unsure":
        return first
    # The same outcome again at a higher precision, or the reference itself is not to be trusted.
    second = confirmation(tree, angle, digit_settings, precision + 25 + precision // 5, first)
    if second is not None:
        return ("unsure", f"unstable reference: {summary(first)} at {precision} digits, "
                          f"{summary(second)} higher")
    return first


def confirmation(tree, angle, digit_settings, precision, first):
    """None when evaluating at `precision` agrees with `first`, else what it found."""
    ev = Evaluator(precision, angle)
    try:
        result = ev.evaluate(tree)
    except Domain as error:
        return None if first[0] == "domain" else ("domain", str(error))
    except Ambiguous as error:
        return ("ambiguous", str(error))
    except Unsure:
        return None if first[0] == "boundary" else ("unsure", "undecided")
    if first[0] != "value":
        if first[0] == "boundary" and first[1] == "zero" and result.q is None and abs(result.v) <= result.e:
            return None
        return ("value", result.q)
    if result.q is not None or first[1] is not None:
        return None if result.q == first[1] else ("value", result.q)
    v, e = result.v, result.e
    if abs(v) <= e:
        return ("zero",)
    low, high = fraction_of(v - 2 * e), fraction_of(v + 2 * e)
    for d in digit_settings:
        a, b = rounded(low, d), rounded(high, d)
        if first[2][d] is not None and (a != first[2][d] or b != first[2][d]):
            return ("value", a)
    return None


def summary(result):
    if result[0] == "value":
        return f"value {result[1]}" if result[1] is not None or len(result) == 2 else "value"
    return " ".join(str(x) for x in result[:2])


# ---------------------------------------------------------------------------------------------
# Generator


class Generator:
    """Random lines. Each item is a list of (text, tree or None, angle): tree None for lines
    that print nothing and cannot fail (set angle); ('assign', tree) for an assignment."""

    def __init__(self, rng):
        self.rng = rng
        self.variable = 0

    # Leaves ---------------------------------------------------------------------------------

    def literal(self, low=-40, high=40):
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            value = Fraction(rng.randint(max(0, low), max(1, high)))
        elif r < 0.7:
            places = rng.randint(1, 6)
            value = Fraction(rng.randint(1, 10 ** (places + 1)), 10 ** places)
        elif r < 0.85:
            value = Fraction(rng.randint(1, 50), rng.randint(2, 13))
        else:
            value = Fraction(rng.choice([2, 3, 5, 7, 10, 12, 100]))
        value = min(max(value, Fraction(low)), Fraction(high))
        if low < 0 and rng.random() < 0.3:
            value = max(-value, Fraction(low))
        magnitude = abs(value)
        if magnitude.denominator == 1 or not terminating(magnitude):
            return Q(value)
        tree = self.decimal_tree(magnitude)
        return ("neg", tree) if value < 0 else tree

    def decimal_tree(self, value):
        text = format_number(value, 40)
        return N(text) if "e" not in text else Q(value)

    def big(self):
        rng = self.rng
        k = rng.choice([rng.randint(5, 40), rng.randint(40, 300)])
        return ("pow", N("10"), N(str(k))) if rng.random() < 0.7 else N(f"1e{k}")

    def tiny(self):
        k = self.rng.randint(7, 60)
        return ("pow", N("10"), ("neg", N(str(k)))) if self.rng.random() < 0.5 else N(f"1e-{k}")

    # Kinds of arguments ---------------------------------------------------------------------

    def sub(self, depth, kind="any"):
        """A tree of the given kind (usually), at most `depth` calls deep."""
        return getattr(self, "kind_" + kind)(depth)

    def kind_any(self, depth):
        rng = self.rng
        r = rng.random()
        if depth <= 0 or r < 0.35:
            return self.literal() if rng.random() < 0.85 else rng.choice([PI, E, ("neg", PI)])
        if r < 0.75:
            return self.call(depth - 1)
        op = rng.choice(["+", "-", "*", "/", "*", "+"])
        return ("bin", op, self.sub(depth - 1), self.sub(depth - 1, "nonzero" if op == "/" else "any"))

    def kind_nonzero(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.5:
            return self.literal(1, 40) if rng.random() < 0.7 else ("neg", self.literal(1, 40))
        return rng.choice([call("exp", self.sub(depth - 1, "small")), PI,
                           ("bin", "+", N("1"), call("abs", self.sub(depth - 1)))])

    def kind_pos(self, depth):
        rng = self.rng
        r = rng.random()
        if depth <= 0 or r < 0.4:
            return self.literal(1, 1000) if rng.random() < 0.9 else rng.choice([PI, E, self.big(), self.tiny()])
        if r < 0.55:
            return call("exp", self.sub(depth - 1, "small"))
        if r < 0.65:
            return call("cosh", self.sub(depth - 1, "small"))
        if r < 0.75:
            return call("hypot", self.sub(depth - 1), self.sub(depth - 1, "nonzero"))
        if r < 0.85:
            return ("bin", "+", self.sub(depth - 1, "pos"), call("abs", self.sub(depth - 1)))
        if r < 0.95:
            return call("sqrt", self.sub(depth - 1, "pos"))
        return self.sub(depth, "any")  # perhaps not positive: a domain error, perhaps

    def kind_small(self, depth):
        """Magnitude below about 60, so that exp, sinh and cosh stay printable."""
        rng = self.rng
        r = rng.random()
        if depth <= 0 or r < 0.5:
            return self.literal(-60, 60)
        if r < 0.7:
            return call(rng.choice(["sin", "cos", "tanh", "atan"]), self.sub(depth - 1))
        if r < 0.85:
            return call("ln", self.sub(depth - 1, "pos"))
        return ("bin", "/", self.sub(depth - 1, "small"), self.literal(1, 10))

    def kind_unit(self, depth):
        rng = self.rng
        r = rng.random()
        if depth <= 0 or r < 0.45:
            value = Fraction(rng.randint(-1000, 1000), 1000)
            if rng.random() < 0.15:
                value = rng.choice([Fraction(1, 2), Fraction(-1, 2), Fraction(1), Fraction(-1), Fraction(0)])
            tree = self.decimal_tree(abs(value)) if value.denominator != 1 else Q(abs(value))
            return ("neg", tree) if value < 0 else tree
        if r < 0.8:
            return call(rng.choice(["sin", "cos", "tanh"]), self.sub(depth - 1))
        if r < 0.95:
            return ("bin", "/", N("1"), self.sub(depth - 1, "ge1"))
        return self.sub(depth, "any")

    def kind_open_unit(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.5:
            value = Fraction(rng.randint(-999, 999), 1000)
            tree = self.decimal_tree(abs(value)) if value else N("0")
            return ("neg", tree) if value < 0 else tree
        return rng.choice([call("tanh", self.sub(depth - 1)),
                           ("bin", "/", call("sin", self.sub(depth - 1)), N("2"))])

    def kind_ge1(self, depth):
        rng = self.rng
        r = rng.random()
        if depth <= 0 or r < 0.5:
            return self.literal(1, 1000) if rng.random() < 0.9 else N("1")
        if r < 0.75:
            return call("cosh", self.sub(depth - 1, "small"))
        return ("bin", "+", N("1"), self.sub(depth - 1, "pos"))

    def kind_angle(self, depth):
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            k, n = rng.randint(-24, 24), rng.choice([1, 2, 3, 4, 6, 12])
            if n == 1:
                return ("bin", "*", N(str(k)), PI) if k >= 0 else ("neg", ("bin", "*", N(str(-k)), PI))
            numerator = PI if k == 1 else ("bin", "*", N(str(abs(k))), PI)
            tree = ("bin", "/", numerator, N(str(n)))
            return ("neg", tree) if k < 0 else tree
        if r < 0.4:
            return ("degree", N(str(rng.choice([0, 15, 30, 45, 60, 90, 120, 135, 150, 180, 270, 360, 37]))))
        if r < 0.47:
            return self.big()  # argument reduction
        if r < 0.5:
            return Q(Fraction(355, 113))
        return self.sub(depth, "any")

    def kind_degree(self, depth):
        return N(str(self.rng.choice([1, 2, 3, 4, 5, 6, 7, 10, 17])))

    def kind_base(self, depth):
        return self.rng.choice([N("2"), N("10"), N("3"), E, N("0.5"), Q(Fraction(1, 3)), N("7"), N("1.5")])

    # Calls ----------------------------------------------------------------------------------

    def call(self, depth, name=None):
        rng = self.rng
        if name is None:
            names = list(FUNCTIONS)
            name = rng.choices(names, weights=[FUNCTIONS[n].weight for n in names])[0]
        spec = FUNCTIONS[name]
        if spec.failing and rng.random() < 0.04:
            return ("call", name, list(rng.choice(spec.failing)))
        arguments = [self.sub(depth, kind) for kind in spec.kinds]
        if name == "round" and rng.random() < 0.5:
            places = rng.randint(-3, 12)
            arguments.append(N(str(places)) if places >= 0 else ("neg", N(str(-places))))
        if name in ("min", "max") and rng.random() < 0.3:
            arguments.append(self.sub(depth))
        return ("call", name, arguments)

    # Lines ----------------------------------------------------------------------------------

    def function_value(self, depth=1):
        """A call that (usually) has an irrational value."""
        return self.call(depth, self.rng.choice(["sqrt", "cbrt", "exp", "ln", "sin", "cos", "tan", "atan",
                                                 "asin", "sinh", "tanh", "asinh", "log10", "log2", "hypot",
                                                 "root", "acosh", "atanh", "acos"]))

    def printed(self, tree, significant):
        """The decimal literal of tree's value to `significant` digits (None if it has none)."""
        try:
            ev = Evaluator(significant + 40)
            r = ev.evaluate(tree)
        except (Domain, Unsure, Ambiguous):
            return None
        if r.v == 0 or abs(r.v) <= r.e:
            return None
        text = literal_text(abs(r.v), significant)
        return ("neg", N(text)) if r.v < 0 else N(text)

    def item(self):
        rng = self.rng
        r = rng.random()
        for weight, make in TEMPLATES:
            if r < weight:
                return make(self)
            r -= weight
        return self.t_random()

    # Templates: each returns a list of (text or None, tree or marker)

    def t_random(self):
        tree = self.sub(self.rng.randint(1, 3))
        while tree[0] in ("num", "const") or tree[0] == "neg" and tree[1][0] in ("num", "const"):
            tree = self.sub(self.rng.randint(1, 3))
        return [(None, tree)]

    def t_big_plus(self):
        rng = self.rng
        a = self.big() if rng.random() < 0.8 else ("pow", N("10"), N(str(rng.randint(301, 400))))
        f = self.function_value(rng.randint(0, 1))
        form = rng.random()
        if form < 0.5:
            tree = ("bin", "-", ("bin", "+", a, f), a)
        elif form < 0.8:
            tree = ("bin", "-", ("bin", "+", f, a), a)
        else:
            tree = ("bin", "+", ("neg", a), ("bin", "+", a, f))
        return [(None, tree)]

    def t_minus_printed(self):
        rng = self.rng
        f = self.function_value(rng.randint(0, 1))
        literal = self.printed(f, rng.choice([5, 10, 15, 20, 21, 30, 50, 100, 101, 120]))
        if literal is None:
            return [(None, f)]
        return [(None, ("bin", "-", f, literal))]

    def t_point_argument(self):
        """A function of one exact argument, which Tally evaluates by one MPFR call widened by
        its documented accuracy: a binary fraction (a point), another rational or a root (a
        narrow interval around it); logarithms of words and their fractions (MPFR's ln 2 and
        `mpfr_log_ui`); and the correctly rounded functions of two points."""
        rng = self.rng
        r = rng.random()
        if r < 0.2:
            a = Fraction(rng.randint(2, 10**rng.randint(1, 19)), rng.choice([1, 1, 2, 3, 7, 10, 1000, 1024]))
            if a == 1:
                a = Fraction(3, 2)
            return [(None, call("ln", Q(a)))]
        if r < 0.35:
            name = rng.choice(["atan2", "hypot", "pow"])
            x = Q(Fraction(rng.randint(1, 4000), rng.choice([1, 2, 4, 8, 1024])))
            y = Q(Fraction(rng.randint(-64, 64), rng.choice([2, 4, 8, 1024])))
            if name == "pow":
                return [(None, ("pow", x, y))]
            return [(None, call(name, y, x))]
        name = rng.choice(["exp", "ln", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
                           "asinh", "acosh", "atanh", "sqrt", "cbrt"])
        kind = rng.random()
        if kind < 0.4:
            value = Fraction(rng.randint(-2000, 2000), 2 ** rng.randint(0, 12))
        elif kind < 0.8:
            value = Fraction(rng.randint(-2000, 2000), rng.choice([3, 5, 7, 10, 100, 999]))
        else:
            return [(None, call(name, call("sqrt", N(str(rng.choice([2, 3, 5, 6, 7, 10]))))))]
        if name in ("asin", "acos", "atanh"):
            value = value / (abs(value) + 1)
        elif name in ("ln", "acosh", "sqrt"):
            value = abs(value) + 1
        elif name in ("exp", "sinh", "cosh"):
            value = value / 16
        return [(None, call(name, Q(value)))]

    def t_self_minus(self):
        f = self.function_value(self.rng.randint(0, 2))
        return [(None, ("bin", "-", f, f))]

    def t_near_one(self):
        rng = self.rng
        k = rng.choice([rng.randint(5, 40), rng.randint(40, 400)])
        small = ("pow", N("10"), ("neg", N(str(k)))) if rng.random() < 0.6 else N(f"1e-{k}")
        one_plus = ("bin", "+", N("1"), small)
        tree = rng.choice([
            ("bin", "-", ("pow", one_plus, N("0.5")), N("1")),
            ("pow", one_plus, N("0.5")),
            ("bin", "-", call("sqrt", one_plus), N("1")),
            ("bin", "-", call("exp", small), N("1")),
            call("ln", one_plus),
            ("bin", "-", call("cos", small), N("1")),
            call("sin", small),
            ("bin", "-", call("cbrt", one_plus), N("1")),
            ("bin", "-", ("pow", one_plus, ("bin", "/", N("1"), N("3"))), N("1")),
            ("bin", "-", ("pow", one_plus, PI), N("1")),
        ])
        return [(None, tree)]

    def t_sqrt_square_plus_one(self):
        rng = self.rng
        k = rng.randint(3, 200)
        big = ("pow", N("10"), N(str(2 * k)))
        tree = ("bin", "-", call("sqrt", ("bin", "+", big, N(str(rng.choice([1, 2, 3, 7]))))),
                ("pow", N("10"), N(str(k))))
        return [(None, tree)]

    def t_near_integer(self):
        rng = self.rng
        k = rng.choice([0, 1, 5, 10, 20, 40, 60, 99])
        inner = rng.choice([call("sqrt", N(str(rng.choice([2, 3, 5, 7, 10, 99])))), PI, E,
                            call("exp", PI), call("ln", N("10")), self.function_value(0)])
        if rng.random() < 0.3:
            inner = ("neg", inner)
        scaled = ("bin", "*", inner, ("pow", N("10"), N(str(k)))) if k else inner
        r = rng.random()
        if r < 0.15:
            special = rng.choice([call("exp", ("bin", "*", PI, call("sqrt", N("163")))),  # 262537412640768743.99999999999925
                                  ("bin", "*", call("sqrt", N("2")), call("sqrt", N("8"))),
                                  ("pow", call("sqrt", N("2")), N("2")),
                                  ("pow", call("cbrt", N("5")), N("3")),
                                  ("bin", "*", call("sin", ("bin", "/", PI, N("6"))), N("5")),
                                  ("bin", "+", N("2.5"), call("sin", PI)),
                                  call("ln", call("exp", N("7.5")))])
            return [(None, call(rng.choice(["floor", "ceil", "round", "trunc"]), special))]
        name = rng.choice(["floor", "ceil", "round", "trunc", "round"])
        arguments = [scaled]
        if name == "round" and rng.random() < 0.4:
            arguments = [inner, N(str(rng.randint(0, 30)))]
        return [(None, ("call", name, arguments))]

    def t_exact_identity(self):
        rng = self.rng
        a = rng.randint(2, 30)
        k = rng.randint(-5, 12)
        kk = N(str(abs(k))) if k >= 0 else ("neg", N(str(-k)))
        tree = rng.choice([
            ("pow", call("sqrt", N(str(a))), N("2")),
            ("bin", "*", call("sqrt", N(str(a))), call("sqrt", N(str(a)))),
            ("bin", "*", call("sqrt", N("2")), call("sqrt", N("18"))),
            ("bin", "/", call("sqrt", N("50")), call("sqrt", N("2"))),
            ("pow", call("cbrt", N(str(a))), N("3")),
            ("pow", ("pow", N(str(a)), N("0.5")), N("2")),
            ("bin", "*", ("pow", N("2"), N("0.5")), ("pow", N("2"), N("0.5"))),
            call("sin", ("bin", "/", PI, N(rng.choice(["6", "2", "1"])))),
            call("cos", ("bin", "/", PI, N(rng.choice(["3", "2", "1"])))),
            call("tan", ("bin", "/", PI, N("4"))),
            call("sin", ("degree", N(str(rng.choice([30, 90, 150, 180, 210, 270]))))),
            call("cos", ("degree", N(str(rng.choice([60, 120, 180, 240, 300]))))),
            call("ln", call("exp", Q(Fraction(k, rng.randint(1, 4))))),
            call("exp", call("ln", N(str(a)))),
            call("log10", ("pow", N("10"), kk)),
            call("log10", N("1000")),
            call("log2", ("pow", N("2"), kk)),
            call("log", ("pow", N(str(a)), kk), N(str(a))),
            call("log", N("8"), N("4")),
            call("deg", PI),
            call("deg", ("bin", "/", PI, N(str(rng.choice([2, 3, 4, 6, 12]))))),
            ("bin", "/", call("rad", N("180")), PI),
            ("bin", "/", ("bin", "*", call("asin", N("0.5")), N("6")), PI),
            ("bin", "/", ("bin", "*", call("atan", N("1")), N("4")), PI),
            ("bin", "/", call("acos", Q(-1)), PI),
            ("bin", "/", ("pow", E, N(str(a))), call("exp", N(str(a)))),
            call("hypot", N("3"), N("4")),
            call("hypot", N("5"), N("12")),
            call("atan2", N("1"), N("1")),
            ("bin", "-", call("sin", PI), N("0")),
            call("cosh", N("0")),
            call("acosh", N("1")),
            call("asinh", N("0")),
            ("bin", "-", ("pow", call("sqrt", N("2")), N("2")), N("2")),
            ("bin", "+", call("sin", ("bin", "/", PI, N("6"))), N("1.25")),
        ])
        return [(None, tree)]

    def t_domain_error(self):
        rng = self.rng
        names = [n for n in FUNCTIONS if FUNCTIONS[n].failing]
        name = rng.choice(names)
        tree = ("call", name, list(rng.choice(FUNCTIONS[name].failing)))
        r = rng.random()
        if r < 0.2:
            tree = rng.choice([("bin", "/", N("1"), N("0")),
                               ("bin", "/", call("sqrt", N("2")), ("bin", "-", ("pow", call("sqrt", N("2")), N("2")), N("2"))),
                               ("pow", Q(-2), N("0.5")), ("pow", Q(-2), PI), ("pow", N("0"), Q(-1)),
                               ("bin", "%", PI, N("0")), ("bin", "//", E, call("sin", N("0")))])
        elif r < 0.5:
            tree = ("bin", rng.choice(["+", "*"]), self.sub(1), tree)
        return [(None, tree)]

    def t_degrees(self):
        rng = self.rng
        lines = [("set angle deg", None)]
        for _ in range(rng.randint(1, 4)):
            angle = rng.choice([N(str(rng.randint(-720, 720))), self.literal(), N("90"), N("45"), N("30"),
                                ("bin", "/", N("1"), N("3"))])
            tree = rng.choice([call(rng.choice(["sin", "cos", "tan"]), angle),
                               call(rng.choice(["asin", "acos"]), self.sub(1, "unit")),
                               call("atan", self.sub(1)), call("atan2", self.sub(0, "nonzero"), self.sub(0)),
                               call("tan", N("90")), call("tan", Q(-270))])
            lines.append((None, tree))
        lines.append(("set angle rad", None))
        return lines

    def t_big_values(self):
        rng = self.rng
        tree = rng.choice([call("exp", N(str(rng.randint(100, 900)))),
                           call("exp", ("neg", N(str(rng.randint(100, 900))))),
                           call("sinh", N(str(rng.randint(50, 500)))),
                           call("cosh", ("neg", N(str(rng.randint(50, 500))))),
                           ("bin", "*", self.big(), self.function_value(0)),
                           ("bin", "*", self.tiny(), self.function_value(0)),
                           ("pow", N(str(rng.randint(2, 99))), self.function_value(0)),
                           ("pow", PI, N(str(rng.randint(50, 150)))),
                           call("sin", self.big()), call("cos", ("pow", N("2"), N(str(rng.randint(60, 200))))),
                           call("atan", self.big()), call("tanh", N(str(rng.randint(5, 200))))])
        return [(None, tree)]

    def t_mixed_operators(self):
        rng = self.rng
        x, y = self.sub(1), self.sub(1, "nonzero")
        tree = rng.choice([("bin", "//", x, y), ("bin", "%", x, y), ("neg", ("pow", x, N("2"))),
                           ("pow", self.sub(1, "pos"), self.sub(1, "small")),
                           ("pow", self.sub(1, "pos"), Q(Fraction(rng.randint(-7, 7), rng.randint(2, 7)))),
                           ("pow", Q(Fraction(-rng.randint(1, 64))), Q(Fraction(rng.randint(1, 5), 3))),
                           ("pow", ("neg", PI), Q(Fraction(1, 3))),
                           call(rng.choice(["min", "max"]), x, self.sub(1), self.sub(1))])
        return [(None, tree)]

    def t_variable(self):
        self.variable += 1
        name = f"v{self.variable % 7}"
        value = self.rng.choice([call("sqrt", N(str(self.rng.randint(2, 99)))), ("bin", "/", PI, N("7")),
                                 call("exp", Q(Fraction(1, 3))), call("ln", N("2")), Q(Fraction(1, 3))])
        use = self.rng.choice([("bin", "*", ("var", name, value), ("var", name, value)),
                               ("bin", "-", ("var", name, value), value),
                               call("sin", ("var", name, value)),
                               ("bin", "+", ("pow", N("10"), N("30")), ("var", name, value))])
        return [(f"{name} = {render(value)}", ("assign", value)), (None, use)]


TEMPLATES = [  # (share of the lines, template); the rest are random trees
    (0.16, Generator.t_random),
    (0.06, Generator.t_point_argument),
    (0.09, Generator.t_big_plus),
    (0.09, Generator.t_minus_printed),
    (0.05, Generator.t_self_minus),
    (0.08, Generator.t_near_one),
    (0.03, Generator.t_sqrt_square_plus_one),
    (0.09, Generator.t_near_integer),
    (0.10, Generator.t_exact_identity),
    (0.06, Generator.t_domain_error),
    (0.05, Generator.t_degrees),
    (0.05, Generator.t_big_values),
    (0.06, Generator.t_mixed_operators),
    (0.03, Generator.t_variable),
]


def generate(seed, count):
    """`count` checked lines in items: [(text, tree, angle)], tree None for a line that prints
    nothing, ('assign', tree) for an assignment."""
    rng = random.Random(seed)
    generator = Generator(rng)
    items, checked = [], 0
    while checked < count:
        angle = "rad"
        item = []
        for text, tree in generator.item():
            if text == "set angle deg":
                angle = "deg"
                item.append((text, None, angle))
                continue
            if text == "set angle rad":
                angle = "rad"
                item.append((text, None, angle))
                continue
            if text is None:
                text = render(tree)
            item.append((text, tree, angle))
            checked += 1
        items.append(item)
    return items


# ---------------------------------------------------------------------------------------------
# Running Tally

DIAGNOSTIC = re.compile(r"^<stdin>:(\d+):(\d+): error: (.*)$", re.MULTILINE)


def supports_mark_rounded(tally):
    process = subprocess.run([tally, "--mark-rounded", "-e", "1/3"], capture_output=True, timeout=60)
    return process.returncode == 0


def run_tally(tally, lines, digits, marked, timeout):
    """Tally's result for each line: ('value', text, marked) | ('error', message) | ('silent',)
    | ('failed', why) when the process did not end normally."""
    source = "".join(text + "\n" for text, _, _ in lines).encode()
    command = [tally, "--digits", str(digits)] + (["--mark-rounded"] if marked else [])
    try:
        process = subprocess.run(command, input=source, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return [("failed", f"timeout after {timeout} s")] * len(lines)
    if process.returncode not in (0, 1):
        why = f"exit status {process.returncode}: {process.stderr.decode(errors='replace')[-300:]}"
        return [("failed", why)] * len(lines)
    stdout = process.stdout.decode("utf-8", errors="replace").split("\n")
    if stdout and stdout[-1] == "":
        stdout.pop()
    errors = {int(m.group(1)): m.group(3) for m in DIAGNOSTIC.finditer(process.stderr.decode("utf-8", errors="replace"))}
    results, outputs = [], iter(stdout)
    for number, (text, tree, _) in enumerate(lines, start=1):
        if number in errors:
            results.append(("error", errors[number]))
        elif tree is None or tree[0] == "assign":
            results.append(("silent",))
        else:
            got = next(outputs, None)
            if got is None:
                return [("failed", "fewer output lines than values")] * len(lines)
            if marked and got.startswith("≈ "):
                results.append(("value", got[2:], True))
            else:
                results.append(("value", got, False if marked else None))
    if next(outputs, None) is not None:
        return [("failed", "more output lines than values")] * len(lines)
    return results


# ---------------------------------------------------------------------------------------------
# Checking

FAILURES = ("wrong digits", "false exact", "missed error", "unexpected error", "tally failure")


def verdict(reference, result, digits):
    """(category, expected text or note) for one line at one digits setting."""
    kind = result[0]
    if kind == "failed":
        return "tally failure", result[1]
    ref = reference[0]
    if ref in ("unsure", "ambiguous"):
        return "skipped", f"reference {ref}: {reference[1]}"
    if ref == "domain":
        if kind == "error":
            return "error expected", reference[1]
        return "missed error", f"an error ({reference[1]})"
    if kind == "silent":
        return "agree", ""
    if ref == "boundary":
        reason, domain = reference[1], reference[2]
        if kind == "error":
            if "cannot decide" in result[1].lower() or (domain and reason == "decision"):
                return "agree: undecidable", ""
            return "unexpected error", f"a value within 10^{BUDGET} of a {reason} boundary, or 'cannot decide'"
        text, marked = result[1], result[2]
        if reason == "zero" and text == "0" and marked is not False:
            return "agree: ≈ 0", ""
        printed = decimal_value(text)
        if reason == "zero" and printed is not None and printed != 0 and log10_of(printed) > BUDGET + 2:
            return "wrong digits", f"≈ 0 (the value is within 10^{BUDGET} of zero)"
        return "skipped", f"reference: within 10^{BUDGET} of a {reason} boundary"
    _, q, texts, bounds, margin, recognized = reference
    expected = texts[digits]
    if kind == "error":
        if "cannot decide" in result[1].lower():
            closest = margin
            if q is None:
                v = (bounds[0] + bounds[1]) / 2
                closest = min(closest, log10_of(tie_distance(v, digits)), log10_of(v))
            elif recognized:  # the engine may not see that the value is exactly q
                closest = min(closest, log10_of(tie_distance(q, digits)) if q else float("-inf"), log10_of(q))
            if closest < BUDGET:
                return "agree: undecidable", ""
        return "unexpected error", expected if expected is not None else "a value"
    text, marked = result[1], result[2]
    printed = decimal_value(text)
    if q is not None:
        exact_text = texts[digits]
        if marked is False:
            if printed == q and text == exact_text:
                return "agree: exact", ""
            if text == exact_text:
                return "false exact", f"≈ {exact_text} (the value is {q})"
            return "wrong digits", exact_text
        if printed == q or (q != 0 and text == rounded(q, digits)):
            return "agree", ""
        return "wrong digits", ("≈ " if marked else "") + (rounded(q, digits) if q else "0")
    if expected is None:  # a rounding tie within the budget at this setting
        low, high = rounded(bounds[0], digits), rounded(bounds[1], digits)
        if text in (low, high):
            return "skipped", f"a rounding tie within 10^{BUDGET}"
        # Tally may show the digits its bounds settle instead: one to three more (2.5 at one
        # digit), or fewer; each must be the rounding of both bounds at that many digits.
        for count in list(range(digits + 1, digits + 4)) + list(range(1, digits)):
            if text == rounded(bounds[0], count) == rounded(bounds[1], count):
                return "agree: tie, settled digits", ""
        return "wrong digits", f"{low} or {high}"
    if text == "0" and marked is not False:
        if max(log10_of(bounds[0]), log10_of(bounds[1])) < BUDGET:
            return "agree: ≈ 0", ""
        return "wrong digits", f"≈ {expected} (not within 10^{BUDGET} of zero)"
    if marked is False:
        # A claim of an exact value the reference knows only numerically (exp(7)^ln(375) is
        # 375^7): it stands if the printed value is inside the bounds (and is checked again
        # deeper); an exact integer is printed in full, so its text is not the rounded one.
        if printed is not None and bounds[0] <= printed <= bounds[1]:
            return "agree: exact claim not refuted", ""
        return ("false exact" if text == expected else "wrong digits"), f"≈ {expected}"
    if text != expected:
        return "wrong digits", ("≈ " if marked else "") + expected
    return "agree", ""


def deeper_exactness(tree, angle, digit_settings, text, category, expected):
    """A value the reference knows only numerically that Tally printed as exact: try again
    to refute the claim, at about 1,000 digits more."""
    precision = 1000 + 2 * max(digit_settings)
    try:
        ev = Evaluator(precision, angle)
        result = ev.evaluate(tree)
    except (Domain, Unsure, Ambiguous):
        return category, expected
    printed = decimal_value(text)
    if result.q is not None:
        return ("agree: exact", "") if printed == result.q else ("false exact", f"≈ {text} (the value is {result.q})")
    low, high = fraction_of(result.v - 2 * result.e), fraction_of(result.v + 2 * result.e)
    if low <= printed <= high:
        return category, expected
    return "false exact", f"≈ {text} (the value differs from it by about 10^{log10_of(printed - low):.0f})"


class Timeout(Exception):
    pass


def alarm(signum, frame):
    raise Timeout()


REFERENCE_SECONDS = 20


def check_chunk(job):
    """Worker: the reference of each line and its verdict at each digits setting."""
    lines, results_by_digits, digit_settings = job
    mp.dps = 15
    found, slow = [], []
    for index, (text, tree, angle) in enumerate(lines):
        if tree is None:
            continue
        subject = tree[1] if tree[0] == "assign" else tree
        started = time.perf_counter()
        signal.signal(signal.SIGALRM, alarm)
        signal.alarm(REFERENCE_SECONDS)
        try:
            reference = outcome(subject, angle, digit_settings)
        except Timeout:
            reference = ("unsure", f"the reference took more than {REFERENCE_SECONDS} s")
        finally:
            signal.alarm(0)
        slow.append((time.perf_counter() - started, text))
        for digits in digit_settings:
            result = results_by_digits[digits][index]
            if tree[0] == "assign" and result[0] == "value":
                result = ("failed", "an assignment printed a value")
            category, expected = verdict(reference, result, digits)
            if category == "agree: exact claim not refuted":
                category, expected = deeper_exactness(subject, angle, digit_settings, result[1], category, expected)
            found.append((category, digits, text, result, expected))
    return found, sorted(slow, reverse=True)[:3]


# ---------------------------------------------------------------------------------------------
# A reader of Tally expressions into trees, for hand-made cases (--self-test, --expr)

TOKEN = re.compile(r"\s*(?:(\d[\d_]*(?:\.\d+)?(?:e-?\d+)?)|([A-Za-z_]\w*)|(//|\*\*|[-+*/%^(),°]))")


def parse(text):
    tokens, position = [], 0
    text = text.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match:
            raise ValueError(f"cannot read {text[position:]!r}")
        number, name, symbol = match.groups()
        tokens.append(("n", number) if number else ("a", name) if name else ("o", "^" if symbol == "**" else symbol))
        position = match.end()
    tokens.append(("end", None))
    index = [0]

    def peek():
        return tokens[index[0]]

    def take():
        index[0] += 1
        return tokens[index[0] - 1]

    def additive():
        node = multiplicative()
        while peek() in (("o", "+"), ("o", "-")):
            node = ("bin", take()[1], node, multiplicative())
        return node

    def multiplicative():
        node = prefix()
        while peek() in (("o", "*"), ("o", "/"), ("o", "//"), ("o", "%")):
            node = ("bin", take()[1], node, prefix())
        return node

    def prefix():
        if peek() == ("o", "-"):
            take()
            return ("neg", prefix())
        return power()

    def power():
        base = postfix()
        if peek() == ("o", "^"):
            take()
            return ("pow", base, prefix())
        return base

    def postfix():
        node = atom()
        while peek() == ("o", "°"):
            take()
            node = ("degree", node)
        return node

    def atom():
        kind, value = take()
        if kind == "n":
            return N(value)
        if kind == "a":
            if peek() == ("o", "("):
                take()
                arguments = [additive()]
                while peek() == ("o", ","):
                    take()
                    arguments.append(additive())
                if take() != ("o", ")"):
                    raise ValueError("expected )")
                return ("call", value, arguments)
            if value in ("pi", "e"):
                return ("const", value)
            raise ValueError(f"unknown name {value}")
        if (kind, value) == ("o", "("):
            node = additive()
            if take() != ("o", ")"):
                raise ValueError("expected )")
            return node
        raise ValueError(f"unexpected {value!r}")

    node = additive()
    if peek()[0] != "end":
        raise ValueError("trailing input")
    return node


# Hand-made cases for the checker itself: (expression, angle, digits, what Tally printed, verdict).
# What Tally printed: "≈ text" (marked rounded), "text" (claimed exact), "!message" (an error).
SELF_TEST = [
    ("sqrt(2)", "rad", 20, "≈ 1.4142135623730950488", "agree"),
    ("sqrt(2)", "rad", 20, "1.4142135623730950488", "false exact"),
    ("sqrt(2)", "rad", 20, "≈ 1.4142135623730950489", "wrong digits"),
    ("sqrt(2)", "rad", 5, "≈ 1.4142", "agree"),
    ("sqrt(2)", "rad", 20, "!cannot decide the sign", "unexpected error"),
    ("sqrt(2)^2", "rad", 20, "2", "agree: exact"),
    ("sqrt(2)^2", "rad", 20, "≈ 2", "agree"),
    ("sqrt(2)*sqrt(2)", "rad", 100, "≈ 2.000000000000000000000000000000000000001", "wrong digits"),
    ("sin(pi/6)", "rad", 20, "0.5", "agree: exact"),
    ("sin(30)", "deg", 20, "0.5", "agree: exact"),
    ("sin(30°)", "rad", 5, "0.5", "agree: exact"),
    ("asin(0.5)", "deg", 20, "30", "agree: exact"),
    ("ln(exp(3))", "rad", 20, "3", "agree: exact"),
    ("log10(1000)", "rad", 20, "3", "agree: exact"),
    ("exp(ln(3))", "rad", 20, "3", "agree: exact"),
    ("1/3", "rad", 5, "0.33333", "false exact"),
    ("1/3", "rad", 5, "≈ 0.33333", "agree"),
    ("2^-100", "rad", 20, "≈ 7.8886090522101180541e-31", "agree"),
    ("10^100 + sqrt(2) - 10^100", "rad", 20, "1.311958450007032851e66", "wrong digits"),
    ("10^100 + sqrt(2) - 10^100", "rad", 20, "≈ 1.4142135623730950488", "agree"),
    ("sqrt(10^40 + 1) - 10^20", "rad", 20, "≈ 5e-21", "agree"),
    ("sqrt(10^40 + 1) - 10^20", "rad", 100,
     "≈ 4.99999999999999999999999999999999999999987500000000000000000000000000000000000000625e-21",
     "agree"),
    ("sqrt(10^40 + 1) - 10^20", "rad", 20, "≈ 0", "wrong digits"),
    ("(1 + 10^-300)^0.5 - 1", "rad", 20, "≈ 5e-301", "agree"),
    ("(1 + 10^-300)^0.5 - 1", "rad", 20, "≈ 0", "wrong digits"),
    ("exp(-3000)", "rad", 5, "≈ 0", "agree: ≈ 0"),           # 10^-1303: within the budget
    ("exp(-3000)", "rad", 5, "≈ 1.3078e-1303", "agree"),
    ("exp(-1000)", "rad", 5, "≈ 0", "wrong digits"),         # 10^-435
    ("sin(1)^2 + cos(1)^2 - 1", "rad", 20, "≈ 0", "agree: ≈ 0"),
    ("sin(1)^2 + cos(1)^2 - 1", "rad", 20, "!cannot decide", "agree: undecidable"),
    ("sin(1)^2 + cos(1)^2 - 1", "rad", 20, "≈ 1e-30", "wrong digits"),
    ("sin(1)^2 + cos(1)^2 - 1", "rad", 20, "0", "skipped"),
    ("floor(sin(1)^2 + cos(1)^2)", "rad", 20, "!cannot decide floor", "agree: undecidable"),
    ("floor(sin(1)^2 + cos(1)^2)", "rad", 20, "1", "skipped"),
    ("1.23455 + (sin(1)^2 + cos(1)^2 - 1)", "rad", 5, "!cannot decide the rounding", "agree: undecidable"),
    ("1.23455 + (sin(1)^2 + cos(1)^2 - 1)", "rad", 5, "≈ 1.2346", "skipped"),
    ("1.23455 + (sin(1)^2 + cos(1)^2 - 1)", "rad", 5, "≈ 1.2344", "wrong digits"),
    ("1.23455 + (sin(1)^2 + cos(1)^2 - 1)", "rad", 20, "≈ 1.23455", "agree"),
    ("1.23455 + (sin(1)^2 + cos(1)^2 - 1)", "rad", 20, "1.23455", "agree: exact claim not refuted"),
    ("1.23455 + sin(pi)", "rad", 5, "≈ 1.2346", "agree"),
    ("1.23455 + sin(pi)", "rad", 5, "≈ 1.2345", "wrong digits"),
    ("round(2.5)", "rad", 20, "3", "agree: exact"),
    ("round(-2.5)", "rad", 20, "-3", "agree: exact"),
    ("round(sqrt(2)^2 * 1.25)", "rad", 20, "3", "agree: exact"),
    ("round(2.675, 2)", "rad", 20, "2.68", "agree: exact"),
    ("floor(exp(pi*sqrt(163)))", "rad", 20, "262537412640768743", "agree: exact"),
    ("floor(exp(pi*sqrt(163)))", "rad", 20, "262537412640768744", "wrong digits"),
    ("floor(exp(pi*sqrt(163)))", "rad", 20, "≈ 2.6253741264076874400e17", "wrong digits"),
    ("floor(exp(pi*sqrt(163)))", "rad", 5, "≈ 2.6254e17", "agree"),
    ("floor(sqrt(2)*10^40)", "rad", 20, "14142135623730950488016887242096980785696", "agree: exact"),
    ("floor(sqrt(2)*10^40)", "rad", 20, "≈ 1.4142135623730950488e40", "agree"),
    ("exp(pi*sqrt(163))", "rad", 20, "≈ 262537412640768743.99", "wrong digits"),
    ("exp(pi*sqrt(163))", "rad", 20, "≈ 262537412640768744", "agree"),
    ("exp(pi*sqrt(163))", "rad", 30, "≈ 262537412640768743.999999999999", "agree"),
    ("ln(0)", "rad", 20, "!logarithm of zero", "error expected"),
    ("ln(-1)", "rad", 20, "≈ 0", "missed error"),
    ("ln(sin(pi))", "rad", 20, "!logarithm of zero", "error expected"),
    ("sqrt(sin(pi))", "rad", 20, "0", "agree: exact"),
    ("tan(pi/2)", "rad", 20, "!tangent undefined", "error expected"),
    ("tan(90)", "deg", 20, "!tangent undefined", "error expected"),
    ("tan(90)", "rad", 20, "≈ -1.9952004122082414", "wrong digits"),
    ("asin(1 + 1e-30)", "rad", 20, "!outside [-1, 1]", "error expected"),
    ("asin(tanh(1000))", "rad", 20, "≈ 1.5707963267948966192", "agree"),  # 1 - 2e-869: decided
    ("1/(sqrt(2)^2 - 2)", "rad", 20, "!division by zero", "error expected"),
    ("sin(1) - sin(1)", "rad", 20, "0", "agree: exact"),
    ("sin(1) - 0.8414709848", "rad", 20, "≈ 7.8965066525023216303e-12", "agree"),
    ("(-8)^(1/3)", "rad", 20, "-2", "agree: exact"),
    ("(-pi)^(1/3)", "rad", 20, "≈ -1.464591887561523263", "agree"),
    ("(-2)^pi", "rad", 20, "!negative base", "error expected"),
    ("atan2(0, 0)", "rad", 20, "0", "skipped"),
    ("min(sqrt(2), 1.5)", "rad", 20, "≈ 1.4142135623730950488", "agree"),
    ("max(sqrt(2)^2, 2)", "rad", 20, "2", "agree: exact"),
    ("pi % 1", "rad", 20, "≈ 0.14159265358979323846", "agree"),
    ("-e // 1", "rad", 20, "-3", "agree: exact"),
    ("-2^2", "rad", 20, "-4", "agree: exact"),
    ("1.23455 + sin(pi)", "rad", 5, "!cannot decide the rounding", "agree: undecidable"),
    ("1.23455", "rad", 5, "!cannot decide the rounding", "unexpected error"),
    ("1.23455", "rad", 5, "≈ 1.2346", "agree"),
    ("floor(sqrt(2)^2)", "rad", 20, "!cannot decide floor", "agree: undecidable"),
    ("floor(2)", "rad", 20, "!cannot decide floor", "unexpected error"),
    ("round(sin(pi/6))", "rad", 20, "!cannot decide round", "agree: undecidable"),
    ("round(sin(pi/6))", "rad", 20, "1", "agree: exact"),
    ("abs(sin(1)^2 + cos(1)^2 - 1)", "rad", 20, "!cannot decide the sign", "agree: undecidable"),
    ("max(sqrt(2), sqrt(8)/2)", "rad", 20, "!cannot decide which is larger", "agree: undecidable"),
    ("max(sqrt(2), 1.5)", "rad", 20, "!cannot decide which is larger", "unexpected error"),
    ("sqrt(2)", "rad", 20, "@1.4142135623730950488", "agree"),   # @: a tally without --mark-rounded
    ("sqrt(2)", "rad", 20, "@1.4142135623730950487", "wrong digits"),
]


def tally_result(text):
    if text.startswith("!"):
        return ("error", text[1:])
    if text.startswith("≈ "):
        return ("value", text[2:], True)
    if text.startswith("@"):
        return ("value", text[1:], None)
    return ("value", text, False)


def self_test():
    """The checker on hand-made cases; exit status 1 when any verdict differs."""
    wrong = 0
    for expression, angle, digits, printed, wanted in SELF_TEST:
        reference = outcome(parse(expression), angle, sorted({5, 20, 100, digits}))
        got, note = verdict(reference, tally_result(printed), digits)
        if got != wanted:
            wrong += 1
            print(f"self-test: {expression} ({angle}, --digits {digits}) printing {printed!r}: "
                  f"{got!r} ({note}), expected {wanted!r}; reference {reference[:3]}")
    print(f"self-test: {len(SELF_TEST) - wrong} of {len(SELF_TEST)} verdicts as expected")
    return 1 if wrong else 0


# ---------------------------------------------------------------------------------------------
# Main


def describe(result):
    if result[0] == "value":
        return ("≈ " if result[2] else "") + result[1]
    if result[0] == "error":
        return "error: " + result[1]
    return result[0] + (": " + result[1] if len(result) > 1 else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="expressions (each checked at every --digits)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--digits", default="5,20,100", help="comma-separated --digits settings")
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--chunk", type=int, default=2000, help="lines per tally process")
    parser.add_argument("--timeout", type=int, default=600, help="seconds for one tally process")
    parser.add_argument("--show", type=int, default=20, help="failures to print")
    parser.add_argument("--write", help="also write the generated lines to this file")
    parser.add_argument("--self-test", action="store_true", help="check the checker on hand-made cases")
    parser.add_argument("--expr", help="print the reference outcome of one expression and exit")
    parser.add_argument("--angle", default="rad", help="the angle mode for --expr")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    digit_settings = sorted({int(d) for d in arguments.digits.split(",") if d.strip()})
    if arguments.expr:
        print(outcome(parse(arguments.expr), arguments.angle, digit_settings))
        return 0

    started = time.perf_counter()
    tally = arguments.tally
    if not os.path.exists(tally):
        if os.path.abspath(tally) != os.path.join(ROOT, ".build", "release", "tally"):
            parser.error(f"no tally binary at {tally}")
        print("building tally (swift build -c release)", flush=True)
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True)
    marked = supports_mark_rounded(tally)

    items = generate(arguments.seed, arguments.count)
    chunks, chunk = [], []
    for item in items:
        chunk.extend(item)
        if len(chunk) >= arguments.chunk:
            chunks.append(chunk)
            chunk = []
    if chunk:
        chunks.append(chunk)
    if arguments.write:
        with open(arguments.write, "w", encoding="utf-8") as out:
            out.writelines(text + "\n" for c in chunks for text, _, _ in c)
    generated = time.perf_counter()

    from concurrent.futures import ThreadPoolExecutor
    runs = [(c, d) for c in range(len(chunks)) for d in digit_settings]
    with ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        outputs = list(pool.map(lambda run: run_tally(tally, chunks[run[0]], run[1], marked, arguments.timeout), runs))
    results = {}
    for (c, d), output in zip(runs, outputs):
        results.setdefault(c, {})[d] = output
    ran = time.perf_counter()

    jobs = [(chunks[c], results[c], digit_settings) for c in range(len(chunks))]
    if arguments.jobs > 1 and len(jobs) > 1:
        # Smaller pieces balance the workers: cut each chunk in four.
        pieces = []
        for lines, by_digits, settings in jobs:
            step = max(1, len(lines) // 4)
            for start in range(0, len(lines), step):
                pieces.append((lines[start:start + step], {d: r[start:start + step] for d, r in by_digits.items()}, settings))
        # An executor, not a Pool: a worker that dies makes it fail loudly (BrokenProcessPool)
        # where a Pool would wait for ever.
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=arguments.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            parts = list(pool.map(check_chunk, pieces))
    else:
        parts = [check_chunk(job) for job in jobs]
    found = [f for part, _ in parts for f in part]
    slowest = sorted((s for _, part in parts for s in part), reverse=True)[:3]
    checked_time = time.perf_counter()

    counts = Counter(category for category, *_ in found)
    failures = [f for f in found if f[0] in FAILURES]
    for category, digits, text, result, expected in failures[: arguments.show]:
        print(f"[{category}] --digits {digits}: {text}\n    tally:    {describe(result)}\n    expected: {expected}")
    flagged = [f for f in found if f[0] == "skipped"]
    for category, digits, text, result, expected in flagged[: min(5, arguments.show)]:
        print(f"[skipped] --digits {digits}: {text}\n    tally:    {describe(result)}\n    why:      {expected}")
    messages = Counter(re.sub(r"\d+", "N", f[3][1]) for f in found if f[0] == "unexpected error")
    if messages:
        print("unexpected error messages, most frequent first:")
        for message, n in messages.most_common(8):
            print(f"  {n:7d}  {message}")

    lines_checked = sum(1 for c in chunks for _, tree, _ in c if tree is not None)
    agree = sum(n for category, n in counts.items() if category.startswith("agree"))
    print(f"seed {arguments.seed}, {lines_checked} expressions x --digits {','.join(map(str, digit_settings))}"
          f" = {len(found)} checked" + ("" if marked else
                                       " (this tally has no --mark-rounded: exactness claims not checked)"))
    print(f"  agree             {agree}" + "".join(
        f"\n    {category[7:]:<28}{counts[category]}" for category in sorted(counts) if category.startswith("agree: ")))
    by_digits = Counter((category, digits) for category, digits, *_ in found)
    for category in ("wrong digits", "false exact", "missed error", "error expected", "unexpected error",
                     "tally failure", "skipped"):
        split = "" if not counts[category] else "  (" + ", ".join(
            f"--digits {d}: {by_digits[(category, d)]}" for d in digit_settings) + ")"
        print(f"  {category:<18}{counts[category]}{split}")
    print(f"time: generate {generated - started:.1f} s, tally {ran - generated:.1f} s, "
          f"reference and check {checked_time - ran:.1f} s, total {checked_time - started:.1f} s "
          f"({arguments.jobs} jobs); slowest references: "
          + ", ".join(f"{seconds:.2f} s {text[:60]!r}" for seconds, text in slowest))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
