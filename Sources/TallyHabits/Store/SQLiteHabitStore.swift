import CSQLite
import Glibc
import TallyCalendar

/// Habits in an SQLite database file, `habits.sqlite3` in a data directory.
///
/// The one owner of SQLite in Tally: every C call and pointer stays in this type's files (the
/// connection and statements here; opening, migrations, checks and the repository methods in
/// their extensions). The store never writes to a file it has not recognised: it creates the
/// file itself (mode 0600, so no other user can ever read it), checks the SQLite header before
/// SQLite touches an existing file, and refuses databases it did not create or whose schema is
/// newer than it knows.
///
/// The file uses SQLite's rollback journal, not WAL: nothing is shared between sessions but the
/// file and its locks. There is no shared-memory index to map (a truncated `-shm` would kill the
/// process with SIGBUS) and no log that outlives a transaction (after the file is replaced, a
/// log left beside it would be replayed onto the new file). The journal exists only while a
/// write is under way, and every write first checks that the path still names the file the
/// connection has open.
///
/// Several stores, in one process or many, may use the same file at once: each
/// ``transaction(_:)`` takes the write lock up front (`BEGIN IMMEDIATE`), and a reader or writer
/// waits up to ``busyTimeoutMilliseconds`` for another session's commit to finish.
public final class SQLiteHabitStore: HabitRepository {
    /// The database's file name inside the data directory.
    public static let fileName = "habits.sqlite3"
    /// How long a write waits for another session's write to finish before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 5000

    /// The database file's path.
    public let path: String
    /// The folder holding the file, where SQLite creates the rollback journal of each write.
    let directory: String
    let connection: OpaquePointer
    /// The file the connection opened, as `stat` named it just after opening; nil when it could
    /// not be read. A write goes ahead only while `path` names this file.
    let identity: FileIdentity?
    private var transactionDepth = 0
    /// Set once the file is known to be ours at the latest version: every write transaction
    /// then checks first that the file is sound (``checkHabitTable()``).
    var checksBeforeWriting = false
    /// Why this store cannot write (its folder is read-only), when it was opened only to read.
    var readOnlyReason: String?

    /// Opens the existing file at `path` with SQLite's `flags`, without creating it: the
    /// extensions create and check the file first (``init(directory:)``). An `immutable` file
    /// is read as one nobody changes: without locks, a write-ahead log or its shared memory.
    init(openingFileAt path: String, flags: Int32, immutable: Bool = false) throws {
        SQLiteHabitStore.configureSQLite
        var handle: OpaquePointer?
        let name = immutable ? SQLiteHabitStore.immutableURI(path) : path
        let uriFlag = immutable ? SQLITE_OPEN_URI : 0
        // NOMUTEX: a store is not Sendable, so the compiler keeps its connection on one thread at
        // a time, which is all SQLite's multi-thread mode asks; the connection's own mutex
        // (FULLMUTEX) would lock and unlock it on every call, twice per column of every row read.
        let code = sqlite3_open_v2(name, &handle, flags | uriFlag | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw HabitStoreError.cannotOpen(file: path, reason: reason)
        }
        self.path = path
        self.directory = SQLiteHabitStore.directory(of: path)
        self.connection = handle
        self.identity = FileIdentity(path: path)
        tally_sqlite_wait_when_busy(connection, SQLiteHabitStore.busyTimeoutMilliseconds)
        // Until the file is known to be ours, closing must not write to it (see the shim).
        tally_sqlite_set_checkpoint_on_close(connection, 0)
    }

    /// Set once, before SQLite opens its first connection: no memory statistics.
    private static let configureSQLite: Void = tally_sqlite_skip_memory_statistics()

    /// `path` as an SQLite URI with `immutable=1`. Only `%`, `?` and `#` mean something in
    /// the path part; `file://` plus an absolute path leaves the authority empty even for a
    /// path starting `//`.
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    // MARK: Transactions

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction, rolled back when it throws. Nested calls
    /// join the outer transaction.
    ///
    /// Every check comes before the first write: that the folder can be written, that the path
    /// still names the open file (checked again before the commit), that the schema is exactly
    /// one Tally creates (``checkSchemaInFull()``) and that the file is sound
    /// (``checkHabitTable()``). A commit after which the path names another file (it was
    /// replaced during the commit) is reported, not acknowledged.
    public func transaction<Result>(_ work: () throws -> Result) throws -> Result {
        if transactionDepth > 0 { return try work() }
        try checkCanWrite()
        // The checks read the file as it is, not pages cached before another program changed it.
        sqlite3_db_release_memory(connection)
        let result = try transaction(begin: "BEGIN IMMEDIATE") {
            try checkPathNamesOpenFile()
            try checkSchemaInFull()
            if checksBeforeWriting { try checkHabitTable() }
            let result = try work()
            try checkPathNamesOpenFile()
            return result
        }
        guard pathNamesOpenFile() else { throw HabitStoreError.replacedDuringWrite(file: path) }
        return result
    }

    /// Runs `work`, which only reads, on one snapshot of the file: a plain `BEGIN`, which takes
    /// no write lock, so reading never waits for a writer. Joins an outer transaction.
    func readTransaction<Result>(_ work: () throws -> Result) throws -> Result {
        if transactionDepth > 0 { return try work() }
        return try transaction(begin: "BEGIN", work)
    }

    private func transaction<Result>(begin: String, _ work: () throws -> Result) throws -> Result {
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

    /// Called before each command (see ``HabitRepository/prepareForCommand()``): false when the
    /// path names another file than the one open (it was moved over, or deleted), so that the
    /// command runs on a store opened anew; otherwise the cache of pages is emptied, so that the
    /// command reads the file as it is now. A read that once met a file being copied over or
    /// truncated must not leave its pages behind for the next command to trust.
    public func prepareForCommand() -> Bool {
        guard pathNamesOpenFile(), (try? checkCompanionFiles()) != nil else { return false }
        sqlite3_db_release_memory(connection)
        return true
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

    // MARK: Statements

    /// A value bound to a statement parameter.
    enum Value {
        case integer(Int64)
        case text(String)
        case null

        /// A day as the schema stores it: days since 1970-01-01.
        static func day(_ day: CivilDate) -> Value { .integer(Int64(day.daysSinceEpoch)) }
    }

    /// The current row of a stepped statement.
    struct Row {
        let statement: OpaquePointer

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

        /// A day number the schema keeps in range (see ``SQLiteHabitStore/day(_:_:of:)`` where it
        /// cannot be trusted to).
        func day(_ column: Int32) -> CivilDate { CivilDate(daysSinceEpoch: Int(integer(column))) }

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            // Decoded with repair: a hand-edited row may hold bytes that are not UTF-8.
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// Runs one statement to completion.
    func run(_ sql: String, _ bindings: [Value], operation: String) throws {
        try forEachRow(sql, bindings, operation: operation) { _ in }
    }

    /// Runs one statement, calling `body` with each row.
    func forEachRow(
        _ sql: String, _ bindings: [Value], operation: String = "reading", _ body: (Row) throws -> Void
    ) throws {
        try withStatement(sql, operation: operation) { statement in
            try forEachRow(of: statement, bindings, operation: operation, body)
        }
    }

    /// Prepares `sql` once for `body`, which may run it many times with
    /// ``forEachRow(of:_:operation:_:)``.
    func withStatement<Result>(
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

    /// Prepares each of `sqls` once for `body`, in their order.
    func withStatements<Result>(
        _ sqls: [String], operation: String, _ body: ([OpaquePointer]) throws -> Result
    ) throws -> Result {
        var statements: [OpaquePointer] = []
        defer { for statement in statements { sqlite3_finalize(statement) } }
        for sql in sqls {
            var statement: OpaquePointer?
            try check(sqlite3_prepare_v2(connection, sql, -1, &statement, nil), operation)
            guard let statement else {
                throw HabitStoreError.sqlite(file: path, operation: operation, message: "the statement is empty")
            }
            statements.append(statement)
        }
        return try body(statements)
    }

    /// Runs a prepared statement with `bindings`, calling `body` with each row.
    func forEachRow(
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
    func execute(_ sql: String, operation: String) throws {
        try check(sqlite3_exec(connection, sql, nil, nil, nil), operation)
    }

    /// Turns an SQLite result code into the matching ``HabitStoreError``.
    func check(_ code: Int32, _ operation: String) throws {
        guard code != SQLITE_OK else { return }
        let message = String(cString: sqlite3_errmsg(connection))
        switch code & 0xFF {
        case SQLITE_NOTADB:
            throw HabitStoreError.notADatabase(file: path)
        case SQLITE_CORRUPT:
            throw HabitStoreError.damaged(file: path, detail: message)
        case SQLITE_CONSTRAINT:
            throw HabitStoreError.constraintViolated(file: path, detail: message)
        case SQLITE_READONLY, SQLITE_CANTOPEN:
            // A journal that cannot be created, or a file opened read-only: say which.
            if let reason = readOnlyReason ?? whyNotWritable() {
                throw HabitStoreError.readOnly(file: path, reason: reason)
            }
            throw HabitStoreError.sqlite(file: path, operation: operation, message: message)
        default:
            throw HabitStoreError.sqlite(file: path, operation: operation, message: message)
        }
    }

    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
