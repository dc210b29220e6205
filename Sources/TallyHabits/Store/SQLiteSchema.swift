/// The habit database's schema, one forward migration per version.
///
/// `PRAGMA user_version` holds the version a file is at. A migration is never edited once
/// released: files in the wild are at every version, and each must reach the latest by running
/// the same steps.
enum SQLiteSchema {
    /// The version this build writes.
    static var latestVersion: Int { migrations.count }

    /// The version whose migration turns text days into day numbers; the store checks first
    /// that every stored day converts.
    static let integerDaysVersion = 3

    /// The version from which names are in NFC and keyed by full case folding; the store
    /// rewrites every name and key when a file reaches it.
    static let normalizedNamesVersion = 4

    /// What a file at version `n` holds, `signatures[n - 1]`: each table, index and trigger
    /// (other than SQLite's own) with its table, as ``SQLiteHabitStore`` reads them
    /// (`schemaSignature()`). A file whose `user_version` says `n` but whose schema differs is
    /// another program's, and nothing is written to it. A test holds these to the migrations.
    static let signatures: [[String]] = [
        ["table completion completion", "table habit habit"],
        ["table completion completion", "table habit habit"],
        [
            "index completion_run_by_first_day completion_run", "index completion_run_by_last_day completion_run",
            "table completion completion", "table completion_run completion_run",
            "table habit habit",
            "trigger completion_deleted completion", "trigger completion_inserted completion",
            "trigger completion_not_updated completion",
        ],
        [
            "index completion_run_by_first_day completion_run", "index completion_run_by_last_day completion_run",
            "table completion completion", "table completion_run completion_run",
            "table habit habit",
            "table note note", "table pause pause",
            "table skip skip",
            "trigger completion_deleted completion", "trigger completion_inserted completion",
            "trigger completion_not_updated completion",
        ],
        [
            "index completion_run_by_first_day completion_run", "index completion_run_by_last_day completion_run",
            "table amount amount",
            "table completion completion", "table completion_run completion_run",
            "table habit habit",
            "table note note", "table pause pause",
            "table skip skip",
            "trigger completion_deleted completion", "trigger completion_inserted completion",
            "trigger completion_not_updated completion",
        ],
    ]

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
        // Version 3: days as integers, days since 1970-01-01 (0001-01-01 to 9999-12-31), in
        // STRICT tables, so that every stored day is a number and MIN/MAX over the primary key
        // find a habit's first and last day done without reading the days between. Each habit's
        // completion count and its runs of consecutive days done are kept by triggers on
        // `completion`, so they stay right whoever writes completions (Tally or the sqlite3
        // shell), and `habit list` reads a few rows per habit instead of its whole history.
        // The store checks every text day converts before this runs (SQLiteHabitStore).
        """
        ALTER TABLE completion RENAME TO completion_v2;
        ALTER TABLE habit RENAME TO habit_v2;
        CREATE TABLE habit (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            start_day INTEGER NOT NULL CHECK (start_day BETWEEN -719162 AND 2932896),
            archive_day INTEGER CHECK (archive_day BETWEEN -719162 AND 2932896),
            completion_count INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE TABLE completion (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            day INTEGER NOT NULL CHECK (day BETWEEN -719162 AND 2932896),
            PRIMARY KEY (habit_id, day)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE completion_run (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            first_day INTEGER NOT NULL,
            last_day INTEGER NOT NULL
        ) STRICT;
        -- Covering: `habit list` reads a habit's recent runs from the index alone.
        CREATE INDEX completion_run_by_last_day ON completion_run (habit_id, last_day, first_day);
        CREATE INDEX completion_run_by_first_day ON completion_run (habit_id, first_day);

        INSERT INTO habit (id, name, name_key, start_day, archive_day)
            SELECT id, name, name_key, CAST(julianday(start_day) - 2440587.5 AS INTEGER),
                CAST(julianday(archive_day) - 2440587.5 AS INTEGER)
            FROM habit_v2;
        INSERT INTO completion (habit_id, day)
            SELECT habit_id, CAST(julianday(day) - 2440587.5 AS INTEGER) FROM completion_v2;
        DROP TABLE completion_v2;
        DROP TABLE habit_v2;
        UPDATE habit SET completion_count = (SELECT count(*) FROM completion WHERE habit_id = habit.id);
        -- Days minus their rank within the habit are equal exactly along a run.
        INSERT INTO completion_run (habit_id, first_day, last_day)
            SELECT habit_id, min(day), max(day)
            FROM (SELECT habit_id, day, day - row_number() OVER (PARTITION BY habit_id ORDER BY day) AS run
                FROM completion)
            GROUP BY habit_id, run;

        -- A new day joins the run ending the day before and the run starting the day after.
        CREATE TRIGGER completion_inserted AFTER INSERT ON completion BEGIN
            INSERT INTO completion_run (habit_id, first_day, last_day)
                SELECT NEW.habit_id, min(first_day), max(last_day)
                FROM (SELECT NEW.day AS first_day, NEW.day AS last_day
                    UNION ALL
                    SELECT first_day, last_day FROM completion_run
                    WHERE habit_id = NEW.habit_id AND (last_day = NEW.day - 1 OR first_day = NEW.day + 1));
            DELETE FROM completion_run
                WHERE habit_id = NEW.habit_id AND (last_day = NEW.day - 1 OR first_day = NEW.day + 1);
            UPDATE habit SET completion_count = completion_count + 1 WHERE id = NEW.habit_id;
        END;
        -- A day taken back splits its run in two (either part may be empty).
        CREATE TRIGGER completion_deleted AFTER DELETE ON completion BEGIN
            INSERT INTO completion_run (habit_id, first_day, last_day)
                SELECT habit_id, first_day, OLD.day - 1 FROM completion_run
                WHERE habit_id = OLD.habit_id AND first_day < OLD.day AND last_day = (
                    SELECT min(last_day) FROM completion_run WHERE habit_id = OLD.habit_id AND last_day >= OLD.day)
                UNION ALL
                SELECT habit_id, OLD.day + 1, last_day FROM completion_run
                WHERE habit_id = OLD.habit_id AND first_day <= OLD.day AND last_day > OLD.day AND last_day = (
                    SELECT min(last_day) FROM completion_run WHERE habit_id = OLD.habit_id AND last_day >= OLD.day);
            DELETE FROM completion_run
                WHERE habit_id = OLD.habit_id AND first_day <= OLD.day AND last_day = (
                    SELECT min(last_day) FROM completion_run WHERE habit_id = OLD.habit_id AND last_day >= OLD.day);
            UPDATE habit SET completion_count = completion_count - 1 WHERE id = OLD.habit_id;
        END;
        -- Moving a day would need both; Tally never updates a completion, it deletes and inserts.
        CREATE TRIGGER completion_not_updated BEFORE UPDATE ON completion BEGIN
            SELECT RAISE(ABORT, 'completion rows are not updated: delete the day and insert the new one');
        END;
        """,
        // Version 4: targets, skips, pauses and notes. `target` is written as a person types it
        // ('daily', '3/week', '2/month', 'every 3 days') and checked by Habit when read. A skip is
        // a day neither done nor missed; a pause is the days between an archive day and the
        // restore that ended it; a note is a line of text kept for a day.
        """
        ALTER TABLE habit ADD COLUMN target TEXT NOT NULL DEFAULT 'daily';
        CREATE TABLE skip (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            day INTEGER NOT NULL CHECK (day BETWEEN -719162 AND 2932896),
            PRIMARY KEY (habit_id, day)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE pause (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            first_day INTEGER NOT NULL CHECK (first_day BETWEEN -719162 AND 2932896),
            last_day INTEGER NOT NULL CHECK (last_day BETWEEN -719162 AND 2932896),
            PRIMARY KEY (habit_id, first_day)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE note (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            day INTEGER NOT NULL CHECK (day BETWEEN -719162 AND 2932896),
            text TEXT NOT NULL,
            PRIMARY KEY (habit_id, day)
        ) STRICT, WITHOUT ROWID;
        """,
        // Version 5: measurable habits, a description and a manual order. `description` is a
        // habit's question or description (NULL for none); `position` its place in `list` and
        // `today` once `habit move` has ordered them (NULL: by name, after the placed ones). `unit`, `goal` (thousandths of the unit, as Loop Habit
        // Tracker keeps values) and `goal_kind` are NULL for a habit done or not; `amount` holds
        // each day's amount entered, in thousandths. `completion` keeps the days the goal is met,
        // written by Tally from the amounts, so streaks and `habit list` read it as before.
        """
        ALTER TABLE habit ADD COLUMN unit TEXT;
        ALTER TABLE habit ADD COLUMN goal INTEGER CHECK (goal BETWEEN 0 AND 1000000000000);
        ALTER TABLE habit ADD COLUMN goal_kind TEXT CHECK (goal_kind IN ('at least', 'at most'));
        ALTER TABLE habit ADD COLUMN description TEXT;
        ALTER TABLE habit ADD COLUMN position INTEGER CHECK (position >= 1);
        CREATE TABLE amount (
            habit_id INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
            day INTEGER NOT NULL CHECK (day BETWEEN -719162 AND 2932896),
            value INTEGER NOT NULL CHECK (value BETWEEN 0 AND 1000000000000),
            PRIMARY KEY (habit_id, day)
        ) STRICT, WITHOUT ROWID;
        """,
    ]
}
