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
    /// `isInterrupted` says whether Ctrl-C was pressed: reading a database stops then.
    public func execute(
        path: String, today: CivilDate, isInterrupted: @escaping @Sendable () -> Bool = { false }
    ) throws -> HabitImportReport {
        var report = try HabitImportFile.report(path: path, today: today, isInterrupted: isInterrupted)
        return try repository.transaction {
            // The names taken, read once: asking the store name by name would cost a query per
            // habit, and an import of 20,000 habits would be quadratic.
            let taken = try repository.nameKeys()
            if report.renamesDuplicates {
                report.renameDuplicates(taken: taken)
            } else if let clash = report.habits.first(where: { taken.contains($0.nameKey) }),
                let existing = try repository.habit(withNameKey: clash.nameKey)
            {
                throw HabitImportError(
                    file: path,
                    problem: "a habit named \(MessageText.quoted(existing.name)) already exists "
                        + "(import adds habits; rename or delete the one in the way first)")
            }
            try repository.insert(contentsOf: report.habits)
            return report
        }
    }
}
