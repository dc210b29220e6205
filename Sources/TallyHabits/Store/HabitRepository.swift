import TallyCalendar

/// Where habits are kept. Only stores and fetches: every rule lives in ``Habit``.
///
/// Methods throw ``HabitStoreError`` when the storage fails or holds a row that breaks a rule.
public protocol HabitRepository: AnyObject {
    /// Runs `work` as one atomic unit: all its writes land, or none do. Other writers wait until
    /// it ends, so what `work` reads stays true while it decides what to write.
    func transaction<Result>(_ work: () throws -> Result) throws -> Result

    /// Every habit, archived ones included, in no particular order.
    func allHabits() throws -> [Habit]

    /// A summary of every habit as of `today`, archived ones included, in no particular order:
    /// what `habit list` shows, read without each habit's whole history and held to the same
    /// rules (see ``HabitSummary``).
    func summaries(today: CivilDate) throws -> [HabitSummary]

    /// The habit whose ``Habit/nameKey`` is `nameKey`, if any.
    func habit(withNameKey nameKey: String) throws -> Habit?

    /// The habit with this identity, if any.
    func habit(withID id: HabitID) throws -> Habit?

    /// The habit whose ``Habit/nameKey`` is `nameKey`, if any, only to be shown: a store may
    /// spell its days done out from what it keeps of them (a summary's runs), checked as a
    /// summary is. Never the habit a change starts from.
    func habitToShow(withNameKey nameKey: String) throws -> Habit?

    /// Stores a habit that is not stored yet.
    func insert(_ habit: Habit) throws

    /// Stores habits that are not stored yet, all or none.
    func insert(contentsOf habits: [Habit]) throws

    /// The ``Habit/nameKey`` of every stored habit.
    func nameKeys() throws -> Set<String>

    /// Replaces the stored habit that has the same identity (name, archive day, completions).
    func update(_ habit: Habit) throws

    /// Removes the habit with this identity and all its completions.
    func delete(_ id: HabitID) throws

    /// Puts each habit of `positions` at its place in the order (nil: ordered by name).
    func setPositions(_ positions: [HabitID: Int?]) throws

    /// Called before each command, so that each judges the stored habits afresh. False when
    /// this repository no longer stands for the storage a new one would open (its file was
    /// replaced): the command then runs on a new one.
    func prepareForCommand() -> Bool
}

extension HabitRepository {
    /// Nothing to refresh: a repository in memory is always current.
    public func prepareForCommand() -> Bool { true }
}

extension HabitRepository {
    /// Each habit inserted in turn, in one transaction.
    public func insert(contentsOf habits: [Habit]) throws {
        try transaction { for habit in habits { try insert(habit) } }
    }

    /// The keys of every habit.
    public func nameKeys() throws -> Set<String> { Set(try allHabits().map(\.nameKey)) }
}

extension HabitRepository {
    /// The habit itself: a repository in memory keeps nothing else.
    public func habitToShow(withNameKey nameKey: String) throws -> Habit? {
        try habit(withNameKey: nameKey)
    }
}

extension HabitRepository {
    /// The habit called `typedName` ignoring case, or ``HabitError/notFound(name:)``.
    public func requireHabit(named typedName: String) throws -> Habit {
        guard let habit = try habit(withNameKey: Habit.nameKey(for: typedName)) else {
            throw HabitError.notFound(name: typedName)
        }
        return habit
    }
}

extension HabitRepository {
    /// Fetches the habit called `typedName`, lets `change` act on it and stores the result, all
    /// in one transaction. The changed habit is returned.
    public func modifyHabit(named typedName: String, _ change: (inout Habit) throws -> Void) throws -> Habit {
        try transaction {
            var habit = try requireHabit(named: typedName)
            try change(&habit)
            try update(habit)
            return habit
        }
    }
}
