#ifndef TALLY_CMPFI_SHIM_H
#define TALLY_CMPFI_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
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

/// MPFR's values that take no number argument: its constants, which it caches per precision
/// (`mpfr_const_pi`, `mpfr_const_log2`, `mpfr_const_euler`), and the logarithm of a machine
/// word (`mpfr_log_ui`, by binary splitting: faster than `mpfr_log`'s AGM for small words).
enum tally_value_kind {
    TALLY_VALUE_PI,
    TALLY_VALUE_LOG2,
    TALLY_VALUE_EULER,
    TALLY_VALUE_LOG_UI
};

/// One of those values rounded to nearest into `x` (of x's precision); the ternary value.
static inline int tally_mpfr_value(__mpfr_struct *x, int kind, unsigned long word) {
    switch (kind) {
    case TALLY_VALUE_PI: return mpfr_const_pi(x, MPFR_RNDN);
    case TALLY_VALUE_LOG2: return mpfr_const_log2(x, MPFR_RNDN);
    case TALLY_VALUE_EULER: return mpfr_const_euler(x, MPFR_RNDN);
    default: return mpfr_log_ui(x, word, MPFR_RNDN);
    }
}

// MARK: Work in a child process
//
// One long GMP or MPFR call (a factorial of ten million, a million digits of pi) cannot be
// stopped part-way: Tally runs such a call in a child made by fork, which the caller kills on
// Ctrl-C, so that all its CPU and memory go at once (TallyCore's `Numbers/Offload.swift`).
// The process that forks has other threads (the session's, the Swift runtime's), so the child
// runs only the C below and ends with _exit: it never returns to Swift, takes no lock another
// thread could have held except malloc's (glibc's fork takes malloc's locks before forking and
// resets them in the child, which is what lets GMP allocate there), and writes its result to
// the pipe as raw limbs.

/// What a child computes. Its operands are the parent's own values, which the child sees as
/// they were at the fork (copy-on-write); the parent does not change them meanwhile.
enum tally_job_kind {
    TALLY_JOB_MUL,        // a * b
    TALLY_JOB_POW_UI,     // a ^ u
    TALLY_JOB_UI_POW_UI,  // u ^ v
    TALLY_JOB_FAC_UI,     // u!
    TALLY_JOB_2FAC_UI,    // u!!
    TALLY_JOB_BIN_UI,     // binomial(a, u)
    TALLY_JOB_FIB_UI,     // the u-th Fibonacci number
    TALLY_JOB_FDIV_QR,    // a / b rounded down, then the remainder
    TALLY_JOB_GET_STR,    // the digits of a in radix u
    TALLY_JOB_MPFI_MAP,   // interval_function(interval) at `precision` bits
    TALLY_JOB_MPFR_MAP,   // number_function(number, MPFR_RNDN) at `precision` bits, and its ternary value
    TALLY_JOB_MPFR_GET_STR, // `count` digits of number, rounded by `rounding`
    TALLY_JOB_GCD,        // gcd(a, b)
    TALLY_JOB_LCM,        // lcm(a, b)
    TALLY_JOB_ROOT,       // the u-th root of a rounded toward zero, then 1 if exact (a word)
    TALLY_JOB_PRIME,      // mpz_probab_prime_p(a, u) (a word)
    TALLY_JOB_MPQ,        // rational_function(rational, rational2): numerator, then denominator
    TALLY_JOB_MPQ_REDUCE, // a / b in lowest terms: numerator, then denominator
    TALLY_JOB_MPFI_COMBINE, // interval_function2(interval, interval2) at `precision` bits
    TALLY_JOB_MPFR_VALUE  // tally_mpfr_value(kind v, word u) at `precision` bits, and its ternary value
};

typedef struct {
    int kind;
    const __mpz_struct *a;
    const __mpz_struct *b;
    unsigned long u;
    unsigned long v;
    long precision;
    int (*interval_function)(__mpfi_struct *, const __mpfi_struct *);
    int (*number_function)(__mpfr_struct *, const __mpfr_struct *, mpfr_rnd_t);
    const __mpfi_struct *interval;
    const __mpfr_struct *number;
    size_t count;
    mpfr_rnd_t rounding;
    void (*rational_function)(__mpq_struct *, const __mpq_struct *, const __mpq_struct *);
    const __mpq_struct *rational;
    const __mpq_struct *rational2;
    int (*interval_function2)(__mpfi_struct *, const __mpfi_struct *, const __mpfi_struct *);
    const __mpfi_struct *interval2;
} tally_job;

/// Writes all of `length` bytes, or ends the child (the parent has gone or killed it).
static inline void tally_child_write(int fd, const void *bytes, size_t length) {
    const char *cursor = (const char *)bytes;
    while (length > 0) {
        ssize_t written = write(fd, cursor, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) _exit(3);
        cursor += written;
        length -= (size_t)written;
    }
}

/// An MPFR number as the parent rebuilds it: sign, exponent, then its precision's limbs.
static inline void tally_child_write_mpfr(int fd, const __mpfr_struct *x) {
    long header[2] = {(long)x->_mpfr_sign, (long)x->_mpfr_exp};
    tally_child_write(fd, header, sizeof header);
    size_t limbs = (size_t)((x->_mpfr_prec + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS);
    tally_child_write(fd, x->_mpfr_d, limbs * sizeof(mp_limb_t));
}

/// An integer as the parent rebuilds it: its signed limb count, then its limbs.
static inline void tally_child_write_mpz(int fd, const __mpz_struct *z) {
    long size = z->_mp_size;
    tally_child_write(fd, &size, sizeof size);
    tally_child_write(fd, z->_mp_d, (size_t)(size < 0 ? -size : size) * sizeof(mp_limb_t));
}

static inline void tally_child_write_bytes(int fd, const char *text, long exponent) {
    long header[2] = {(long)strlen(text), exponent};
    tally_child_write(fd, header, sizeof header);
    tally_child_write(fd, text, (size_t)header[0]);
}

/// The child's whole life: compute, write, end.
static inline void tally_child_run(const tally_job *job, int fd) {
    mpz_t z;
    mpfi_t interval;
    mpfr_t number;
    switch (job->kind) {
    case TALLY_JOB_GET_STR: {
        char *text = mpz_get_str(NULL, (int)job->u, job->a);
        tally_child_write_bytes(fd, text, 0);
        return;
    }
    case TALLY_JOB_MPFR_GET_STR: {
        mpfr_exp_t exponent = 0;
        char *text = mpfr_get_str(NULL, &exponent, 10, job->count, job->number, job->rounding);
        if (text == NULL) _exit(4);
        tally_child_write_bytes(fd, text, (long)exponent);
        return;
    }
    case TALLY_JOB_MPFI_MAP:
    case TALLY_JOB_MPFI_COMBINE:
        mpfi_init2(interval, job->precision);
        if (job->kind == TALLY_JOB_MPFI_MAP) job->interval_function(interval, job->interval);
        else job->interval_function2(interval, job->interval, job->interval2);
        tally_child_write_mpfr(fd, &interval->left);
        tally_child_write_mpfr(fd, &interval->right);
        return;
    case TALLY_JOB_MPFR_MAP:
    case TALLY_JOB_MPFR_VALUE: {
        mpfr_init2(number, job->precision);
        long ternary = job->kind == TALLY_JOB_MPFR_MAP
            ? job->number_function(number, job->number, MPFR_RNDN)
            : tally_mpfr_value(number, (int)job->v, job->u);
        tally_child_write(fd, &ternary, sizeof ternary);
        tally_child_write_mpfr(fd, number);
        return;
    }
    case TALLY_JOB_MPQ:
    case TALLY_JOB_MPQ_REDUCE: {
        mpq_t q;
        mpq_init(q);
        if (job->kind == TALLY_JOB_MPQ) {
            job->rational_function(q, job->rational, job->rational2);
        } else {
            mpz_set(mpq_numref(q), job->a);
            mpz_set(mpq_denref(q), job->b);
            mpq_canonicalize(q);
        }
        tally_child_write_mpz(fd, mpq_numref(q));
        tally_child_write_mpz(fd, mpq_denref(q));
        return;
    }
    case TALLY_JOB_PRIME: {
        long verdict = mpz_probab_prime_p(job->a, (int)job->u);
        tally_child_write(fd, &verdict, sizeof verdict);
        return;
    }
    default:
        break;
    }
    mpz_init(z);
    if (job->kind == TALLY_JOB_ROOT) {
        long exact = mpz_root(z, job->a, job->u) != 0;
        tally_child_write_mpz(fd, z);
        tally_child_write(fd, &exact, sizeof exact);
        return;
    }
    if (job->kind == TALLY_JOB_FDIV_QR) {
        mpz_t remainder;
        mpz_init(remainder);
        mpz_fdiv_qr(z, remainder, job->a, job->b);
        tally_child_write_mpz(fd, z);
        tally_child_write_mpz(fd, remainder);
        return;
    }
    switch (job->kind) {
    case TALLY_JOB_MUL: mpz_mul(z, job->a, job->b); break;
    case TALLY_JOB_POW_UI: mpz_pow_ui(z, job->a, job->u); break;
    case TALLY_JOB_UI_POW_UI: mpz_ui_pow_ui(z, job->u, job->v); break;
    case TALLY_JOB_FAC_UI: mpz_fac_ui(z, job->u); break;
    case TALLY_JOB_2FAC_UI: mpz_2fac_ui(z, job->u); break;
    case TALLY_JOB_BIN_UI: mpz_bin_ui(z, job->a, job->u); break;
    case TALLY_JOB_FIB_UI: mpz_fib_ui(z, job->u); break;
    case TALLY_JOB_GCD: mpz_gcd(z, job->a, job->b); break;
    case TALLY_JOB_LCM: mpz_lcm(z, job->a, job->b); break;
    default: _exit(5);
    }
    tally_child_write_mpz(fd, z);
}

/// Forks a child that runs `job` and writes its result to a pipe; returns the child's id and
/// sets `*result_fd` to the pipe's reading end, or returns -1 (no process or pipe to be had:
/// the caller computes in-process).
static inline pid_t tally_job_start(const tally_job *job, int *result_fd) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (child == 0) {
        close(fds[0]);
        // The parent's handlers are Swift code: the child takes every signal's default action,
        // with nothing blocked, and dies with the thread that forked it. It ignores Ctrl-C,
        // which the terminal sends the whole process group: the parent decides what Ctrl-C
        // means (it kills the child), so that a child ended by it is never taken for one that
        // failed and must be computed again.
        struct sigaction plain;
        memset(&plain, 0, sizeof plain);
        plain.sa_handler = SIG_DFL;
        sigemptyset(&plain.sa_mask);
        for (int number = 1; number < NSIG; number++) {
            if (number != SIGKILL && number != SIGSTOP) sigaction(number, &plain, NULL);
        }
        signal(SIGINT, SIG_IGN);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(2);
        tally_child_run(job, fds[1]);
        _exit(0);
    }
    close(fds[1]);
    *result_fd = fds[0];
    return child;
}

/// Reads what has arrived of a child's result, waiting at most `milliseconds`: the count of
/// bytes read (0 when none came in time), or -1 at the end of the pipe or an error.
static inline long tally_job_read(int fd, void *into, size_t length, int milliseconds) {
    struct pollfd watch = {fd, POLLIN, 0};
    int ready = poll(&watch, 1, milliseconds);
    if (ready == 0 || (ready < 0 && errno == EINTR)) return 0;
    if (ready < 0) return -1;
    ssize_t got = read(fd, into, length);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) return 0;
    return got > 0 ? (long)got : -1;
}

/// Fills an MPFR number (of the child's precision) from the sign and exponent the child sent;
/// its limbs are read straight into `tally_mpfr_limbs(x)`.
static inline void tally_mpfr_set_raw(__mpfr_struct *x, long sign, long exponent) {
    x->_mpfr_sign = (int)sign;
    x->_mpfr_exp = (mpfr_exp_t)exponent;
}
static inline mp_limb_t *tally_mpfr_limbs(__mpfr_struct *x) { return x->_mpfr_d; }
static inline size_t tally_mpfr_limb_count(const __mpfr_struct *x) {
    return (size_t)((x->_mpfr_prec + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS);
}
#endif
