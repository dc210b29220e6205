import TallyCalendar

/// `habit done NAME AMOUNT [DATE]` and `habit done NAME =AMOUNT [DATE]`: enters an amount of a
/// measurable habit for a day.
public struct EnterAmount {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Adds `amount` (thousandths) to the day's amount of the habit called `name`, or with
    /// `replacing` puts it in its place; returns the habit, the change and, when the day came
    /// before the start and moved it back, the old start.
    public func execute(
        name: String, amount: Int, replacing: Bool, day: CivilDate, today: CivilDate
    ) throws -> (habit: Habit, change: Habit.AmountChange, movedStart: CivilDate?) {
        try repository.transaction {
            var change = Habit.AmountChange(old: nil, new: 0)
            var oldStart: CivilDate?
            let habit = try repository.modifyHabit(named: name) { habit in
                oldStart = habit.start
                change = try habit.record(amount, on: day, today: today, replacing: replacing)
            }
            return (habit, change, habit.start != oldStart ? oldStart : nil)
        }
    }
}
