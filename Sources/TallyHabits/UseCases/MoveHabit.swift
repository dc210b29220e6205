import TallyCalendar

/// `habit move NAME POSITION`: puts a habit at a place in the order of `list` and `today`.
public struct MoveHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Moves the habit called `name` to place `position` (from 1; past the end is the end) of
    /// the order of every habit, archived ones included, and numbers them all 1, 2, 3…; returns
    /// the habit and its place.
    public func execute(name: String, position: Int, today: CivilDate) throws -> (habit: Habit, position: Int) {
        try repository.transaction {
            let habit = try repository.requireHabit(named: name)
            guard position >= 1 else { throw HabitError.invalidPosition(habit: habit.name, position: position) }
            var order = ListHabits.ordered(try repository.summaries(today: today)).map(\.id).filter { $0 != habit.id }
            let place = Swift.min(position, order.count + 1)
            order.insert(habit.id, at: place - 1)
            var positions: [HabitID: Int?] = [:]
            for (index, id) in order.enumerated() { positions[id] = index + 1 }
            try repository.setPositions(positions)
            return (habit, place)
        }
    }
}
