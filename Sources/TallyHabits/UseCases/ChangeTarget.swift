/// `habit target NAME TARGET`: changes how often a habit is meant to be done.
public struct ChangeTarget {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Gives the habit called `name` the target `target`; returns the old target and the habit.
    public func execute(name: String, target: HabitTarget) throws -> (old: HabitTarget, habit: Habit) {
        var old = HabitTarget.daily
        let habit = try repository.modifyHabit(named: name) { habit in
            old = habit.target
            try habit.setTarget(target)
        }
        return (old, habit)
    }

    /// Gives the habit called `name` the measure `measure` once per `period` (a habit done or
    /// not becomes measurable only while it has no day done); returns the old target as it is
    /// written and the habit.
    public func execute(name: String, measure: HabitMeasure, period: HabitTarget) throws -> (old: String, habit: Habit)
    {
        var old = ""
        let habit = try repository.modifyHabit(named: name) { habit in
            old = habit.targetText
            try habit.setMeasure(measure, period: period)
        }
        return (old, habit)
    }
}
