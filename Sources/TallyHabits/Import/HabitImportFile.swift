import Glibc
import TallyCalendar

/// Decides what kind of file `habit import` was given, from its content (never from its name),
/// and reads it: Tally's JSON or CSV export, a Loop Habit Tracker backup database, Loop's CSV
/// export (its zip, its folder, or the `Habits.csv` in it), and the files Loop itself imports:
/// HabitBull's CSV export and Rewire's and Tickmate's backup databases (told apart by their
/// tables, as Loop's importers tell them).
enum HabitImportFile {
    /// The formats read, for the message about a file that is none of them.
    static let acceptedFormats =
        "expected Tally's JSON or CSV export (habit export json|csv), a Loop Habit Tracker backup (.db), "
        + "Loop's CSV export (its zip, its unzipped folder, or the Habits.csv in it), "
        + "a HabitBull CSV export, a Rewire backup (.db) or a Tickmate backup (.db)"

    /// What importing the file or folder at `path` as of `today` brings in.
    static func report(
        path: String, today: CivilDate, isInterrupted: @escaping () -> Bool = { false }
    ) throws(HabitImportError) -> HabitImportReport {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return try LoopCSVImport.report(folder: path, shownAs: path, today: today)
        }
        let bytes = try HabitImportFormat.readFile(path)
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) {
            return try database(path: path, bytes: bytes, today: today, isInterrupted: isInterrupted)
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            let archive: ZipArchive
            do throws(ZipArchive.Failure) {
                archive = try ZipArchive(bytes)
            } catch {
                throw HabitImportError.zip(path, entry: error.entry, error.problem)
            }
            guard archive.entries.contains(where: { $0.path == "Habits.csv" }) else {
                throw HabitImportError.zipWithoutHabits(path)
            }
            return try LoopCSVImport.report(.zip(archive, path: path), shownAs: path, today: today)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let firstLine = body.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        if firstLine.elementsEqual(HabitExportFormat.csvHeader.utf8) {
            return HabitImportReport(habits: try TallyCSVImport.habits(bytes, path: path, today: today))
        }
        if firstLine.starts(with: Array(HabitBullCSVImport.header.utf8)) {
            return try HabitBullCSVImport.report(bytes, path: path, today: today)
        }
        if firstLine.starts(with: Array("Position,Name,".utf8)) {
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            return try LoopCSVImport.report(folder: folder.isEmpty ? "/" : folder, shownAs: path, today: today)
        }
        if body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            return HabitImportReport(habits: try HabitImportFormat.habits(bytes, path: path, today: today))
        }
        throw HabitImportError(file: path, problem: "this is not a file habit import reads; " + acceptedFormats)
    }

    /// The most instructions of SQLite's virtual machine an import's queries may run: reading a
    /// backup of 20 MB takes about 20 million; a file whose reading would never end (a
    /// pathological schema) stops here after a few seconds.
    static let maximumSQLiteSteps: Int64 = 2_000_000_000

    /// An SQLite database: Loop's backup (`Habits` and `Repetitions`), Rewire's (`CHECKINS` and
    /// `UNIT`) or Tickmate's (`tracks` and `track2groups`), never changed.
    ///
    /// Alone, it is opened read-only and immutable. With a write-ahead log or a rollback journal
    /// beside it (a live database, copied while its program ran), the file alone is a stale
    /// snapshot: the pair is copied into a private folder (its `bytes` as they were read, the
    /// log or journal read now) and that copy opened normally, so SQLite applies the log (or
    /// rolls back the unfinished write) as it would for the program itself.
    private static func database(
        path: String, bytes: [UInt8], today: CivilDate, isInterrupted: @escaping () -> Bool
    ) throws(HabitImportError) -> HabitImportReport {
        var companions: [(suffix: String, bytes: [UInt8])] = []
        for suffix in ["-wal", "-journal"] {
            var status = stat()
            guard lstat(path + suffix, &status) == 0, status.st_size > 0 else { continue }
            companions.append((suffix, try HabitImportFormat.readFile(path + suffix)))
        }
        guard !companions.isEmpty else {
            return try database(at: path, shownAs: path, immutable: true, today: today, isInterrupted: isInterrupted)
        }
        let copy = try PrivateCopy(of: path, bytes: bytes, companions: companions)
        defer { copy.remove() }
        return try database(at: copy.path, shownAs: path, immutable: false, today: today, isInterrupted: isInterrupted)
    }

    /// The database at `file` (shown as `path`), read with SQLite's work bounded.
    private static func database(
        at file: String, shownAs path: String, immutable: Bool, today: CivilDate, isInterrupted: @escaping () -> Bool
    ) throws(HabitImportError) -> HabitImportReport {
        try loopReading(path, copy: file) { () throws(LoopBackupDatabase.Failure) in
            let store = try LoopBackupDatabase.openForeign(path: file, immutable: immutable)
            do {
                return try store.withWorkLimit(steps: maximumSQLiteSteps, isInterrupted: isInterrupted) {
                    try read(store, path: path, today: today)
                }
            } catch let stop as SQLiteHabitStore.WorkStop {
                throw LoopBackupDatabase.Failure.stopped(stop)
            } catch let failure as LoopBackupDatabase.Failure {
                throw failure
            } catch let error as HabitImportError {
                throw LoopBackupDatabase.Failure.importError(error)
            } catch {
                throw LoopBackupDatabase.Failure.unreadable("\(error)")
            }
        }
    }

    /// What the database open in `store` brings in, by its tables.
    private static func read(_ store: SQLiteHabitStore, path: String, today: CivilDate) throws -> HabitImportReport {
        let tables = try LoopBackupDatabase.tableNames(in: store)
        if tables.isSuperset(of: ["checkins", "unit"]) {
            return try RewireDatabase.read(store, path: path).report(
                path: path, today: today, notCarried: "the habits' categories, reminders, targets and rewards")
        }
        if tables.isSuperset(of: ["tracks", "track2groups"]) {
            return try TickmateDatabase.read(store, path: path).report(
                path: path, today: today, notCarried: "the tracks' icons and groups")
        }
        return LoopBackupImport.report(try LoopBackupDatabase.read(store), path: path, today: today)
    }

    /// What `body` reads of the database at `path` (or its private `copy`, named as `path` in
    /// messages), its failure told as an import error.
    private static func loopReading<Result>(
        _ path: String, copy: String, _ body: () throws(LoopBackupDatabase.Failure) -> Result
    ) throws(HabitImportError) -> Result {
        do throws(LoopBackupDatabase.Failure) {
            return try body()
        } catch {
            switch error {
            case .notLoop(let why):
                throw HabitImportError(
                    file: path,
                    problem: "it is an SQLite database but not a Loop Habit Tracker, Rewire or Tickmate backup "
                        + "(\(why)); to move a Tally database, export it with habit export json and import that")
            case .invalidText(let table, let id, let column):
                throw HabitImportError.invalidText(path, table: table, row: id, column: column)
            case .unreadable(let why):
                throw HabitImportError(
                    file: path, problem: "cannot read it as an SQLite database: " + why.replacing(copy, with: path))
            case .stopped(.interrupted):
                throw HabitImportError(file: path, problem: "the import was interrupted (Ctrl-C)")
            case .stopped(.overBudget(let steps)):
                throw HabitImportError(
                    file: path,
                    problem: "reading it took more than \(steps) steps of SQLite's work, far more than any backup "
                        + "needs (a schema built never to end?)")
            case .importError(let error):
                throw error
            case .tooManyRows:
                throw HabitImportError(file: path, problem: LoopBackupImport.tooManyEntries)
            }
        }
    }
}
