import TallyCalendar

/// `habit import FILE`: adds the habits of a file (Tally's JSON or CSV export, a Loop Habit
/// Tracker backup or CSV export) to the store.
public struct ImportHabits {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Adds every habit in the file at `path`, in one transaction. A Tally export comes in
    /// whole or not at all (a name taken in the store refuses it); from Loop, a name taken (in
    /// the store or earlier in the file, as Loop allows) gets ` (2)` and the report says so.
    public func execute(path: String, today: CivilDate) throws -> HabitImportReport {
        var report = try HabitImportFile.report(path: path, today: today)
        return try repository.transaction {
            if report.renamesDuplicates {
                try report.renameDuplicates { key in try repository.habit(withNameKey: key) != nil }
            }
            for habit in report.habits {
                if let existing = try repository.habit(withNameKey: habit.nameKey) {
                    throw HabitImportError(
                        file: path,
                        problem: "a habit named \(MessageText.quoted(existing.name)) already exists "
                            + "(import adds habits; rename or delete the one in the way first)")
                }
                try repository.insert(habit)
            }
            return report
        }
    }
}
