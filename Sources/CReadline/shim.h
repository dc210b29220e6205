#ifndef TALLY_CREADLINE_SHIM_H
#define TALLY_CREADLINE_SHIM_H
// readline.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <sys/select.h>
#include <signal.h>

// Swift 6 rejects every use of an imported mutable C global, so the few readline globals the
// line reader needs are reached through these accessors.

static inline void tally_rl_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void tally_rl_set_catch_signals(int catchSignals, int catchWindowChanges) {
    rl_catch_signals = catchSignals;
    rl_catch_sigwinch = catchWindowChanges;
}
static inline void tally_rl_set_attempted_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}
static inline void tally_rl_set_attempted_completion_over(int over) { rl_attempted_completion_over = over; }
static inline void tally_rl_set_completer_word_break_characters(const char *characters) {
    rl_completer_word_break_characters = characters;
}
static inline void tally_rl_set_completer_quote_characters(const char *characters) {
    rl_completer_quote_characters = characters;
}
static inline void tally_rl_set_completion_append_character(int character) {
    rl_completion_append_character = character;
}
static inline const char *tally_rl_line_buffer(void) { return rl_line_buffer; }
static inline int tally_rl_point(void) { return rl_point; }
static inline int tally_rl_end(void) { return rl_end; }
static inline void tally_rl_set_point(int point) { rl_point = point; }
static inline int tally_rl_last_func_is(rl_command_func_t *function) { return rl_last_func == function; }
static inline void tally_rl_set_last_func(rl_command_func_t *function) { rl_last_func = function; }
static inline rl_voidfunc_t *tally_rl_redisplay_function(void) { return rl_redisplay_function; }
static inline void tally_rl_set_redisplay_function(rl_voidfunc_t *function) {
    rl_redisplay_function = function != NULL ? function : rl_redisplay;
}
static inline FILE *tally_rl_outstream(void) { return rl_outstream != NULL ? rl_outstream : stdout; }

// Binds `sequence` to `function` in the emacs and vi insertion keymaps. Called before readline
// reads ~/.inputrc, so a binding there replaces this one; readline's own arrow bindings are
// made only where nothing is bound.
static inline void tally_rl_bind_default(const char *sequence, rl_command_func_t *function) {
    rl_bind_keyseq_in_map(sequence, function, emacs_standard_keymap);
    rl_bind_keyseq_in_map(sequence, function, vi_insertion_keymap);
}

// Waits until `descriptor` or `other` (when >= 0) can be read, or `timeoutMicroseconds` have
// passed (when >= 0), with `mask` as the signal mask while waiting. Returns pselect's result (0
// on the timeout); `*otherReady` says whether `other` is readable.
static inline int tally_wait_for_either(
    int descriptor, int other, long timeoutMicroseconds, const sigset_t *mask, int *otherReady) {
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(descriptor, &readable);
    if (other >= 0) FD_SET(other, &readable);
    int highest = other > descriptor ? other : descriptor;
    struct timespec timeout = {timeoutMicroseconds / 1000000, (timeoutMicroseconds % 1000000) * 1000};
    int result = pselect(highest + 1, &readable, NULL, NULL, timeoutMicroseconds >= 0 ? &timeout : NULL, mask);
    *otherReady = result > 0 && other >= 0 && FD_ISSET(other, &readable);
    return result;
}

// Waits until `descriptor` can be read, with `mask` as the signal mask while waiting (so a
// signal blocked outside can only arrive here). pselect, because ppoll needs _GNU_SOURCE and
// FD_SET is a macro Swift does not import. Returns pselect's result.
static inline int tally_wait_for_input(int descriptor, const sigset_t *mask) {
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(descriptor, &readable);
    return pselect(descriptor + 1, &readable, NULL, NULL, NULL, mask);
}

// Whether `signal` is ignored (as a shell without job control leaves SIGTSTP): the line reader
// then leaves it so.
static inline int tally_signal_is_ignored(int signal) {
    struct sigaction action;
    return sigaction(signal, NULL, &action) == 0 && action.sa_handler == SIG_IGN;
}

#endif
