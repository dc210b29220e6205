/// `habit list [all]`: the habits to show in the table.
public struct ListHabits {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// The active habits (all of them when `includeArchived`), sorted by name ignoring case so
    /// the table reads like an index.
    public func execute(includeArchived: Bool) throws -> [Habit] {
        try repository.allHabits()
            .filter { includeArchived || !$0.isArchived }
            .sorted { ($0.nameKey, $0.name) < ($1.nameKey, $1.name) }
    }
}
