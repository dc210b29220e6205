#ifndef TALLY_CSQLITE_SHIM_H
#define TALLY_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift does not import: bind calls use this instead.
static inline sqlite3_destructor_type tally_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call. With `on` 0 a connection closing on a
// file in WAL mode leaves the log alone instead of copying it into the file: a file not yet
// known to be Tally's is then never written, not even by a checkpoint.
static inline int tally_sqlite_set_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}
#endif
