import CSQLite

/// The rows of a Loop Habit Tracker backup database, read without changing a byte of it.
///
/// The file is opened read-only and immutable (no lock, no journal, no write-ahead log beside
/// it), so it is never changed, whatever its state. Every Loop schema version is read: columns a
/// version does not have are read as absent (`PRAGMA table_info`), not chosen by the version
/// number. Version 12 (2016) has no `value` column (each row is a day done); version 16 adds it,
/// 18 the measurable settings, 23 `question`, 25 the notes of each day.
struct LoopBackupDatabase {
    /// One row of Loop's `Habits` table.
    struct HabitRecord: Sendable {
        /// The row's `id`, which its repetitions refer to.
        var id: Int64
        var name: String
        /// The question (`question`, or `description` before version 23 moved it there).
        var question: String
        /// The description of version 23 on.
        var description: String
        /// `freq_num` times in `freq_den` days.
        var frequencyTimes: Int64
        var frequencyDays: Int64
        var isArchived: Bool
        /// `type` 1: a number per day.
        var isMeasurable: Bool
        /// `target_type` 1: at most.
        var isAtMost: Bool
        var targetValue: Double
        var unit: String
        /// Loop's manual order.
        var position: Int64
        /// Where the row is, for messages: `Habits row 15`, `Habits.csv:3`.
        var place: String
    }

    /// One row of Loop's `Repetitions` table.
    struct EntryRecord: Sendable {
        /// The row's `id`, to name it in a message.
        var id: Int64
        var habit: Int64
        /// Milliseconds since 1970 at UTC midnight of the day.
        var timestamp: Int64
        /// Loop's `Entry` value: 2 done, 1 done by Loop's own reckoning, 0 not done, 3 skipped,
        /// -1 unknown, or a measured value ×1000; nil before version 16 (a day done).
        var value: Int64?
        var notes: String
        /// Where the row is, for messages: `Repetitions row 7`, `Checkmarks.csv:5:3`.
        var place: Place
    }

    /// Where a row is, kept as its parts and spelled out only for a message: a backup of a
    /// million rows makes no string per row.
    struct Place: Sendable, CustomStringConvertible {
        /// What comes before the number: `Repetitions row `, `line `, `Checkmarks.csv:`.
        var prefix: String
        /// The row's id or its 1-based line.
        var number: Int64
        /// The 1-based column, 0 when there is none.
        var column: Int32 = 0

        var description: String { column > 0 ? "\(prefix)\(number):\(column)" : "\(prefix)\(number)" }
    }

    /// Loop's schema version (`PRAGMA user_version`).
    var version: Int64
    var habits: [HabitRecord]
    var entries: [EntryRecord]
    /// Rows refused while reading (a NULL or text where Loop writes a number), each with its
    /// place.
    var refused = HabitImportReport.RefusedRows()

    /// Why a file could not be read as a backup.
    enum Failure: Error {
        /// Not an SQLite database with Loop's `Habits` and `Repetitions` tables.
        case notLoop(String)
        /// A name, question or note that is not UTF-8, in the row given.
        case invalidText(table: String, id: Int64, column: String)
        /// SQLite could not read it.
        case unreadable(String)
        /// Its reading was stopped: too much work, or Ctrl-C.
        case stopped(SQLiteHabitStore.WorkStop)
        /// More rows of days than an import reads (``LoopBackupImport/maximumEntries``).
        case tooManyRows
        /// A reader of another program's tables refused it.
        case importError(HabitImportError)
    }

    /// The database at `path`, opened read-only and immutable: SQLite takes no lock on it and
    /// makes no journal beside it, so not a byte of it changes (Loop's, Rewire's and Tickmate's
    /// files alike).
    static func openForeign(path: String, immutable: Bool = true) throws(Failure) -> SQLiteHabitStore {
        do {
            // A private copy (not immutable) is opened for writing so that SQLite may apply its
            // log; nothing else ever sees it.
            let flags = immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
            return try SQLiteHabitStore(openingFileAt: path, flags: flags, immutable: immutable)
        } catch let error as HabitStoreError {
            throw .unreadable(error.message)
        } catch {
            throw .unreadable("\(error)")
        }
    }

    /// The lower-cased names of the real tables of `store`: not its views (a recursive view
    /// never ends) nor its virtual tables (whose module runs code of its own), which an import
    /// never reads.
    static func tableNames(in store: SQLiteHabitStore) throws(Failure) -> Set<String> {
        var names: Set<String> = []
        do {
            try store.forEachRow(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'", []
            ) { row in
                if let name = row.text(0) { names.insert(name.lowercased()) }
            }
        } catch let error as HabitStoreError {
            throw .unreadable(error.message)
        } catch {
            throw .unreadable("\(error)")
        }
        return names
    }

    /// Reads the backup at `path`.
    static func read(path: String) throws(Failure) -> LoopBackupDatabase {
        try read(try openForeign(path: path))
    }

    /// Reads the backup open in `store`.
    static func read(_ store: SQLiteHabitStore) throws(Failure) -> LoopBackupDatabase {
        do {
            return try readRows(store)
        } catch let failure as Failure {
            throw failure
        } catch let error as HabitStoreError {
            throw .unreadable(error.message)
        } catch {
            throw .unreadable("\(error)")
        }
    }

    private static func readRows(_ store: SQLiteHabitStore) throws -> LoopBackupDatabase {
        var version: Int64 = 0
        try store.forEachRow("PRAGMA user_version", []) { version = $0.integer(0) }
        let tables = try tableNames(in: store)
        guard tables.contains("habits"), tables.contains("repetitions") else {
            throw Failure.notLoop("it has no Habits and Repetitions tables; views and virtual tables are not read")
        }
        let habitColumns = try columns(of: "Habits", in: store)
        let entryColumns = try columns(of: "Repetitions", in: store)
        for needed in ["id", "name"] where !habitColumns.contains(needed) {
            throw Failure.notLoop("its Habits table has no '\(needed)' column")
        }
        for needed in ["habit", "timestamp"] where !entryColumns.contains(needed) {
            throw Failure.notLoop("its Repetitions table has no '\(needed)' column")
        }
        func column(_ name: String, in present: Set<String>) -> String { present.contains(name) ? name : "NULL" }
        let hasQuestion = habitColumns.contains("question")
        let habitSQL =
            "SELECT id, CAST(name AS BLOB), CAST(\(column("question", in: habitColumns)) AS BLOB), "
            + "CAST(\(column("description", in: habitColumns)) AS BLOB), \(column("freq_num", in: habitColumns)), "
            + "\(column("freq_den", in: habitColumns)), \(column("archived", in: habitColumns)), "
            + "\(column("type", in: habitColumns)), \(column("target_type", in: habitColumns)), "
            + "\(column("target_value", in: habitColumns)), CAST(\(column("unit", in: habitColumns)) AS BLOB), "
            + "\(column("position", in: habitColumns)) FROM Habits ORDER BY \(column("position", in: habitColumns)), id"
        var habits: [HabitRecord] = []
        try store.forEachRow(habitSQL, []) { row in
            let id = row.integer(0)
            func text(_ index: Int32, _ name: String) throws -> String {
                guard let text = row.validText(index) else {
                    throw Failure.invalidText(table: "Habits", id: id, column: name)
                }
                return text
            }
            let question = try text(2, "question")
            let description = try text(3, "description")
            habits.append(
                HabitRecord(
                    id: id, name: try text(1, "name"),
                    // Before version 23 the question was kept as the description.
                    question: hasQuestion ? question : description, description: hasQuestion ? description : "",
                    frequencyTimes: row.optionalInteger(4) ?? 1, frequencyDays: row.optionalInteger(5) ?? 1,
                    isArchived: (row.optionalInteger(6) ?? 0) != 0, isMeasurable: (row.optionalInteger(7) ?? 0) == 1,
                    isAtMost: (row.optionalInteger(8) ?? 0) == 1, targetValue: row.double(9),
                    unit: try text(10, "unit"), position: row.optionalInteger(11) ?? 0, place: "Habits row \(id)"))
        }
        let hasValue = entryColumns.contains("value")
        let entrySQL =
            "SELECT \(column("id", in: entryColumns)), habit, timestamp, \(column("value", in: entryColumns)), "
            + "CAST(\(column("notes", in: entryColumns)) AS BLOB) FROM Repetitions ORDER BY habit, timestamp"
        var entries: [EntryRecord] = []
        var refused = HabitImportReport.RefusedRows()
        try store.forEachRow(entrySQL, []) { row in
            let id = row.optionalInteger(0) ?? 0
            let place = Place(prefix: "Repetitions row ", number: id)
            guard let notes = row.validText(4) else {
                throw Failure.invalidText(table: "Repetitions", id: id, column: "notes")
            }
            // Loop writes integers in these columns; anything else (NULL, text such as
            // '2026-11-20', a fraction) is refused and listed, never read as 0 or skipped.
            if !row.isInteger(1) || !row.isInteger(2) || (hasValue && !row.isInteger(3)) {
                for (name, column) in [("habit", 1), ("timestamp", 2), ("value", 3)] as [(String, Int32)]
                where (column != 3 || hasValue) && !row.isInteger(column) {
                    refused.append(
                        "\(place): its \(name) is \(cellText(row, column)), not the whole number Loop writes; "
                            + "the row was not imported")
                    return
                }
            }
            guard entries.count < LoopBackupImport.maximumEntries else { throw Failure.tooManyRows }
            entries.append(
                EntryRecord(
                    id: id, habit: row.integer(1), timestamp: row.integer(2), value: row.optionalInteger(3),
                    notes: notes, place: place))
        }
        return LoopBackupDatabase(version: version, habits: habits, entries: entries, refused: refused)
    }

    /// A cell that is not a whole number, as a message shows it: `NULL`, or its type and text.
    private static func cellText(_ row: SQLiteHabitStore.Row, _ column: Int32) -> String {
        let type = sqlite3_column_type(row.statement, column)
        guard type != SQLITE_NULL else { return "NULL" }
        let text = MessageText.quoted(String(decoding: row.bytes(column).prefix(40), as: UTF8.self))
        return "\(type == SQLITE_FLOAT ? "the real number" : type == SQLITE_BLOB ? "the blob" : "the text") \(text)"
    }

    /// The lower-cased column names of `table`; empty when there is no such table.
    static func columns(of table: String, in store: SQLiteHabitStore) throws -> Set<String> {
        var names: Set<String> = []
        try store.forEachRow("PRAGMA table_info(\(table))", []) { row in
            if let name = row.text(1) { names.insert(name.lowercased()) }
        }
        return names
    }
}

extension SQLiteHabitStore.Row {
    /// A text column's bytes as UTF-8: "" for NULL, nil when they are not valid UTF-8 (a name
    /// with invalid bytes refuses the file rather than being repaired with U+FFFD).
    func validText(_ column: Int32) -> String? {
        guard !isNull(column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return "" }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: count).bindMemory(to: UInt8.self)
        return String(validating: buffer, as: UTF8.self)
    }

    /// Whether a column holds an integer (not NULL, text, a real number or a blob).
    func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_INTEGER }

    /// A column's bytes (a copy).
    func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// A real column, 0 when NULL.
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
}
