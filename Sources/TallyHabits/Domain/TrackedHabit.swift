/// A habit whose recent days can be asked about: a whole ``Habit`` or a ``HabitSummary``.
///
/// The statistics both show are defined once, here, so `habit list` (summaries) and `habit show`
/// (whole habits) count a streak by the same rule.
public protocol TrackedHabit {
    /// The first day the habit may be done.
    var start: Day { get }
    /// The day it was archived, nil while it is active.
    var archiveDay: Day? { get }
    /// Whether the habit was done on `day`.
    func isDone(on day: Day) -> Bool
    /// The first day of the unbroken run of days done that includes `day`; nil when `day` was
    /// not done.
    func firstDayOfRun(through day: Day) -> Day?
}

extension TrackedHabit {
    /// The last day that counts for statistics: today, or the archive day once archived.
    public func lastTrackedDay(today: Day) -> Day {
        guard let archiveDay else { return today }
        return Swift.min(archiveDay, today)
    }

    /// Consecutive days done ending on the last tracked day, or on the day before it while that
    /// day is still open (not done yet, so the streak is not broken).
    public func currentStreak(today: Day) -> Int {
        let last = lastTrackedDay(today: today)
        for end in [last, last.adding(days: -1)] {
            if let first = firstDayOfRun(through: end) { return end.days(since: first) + 1 }
        }
        return 0
    }
}
