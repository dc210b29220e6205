import Glibc

/// Decides what kind of file `habit import` was given, from its first bytes (never from its
/// name), and reads it: Tally's JSON or CSV export, a Loop Habit Tracker backup database, or
/// Loop's CSV export (its folder, or the `Habits.csv` in it).
enum HabitImportFile {
    /// The formats read, for the message about a file that is none of them.
    static let acceptedFormats =
        "expected Tally's JSON or CSV export (habit export json|csv), a Loop Habit Tracker backup (.db), "
        + "or Loop's CSV export (its unzipped folder, or the Habits.csv in it)"

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
            do throws(LoopBackupDatabase.Failure) {
                let backup = try LoopBackupDatabase.read(path: path)
                return LoopBackupImport.report(backup, path: path, today: today)
            } catch {
                switch error {
                case .notLoop(let why):
                    throw HabitImportError(
                        file: path,
                        problem: "it is an SQLite database but not a Loop Habit Tracker backup (\(why)); "
                            + "to move a Tally database, export it with habit export json and import that")
                case .invalidText(let table, let id, let column):
                    throw HabitImportError(
                        file: path, problem: "the \(column) of \(table) row \(id) is not valid UTF-8")
                case .unreadable(let why):
                    throw HabitImportError(file: path, problem: "cannot read it as a Loop backup: \(why)")
                }
            }
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw HabitImportError(
                file: path, problem: "it is a zip archive; unzip Loop's CSV export and import its folder")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let firstLine = body.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        if firstLine.elementsEqual(HabitExportFormat.csvHeader.utf8) {
            return HabitImportReport(habits: try TallyCSVImport.habits(bytes, path: path, today: today))
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
}
