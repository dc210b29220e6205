/* The limit for Tally's big-number benchmark: the same work done by calling GMP directly,
 * including printing the result in decimal.
 *
 *   cc -O2 -o out/gmp_reference gmp_reference.c -lgmp
 *   out/gmp_reference pow|factorial|powmod|sqrt2
 *   out/gmp_reference powm-big              3^(2^8192-1) mod (2^8192+1) by mpz_powm
 *   out/gmp_reference powm-lines < FILE     one "a b m" per line, a^b mod m by mpz_powm
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print(const mpz_t value) {
    char *text = mpz_get_str(NULL, 10, value);
    size_t length = strlen(text);
    text[length] = '\n';
    fwrite(text, 1, length + 1, stdout);
    free(text);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    mpz_t result;
    mpz_init(result);
    if (strcmp(argv[1], "pow") == 0) {            /* 2^1000000 */
        mpz_ui_pow_ui(result, 2, 1000000);
        print(result);
    } else if (strcmp(argv[1], "factorial") == 0) { /* 20000! */
        mpz_fac_ui(result, 20000);
        print(result);
    } else if (strcmp(argv[1], "powmod") == 0) {    /* 3^200000 % (10^9+7), as written */
        mpz_t modulus;
        mpz_init_set_ui(modulus, 1000000007);
        mpz_ui_pow_ui(result, 3, 200000);
        mpz_fdiv_r(result, result, modulus);
        print(result);
        mpz_clear(modulus);
    } else if (strcmp(argv[1], "sqrt2") == 0) {     /* sqrt(2) to 10,000 significant digits */
        /* floor(sqrt(2) * 10^10000) has 10,001 digits; rounding its last one away gives the
         * 10,000 digits of sqrt(2) rounded to nearest (an irrational number has no ties). */
        mpz_ui_pow_ui(result, 10, 20000);
        mpz_mul_ui(result, result, 2);
        mpz_sqrt(result, result);
        mpz_add_ui(result, result, 5);
        mpz_fdiv_q_ui(result, result, 10);
        char *text = mpz_get_str(NULL, 10, result);
        size_t length = strlen(text);
        while (length > 1 && text[length - 1] == '0') length--;
        printf("%c.%.*s\n", text[0], (int)(length - 1), text + 1);
        free(text);
    } else if (strcmp(argv[1], "powm-big") == 0) {  /* the number-theory benchmark's limit */
        mpz_t exponent, modulus, base;
        mpz_init(exponent);
        mpz_init(modulus);
        mpz_init_set_ui(base, 3);
        mpz_ui_pow_ui(exponent, 2, 8192);
        mpz_add_ui(modulus, exponent, 1);
        mpz_sub_ui(exponent, exponent, 1);
        mpz_powm(result, base, exponent, modulus);
        print(result);
        mpz_clears(exponent, modulus, base, NULL);
    } else if (strcmp(argv[1], "powm-lines") == 0) {
        mpz_t a, b, m;
        mpz_inits(a, b, m, NULL);
        while (gmp_scanf("%Zd %Zd %Zd", a, b, m) == 3) {
            mpz_powm(result, a, b, m);
            print(result);
        }
        mpz_clears(a, b, m, NULL);
    } else {
        return 2;
    }
    mpz_clear(result);
    return 0;
}
