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
            habit.setTarget(target)
        }
        return (old, habit)
    }
}
