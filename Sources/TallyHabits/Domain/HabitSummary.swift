import TallyCalendar

/// What `habit list` shows of a habit, without reading each day of its history: the habit's
/// fields, how many days it was done, and its runs of consecutive days done (which the store
/// keeps, so a habit done daily for ten years is one run), its skips and its pauses.
///
/// Held to the same rules as a ``Habit`` (``Habit/validatedStored(name:start:archiveDay:firstDone:lastDone:)``):
/// the day rules need only the first and last day done.
public struct HabitSummary: Sendable, Hashable, TrackedHabit {
    /// The identity of the habit summed up.
    public let id: HabitID
    /// The name, valid as ``Habit/name`` is.
    public let name: String
    /// The first day the habit may be done.
    public let start: CivilDate
    /// The day it was archived, nil while it is active.
    public let archiveDay: CivilDate?
    /// How often it is meant to be done.
    public let target: HabitTarget
    /// How many days it was done, ever.
    public let completionCount: Int
    /// The unbroken runs of days done, oldest first, sorted and apart.
    public let runs: [ClosedRange<CivilDate>]
    /// The days skipped, ascending.
    public let skippedDays: [CivilDate]
    /// The pauses, ascending.
    public let pauses: [ClosedRange<CivilDate>]
    /// What a measurable habit measures; nil for a habit done or not.
    public let measure: HabitMeasure?
    /// The amounts of a measurable habit the views need (those of the days its strength looks
    /// at, or all), in thousandths.
    public let amounts: [CivilDate: Int]
    /// The place in the order (from 1), nil while ordered by name.
    public let position: Int?

    /// A summary read from a store, checked against every rule ``Habit`` checks on a stored
    /// habit; whether `runs` agree with the days done is the store's to check.
    public init(
        restoring id: HabitID, name: String, start: CivilDate, archiveDay: CivilDate?, target: HabitTarget,
        completionCount: Int,
        runs: [ClosedRange<CivilDate>], skippedDays: [CivilDate], pauses: [ClosedRange<CivilDate>],
        measure: HabitMeasure? = nil,
        amounts: [CivilDate: Int] = [:], position: Int? = nil
    ) throws(HabitError) {
        self.id = id
        self.name = try Habit.validatedStored(
            name: name, start: start, archiveDay: archiveDay, firstDone: runs.first?.lowerBound,
            lastDone: runs.last?.upperBound)
        self.start = start
        self.archiveDay = archiveDay
        self.target = target
        self.completionCount = completionCount
        self.runs = runs
        self.skippedDays = skippedDays
        self.pauses = pauses
        self.measure = measure
        self.amounts = amounts
        self.position = position
        if measure == nil && !amounts.isEmpty { throw .notMeasured(habit: self.name) }
        try Habit.checkStored(
            name: self.name, start: start, archiveDay: archiveDay, skippedDays: skippedDays, pauses: pauses,
            isDone: { day in HabitSummary.run(containing: day, in: runs) != nil })
    }

    /// The summary of a whole habit.
    public init(_ habit: Habit) {
        id = habit.id
        name = habit.name
        start = habit.start
        archiveDay = habit.archiveDay
        target = habit.target
        completionCount = habit.daysDone.count
        runs = habit.completionRuns
        skippedDays = habit.skippedDays
        pauses = habit.pauses
        measure = habit.measure
        amounts = habit.amounts
        position = habit.position
    }

    /// The key under which names are unique: see ``Habit/nameKey``.
    public var nameKey: String { Habit.nameKey(for: name) }

    /// Whether the habit is archived.
    public var isArchived: Bool { archiveDay != nil }

    /// Whether the habit was done on `day`.
    public func isDone(on day: CivilDate) -> Bool {
        HabitSummary.run(containing: day, in: runs) != nil
    }

    /// The first day of the run of days done that includes `day`.
    public func firstDayOfRun(through day: CivilDate) -> CivilDate? {
        HabitSummary.run(containing: day, in: runs)?.lowerBound
    }

    /// How many days of `range` were done.
    public func doneCount(in range: ClosedRange<CivilDate>) -> Int {
        // The first run ending on or after the range's start, then each run while it overlaps.
        var low = HabitSummary.firstRun(endingOnOrAfter: range.lowerBound, in: runs)
        var count = 0
        while low < runs.count, runs[low].lowerBound <= range.upperBound {
            count += runs[low].clamped(to: range).count
            low += 1
        }
        return count
    }

    /// Each day done in `range`, walking the runs that overlap it.
    public func forEachDoneDay(in range: ClosedRange<CivilDate>, _ body: (CivilDate) -> Void) {
        var low = HabitSummary.firstRun(endingOnOrAfter: range.lowerBound, in: runs)
        while low < runs.count, runs[low].lowerBound <= range.upperBound {
            for day in runs[low].clamped(to: range) { body(day) }
            low += 1
        }
    }

    /// The run of `runs` (sorted, apart) holding `day`, found by binary search.
    static func run(containing day: CivilDate, in runs: [ClosedRange<CivilDate>]) -> ClosedRange<CivilDate>? {
        let index = firstRun(endingOnOrAfter: day, in: runs)
        return index < runs.count && runs[index].contains(day) ? runs[index] : nil
    }

    /// The index of the first of `runs` (sorted, apart) that ends on or after `day`, or
    /// `runs.count`: a binary search.
    static func firstRun(endingOnOrAfter day: CivilDate, in runs: [ClosedRange<CivilDate>]) -> Int {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].upperBound < day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
