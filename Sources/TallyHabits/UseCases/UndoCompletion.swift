/// `habit undo NAME [DATE]`: takes back a day recorded as done.
public struct UndoCompletion {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Removes the record that the habit called `name` was done on `day`, and returns the habit.
    public func execute(name: String, day: Day) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.undo(on: day) }
    }
}
