#ifndef TALLY_CMPFI_SHIM_H
#define TALLY_CMPFI_SHIM_H
#include <stdio.h>
#include <mpfi.h>
#include <mpfr.h>

// Interval arithmetic (MPFI) over correctly rounded floating point (MPFR). Some of their API
// names are function-like macros with no symbol, which Swift cannot import: they are
// re-exported here as inline functions.
static inline int tally_mpfr_sgn(const __mpfr_struct *x) { return mpfr_sgn(x); }
static inline int tally_mpfr_zero_p(const __mpfr_struct *x) { return mpfr_zero_p(x); }
static inline int tally_mpfr_nan_p(const __mpfr_struct *x) { return mpfr_nan_p(x); }
static inline int tally_mpfr_inf_p(const __mpfr_struct *x) { return mpfr_inf_p(x); }
static inline long tally_mpfr_get_exp(const __mpfr_struct *x) { return mpfr_get_exp(x); }
static inline __mpfr_struct *tally_mpfi_left(__mpfi_struct *x) { return &x->left; }
static inline __mpfr_struct *tally_mpfi_right(__mpfi_struct *x) { return &x->right; }
static inline const __mpfr_struct *tally_mpfi_left_const(const __mpfi_struct *x) { return &x->left; }
static inline const __mpfr_struct *tally_mpfi_right_const(const __mpfi_struct *x) { return &x->right; }
#endif
