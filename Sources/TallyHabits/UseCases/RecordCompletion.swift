/// `habit done NAME [DATE]`: records that a habit was done on a day.
public struct RecordCompletion {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Marks the habit called `name` done on `day`, and returns it.
    public func execute(name: String, day: Day, today: Day) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.markDone(on: day, today: today) }
    }
}
