/// A problem with the habit database itself, as opposed to a rule a command would break.
///
/// Each names the file, so a person knows which file to inspect, move away or restore.
public enum HabitStoreError: Error, Sendable, Equatable {
    /// The data directory could not be created or is not a directory.
    case cannotCreateDirectory(path: String, reason: String)
    /// The database file could not be created or opened.
    case cannotOpen(file: String, reason: String)
    /// The file exists but is not an SQLite database; it has been left untouched.
    case notADatabase(file: String)
    /// The file is an SQLite database, but not one Tally wrote; it has been left untouched.
    case foreignDatabase(file: String)
    /// The file was written by a newer Tally, whose schema this one does not know.
    case newerSchema(file: String, version: Int, supported: Int)
    /// The file is an SQLite database whose pages are damaged (found by SQLite or by the check
    /// before a write); nothing was written.
    case damaged(file: String, detail: String)
    /// A stored habit row breaks a rule.
    case invalidRow(file: String, habitID: HabitID, name: String, problem: String)
    /// A completion row names a habit id that has no habit row, found while migrating, which
    /// was then undone.
    case orphanCompletion(file: String, habitID: HabitID, day: String)
    /// The schema refused a write (a taken name, a second completion on one day).
    case constraintViolated(file: String, detail: String)
    /// The path names another file than the one open (moved over by a sync tool, or deleted)
    /// during a command, found before anything was written; the next command opens the new file.
    case replaced(file: String)
    /// The path named another file once a change was committed: the change went into the file
    /// that was replaced, not into the one now at the path, and is not acknowledged.
    case replacedDuringWrite(file: String)
    /// A write cannot be made (the folder or the file is read-only); nothing was written.
    case readOnly(file: String, reason: String)
    /// SQLite reported an error.
    case sqlite(file: String, operation: String, message: String)

    /// One sentence for a person, lower-case first word, no final period.
    public var message: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the habit data directory \(path): \(reason)"
        case .cannotOpen(let file, let reason):
            return "cannot open the habit database \(file): \(reason)"
        case .notADatabase(let file):
            return "\(file) is not an SQLite database; it was left unchanged "
                + "(move it away to start a new habit database)"
        case .foreignDatabase(let file):
            return "\(file) is an SQLite database that Tally did not create; it was left unchanged"
        case .newerSchema(let file, let version, let supported):
            return "\(file) has schema version \(version), newer than the \(supported) this Tally "
                + "knows; it was left unchanged"
        case .damaged(let file, let detail):
            return "\(file) is damaged, or was replaced while Tally read it (\(MessageText.bounded(detail))); "
                + "nothing was written to it (restore a backup, or try the sqlite3 shell's .recover)"
        case .invalidRow(let file, let habitID, let name, let problem):
            return "\(file): the habit row with id \(habitID) (\(MessageText.quoted(name))) breaks a rule: "
                + MessageText.bounded(problem)
        case .orphanCompletion(let file, let habitID, let day):
            return "\(file): the completion row of \(day) belongs to habit id \(habitID), which has no habit row; "
                + "the file was left unchanged (delete that row to upgrade it)"
        case .constraintViolated(let file, let detail):
            return "\(file) refused the change: \(MessageText.bounded(detail))"
        case .replaced(let file):
            return "\(file) was replaced by another file (moved over or deleted) during this command; nothing was "
                + "written (the next command uses the file now there)"
        case .replacedDuringWrite(let file):
            return "\(file) was replaced by another file while this change was saved; the change went into the "
                + "file that was replaced, not into the one now there"
        case .readOnly(let file, let reason):
            return "cannot write to the habit database \(file): \(reason); nothing was written"
        case .sqlite(let file, let operation, let message):
            return "\(file): \(MessageText.bounded(operation)) failed: \(MessageText.bounded(message))"
        }
    }
}
