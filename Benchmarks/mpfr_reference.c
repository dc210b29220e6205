/* The limit for Tally's real-number benchmark: the same value computed by calling MPFR directly,
 * correctly rounded to DIGITS significant decimal digits (round to nearest), and printed the way
 * Tally prints it.
 *
 *   cc -O2 -o out/mpfr_reference mpfr_reference.c -lmpfr -lgmp
 *   out/mpfr_reference NAME DIGITS
 *
 * NAME is the expression as typed into Tally: pi, e, ln(2), sin(1), atan(1), exp(sqrt(2)) or
 * sqrt(2). The value is computed once at DIGITS*log2(10) + 64 bits with round to nearest, and
 * converted to DIGITS + 10 decimal digits. Its error is then below 2^-61 units of the last
 * digit kept (each function is correctly rounded; exp(sqrt(2)) compounds two roundings, still
 * under 4 ulps) and the conversion adds at most half a unit of the 10th extra digit, so unless
 * those 10 extra digits are within 1e-9 of a half unit the rounding to DIGITS digits is that of
 * the exact value. When they are (it does not happen for these values), the precision is
 * doubled and the value computed again (Ziv's strategy).
 *
 * Output: plain decimal (3.1415...) for 1e-6 <= |value| < 10^DIGITS, otherwise d.ddde±X;
 * trailing zeros of the fraction dropped, and the point with them; a newline at the end.
 */
#include <gmp.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXTRA 10 /* decimal digits converted beyond those printed */

static int compute(mpfr_t x, const char *name) {
    if (strcmp(name, "pi") == 0) {
        mpfr_const_pi(x, MPFR_RNDN);
    } else if (strcmp(name, "e") == 0) {
        mpfr_set_ui(x, 1, MPFR_RNDN);
        mpfr_exp(x, x, MPFR_RNDN);
    } else if (strcmp(name, "ln(2)") == 0) {
        mpfr_set_ui(x, 2, MPFR_RNDN);
        mpfr_log(x, x, MPFR_RNDN);
    } else if (strcmp(name, "sin(1)") == 0) {
        mpfr_set_ui(x, 1, MPFR_RNDN);
        mpfr_sin(x, x, MPFR_RNDN);
    } else if (strcmp(name, "atan(1)") == 0) {
        mpfr_set_ui(x, 1, MPFR_RNDN);
        mpfr_atan(x, x, MPFR_RNDN);
    } else if (strcmp(name, "exp(sqrt(2))") == 0) {
        mpfr_sqrt_ui(x, 2, MPFR_RNDN);
        mpfr_exp(x, x, MPFR_RNDN);
    } else if (strcmp(name, "sqrt(2)") == 0) {
        mpfr_sqrt_ui(x, 2, MPFR_RNDN);
    } else {
        return 0;
    }
    return 1;
}

/* Rounds the digit string `d` (length n + EXTRA) to n digits in place, to nearest. Returns 1 if
 * the rounding carried out of the first digit (d is then "1000...", one power of ten higher),
 * -1 if the extra digits are too close to a half unit to decide, 0 otherwise. */
static int round_digits(char *d, size_t n) {
    const char *tail = d + n;
    /* the extra digits as a number of units of 10^-EXTRA of the last kept digit */
    long long t = 0;
    for (int i = 0; i < EXTRA; i++) t = t * 10 + (tail[i] - '0');
    long long half = 5000000000LL; /* 10^EXTRA / 2 */
    if (t >= half - 10 && t <= half + 10) return -1;
    d[n] = '\0';
    if (t < half) return 0;
    for (size_t i = n; i-- > 0;) {
        if (d[i] != '9') {
            d[i]++;
            return 0;
        }
        d[i] = '0';
    }
    d[0] = '1';
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: mpfr_reference NAME DIGITS\n");
        return 2;
    }
    long digits = strtol(argv[2], NULL, 10);
    if (digits < 1) return 2;
    mpfr_prec_t prec = (mpfr_prec_t)(digits * 3.3219280948873623) + 64;
    for (;;) {
        mpfr_t x;
        mpfr_init2(x, prec);
        if (!compute(x, argv[1])) {
            fprintf(stderr, "mpfr_reference: unknown value %s\n", argv[1]);
            return 2;
        }
        int negative = mpfr_sgn(x) < 0;
        mpfr_abs(x, x, MPFR_RNDN);
        if (mpfr_zero_p(x)) {
            puts("0");
            return 0;
        }
        mpfr_exp_t exponent; /* value = 0.d1d2d3... × 10^exponent */
        char *d = mpfr_get_str(NULL, &exponent, 10, (size_t)digits + EXTRA, x, MPFR_RNDN);
        int carried = round_digits(d, (size_t)digits);
        if (carried < 0) {
            mpfr_free_str(d);
            mpfr_clear(x);
            prec *= 2;
            continue;
        }
        exponent += carried;
        size_t n = (size_t)digits;
        while (n > 1 && d[n - 1] == '0') n--;
        /* value = d1.d2d3... × 10^(exponent-1) */
        long e10 = (long)exponent - 1;
        size_t size = (size_t)digits + 64;
        char *out = malloc(size + (e10 < 0 ? (size_t)(-e10) : 0));
        size_t k = 0;
        if (negative) out[k++] = '-';
        if (e10 >= -6 && e10 < digits) {
            if (e10 < 0) {
                out[k++] = '0';
                out[k++] = '.';
                for (long i = 0; i < -e10 - 1; i++) out[k++] = '0';
                memcpy(out + k, d, n);
                k += n;
            } else {
                size_t whole = (size_t)e10 + 1; /* digits before the point */
                for (size_t i = 0; i < whole; i++) out[k++] = i < n ? d[i] : '0';
                if (n > whole) {
                    out[k++] = '.';
                    memcpy(out + k, d + whole, n - whole);
                    k += n - whole;
                }
            }
        } else {
            out[k++] = d[0];
            if (n > 1) {
                out[k++] = '.';
                memcpy(out + k, d + 1, n - 1);
                k += n - 1;
            }
            k += (size_t)sprintf(out + k, "e%ld", e10);
        }
        out[k++] = '\n';
        fwrite(out, 1, k, stdout);
        free(out);
        mpfr_free_str(d);
        mpfr_clear(x);
        mpfr_free_cache();
        return 0;
    }
}
