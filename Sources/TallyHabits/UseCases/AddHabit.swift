import TallyCalendar

/// `habit add NAME [since DATE]`: starts tracking a new habit.
public struct AddHabit {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Adds a habit called `name` starting on `start`, meant to be done as `target` says, and
    /// returns it.
    /// A measurable habit has a `measure`, and `target` is its period.
    public func execute(
        name: String, start: CivilDate, today: CivilDate, target: HabitTarget = .daily, measure: HabitMeasure? = nil
    ) throws -> Habit {
        try repository.transaction {
            var habit = try Habit(name: name, start: start, today: today, target: target, measure: measure)
            try habit.checkNameIsDistinct(from: repository.habit(withNameKey: habit.nameKey))
            // Once habits were put in order, a new one goes last.
            if let last = try repository.summaries(today: today).compactMap(\.position).max() {
                habit.position = last + 1
            }
            try repository.insert(habit)
            return habit
        }
    }
}
