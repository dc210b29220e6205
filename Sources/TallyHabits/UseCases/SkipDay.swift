/// `habit skip NAME [DATE]`: records a rest day, neither done nor missed.
public struct SkipDay {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Marks `day` skipped for the habit called `name`, and returns the habit.
    public func execute(name: String, day: Day, today: Day) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.skip(on: day, today: today) }
    }
}
