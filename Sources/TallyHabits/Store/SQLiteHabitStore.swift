import CSQLite
import Glibc

/// Habits in an SQLite database file, `habits.sqlite3` in a data directory.
///
/// The one owner of SQLite in Tally: every C call and pointer stays in this file. The store
/// never writes to a file it has not recognised: it creates the file itself (mode 0600, so no
/// other user can ever read it), checks the SQLite header before SQLite touches an existing file,
/// and refuses databases it did not create or whose schema is newer than it knows.
///
/// Several stores, in one process or many, may use the same file at once: WAL lets readers and a
/// writer proceed together, and each ``transaction(_:)`` takes the write lock up front
/// (`BEGIN IMMEDIATE`), waiting up to ``busyTimeoutMilliseconds`` for another writer to finish.
public final class SQLiteHabitStore: HabitRepository {
    /// The database's file name inside the data directory.
    public static let fileName = "habits.sqlite3"
    /// How long a write waits for another session's write to finish before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 5000

    /// The database file's path.
    public let path: String
    private let connection: OpaquePointer
    private var transactionDepth = 0

    /// Opens (creating when missing) the database in `directory`, creating the directory and its
    /// missing parents with mode 0700, and migrating the schema forward.
    ///
    /// Throws ``HabitStoreError`` naming the file when it cannot be created or opened, is not an
    /// SQLite database, is another program's database or has a newer schema; the file is then
    /// left exactly as it was.
    public convenience init(directory: String) throws {
        try self.init(directory: directory, schemaVersion: SQLiteSchema.latestVersion)
    }

    /// Opens the database migrated to `schemaVersion` only: tests use it to build files of an
    /// older version.
    init(directory: String, schemaVersion: Int) throws {
        try SQLiteHabitStore.createDirectory(directory)
        let path =
            directory.hasSuffix("/")
            ? directory + SQLiteHabitStore.fileName
            : directory + "/" + SQLiteHabitStore.fileName
        try SQLiteHabitStore.createFileIfMissing(path)
        try SQLiteHabitStore.checkHeader(path)

        var handle: OpaquePointer?
        // No SQLITE_OPEN_CREATE: the file exists (made above with the right mode); if it has
        // vanished since, failing is better than SQLite creating one with the umask's mode.
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw HabitStoreError.cannotOpen(file: path, reason: reason)
        }
        self.path = path
        self.connection = handle
        sqlite3_busy_timeout(connection, SQLiteHabitStore.busyTimeoutMilliseconds)
        try prepareSchema(upTo: schemaVersion)
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    // MARK: HabitRepository

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction, rolled back when it throws. Nested calls
    /// join the outer transaction.
    public func transaction<Result>(_ work: () throws -> Result) throws -> Result {
        try transaction(begin: "BEGIN IMMEDIATE", work)
    }

    /// Runs `work`, which only reads, on one snapshot of the file: a plain `BEGIN`, which takes
    /// no write lock, so reading never waits for a writer. Joins an outer transaction.
    private func readTransaction<Result>(_ work: () throws -> Result) throws -> Result {
        try transaction(begin: "BEGIN", work)
    }

    private func transaction<Result>(begin: String, _ work: () throws -> Result) throws -> Result {
        if transactionDepth > 0 { return try work() }
        try execute(begin, operation: "starting a transaction")
        transactionDepth = 1
        defer { transactionDepth = 0 }
        do {
            let result = try work()
            try execute("COMMIT", operation: "committing")
            return result
        } catch {
            sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Every habit, each checked by ``Habit`` as it is read.
    public func allHabits() throws -> [Habit] {
        try loadHabits(where: "1", [])
    }

    /// A summary of every habit, each checked by ``HabitSummary`` as it is read.
    ///
    /// Reads per habit its row, its first and last day done (two probes of the primary key)
    /// and its runs ending near `today`, never the days in between; the count and the runs are
    /// kept by the schema's triggers and checked against what was read.
    public func summaries(today: Day) throws -> [HabitSummary] {
        // Every habit tracked up to today shares this horizon, so one join reads their recent
        // runs; a habit archived before today reaches further back and is read on its own.
        let sharedHorizon = HabitSummary.horizon(archiveDay: nil, today: today)
        return try readTransaction {
            var rows: [(habit: HabitRow, firstDone: Int64?, lastDone: Int64?, runs: [ClosedRange<Day>])] = []
            try forEachRow(
                """
                SELECT h.id, h.name, h.name_key, h.start_day, h.archive_day, h.completion_count,
                    (SELECT min(day) FROM completion WHERE habit_id = h.id),
                    (SELECT max(day) FROM completion WHERE habit_id = h.id),
                    r.first_day, r.last_day
                FROM habit AS h LEFT JOIN completion_run AS r ON r.habit_id = h.id AND r.last_day >= ?1
                ORDER BY h.id, r.last_day
                """, [.day(sharedHorizon)]
            ) { row in
                if rows.last?.habit.id.rawValue != row.integer(0) {
                    rows.append((HabitRow(row), row.optionalInteger(6), row.optionalInteger(7), []))
                }
                if !row.isNull(8) {
                    let habit = rows[rows.count - 1].habit
                    rows[rows.count - 1].runs.append(try storedRun(row.day(8), row.day(9), of: habit))
                }
            }
            let sql = """
                SELECT first_day, last_day FROM completion_run WHERE habit_id = ?1 AND last_day >= ?2
                ORDER BY last_day
                """
            return try withStatement(sql, operation: "reading") { olderRuns in
                try rows.map { row in
                    let (start, archive) = try days(of: row.habit)
                    let firstDone = try row.firstDone.map { try day($0, "first completion day", of: row.habit) }
                    let lastDone = try row.lastDone.map { try day($0, "last completion day", of: row.habit) }
                    let horizon = HabitSummary.horizon(archiveDay: archive, today: today)
                    var runs = row.runs
                    if horizon < sharedHorizon {
                        runs = []
                        try forEachRow(of: olderRuns, [.integer(row.habit.id.rawValue), .day(horizon)]) {
                            runs.append(try storedRun($0.day(0), $0.day(1), of: row.habit))
                        }
                    }
                    try checkRecentRuns(runs, of: row.habit, firstDone: firstDone, lastDone: lastDone, horizon: horizon)
                    let summary: HabitSummary
                    do throws(HabitError) {
                        summary = try HabitSummary(
                            restoring: row.habit.id, name: row.habit.name ?? "", start: start, archiveDay: archive,
                            completionCount: Int(row.habit.completionCount), firstDone: firstDone, lastDone: lastDone,
                            recentRuns: runs, today: today)
                    } catch {
                        throw row.habit.invalid(in: path, error.message)
                    }
                    try checkNameKey(of: row.habit, validName: summary.name)
                    return summary
                }
            }
        }
    }

    /// The habit with this name key.
    public func habit(withNameKey nameKey: String) throws -> Habit? {
        try loadHabits(where: "h.name_key = ?1", [.text(nameKey)]).first
    }

    /// The habit with this identity.
    public func habit(withID id: HabitID) throws -> Habit? {
        try loadHabits(where: "h.id = ?1", [.integer(id.rawValue)]).first
    }

    /// Stores a new habit and its completions.
    public func insert(_ habit: Habit) throws {
        try transaction {
            try run(
                "INSERT INTO habit (id, name, name_key, start_day, archive_day) VALUES (?1, ?2, ?3, ?4, ?5)",
                habitValues(habit), operation: "adding '\(habit.name)'")
            for day in habit.daysDone {
                try insertCompletion(of: habit, on: day)
            }
        }
    }

    /// Replaces the stored habit with the same identity, writing only the completions that
    /// changed.
    public func update(_ habit: Habit) throws {
        try transaction {
            try run(
                "UPDATE habit SET name = ?2, name_key = ?3, start_day = ?4, archive_day = ?5 WHERE id = ?1",
                habitValues(habit), operation: "updating '\(habit.name)'")
            var stored = Set<Day>()
            try forEachRow("SELECT day FROM completion WHERE habit_id = ?1", [.integer(habit.id.rawValue)]) {
                stored.insert($0.day(0))
            }
            let wanted = Set(habit.daysDone)
            for day in stored.subtracting(wanted).sorted() {
                try run(
                    "DELETE FROM completion WHERE habit_id = ?1 AND day = ?2",
                    [.integer(habit.id.rawValue), .day(day)], operation: "undoing \(day)")
            }
            for day in habit.daysDone where !stored.contains(day) {
                try insertCompletion(of: habit, on: day)
            }
        }
    }

    /// Removes a habit and its completions.
    public func delete(_ id: HabitID) throws {
        try transaction {
            // Explicitly, not only by the foreign key's cascade: a hand-edited file may have
            // lost it.
            try run("DELETE FROM completion WHERE habit_id = ?1", [.integer(id.rawValue)], operation: "deleting")
            try run("DELETE FROM habit WHERE id = ?1", [.integer(id.rawValue)], operation: "deleting")
        }
    }

    // MARK: Test hooks

    /// Runs raw SQL, bypassing every rule: tests use it to hand-edit rows as a person with the
    /// `sqlite3` shell might.
    func executeForTesting(_ sql: String) throws {
        try execute(sql, operation: "running test SQL")
    }

    /// The file's `PRAGMA user_version`.
    func schemaVersionForTesting() throws -> Int {
        var version = 0
        try forEachRow("PRAGMA user_version", []) { version = Int($0.integer(0)) }
        return version
    }

    // MARK: Opening

    private static func createDirectory(_ directory: String) throws {
        guard !directory.isEmpty else {
            throw HabitStoreError.cannotCreateDirectory(path: directory, reason: "the path is empty")
        }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += component
            var status = stat()
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw HabitStoreError.cannotCreateDirectory(path: prefix, reason: "it is not a directory")
                }
            } else if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                // EEXIST: another session created it a moment ago, which is fine.
                throw HabitStoreError.cannotCreateDirectory(path: prefix, reason: lastErrorText())
            }
            prefix += "/"
        }
    }

    /// Creates an empty file with mode 0600 unless one exists. O_EXCL makes creation and the
    /// mode one step, so there is no moment at which others could open the file.
    private static func createFileIfMissing(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // The umask may have taken bits away; make it exactly 0600 (never more).
            fchmod(descriptor, 0o600)
            close(descriptor)
        } else if errno != EEXIST {
            throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText())
        }
    }

    /// Throws unless the file is empty (new) or starts with SQLite's 16-byte header. Read with a
    /// plain read-only descriptor, so a file that is not a database is never touched.
    private static func checkHeader(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText())
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw HabitStoreError.cannotOpen(file: path, reason: "it is not a regular file")
        }
        if status.st_size == 0 { return }
        let expected = Array("SQLite format 3\0".utf8)
        var header = [UInt8](repeating: 0, count: expected.count)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, expected.count) }
        guard count == expected.count, header == expected else {
            throw HabitStoreError.notADatabase(file: path)
        }
    }

    /// Checks what the file holds, turns on WAL and migrates forward, writing nothing until the
    /// file is known to be an empty database or one of ours.
    private func prepareSchema(upTo target: Int) throws {
        let (version, tableCount) = try versionAndTableCount()
        if version > SQLiteSchema.latestVersion {
            throw HabitStoreError.newerSchema(file: path, version: version, supported: SQLiteSchema.latestVersion)
        }
        if version == 0 && tableCount > 0 { throw HabitStoreError.foreignDatabase(file: path) }

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
    private func versionAndTableCount() throws -> (version: Int, tables: Int) {
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

    // MARK: Rows

    private func habitValues(_ habit: Habit) -> [Value] {
        [
            .integer(habit.id.rawValue), .text(habit.name), .text(habit.nameKey), .day(habit.start),
            habit.archiveDay.map { .day($0) } ?? .null,
        ]
    }

    private func insertCompletion(of habit: Habit, on day: Day) throws {
        try run(
            "INSERT INTO completion (habit_id, day) VALUES (?1, ?2)",
            [.integer(habit.id.rawValue), .day(day)], operation: "recording \(day)")
    }

    /// A `habit` row as read, before any check.
    private struct HabitRow {
        let id: HabitID
        let name: String?
        let key: String?
        let start: Int64?
        let archive: Int64?
        let completionCount: Int64

        /// Columns 0–5: id, name, name_key, start_day, archive_day, completion_count.
        init(_ row: Row) {
            id = HabitID(rawValue: row.integer(0))
            name = row.text(1)
            key = row.text(2)
            start = row.optionalInteger(3)
            archive = row.optionalInteger(4)
            completionCount = row.integer(5)
        }

        /// The error naming this row and what is wrong with it.
        func invalid(in file: String, _ problem: String) -> HabitStoreError {
            .invalidRow(file: file, habitID: id, name: name ?? "", problem: problem)
        }
    }

    /// What is wrong when the count or runs the triggers keep disagree with the days done:
    /// someone wrote `completion_count` or `completion_run` directly.
    private static let derivedRowsMismatch =
        "its completion_count or completion_run rows do not match its completion rows"

    /// A `completion_run` row as a range of days, or the error naming the habit when it ends
    /// before it begins.
    private func storedRun(_ first: Day, _ last: Day, of row: HabitRow) throws -> ClosedRange<Day> {
        guard first <= last else { throw row.invalid(in: path, Self.derivedRowsMismatch) }
        return first...last
    }

    /// A stored day number as a ``Day``, or the error naming the row: the schema's CHECK keeps
    /// days within the supported years, but it can be switched off.
    private func day(_ value: Int64, _ role: String, of row: HabitRow) throws -> Day {
        let day = Day(daysSinceEpoch: Int(value))
        guard Day.supportedDays.contains(day) else {
            let (first, last) = (Day.supportedDays.lowerBound, Day.supportedDays.upperBound)
            throw row.invalid(
                in: path,
                "its \(role) \(value) is not a day from \(first) to \(last) "
                    + "(\(first.daysSinceEpoch) to \(last.daysSinceEpoch) days since 1970-01-01)")
        }
        return day
    }

    /// The start and archive days of a row.
    private func days(of row: HabitRow) throws -> (start: Day, archive: Day?) {
        guard row.name != nil else { throw row.invalid(in: path, "its name is missing") }
        guard let start = row.start else { throw row.invalid(in: path, "its start day is missing") }
        return (try day(start, "start day", of: row), try row.archive.map { try day($0, "archive day", of: row) })
    }

    /// A name edited without its key would make the habit unreachable by name.
    private func checkNameKey(of row: HabitRow, validName: String) throws {
        let expected = Habit.nameKey(for: validName)
        guard row.key == expected else {
            let problem = "its name_key '\(row.key ?? "")' does not match its name (expected '\(expected)')"
            throw row.invalid(in: path, problem)
        }
    }

    /// Checks what a summary read of the triggers' work against the first and last day done:
    /// runs in order and apart, within those days, the latest ending on the last day done, and
    /// a count that fits (exactly the runs' days when they reach back to the first day done).
    private func checkRecentRuns(
        _ runs: [ClosedRange<Day>], of row: HabitRow, firstDone: Day?, lastDone: Day?, horizon: Day
    ) throws {
        let count = Int(row.completionCount)
        let daysInRuns = runs.reduce(0) { $0 + $1.count }
        var consistent = zip(runs, runs.dropFirst()).allSatisfy { $1.lowerBound.days(since: $0.upperBound) > 1 }
        if let firstDone, let lastDone {
            consistent =
                consistent && count >= Swift.max(1, daysInRuns) && count <= lastDone.days(since: firstDone) + 1
                && runs.allSatisfy { $0.lowerBound >= firstDone && $0.upperBound <= lastDone }
                && (lastDone < horizon || runs.last?.upperBound == lastDone)
                && (runs.first?.lowerBound != firstDone || count == daysInRuns)
        } else {
            consistent = consistent && count == 0 && runs.isEmpty
        }
        guard consistent else { throw row.invalid(in: path, Self.derivedRowsMismatch) }
    }

    /// Habits matching `condition` (SQL over `h`, the habit table), with their completions, read
    /// on one snapshot.
    private func loadHabits(where condition: String, _ bindings: [Value]) throws -> [Habit] {
        try readTransaction {
            var rows: [HabitRow] = []
            try forEachRow(
                """
                SELECT h.id, h.name, h.name_key, h.start_day, h.archive_day, h.completion_count
                FROM habit AS h WHERE \(condition)
                """, bindings
            ) { rows.append(HabitRow($0)) }
            // One narrow scan of the primary key per habit: a join would repeat the habit's
            // columns on every day's row.
            let daysSQL = "SELECT day FROM completion WHERE habit_id = ?1 ORDER BY day"
            return try withStatement(daysSQL, operation: "reading") { days in
                try withStatement(
                    "SELECT first_day, last_day FROM completion_run WHERE habit_id = ?1 ORDER BY last_day",
                    operation: "reading"
                ) { runs in
                    try rows.map { row in
                        var dayNumbers: [Int64] = []
                        dayNumbers.reserveCapacity(Int(Swift.max(0, Swift.min(row.completionCount, 100_000))))
                        try forEachRow(of: days, [.integer(row.id.rawValue)]) { dayNumbers.append($0.integer(0)) }
                        var storedRuns: [ClosedRange<Day>] = []
                        try forEachRow(of: runs, [.integer(row.id.rawValue)]) {
                            storedRuns.append(try storedRun($0.day(0), $0.day(1), of: row))
                        }
                        return try restoreHabit(row, dayNumbers: dayNumbers, storedRuns: storedRuns)
                    }
                }
            }
        }
    }

    /// A stored row turned into a ``Habit``, through the same validation as a typed one; its
    /// days come in ascending order. The count and runs the triggers keep must match the days.
    private func restoreHabit(_ row: HabitRow, dayNumbers: [Int64], storedRuns: [ClosedRange<Day>]) throws -> Habit {
        let (start, archive) = try days(of: row)
        var daysDone: [Day] = []
        daysDone.reserveCapacity(dayNumbers.count)
        for value in dayNumbers { daysDone.append(try day(value, "completion day", of: row)) }
        let habit: Habit
        do throws(HabitError) {
            habit = try Habit(
                restoring: row.id, name: row.name ?? "", start: start, archiveDay: archive, daysDone: daysDone)
        } catch {
            throw row.invalid(in: path, error.message)
        }
        try checkNameKey(of: row, validName: habit.name)
        guard row.completionCount == dayNumbers.count, storedRuns == habit.completionRuns else {
            throw row.invalid(in: path, Self.derivedRowsMismatch)
        }
        return habit
    }

    // MARK: Statements

    /// A value bound to a statement parameter.
    private enum Value {
        case integer(Int64)
        case text(String)
        case null

        /// A day as the schema stores it: days since 1970-01-01.
        static func day(_ day: Day) -> Value { .integer(Int64(day.daysSinceEpoch)) }
    }

    /// The current row of a stepped statement.
    private struct Row {
        let statement: OpaquePointer

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

        /// A day number the schema keeps in range (see ``SQLiteHabitStore/day(_:_:of:)`` where it
        /// cannot be trusted to).
        func day(_ column: Int32) -> Day { Day(daysSinceEpoch: Int(integer(column))) }

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            // Decoded with repair: a hand-edited row may hold bytes that are not UTF-8.
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// Runs one statement to completion.
    private func run(_ sql: String, _ bindings: [Value], operation: String) throws {
        try forEachRow(sql, bindings, operation: operation) { _ in }
    }

    /// Runs one statement, calling `body` with each row.
    private func forEachRow(
        _ sql: String, _ bindings: [Value], operation: String = "reading", _ body: (Row) throws -> Void
    ) throws {
        try withStatement(sql, operation: operation) { statement in
            try forEachRow(of: statement, bindings, operation: operation, body)
        }
    }

    /// Prepares `sql` once for `body`, which may run it many times with
    /// ``forEachRow(of:_:operation:_:)``.
    private func withStatement<Result>(
        _ sql: String, operation: String, _ body: (OpaquePointer) throws -> Result
    ) throws -> Result {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, sql, -1, &statement, nil), operation)
        guard let statement else {
            throw HabitStoreError.sqlite(file: path, operation: operation, message: "the statement is empty")
        }
        defer { sqlite3_finalize(statement) }
        return try body(statement)
    }

    /// Runs a prepared statement with `bindings`, calling `body` with each row.
    private func forEachRow(
        of statement: OpaquePointer, _ bindings: [Value], operation: String = "reading", _ body: (Row) throws -> Void
    ) throws {
        // Whatever the last run left (a row not stepped past, an error) is reported there.
        sqlite3_reset(statement)
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, tally_sqlite_transient())
            case .null: code = sqlite3_bind_null(statement, index)
            }
            try check(code, operation)
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { return try check(code, operation) }
            try body(Row(statement: statement))
        }
    }

    /// Runs SQL text that may hold several statements and returns no rows.
    private func execute(_ sql: String, operation: String) throws {
        try check(sqlite3_exec(connection, sql, nil, nil, nil), operation)
    }

    /// Turns an SQLite result code into the matching ``HabitStoreError``.
    private func check(_ code: Int32, _ operation: String) throws {
        guard code != SQLITE_OK else { return }
        let message = String(cString: sqlite3_errmsg(connection))
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            throw HabitStoreError.notADatabase(file: path)
        case SQLITE_CONSTRAINT:
            throw HabitStoreError.constraintViolated(file: path, detail: message)
        default:
            throw HabitStoreError.sqlite(file: path, operation: operation, message: message)
        }
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
