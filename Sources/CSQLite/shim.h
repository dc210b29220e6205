#ifndef TALLY_CSQLITE_SHIM_H
#define TALLY_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift does not import: bind calls use this instead.
static inline sqlite3_destructor_type tally_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
