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
        let path = directory.hasSuffix("/") ? directory + SQLiteHabitStore.fileName
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
        if transactionDepth > 0 { return try work() }
        try execute("BEGIN IMMEDIATE", operation: "starting a transaction")
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
            for day in habit.completions.sorted() {
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
            var stored = Set<String>()
            try forEachRow("SELECT day FROM completion WHERE habit_id = ?1", [.integer(habit.id.rawValue)]) {
                stored.insert($0.text(0) ?? "")
            }
            let wanted = Set(habit.completions.map(\.description))
            for day in stored.subtracting(wanted).sorted() {
                try run(
                    "DELETE FROM completion WHERE habit_id = ?1 AND day = ?2",
                    [.integer(habit.id.rawValue), .text(day)], operation: "undoing \(day)")
            }
            for day in habit.completions.sorted() where !stored.contains(day.description) {
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

        guard version < target else { return }
        try transaction {
            // Another session may have migrated while this one waited for the write lock.
            let (current, tables) = try versionAndTableCount()
            if current == 0 && tables > 0 { throw HabitStoreError.foreignDatabase(file: path) }
            guard current < target else { return }
            for step in current..<target {
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

    // MARK: Rows

    private func habitValues(_ habit: Habit) -> [Value] {
        [
            .integer(habit.id.rawValue), .text(habit.name), .text(habit.nameKey), .text(habit.start.description),
            habit.archiveDay.map { .text($0.description) } ?? .null,
        ]
    }

    private func insertCompletion(of habit: Habit, on day: Day) throws {
        try run(
            "INSERT INTO completion (habit_id, day) VALUES (?1, ?2)",
            [.integer(habit.id.rawValue), .text(day.description)], operation: "recording \(day)")
    }

    /// Habits matching `condition` (SQL over `h`, the habit table), with their completions, in
    /// one statement so that the result is one consistent snapshot.
    private func loadHabits(where condition: String, _ bindings: [Value]) throws -> [Habit] {
        var rows: [(id: Int64, name: String?, key: String?, start: String?, archive: String?, days: [String?])] = []
        try forEachRow(
            """
            SELECT h.id, h.name, h.name_key, h.start_day, h.archive_day, c.day
            FROM habit AS h LEFT JOIN completion AS c ON c.habit_id = h.id
            WHERE \(condition) ORDER BY h.id
            """, bindings
        ) { row in
            let id = row.integer(0)
            if rows.last?.id != id {
                rows.append((id, row.text(1), row.text(2), row.text(3), row.text(4), []))
            }
            if !row.isNull(5) { rows[rows.count - 1].days.append(row.text(5)) }
        }
        return try rows.map { row in
            try restoreHabit(
                id: HabitID(rawValue: row.id), name: row.name, key: row.key, start: row.start,
                archive: row.archive, days: row.days)
        }
    }

    /// A stored row turned into a ``Habit``, through the same validation as a typed one.
    private func restoreHabit(
        id: HabitID, name: String?, key: String?, start: String?, archive: String?, days: [String?]
    ) throws -> Habit {
        func invalid(_ problem: String) -> HabitStoreError {
            .invalidRow(file: path, habitID: id, name: name ?? "", problem: problem)
        }
        func day(_ text: String?, _ role: String) throws -> Day {
            guard let text else { throw invalid("its \(role) is missing") }
            do {
                return try Day.parse(text)
            } catch {
                throw invalid("its \(role) is not a valid day: \(error.message)")
            }
        }
        guard let name else { throw invalid("its name is missing") }
        let startDay = try day(start, "start day")
        let archiveDay = try archive.map { try day($0, "archive day") }
        var completions = Set<Day>()
        for text in days { completions.insert(try day(text, "completion day")) }
        let habit: Habit
        do {
            habit = try Habit(
                restoring: id, name: name, start: startDay, archiveDay: archiveDay, completions: completions)
        } catch {
            throw invalid(error.message)
        }
        // A name edited without its key would make the habit unreachable by name.
        guard key == habit.nameKey else {
            throw invalid("its name_key '\(key ?? "")' does not match its name (expected '\(habit.nameKey)')")
        }
        return habit
    }

    // MARK: Statements

    /// A value bound to a statement parameter.
    private enum Value {
        case integer(Int64)
        case text(String)
        case null
    }

    /// The current row of a stepped statement.
    private struct Row {
        let statement: OpaquePointer

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

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
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, sql, -1, &statement, nil), operation)
        guard let statement else { return }
        defer { sqlite3_finalize(statement) }
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
