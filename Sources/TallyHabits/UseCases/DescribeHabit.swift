/// `habit describe NAME TEXT`: keeps a habit's question or description.
public struct DescribeHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Keeps `text` as the description of the habit called `name` (empty text removes it);
    /// returns the habit.
    public func execute(name: String, text: String) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.describe(text) }
    }
}
