/// `habit show NAME`: one habit, for the detailed view.
public struct ShowHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// The habit called `name`, archived or not.
    public func execute(name: String) throws -> Habit {
        guard let habit = try repository.habitToShow(withNameKey: Habit.nameKey(for: name)) else {
            throw HabitError.notFound(name: name)
        }
        return habit
    }
}
