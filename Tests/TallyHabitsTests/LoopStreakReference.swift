import TallyCalendar

@testable import TallyHabits

/// Loop Habit Tracker's streaks, the oracle the tests hold Tally's streaks to: for a daily habit
/// they are the same; for any other target Tally counts periods met where Loop counts the days of
/// its intervals (docs/habit.md says so).
extension TrackedHabit {
    /// The habit's streaks as Loop Habit Tracker counts them, oldest first: runs of days that are
    /// done or skipped, or that the target did not need because enough was done around them, up
    /// to `today` (or the archive day). Loop counts a skipped day in a streak's length; a pause
    /// ends a streak. Loop also runs the newest streak on to the end of its last interval, past
    /// today; here it stops at today.
    ///
    /// A reimplementation of Loop's `EntryList.buildIntervals`, `snapIntervalsTogether`,
    /// `buildEntriesFromInterval` and `StreakList.recompute` (iSoron/uhabits, uhabits-core):
    /// each group of `times` days done within `days` days makes an interval of `days` days
    /// starting at its oldest day; walking from the newest, each older interval slides back (by
    /// at most the distance from its newest day done to its end) so that it does not overlap the
    /// next one; every day inside an interval counts. A month target (`N/month`, which Loop keeps
    /// as N in 30 days) takes the length of the month its interval begins in, or of the next
    /// month when it begins on a month's last day. A measurable habit's streaks are Loop's for
    /// numerical habits (`StreakList.recompute`): runs of days done, with no intervals.
    func loopStreaks(today: CivilDate) -> [ClosedRange<CivilDate>] {
        let last = lastTrackedDay(today: today)
        guard start <= last else { return [] }
        let (times, days) = measure == nil ? target.frequency : (1, 1)
        var isMonthly = false
        if case .perMonth = target, measure == nil { isMonthly = true }
        // Every day counted: inside an interval, done or skipped, less the pauses; then the runs
        // of them. Kept as ranges, never day by day in a set: ten years done daily are 3,654
        // days, and a set of them costs more than the rest of `habit show`.
        var counted = DayRanges()
        // The days done come in order and gather into their runs.
        forEachDoneDay(in: start...last) { counted.add($0.daysSinceEpoch...$0.daysSinceEpoch) }
        // Once a day, each interval is the one day done that begins it: nothing more to count.
        if !(times == 1 && days == 1 && !isMonthly) {
            for interval in loopIntervals(times: times, days: days, isMonthly: isMonthly, last: last).reversed() {
                counted.add(interval)
            }
        }
        for day in skippedDays { counted.add(day.daysSinceEpoch...day.daysSinceEpoch) }
        return counted.runs(from: start, through: last, less: pauses)
    }

    /// Loop's intervals of a habit done `times` in `days` days (a month when `isMonthly`), up
    /// to `last`, newest first; each holds the days done inside it.
    func loopIntervals(times: Int, days: Int, isMonthly: Bool, last: CivilDate) -> [ClosedRange<Int>] {
        // Newest first, as Loop walks them.
        var done: [Int] = []
        forEachDoneDay(in: start...last) { done.append($0.daysSinceEpoch) }
        done.reverse()
        var intervals: [(begin: Int, center: Int, end: Int)] = []
        if times <= done.count {
            for index in (times - 1)..<done.count {
                let begin = done[index]
                let center = done[index - times + 1]
                var size = days
                if isMonthly {
                    let day = CivilDate(daysSinceEpoch: begin)
                    let length = CivilDate.numberOfDays(inMonth: day.month, ofYear: day.year)
                    let next = day.advanced(by: 1)
                    size = day.day == length ? CivilDate.numberOfDays(inMonth: next.month, ofYear: next.year) : length
                }
                if center - begin < size { intervals.append((begin, center, begin + size - 1)) }
            }
        }
        for index in intervals.indices.dropFirst() {
            let current = intervals[index]
            let next = intervals[index - 1]
            let gapToNext = current.end - next.begin
            if gapToNext >= 0 {
                let shift = Swift.min(current.end - current.center, gapToNext + 1)
                intervals[index] = (current.begin - shift, current.center, current.end - shift)
            }
        }
        return intervals.map { $0.begin...$0.end }
    }

    /// The newest of ``loopStreaks(today:)`` while it reaches the last tracked day or the day
    /// before (a day still open breaks nothing), in days; else 0.
    func currentLoopStreak(today: CivilDate) -> Int {
        let last = lastTrackedDay(today: today)
        guard let newest = loopStreaks(today: today).last, newest.upperBound >= last.advanced(by: -1) else { return 0 }
        return newest.count
    }

    /// The `limit` longest of ``loopStreaks(today:)`` (the newer first among equals), newest
    /// first, as Loop's best-streaks card lists them.
    func loopBestStreaks(today: CivilDate, limit: Int) -> [ClosedRange<CivilDate>] {
        let longest = loopStreaks(today: today).sorted { left, right in
            left.count != right.count ? left.count > right.count : left.upperBound > right.upperBound
        }
        return longest.prefix(limit).sorted { $0.upperBound > $1.upperBound }
    }
}

/// Ranges of day numbers (days since 1970-01-01), gathered in about ascending order: a range
/// that starts inside the last one, or the day after it, extends it, so days in order gather
/// into runs as they come.
private struct DayRanges {
    var ranges: [ClosedRange<Int>] = []

    mutating func add(_ range: ClosedRange<Int>) {
        if let last = ranges.last, range.lowerBound >= last.lowerBound, range.lowerBound <= last.upperBound + 1 {
            if range.upperBound > last.upperBound { ranges[ranges.count - 1] = last.lowerBound...range.upperBound }
        } else {
            ranges.append(range)
        }
    }

    /// The unbroken runs of the days gathered from `first` to `last`, less the days of `pauses`.
    func runs(from first: CivilDate, through last: CivilDate, less pauses: [ClosedRange<CivilDate>]) -> [ClosedRange<
        CivilDate
    >] {
        let (firstDay, lastDay) = (first.daysSinceEpoch, last.daysSinceEpoch)
        let paused = pauses.map { $0.lowerBound.daysSinceEpoch...$0.upperBound.daysSinceEpoch }
            .sorted { $0.lowerBound < $1.lowerBound }
        var runs: [ClosedRange<CivilDate>] = []
        func close(_ run: ClosedRange<Int>) {
            var low = Swift.max(run.lowerBound, firstDay)
            let high = Swift.min(run.upperBound, lastDay)
            for pause in paused where pause.upperBound >= low && pause.lowerBound <= high {
                if pause.lowerBound > low {
                    runs.append(CivilDate(daysSinceEpoch: low)...CivilDate(daysSinceEpoch: pause.lowerBound - 1))
                }
                low = pause.upperBound + 1
            }
            if low <= high { runs.append(CivilDate(daysSinceEpoch: low)...CivilDate(daysSinceEpoch: high)) }
        }
        var pending: ClosedRange<Int>?
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let current = pending, range.lowerBound <= current.upperBound + 1 {
                pending = current.lowerBound...Swift.max(current.upperBound, range.upperBound)
            } else {
                if let current = pending { close(current) }
                pending = range
            }
        }
        if let current = pending { close(current) }
        return runs
    }
}
