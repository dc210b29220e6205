import Glibc

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
    static func report(path: String, today: Day) throws(HabitImportError) -> HabitImportReport {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return try LoopCSVImport.report(folder: path, shownAs: path, today: today)
        }
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw HabitImportError(file: path, problem: "it is not a regular file")
        }
        let bytes = try HabitImportFormat.readFile(path)
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) {
            return try database(path: path, today: today)
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

    /// An SQLite database, opened read-only and immutable: Loop's backup (`Habits` and
    /// `Repetitions`), Rewire's (`CHECKINS` and `UNIT`) or Tickmate's (`tracks` and `track2groups`).
    private static func database(path: String, today: Day) throws(HabitImportError) -> HabitImportReport {
        let (store, tables) = try loopReading(path, as: "an SQLite database") { () throws(LoopBackupDatabase.Failure) in
            let store = try LoopBackupDatabase.openForeign(path: path)
            return (store, try LoopBackupDatabase.tableNames(in: store))
        }
        if tables.isSuperset(of: ["checkins", "unit"]) {
            return try RewireDatabase.read(store, path: path).report(
                path: path, today: today, notCarried: "the habits' categories, reminders, targets and rewards")
        }
        if tables.isSuperset(of: ["tracks", "track2groups"]) {
            return try TickmateDatabase.read(store, path: path).report(
                path: path, today: today, notCarried: "the tracks' icons and groups")
        }
        let backup = try loopReading(path, as: "a Loop backup") { () throws(LoopBackupDatabase.Failure) in
            try LoopBackupDatabase.read(store)
        }
        return LoopBackupImport.report(backup, path: path, today: today)
    }

    /// What `body` reads of the database at `path`, its failure told as an import error that
    /// says what the file was being read as (`kind`).
    private static func loopReading<Result>(
        _ path: String, as kind: String, _ body: () throws(LoopBackupDatabase.Failure) -> Result
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
                throw HabitImportError(file: path, problem: "cannot read it as \(kind): \(why)")
            }
        }
    }
}
