import TallyCalendar

/// `habit undo NAME [DATE]`: takes back a day recorded as done.
public struct UndoCompletion {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Removes the record that the habit called `name` was done, or skipped, on `day`; returns
    /// the habit and which of the two was taken back.
    public func execute(name: String, day: CivilDate) throws -> (habit: Habit, undone: Habit.Undone) {
        var undone = Habit.Undone.done
        let habit = try repository.modifyHabit(named: name) { habit in undone = try habit.undo(on: day) }
        return (habit, undone)
    }
}
