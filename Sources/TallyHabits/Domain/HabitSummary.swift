/// What `habit list` shows of a habit, without its whole history: the habit's fields, how many
/// days it was done, and its recent runs of consecutive days done.
///
/// Held to the same rules as a ``Habit`` (``Habit/validatedStored(name:start:archiveDay:firstDone:lastDone:)``):
/// the day rules need only the first and last day done, which a store finds without reading the
/// days in between.
public struct HabitSummary: Sendable, Hashable, TrackedHabit {
    /// The identity of the habit summed up.
    public let id: HabitID
    /// The name, valid as ``Habit/name`` is.
    public let name: String
    /// The first day the habit may be done.
    public let start: Day
    /// The day it was archived, nil while it is active.
    public let archiveDay: Day?
    /// How many days it was done, ever.
    public let completionCount: Int
    /// The earliest day ``recentRuns`` cover: ``isDone(on:)`` answers only from here on.
    public let horizon: Day
    /// The unbroken runs of days done that end on or after ``horizon``, oldest first, each whole
    /// (a run may begin before the horizon).
    public let recentRuns: [ClosedRange<Day>]

    /// The earliest day a summary for `today` must know about: a week before the last tracked
    /// day, which covers the last seven days and the day the current streak may end on.
    public static func horizon(archiveDay: Day?, today: Day) -> Day {
        let lastTracked = archiveDay.map { Swift.min($0, today) } ?? today
        return lastTracked.adding(days: -7)
    }

    /// A summary read from a store, checked against every rule ``Habit`` checks on a stored
    /// habit; `firstDone` and `lastDone` are the first and last day ever done (nil when never).
    ///
    /// `recentRuns` must be the runs ending on or after ``horizon(archiveDay:today:)``, sorted and
    /// separate; whether they agree with the days done is the store's to check.
    public init(
        restoring id: HabitID, name: String, start: Day, archiveDay: Day?, completionCount: Int,
        firstDone: Day?, lastDone: Day?, recentRuns: [ClosedRange<Day>], today: Day
    ) throws(HabitError) {
        self.id = id
        self.name = try Habit.validatedStored(
            name: name, start: start, archiveDay: archiveDay, firstDone: firstDone, lastDone: lastDone)
        self.start = start
        self.archiveDay = archiveDay
        self.completionCount = completionCount
        self.horizon = HabitSummary.horizon(archiveDay: archiveDay, today: today)
        self.recentRuns = recentRuns
    }

    /// The summary of a whole habit as of `today`.
    public init(_ habit: Habit, today: Day) {
        id = habit.id
        name = habit.name
        start = habit.start
        archiveDay = habit.archiveDay
        completionCount = habit.daysDone.count
        let horizon = HabitSummary.horizon(archiveDay: habit.archiveDay, today: today)
        self.horizon = horizon
        recentRuns = habit.completionRuns.filter { $0.upperBound >= horizon }
    }

    /// The key under which names are unique: see ``Habit/nameKey``.
    public var nameKey: String { Habit.nameKey(for: name) }

    /// Whether the habit is archived.
    public var isArchived: Bool { archiveDay != nil }

    /// Whether the habit was done on `day`, which must be on or after ``horizon``.
    public func isDone(on day: Day) -> Bool {
        firstDayOfRun(through: day) != nil
    }

    /// The first day of the run of days done that includes `day` (on or after ``horizon``).
    public func firstDayOfRun(through day: Day) -> Day? {
        precondition(day >= horizon, "a summary knows the days from \(horizon) on, not \(day)")
        return recentRuns.last(where: { $0.contains(day) })?.lowerBound
    }
}
