/// `habit delete NAME`: removes a habit and its whole history, once confirmed.
public struct DeleteHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Deletes the habit called `name` if `confirm` agrees, and returns it; nil when declined.
    ///
    /// `confirm` runs outside any transaction: a person may take a while to answer, and holding
    /// the write lock meanwhile would make other sessions' writes time out.
    public func execute(name: String, confirm: (Habit) -> Bool) throws -> Habit? {
        let habit = try repository.requireHabit(named: name)
        guard confirm(habit) else { return nil }
        return try repository.transaction {
            // Another session may have deleted it while the question was on the screen.
            guard try repository.habit(withID: habit.id) != nil else { throw HabitError.notFound(name: name) }
            try repository.delete(habit.id)
            return habit
        }
    }
}
