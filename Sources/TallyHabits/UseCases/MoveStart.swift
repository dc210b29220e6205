import TallyCalendar

/// `habit start NAME DATE`: moves the day a habit started.
public struct MoveStart {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Moves the start of the habit called `name` to `day`; returns the old start and the habit.
    public func execute(name: String, day: CivilDate, today: CivilDate) throws -> (old: CivilDate, habit: Habit) {
        var old = day
        let habit = try repository.modifyHabit(named: name) { habit in
            old = habit.start
            try habit.move(startTo: day, today: today)
        }
        return (old, habit)
    }
}
