#ifndef TALLY_CGMP_SHIM_H
#define TALLY_CGMP_SHIM_H
#include <gmp.h>

// GMP's sign and comparison helpers are function-like macros with no symbol; Swift cannot
// import them, so they are re-exported here as inline functions.
static inline int tally_mpz_sgn(const __mpz_struct *z) { return mpz_sgn(z); }
static inline int tally_mpq_sgn(const __mpq_struct *q) { return mpq_sgn(q); }
static inline __mpz_struct *tally_mpq_numref(__mpq_struct *q) { return mpq_numref(q); }
static inline __mpz_struct *tally_mpq_denref(__mpq_struct *q) { return mpq_denref(q); }
static inline int tally_mpz_odd_p(const __mpz_struct *z) { return mpz_odd_p(z); }
static inline int tally_mpz_even_p(const __mpz_struct *z) { return mpz_even_p(z); }
#endif
