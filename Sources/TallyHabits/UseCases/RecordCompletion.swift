import TallyCalendar

/// `habit done NAME... [DATE]`: records that habits were done on a day.
public struct RecordCompletion {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Marks the habit called `name` done on `day`; returns it, whether the day is new (a day
    /// already done is left as it is, so repeating a command changes nothing) and, when the day
    /// came before the start and moved it back, the old start.
    public func execute(name: String, day: CivilDate, today: CivilDate) throws -> (
        habit: Habit, isNew: Bool, movedStart: CivilDate?
    ) {
        try execute(names: [name], day: day, today: today)[0]
    }

    /// Marks each habit in `names` done on `day`, all in one transaction: every habit is marked,
    /// or (when one name is unknown or the day is not allowed for one) none is.
    public func execute(names: [String], day: CivilDate, today: CivilDate) throws -> [(
        habit: Habit, isNew: Bool, movedStart: CivilDate?
    )] {
        // A name given twice (in any case) is marked once.
        var seen = Set<String>()
        let names = names.filter { seen.insert(Habit.nameKey(for: $0)).inserted }
        return try repository.transaction {
            try names.map { name in
                var isNew = false
                var oldStart: CivilDate?
                let habit = try repository.modifyHabit(named: name) { habit in
                    oldStart = habit.start
                    isNew = try habit.markDone(on: day, today: today)
                }
                return (habit, isNew, habit.start != oldStart ? oldStart : nil)
            }
        }
    }
}
