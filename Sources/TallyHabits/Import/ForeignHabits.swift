import TallyCalendar

/// What another habit tracker's file holds, as the records of a Loop Habit Tracker backup (so
/// it comes in through ``LoopBackupImport`` and the rules of typed commands), with what its
/// reader already refused or could not carry.
struct ForeignHabits {
    /// The habits and days, as a Loop backup would hold them.
    var database: LoopBackupDatabase
    /// Rows refused while reading, each with its place in the file.
    var refused = HabitImportReport.RefusedRows()
    /// What the file holds that Tally does not keep.
    var notCarried: [String] = []

    /// Loop's timestamp of `day`: milliseconds since 1970 at its UTC midnight.
    static func timestamp(_ day: CivilDate) -> Int64 {
        Int64(day.daysSinceEpoch) * LoopBackupImport.millisecondsPerDay
    }

    /// Adds one row of days, up to ``LoopBackupImport/maximumEntries`` (a file with more is
    /// refused).
    mutating func addEntry(path: String, _ entry: LoopBackupDatabase.EntryRecord) throws(HabitImportError) {
        guard database.entries.count < LoopBackupImport.maximumEntries else {
            throw HabitImportError(file: path, problem: LoopBackupImport.tooManyEntries)
        }
        database.entries.append(entry)
    }

    /// The import report: the habits through ``LoopBackupImport`` as of `today`, `program`'s
    /// own things not carried named by `notCarried`, then what the reader found.
    func report(path: String, today: CivilDate, notCarried programNotCarried: String?) -> HabitImportReport {
        var report = LoopBackupImport.report(database, path: path, today: today, notCarried: programNotCarried)
        var refusedRows = refused
        refusedRows.append(contentsOf: report.refused)
        report.refused = refusedRows
        report.notCarried += notCarried
        return report
    }

    /// What `readRows` reads of `program`'s database `store` (at `path`); an SQLite failure is
    /// told as an import error naming the program.
    static func read(
        from store: SQLiteHabitStore, path: String, program: String,
        _ readRows: (SQLiteHabitStore, String, inout ForeignHabits) throws -> Void
    ) throws(HabitImportError) -> ForeignHabits {
        var result = ForeignHabits(database: LoopBackupDatabase(version: 0, habits: [], entries: []))
        do {
            try readRows(store, path, &result)
        } catch let error as HabitImportError {
            throw error
        } catch let error as HabitStoreError {
            throw .foreignDatabase(path, program: program, error.message)
        } catch {
            throw .foreignDatabase(path, program: program, "\(error)")
        }
        return result
    }
}
