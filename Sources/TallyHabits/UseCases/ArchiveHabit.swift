import TallyCalendar

/// `habit archive NAME [DATE]`: stops tracking a habit while keeping its history.
public struct ArchiveHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Archives the habit called `name` as of `day`, and returns it.
    public func execute(name: String, day: CivilDate, today: CivilDate) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.archive(on: day, today: today) }
    }
}
