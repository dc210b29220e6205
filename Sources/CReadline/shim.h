#ifndef TALLY_CREADLINE_SHIM_H
#define TALLY_CREADLINE_SHIM_H
// readline.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <sys/select.h>

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

// Waits until `descriptor` can be read, with `mask` as the signal mask while waiting (so a
// signal blocked outside can only arrive here). pselect, because ppoll needs _GNU_SOURCE and
// FD_SET is a macro Swift does not import. Returns pselect's result.
static inline int tally_wait_for_input(int descriptor, const sigset_t *mask) {
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(descriptor, &readable);
    return pselect(descriptor + 1, &readable, NULL, NULL, NULL, mask);
}

#endif
