import TallyCalendar

/// `habit list [all]`: the habits to show in the table.
public struct ListHabits {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// The active habits (all of them when `includeArchived`) summed up as of `today`, in their
    /// order: those `habit move` placed by their place, then the others by name ignoring case,
    /// so that without a move the table reads like an index.
    public func execute(includeArchived: Bool, today: CivilDate) throws -> [HabitSummary] {
        let summaries = try repository.summaries(today: today).filter { includeArchived || !$0.isArchived }
        return ListHabits.ordered(summaries)
    }

    /// `summaries` in their order: placed ones by place, then the rest by name.
    static func ordered(_ summaries: [HabitSummary]) -> [HabitSummary] {
        let byName = sortedByName(summaries, name: \.name)
        guard byName.contains(where: { $0.position != nil }) else { return byName }
        // Two habits at one place (an import beside a move) keep their order by name.
        let placed = byName.enumerated().compactMap { index, habit in habit.position.map { ($0, index, habit) } }
        return placed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2) + byName.filter { $0.position == nil }
    }

    /// `items` sorted by name ignoring case (then by name, so the order is stable), each key
    /// folded once rather than at every comparison.
    ///
    /// A key is in Unicode NFC (``Habit/nameKey(for:)``), and `String` orders NFC text by its
    /// UTF-8 bytes: the keys are compared as bytes, which gives the same order without
    /// `String`'s Unicode-aware comparison at every step. Names are compared (as `String`s) only
    /// when two keys are equal.
    static func sortedByName<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        let names = items.map(name)
        let keys = names.map { Array(Habit.nameKey(for: $0).utf8) }
        // The positions are sorted, not the items: a summary is large to move about.
        return keys.indices.sorted { left, right in
            keys[left] == keys[right] ? names[left] < names[right] : keys[left].lexicographicallyPrecedes(keys[right])
        }
        .map { items[$0] }
    }
}
