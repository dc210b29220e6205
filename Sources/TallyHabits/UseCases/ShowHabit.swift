/// `habit show NAME`: one habit, for the detailed view.
public struct ShowHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// The habit called `name`, archived or not.
    public func execute(name: String) throws -> Habit {
        try repository.requireHabit(named: name)
    }
}
