/// The habit database's schema, one forward migration per version.
///
/// `PRAGMA user_version` holds the version a file is at. A migration is never edited once
/// released: files in the wild are at every version, and each must reach the latest by running
/// the same steps.
enum SQLiteSchema {
    /// The version this build writes.
    static var latestVersion: Int { migrations.count }

    /// `migrations[n - 1]` takes a file from version `n - 1` to `n`.
    static let migrations: [String] = [
        // Version 1: habits and completions. `name_key` is the name case-folded by Swift,
        // because SQLite's NOCASE folds only ASCII and names are often not ASCII ('물 마시기').
        """
        CREATE TABLE habit (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            start_day TEXT NOT NULL
        );
        CREATE TABLE completion (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            PRIMARY KEY (habit_id, day)
        ) WITHOUT ROWID;
        """,
        // Version 2: habits can be archived; the archive day is the last day they may be done.
        """
        ALTER TABLE habit ADD COLUMN archive_day TEXT;
        """,
    ]
}
