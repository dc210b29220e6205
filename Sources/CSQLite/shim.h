#ifndef TALLY_CSQLITE_SHIM_H
#define TALLY_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <stdint.h>
#include <unistd.h>

// SQLITE_TRANSIENT is a cast macro Swift does not import: bind calls use this instead.
static inline sqlite3_destructor_type tally_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call. With `on` 0 a connection closing on a
// file in WAL mode leaves the log alone instead of copying it into the file: a file not yet
// known to be Tally's is then never written, not even by a checkpoint.
static inline int tally_sqlite_set_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}

// sqlite3_config is variadic too. SQLite's memory statistics, on unless configured off, take a
// global mutex around every allocation it makes, and Tally never reads them. Only a call before
// SQLite initializes (on the first connection opened) takes effect; a later one is refused and
// changes nothing.
static inline void tally_sqlite_skip_memory_statistics(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// The busy handler: tries again every millisecond, for about `limit` milliseconds. SQLite's own
// (sqlite3_busy_timeout) backs off to 100 ms between tries, so with a rollback journal a writer
// that has waited longest tries least often, and eight busy writers can starve one of them for
// the whole timeout; trying at an even pace keeps the chances equal.
static inline int tally_sqlite_busy(void *limit, int count) {
    if (count >= (int)(intptr_t)limit) return 0;
    usleep(1000);
    return 1;
}

static inline int tally_sqlite_wait_when_busy(sqlite3 *db, int milliseconds) {
    return sqlite3_busy_handler(db, tally_sqlite_busy, (void *)(intptr_t)milliseconds);
}
#endif
