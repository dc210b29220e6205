/// `habit list [all]`: the habits to show in the table.
public struct ListHabits {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// The active habits (all of them when `includeArchived`) summed up as of `today`, in their
    /// order: those `habit move` placed by their place, then the others by name ignoring case,
    /// so that without a move the table reads like an index.
    public func execute(includeArchived: Bool, today: Day) throws -> [HabitSummary] {
        let summaries = try repository.summaries(today: today).filter { includeArchived || !$0.isArchived }
        return ListHabits.ordered(summaries)
    }

    /// `summaries` in their order: placed ones by place, then the rest by name.
    static func ordered(_ summaries: [HabitSummary]) -> [HabitSummary] {
        let byName = sortedByName(summaries, name: \.name)
        // Two habits at one place (an import beside a move) keep their order by name.
        let placed = byName.enumerated().compactMap { index, habit in habit.position.map { ($0, index, habit) } }
        return placed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2) + byName.filter { $0.position == nil }
    }

    /// `items` sorted by name ignoring case (then by name, so the order is stable), each key
    /// folded once rather than at every comparison.
    static func sortedByName<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        items.map { (key: Habit.nameKey(for: name($0)), name: name($0), item: $0) }
            .sorted { ($0.key, $0.name) < ($1.key, $1.name) }
            .map(\.item)
    }
}
