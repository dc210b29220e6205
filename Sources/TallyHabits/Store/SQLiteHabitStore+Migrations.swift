import CSQLite
import Glibc
import TallyCalendar

extension SQLiteHabitStore {
    /// Checks what the file holds, leaves WAL mode for the rollback journal when an older Tally
    /// left the file in it, and migrates forward, writing nothing until the file is known to be
    /// an empty database or one of ours.
    ///
    /// A file in WAL mode (`fromWriteAheadLog`) is read in exclusive locking mode, whose index of
    /// the log is in this process's memory rather than in a shared `-shm` mapped into it.
    func prepareSchema(upTo target: Int, fromWriteAheadLog: Bool) throws {
        let exclusive = fromWriteAheadLog && lockForLeavingWriteAheadLog()
        let (version, tableCount) = try versionAndTableCount()
        try checkIsOurs(version: version, tableCount: tableCount)
        // Damage is looked for before the first write (leaving WAL rewrites the header).
        if version > 0 { try checkHabitTable() }
        // Ours (or empty): closing may now fold a write-ahead log into the file as usual.
        tally_sqlite_set_checkpoint_on_close(connection, 1)
        // FULL syncs each commit; EXTRA also syncs the folder once the journal is deleted (the
        // moment of commit), so a commit reported as done survives a power cut, not only a
        // killed process. No memory map (mmap_size 0): a file copied over or truncated while
        // Tally reads it would kill the process with SIGBUS; read calls see a short file and fail
        // cleanly. A small page cache (16 pages) that never spills: a view reads a page or two of
        // each habit's days once (its first and last day done), and buffers used again cost less
        // than fresh memory for every page (`habit list` of 100 habits: 130 fewer page faults,
        // about 0.4 ms); a write keeps every page it changes in memory until it commits (the
        // default cache spilled past 2,000 pages), so nothing reaches the file before the commit.
        try execute(
            """
            PRAGMA synchronous = EXTRA; PRAGMA mmap_size = 0; PRAGMA foreign_keys = ON;
            PRAGMA cache_size = 16; PRAGMA cache_spill = OFF
            """, operation: "configuring")
        if fromWriteAheadLog && readOnlyReason == nil { try leaveWriteAheadLog(exclusive: exclusive) }

        guard version < target else {
            checksBeforeWriting = target == SQLiteSchema.latestVersion
            return
        }
        if let readOnlyReason {
            throw HabitStoreError.readOnly(
                file: path, reason: "it must be upgraded to schema version \(target) first, and \(readOnlyReason)")
        }
        try transaction {
            // Another session may have migrated while this one waited for the write lock.
            let (current, tables) = try versionAndTableCount()
            try checkIsOurs(version: current, tableCount: tables)
            guard current < target else { return }
            for step in current..<target {
                if step + 1 == SQLiteSchema.integerDaysVersion { try checkTextDaysConvert() }
                try execute(SQLiteSchema.migrations[step], operation: "migrating to schema version \(step + 1)")
                if step + 1 == SQLiteSchema.normalizedNamesVersion { try normalizeNames() }
            }
            try execute("PRAGMA user_version = \(target)", operation: "recording the schema version")
            if target == SQLiteSchema.latestVersion { try checkHabitTable() }
        }
        checksBeforeWriting = target == SQLiteSchema.latestVersion
    }

    /// Sets exclusive locking mode before the first read of a file in WAL mode, and takes the
    /// lock, waiting a little for another session that is leaving WAL at the same moment. False
    /// when a session of an older Tally (or another program) keeps the log open: the file is
    /// then read in WAL mode with its shared memory, as that session reads it, and stays in it.
    private func lockForLeavingWriteAheadLog() -> Bool {
        guard (try? execute("PRAGMA locking_mode = EXCLUSIVE", operation: "locking")) != nil else { return false }
        tally_sqlite_wait_when_busy(connection, SQLiteHabitStore.leavingWriteAheadLogTimeoutMilliseconds)
        defer { tally_sqlite_wait_when_busy(connection, SQLiteHabitStore.busyTimeoutMilliseconds) }
        if (try? versionAndTableCount()) != nil { return true }
        sqlite3_exec(connection, "PRAGMA locking_mode = NORMAL", nil, nil, nil)
        return false
    }

    /// How long opening a file in WAL mode waits for the exclusive lock before reading it as it
    /// is: long enough for another session's switch to the rollback journal, short enough not to
    /// hold up every `habit` line while an older Tally keeps the file open.
    static let leavingWriteAheadLogTimeoutMilliseconds: Int32 = 250

    /// Folds the log into the file and switches to the rollback journal (SQLite deletes the log),
    /// then returns to normal locking, releasing the exclusive lock, and removes the shared
    /// memory an older session left. Another session still using the log keeps the file in WAL
    /// mode; the next store to open it alone switches it.
    private func leaveWriteAheadLog(exclusive: Bool) throws {
        var mode = ""
        let code = sqlite3_exec(connection, "PRAGMA journal_mode = DELETE", nil, nil, nil)
        if code & 0xFF != SQLITE_BUSY && code & 0xFF != SQLITE_LOCKED { try check(code, "leaving WAL mode") }
        try forEachRow("PRAGMA journal_mode", []) { mode = $0.text(0) ?? "" }
        if exclusive {
            // Still in WAL mode, exclusive locking could not be left: the lock would be kept.
            guard mode == "delete" else {
                throw HabitStoreError.sqlite(
                    file: path, operation: "leaving WAL mode", message: "the journal mode is still \(mode)")
            }
            try execute("PRAGMA locking_mode = NORMAL", operation: "unlocking")
            // Normal locking takes effect, and the lock is let go, at the next read.
            _ = try versionAndTableCount()
        }
        guard mode == "delete" else { return }
        var status = stat()
        if lstat(path + "-shm", &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path + "-shm") }
    }

    /// Throws unless the file is an empty database or one of ours at a version this Tally knows:
    /// its `user_version` and every table, index and trigger as that version has them.
    func checkIsOurs(version: Int, tableCount: Int) throws {
        if version > SQLiteSchema.latestVersion {
            throw HabitStoreError.newerSchema(file: path, version: version, supported: SQLiteSchema.latestVersion)
        }
        if version < 0 || (version == 0 && tableCount > 0) { throw HabitStoreError.foreignDatabase(file: path) }
        if version > 0, try schemaSignature() != SQLiteSchema.signatures[version - 1] {
            throw HabitStoreError.foreignDatabase(file: path)
        }
    }

    /// Each table, index and trigger with the table it belongs to, as ``SQLiteSchema/signatures``
    /// lists them. Names only: reading every table's columns costs more than the rest of
    /// `habit list` on a small store, and another program's file with all of Tally's table,
    /// index and trigger names and a Tally `user_version` is not a case worth that.
    func schemaSignature() throws -> [String] {
        var signature: [String] = []
        try forEachRow(
            """
            SELECT type || ' ' || name || ' ' || tbl_name FROM sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name
            """, []
        ) { signature.append($0.text(0) ?? "") }
        return signature
    }

    /// The habit table and its index of names agree and are sound (SQLite's `integrity_check`
    /// of that table alone, which is small however long the history). Damage there would make a
    /// name look missing and let a second habit take it. Checked when the file is opened, so
    /// every command is held to it, and again before every write.
    func checkHabitTable() throws {
        var problems: [String] = []
        try forEachRow("PRAGMA integrity_check(habit)", [], operation: "checking the file") {
            let problem = $0.text(0) ?? ""
            // A broken CHECK or NOT NULL is a hand edit, not damage: reading the row names it.
            guard problem != "ok", !problem.hasPrefix("CHECK constraint"), !problem.hasPrefix("NULL value") else {
                return
            }
            problems.append(problem)
        }
        if let problem = problems.first { throw HabitStoreError.damaged(file: path, detail: problem) }
    }

    /// One statement, so both come from the same snapshot even while another session migrates.
    func versionAndTableCount() throws -> (version: Int, tables: Int) {
        var result = (version: 0, tables: 0)
        try forEachRow(
            "SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)", []
        ) { row in
            result = (Int(row.integer(0)), Int(row.integer(1)))
        }
        return result
    }

    /// With schema version 4, names are stored in NFC and keyed by full case folding: every
    /// row's name and key are rewritten so. Two names that become one are refused by the
    /// unique key, and the migration, undone, names them.
    private func normalizeNames() throws {
        var rows: [(id: Int64, name: String)] = []
        try forEachRow("SELECT id, name FROM habit", []) { rows.append(($0.integer(0), $0.text(1) ?? "")) }
        for row in rows {
            let name = Habit.nfc(row.name)
            try run(
                "UPDATE habit SET name = ?2, name_key = ?3 WHERE id = ?1",
                [.integer(row.id), .text(name), .text(Habit.nameKey(for: name))],
                operation: "normalizing the name \(MessageText.quoted(row.name))")
        }
    }

    /// Before days become integers (schema version 3): throws, naming the row, when a stored
    /// text day is not a real `YYYY-MM-DD` day or a completion belongs to no habit, which the
    /// new tables could not hold. The migration then rolls back and the file stays as it was.
    ///
    /// Each day is checked by ``Day/parse(_:)`` against the number the migration will store
    /// (`julianday`, which is exact for every Gregorian day); SQLite's `date()` is not used to
    /// check, as it misplaces some early days (it turns `0300-03-01` into `0300-02-29`).
    private func checkTextDaysConvert() throws {
        func number(_ column: String) -> String { "CAST(julianday(\(column)) - 2440587.5 AS INTEGER)" }
        let sql = """
            SELECT id, name, 'start day', start_day, typeof(start_day), \(number("start_day")) FROM habit
            UNION ALL
            SELECT id, name, 'archive day', archive_day, typeof(archive_day), \(number("archive_day")) FROM habit
                WHERE archive_day IS NOT NULL
            UNION ALL
            SELECT c.habit_id, h.name, CASE WHEN h.id IS NULL THEN 'habit' ELSE 'completion day' END, c.day,
                typeof(c.day), \(number("c.day"))
                FROM completion AS c LEFT JOIN habit AS h ON h.id = c.habit_id
            """
        try forEachRow(sql, [], operation: "checking the days before migrating") { row in
            let id = HabitID(rawValue: row.integer(0))
            let text = row.text(3) ?? ""
            guard let name = row.text(1) else {
                throw HabitStoreError.orphanCompletion(file: path, habitID: id, day: text)
            }
            let reason: String
            do throws(DayParseError) {
                let day = try CivilDate.parse(text)
                guard row.text(4) != "text" || row.isNull(5) || row.integer(5) != Int64(day.daysSinceEpoch) else {
                    return
                }
                reason = "\(MessageText.quoted(text)) is not stored as YYYY-MM-DD text"
            } catch {
                reason = error.message
            }
            throw HabitStoreError.invalidRow(
                file: path, habitID: id, name: name, problem: "its \(row.text(2) ?? "") is not a valid day: \(reason)")
        }
    }
}
