import Glibc
import TallyCalendar

/// A habit whose days can be asked about: a whole ``Habit`` or a ``HabitSummary``.
///
/// The statistics both show are defined once, here, so `habit list` (summaries) and `habit show`
/// (whole habits) judge a streak by the same rule. Every statistic is judged per period of the
/// habit's ``HabitTarget``: a day for a daily habit, a week for `3/week`.
public protocol TrackedHabit {
    /// The first day the habit may be done.
    var start: CivilDate { get }
    /// The day it was archived, nil while it is active.
    var archiveDay: CivilDate? { get }
    /// How often it is meant to be done.
    var target: HabitTarget { get }
    /// The days skipped (neither done nor missed), ascending.
    var skippedDays: [CivilDate] { get }
    /// The days it was archived between an archive and a restore (neither done nor missed),
    /// ascending and apart.
    var pauses: [ClosedRange<CivilDate>] { get }
    /// What a measurable habit measures; nil for a habit done or not.
    var measure: HabitMeasure? { get }
    /// A measurable habit's amounts entered, by day, in thousandths (for a summary, at least
    /// those of the days its strength looks at).
    var amounts: [CivilDate: Int] { get }
    /// Whether the habit was done on `day`.
    func isDone(on day: CivilDate) -> Bool
    /// How many days in `range` it was done.
    func doneCount(in range: ClosedRange<CivilDate>) -> Int
    /// Calls `body` with each day done in `range`, in order.
    func forEachDoneDay(in range: ClosedRange<CivilDate>, _ body: (CivilDate) -> Void)
    /// The first day of the unbroken run of days done that includes `day`; nil when `day` was
    /// not done.
    func firstDayOfRun(through day: CivilDate) -> CivilDate?
}

/// How one period of a habit turned out.
public enum PeriodOutcome: Sendable, Equatable {
    /// Done as often as the target asks (fewer times when some days were skipped or paused).
    case met
    /// Not done often enough, and the period is over.
    case failed
    /// Every day of it skipped, paused, before the start or after the archive day.
    case excused
    /// Not done often enough yet, but the period (or today) has not ended.
    case pending
}

extension TrackedHabit {
    /// The last day that counts for statistics: today, or the archive day once archived.
    public func lastTrackedDay(today: CivilDate) -> CivilDate {
        guard let archiveDay else { return today }
        return Swift.min(archiveDay, today)
    }

    /// Whether `day` is skipped or inside a pause: neither done nor missed.
    public func isExcused(_ day: CivilDate) -> Bool {
        if Self.position(of: day, in: skippedDays).found { return true }
        return pauses.contains { $0.contains(day) }
    }

    /// Whether `day` was skipped.
    public func isSkipped(_ day: CivilDate) -> Bool {
        Self.position(of: day, in: skippedDays).found
    }

    /// How many days of `range` are skipped or paused.
    func excusedCount(in range: ClosedRange<CivilDate>) -> Int {
        let low = Self.position(of: range.lowerBound, in: skippedDays).index
        let high = Self.position(of: range.upperBound.advanced(by: 1), in: skippedDays).index
        var count = high - low
        for pause in pauses where pause.overlaps(range) {
            count += pause.clamped(to: range).count
        }
        return count
    }

    /// How the period `period` turned out as of `today`.
    public func outcome(of period: ClosedRange<CivilDate>, today: CivilDate) -> PeriodOutcome {
        let last = lastTrackedDay(today: today)
        let lower = Swift.max(period.lowerBound, start)
        // Days still to come in the current period may yet be done; an archive day ends it.
        let end = archiveDay.map { Swift.min(period.upperBound, $0) } ?? period.upperBound
        guard lower <= end else { return .excused }
        let open = lower.distance(to: end) + 1 - excusedCount(in: lower...end)
        // A period cut short (by the start, the archive day, skipped or paused days) asks for
        // its share of the target, rounded up: a 3/week habit started on a Thursday asks for 2
        // that week (3 × 4 / 7 = 1.7), one with five days skipped for 1.
        let length = period.lowerBound.distance(to: period.upperBound) + 1
        let required = (target.times * open + length - 1) / length
        let done = lower <= last ? doneCount(in: lower...Swift.min(end, last)) : 0
        if required == 0 { return done > 0 ? .met : .excused }
        if done >= required { return .met }
        return today <= end ? .pending : .failed
    }

    /// Every period from the start (or from the one holding `from`) to the last tracked day,
    /// oldest first, with its outcome.
    public func periodOutcomes(
        today: CivilDate, from: CivilDate? = nil
    ) -> [(period: ClosedRange<CivilDate>, outcome: PeriodOutcome)] {
        let last = lastTrackedDay(today: today)
        var result: [(period: ClosedRange<CivilDate>, outcome: PeriodOutcome)] = []
        var period = target.period(containing: Swift.max(start, from ?? start), start: start)
        while period.lowerBound <= last {
            result.append((period, outcome(of: period, today: today)))
            period = target.period(containing: period.upperBound.advanced(by: 1), start: start)
        }
        return result
    }

    /// Periods met out of the periods that are over and were not excused (the current period
    /// counts once met, and not while still open).
    public func completionRate(today: CivilDate) -> (met: Int, judged: Int) {
        let last = lastTrackedDay(today: today)
        guard start <= last else { return (0, 0) }
        if target.isDaily {
            // Every day is a period: the days done are the periods met, the days skipped or
            // paused are excused, and today, not done yet, is still open.
            let met = doneCount(in: start...last)
            let pending = last == today && !isDone(on: today) && !isExcused(today) ? 1 : 0
            return (met, start.distance(to: last) + 1 - excusedCount(in: start...last) - pending)
        }
        return periodCompletion(today: today)
    }

    /// ``completionRate(today:)`` period by period, whatever the target.
    func periodCompletion(today: CivilDate) -> (met: Int, judged: Int) {
        var (met, judged) = (0, 0)
        for (_, outcome) in periodOutcomes(today: today) {
            if outcome == .met { met += 1 }
            if outcome == .met || outcome == .failed { judged += 1 }
        }
        return (met, judged)
    }

    /// The habit's strength, 0 to 1, as Loop Habit Tracker computes its score: day by day from
    /// the start, `score = score × m + p × (1 − m)`, where `p` is the part of the target met in
    /// the window of the target's length ending that day (capped at 1) and
    /// `m = 0.5^(√frequency / 13)`, frequency being times over days (a month is 30 days; below
    /// once a day, times and days are doubled for the window, which smooths uneven schedules).
    /// A day done raises the score, a day missed lets it decay; skipped and paused days leave it
    /// as it is. Today counts as Loop counts it: not done until it is marked, so the score on a
    /// day not yet marked is already that day's (`ifDoneToday` gives it as if today were done).
    ///
    /// Older days weigh `m` per day less; the score starts at most `window` days back, which
    /// changes it by less than 0.05 percentage points.
    public func strength(today: CivilDate, ifDoneToday: Bool = false) -> Double {
        if let measure { return measuredStrength(measure, today: today, ifDoneToday: ifDoneToday) }
        let (times, days) = target.frequency
        let frequency = Double(times) / Double(days)
        let (numerator, denominator) = frequency < 1 ? (times * 2, days * 2) : (times, days)
        let multiplier = pow(0.5, frequency.squareRoot() / 13)
        let window = Int(log(0.0005) / log(multiplier)) + denominator
        let last = lastTrackedDay(today: today)
        let from = Swift.max(start, last.advanced(by: -window))
        guard from <= last else { return 0 }
        // Which days of the window (and the target's length before it) were done or excused,
        // read once: the loop below then only looks up arrays.
        let first = from.advanced(by: -denominator)
        let count = first.distance(to: last) + 1
        // One array of flags (1: done, 2: excused), not two: this runs for every habit listed.
        let (isDone, isExcused): (UInt8, UInt8) = (1, 2)
        var flags = [UInt8](repeating: 0, count: count)
        forEachDoneDay(in: first...last) { flags[first.distance(to: $0)] |= isDone }
        if ifDoneToday && last == today { flags[count - 1] |= isDone }
        for day in skippedDays where day >= first && day <= last { flags[first.distance(to: day)] |= isExcused }
        for pause in pauses where pause.overlaps(first...last) {
            for day in pause.clamped(to: first...last) { flags[first.distance(to: day)] |= isExcused }
        }
        var rolling = 0
        for index in 1..<denominator where flags[index] & isDone != 0 { rolling += 1 }
        var score = 0.0
        for index in denominator..<count {
            if flags[index] & isDone != 0 { rolling += 1 }
            // The day leaving the window, once it is one that was counted.
            if index > denominator && flags[index - denominator] & isDone != 0 { rolling -= 1 }
            if flags[index] & isExcused == 0 {
                let part = Swift.min(1, Double(rolling) / Double(numerator))
                score = score * multiplier + part * (1 - multiplier)
            }
        }
        return score
    }

    /// The strength of a measurable habit, as Loop Habit Tracker computes it (`ScoreList.kt`,
    /// numerical habits): day by day, the total of the amounts in the window of the period's
    /// length ending that day gives the part achieved (``HabitMeasure``'s `achievement`), and
    /// `score = score × m + part × (1 − m)` as for a habit done or not, with `m` from the
    /// frequency once per period (times and days are not doubled for amounts). An `at most`
    /// habit starts from 1, an `at least` one from 0; skipped and paused days leave the score
    /// as it is (Loop also leaves it on a skip, but adds the skip's marker, 0.003 of a unit, to
    /// the window's total; Tally adds nothing). `ifDoneToday` raises today's amount to the goal.
    func measuredStrength(_ measure: HabitMeasure, today: CivilDate, ifDoneToday: Bool) -> Double {
        let days = target.frequency.days
        let multiplier = pow(0.5, (1 / Double(days)).squareRoot() / 13)
        let window = Int(log(0.0005) / log(multiplier)) + days
        let last = lastTrackedDay(today: today)
        let from = Swift.max(start, last.advanced(by: -window))
        guard from <= last else { return 0 }
        var score = measure.kind == .atMost ? 1.0 : 0.0
        let first = from.advanced(by: -days)
        let count = first.distance(to: last) + 1
        var values = [Int](repeating: 0, count: count)
        var excused = [Bool](repeating: false, count: count)
        // Ten years of amounts are thousands of entries, the window a few hundred days: the
        // shorter of the two is walked (the trend chart asks for dozens of strengths).
        if count < amounts.count {
            for index in 0..<count { values[index] = amounts[first.advanced(by: index)] ?? 0 }
        } else {
            for (day, amount) in amounts where day >= first && day <= last { values[first.distance(to: day)] = amount }
        }
        if ifDoneToday && last == today && measure.kind == .atLeast {
            values[count - 1] = Swift.max(values[count - 1], measure.goal)
        }
        for day in skippedDays where day >= first && day <= last { excused[first.distance(to: day)] = true }
        for pause in pauses where pause.overlaps(first...last) {
            for day in pause.clamped(to: first...last) { excused[first.distance(to: day)] = true }
        }
        var rolling = 0
        for index in 0..<days { rolling += values[index] }
        for index in days..<count {
            rolling += values[index] - values[index - days]
            if !excused[index] {
                score = score * multiplier + measure.achievement(total: rolling) * (1 - multiplier)
            }
        }
        return score
    }

    /// The index of `day` in the ascending `days` (or where it would go), and whether it is there.
    static func position(of day: CivilDate, in days: [CivilDate]) -> (index: Int, found: Bool) {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] < day { low = middle + 1 } else { high = middle }
        }
        return (low, low < days.count && days[low] == day)
    }
}
