/// The messages of `habit import` about the files of other programs (a zip archive, HabitBull,
/// Rewire and Tickmate), kept in one place so that one problem reads the same wherever it is
/// found.
extension HabitImportError {
    /// A zip archive that cannot be read safely: truncated, corrupt, a zip bomb, an entry whose
    /// path leaves the archive, a method other than deflate.
    static func zip(_ path: String, entry: String?, _ problem: String) -> HabitImportError {
        let inside = entry.map { "the archive's file \(MessageText.quoted($0)): " } ?? ""
        return HabitImportError(file: path, problem: "cannot read it as a zip archive: " + inside + problem)
    }

    /// A zip archive with no `Habits.csv`: not Loop's CSV export.
    static func zipWithoutHabits(_ path: String) -> HabitImportError {
        HabitImportError(
            file: path,
            problem: "it is a zip archive without Loop's Habits.csv; " + HabitImportFile.acceptedFormats)
    }

    /// A database of another habit tracker that lacks a table or column its importer reads.
    static func foreignDatabase(_ path: String, program: String, _ problem: String) -> HabitImportError {
        HabitImportError(file: path, problem: "cannot read it as a \(program) database: \(problem)")
    }

    /// A text field of another program's database that is not UTF-8.
    static func invalidText(_ path: String, table: String, row: Int64, column: String) -> HabitImportError {
        HabitImportError(file: path, problem: "the \(column) of \(table) row \(row) is not valid UTF-8")
    }
}
