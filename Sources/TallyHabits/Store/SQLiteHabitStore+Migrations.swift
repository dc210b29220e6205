import CSQLite
import Glibc

extension SQLiteHabitStore {
    /// Checks what the file holds, turns on WAL and migrates forward, writing nothing until the
    /// file is known to be an empty database or one of ours.
    func prepareSchema(upTo target: Int) throws {
        let (version, tableCount) = try versionAndTableCount()
        try checkIsOurs(version: version, tableCount: tableCount)
        // Damage is looked for before the first write (the switch to WAL rewrites the header).
        if version > 0 { try checkHabitTable() }
        // Ours (or empty): closing may now fold the write-ahead log into the file as usual.
        tally_sqlite_set_checkpoint_on_close(connection, 1)

        // Readers never block the writer and a killed process never leaves a torn file.
        try switchToWriteAheadLog()
        // FULL: a commit reported as done survives a power cut, not only a killed process.
        // No memory map (mmap_size stays 0): a file copied over or truncated while Tally reads
        // it would kill the process with SIGBUS; read calls see a short file and fail cleanly.
        try execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", operation: "configuring")

        guard version < target else {
            checksBeforeWriting = target == SQLiteSchema.latestVersion
            return
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

    /// Turns on WAL mode (a no-op once the file is in it). Switching needs an exclusive lock and
    /// SQLite does not call the busy handler for it, so a session opening the file while another
    /// one is starting up retries here, for as long as a write would wait.
    private func switchToWriteAheadLog() throws {
        let pause: useconds_t = 10_000
        var waited = 0
        while true {
            let code = sqlite3_exec(connection, "PRAGMA journal_mode = WAL", nil, nil, nil)
            guard code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED,
                waited < Int(SQLiteHabitStore.busyTimeoutMilliseconds) * 1000
            else { return try check(code, "switching to WAL") }
            usleep(pause)
            waited += Int(pause)
        }
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
                let day = try Day.parse(text)
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
