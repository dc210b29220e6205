import TallyCalendar

/// A repository in memory, for tests: the same contract as the SQLite store, including the
/// constraints its schema enforces.
public final class InMemoryHabitRepository: HabitRepository {
    private var habits: [HabitID: Habit] = [:]

    /// An empty repository, or one holding `habits`.
    public init(_ habits: [Habit] = []) {
        for habit in habits { self.habits[habit.id] = habit }
    }

    /// Runs `work`, putting everything back as it was when it throws.
    public func transaction<Result>(_ work: () throws -> Result) throws -> Result {
        // Value semantics make the snapshot cheap and nested transactions free.
        let snapshot = habits
        do {
            return try work()
        } catch {
            habits = snapshot
            throw error
        }
    }

    /// Every habit.
    public func allHabits() throws -> [Habit] { Array(habits.values) }

    /// Every habit summed up from its whole history.
    public func summaries(today: CivilDate) throws -> [HabitSummary] {
        habits.values.map { HabitSummary($0) }
    }

    /// The habit with this name key.
    public func habit(withNameKey nameKey: String) throws -> Habit? {
        habits.values.first { $0.nameKey == nameKey }
    }

    /// The habit with this identity.
    public func habit(withID id: HabitID) throws -> Habit? { habits[id] }

    /// Stores a new habit; a taken identity or name key is refused as the schema would.
    public func insert(_ habit: Habit) throws {
        guard habits[habit.id] == nil else {
            throw HabitStoreError.constraintViolated(file: "memory", detail: "habit id \(habit.id) is taken")
        }
        try checkUniqueKey(of: habit)
        habits[habit.id] = habit
    }

    /// Replaces a stored habit.
    public func update(_ habit: Habit) throws {
        guard habits[habit.id] != nil else {
            throw HabitStoreError.constraintViolated(file: "memory", detail: "habit id \(habit.id) is not stored")
        }
        try checkUniqueKey(of: habit)
        habits[habit.id] = habit
    }

    /// Removes a habit.
    public func delete(_ id: HabitID) throws {
        habits[id] = nil
    }

    /// Puts habits at their places in the order.
    public func setPositions(_ positions: [HabitID: Int?]) throws {
        for (id, position) in positions { habits[id]?.position = position }
    }

    private func checkUniqueKey(of habit: Habit) throws {
        if habits.values.contains(where: { $0.id != habit.id && $0.nameKey == habit.nameKey }) {
            throw HabitStoreError.constraintViolated(file: "memory", detail: "name key '\(habit.nameKey)' is taken")
        }
    }
}
