import CSQLite
import Glibc

extension SQLiteHabitStore {
    /// Checks what the file holds, turns on WAL and migrates forward, writing nothing until the
    /// file is known to be an empty database or one of ours.
    func prepareSchema(upTo target: Int) throws {
        let (version, tableCount) = try versionAndTableCount()
        try checkIsOurs(version: version, tableCount: tableCount)

        // Readers never block the writer and a killed process never leaves a torn file.
        try switchToWriteAheadLog()
        // FULL: a commit reported as done survives a power cut, not only a killed process.
        try execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", operation: "configuring")
        // Reads through a memory map: `habit list` touches a few pages per habit, and a read
        // system call per page costs more than the work on it. Writes still go through write
        // calls, so the file is changed only as before.
        try execute("PRAGMA mmap_size = 268435456", operation: "configuring")

        guard version < target else { return }
        try transaction {
            // Another session may have migrated while this one waited for the write lock.
            let (current, tables) = try versionAndTableCount()
            if current == 0 && tables > 0 { throw HabitStoreError.foreignDatabase(file: path) }
            guard current < target else { return }
            for step in current..<target {
                if step + 1 == SQLiteSchema.integerDaysVersion { try checkTextDaysConvert() }
                try execute(SQLiteSchema.migrations[step], operation: "migrating to schema version \(step + 1)")
            }
            try execute("PRAGMA user_version = \(target)", operation: "recording the schema version")
        }
    }

    /// Throws unless the file is an empty database or one of ours at a version this Tally knows.
    func checkIsOurs(version: Int, tableCount: Int) throws {
        if version > SQLiteSchema.latestVersion {
            throw HabitStoreError.newerSchema(file: path, version: version, supported: SQLiteSchema.latestVersion)
        }
        if version == 0 && tableCount > 0 { throw HabitStoreError.foreignDatabase(file: path) }
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

    /// Before days become integers (schema version 3): throws, naming the row, when a stored
    /// text day is not a real `YYYY-MM-DD` day or a completion belongs to no habit, which the
    /// new tables could not hold. The migration then rolls back and the file stays as it was.
    private func checkTextDaysConvert() throws {
        // The same days Day.parse accepts: the exact form, no year 0, and a day the calendar
        // has. julianday() quietly moves February 30th into March (date() alone keeps it as
        // written), so the day must come back unchanged from the number it converts to.
        func invalid(_ column: String) -> String {
            "NOT (typeof(\(column)) = 'text' AND \(column) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' "
                + "AND \(column) >= '0001' AND date(julianday(\(column))) IS \(column))"
        }
        var problem: (id: Int64, name: String?, role: String, text: String?)?
        try forEachRow(
            """
            SELECT id, name, 'start day', start_day FROM habit WHERE \(invalid("start_day"))
            UNION ALL
            SELECT id, name, 'archive day', archive_day FROM habit
                WHERE archive_day IS NOT NULL AND \(invalid("archive_day"))
            UNION ALL
            SELECT c.habit_id, h.name, CASE WHEN h.id IS NULL THEN 'habit' ELSE 'completion day' END, c.day
                FROM completion AS c LEFT JOIN habit AS h ON h.id = c.habit_id
                WHERE h.id IS NULL OR \(invalid("c.day"))
            LIMIT 1
            """, []
        ) { row in
            problem = (row.integer(0), row.text(1), row.text(2) ?? "", row.text(3))
        }
        guard let problem else { return }
        let id = HabitID(rawValue: problem.id)
        guard let name = problem.name else {
            throw HabitStoreError.orphanCompletion(file: path, habitID: id, day: problem.text ?? "")
        }
        let reason: String
        do {
            _ = try Day.parse(problem.text ?? "")
            reason = "'\(problem.text ?? "")' is not stored as YYYY-MM-DD text"
        } catch {
            reason = error.message
        }
        throw HabitStoreError.invalidRow(
            file: path, habitID: id, name: name, problem: "its \(problem.role) is not a valid day: \(reason)")
    }
}
