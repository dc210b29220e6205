/// `habit rename NAME NEWNAME`: gives a habit another name, keeping its history.
public struct RenameHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Renames the habit called `name` to `newName`; returns its old name and the renamed habit.
    public func execute(name: String, newName: String) throws -> (oldName: String, habit: Habit) {
        var oldName = ""
        let habit = try repository.modifyHabit(named: name) { habit in
            oldName = habit.name
            try habit.rename(to: newName)
            try habit.checkNameIsDistinct(from: repository.habit(withNameKey: habit.nameKey))
        }
        return (oldName, habit)
    }
}
