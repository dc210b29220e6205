import TallyCalendar

/// `habit restore NAME`: makes an archived habit active again.
public struct RestoreHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Restores the habit called `name` on `today`, and returns it; the days it was archived
    /// become a pause.
    public func execute(name: String, today: CivilDate) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.restore(today: today) }
    }
}
