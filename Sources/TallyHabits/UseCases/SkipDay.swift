import TallyCalendar

/// `habit skip NAME [DATE]`: records a rest day, neither done nor missed.
public struct SkipDay {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Marks `day` skipped for the habit called `name`; returns the habit and whether the day
    /// is new (a day already skipped is left as it is).
    public func execute(name: String, day: CivilDate, today: CivilDate) throws -> (habit: Habit, isNew: Bool) {
        var isNew = false
        let habit = try repository.modifyHabit(named: name) { habit in isNew = try habit.skip(on: day, today: today) }
        return (habit, isNew)
    }
}
