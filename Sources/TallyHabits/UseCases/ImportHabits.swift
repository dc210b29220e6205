/// `habit import FILE`: adds the habits of a JSON export to the store.
public struct ImportHabits {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Adds every habit in the file at `path`, in one transaction: all of them, or (when one
    /// breaks a rule or its name is taken) none. Returns the habits added.
    public func execute(path: String) throws -> [Habit] {
        let habits = try HabitImportFormat.habits(inFileAt: path)
        return try repository.transaction {
            for habit in habits {
                if let existing = try repository.habit(withNameKey: habit.nameKey) {
                    throw HabitImportError(
                        file: path,
                        problem: "a habit named \(MessageText.quoted(existing.name)) already exists "
                            + "(import adds habits; rename or delete the one in the way first)")
                }
                try repository.insert(habit)
            }
            return habits
        }
    }
}
