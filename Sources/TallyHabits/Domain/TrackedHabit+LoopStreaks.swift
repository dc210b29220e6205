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
    public func loopStreaks(today: Day) -> [ClosedRange<Day>] {
        let last = lastTrackedDay(today: today)
        guard start <= last else { return [] }
        let (times, days) = measure == nil ? target.frequency : (1, 1)
        var isMonthly = false
        if case .perMonth = target, measure == nil { isMonthly = true }
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
                    let day = Day(daysSinceEpoch: begin)
                    let length = Day.numberOfDays(inMonth: day.month, ofYear: day.year)
                    let next = day.adding(days: 1)
                    size = day.dayOfMonth == length ? Day.numberOfDays(inMonth: next.month, ofYear: next.year) : length
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
        // Every day counted: inside an interval, done, skipped or paused; then the runs of them.
        var counted = Set(done)
        for interval in intervals { counted.formUnion(interval.begin...interval.end) }
        for day in skippedDays { counted.insert(day.daysSinceEpoch) }
        // A pause (Loop has none) is no day of the habit's life: it ends a streak.
        for pause in pauses { counted.subtract(pause.lowerBound.daysSinceEpoch...pause.upperBound.daysSinceEpoch) }
        let first = start.daysSinceEpoch
        let sorted = counted.filter { $0 >= first && $0 <= last.daysSinceEpoch }.sorted()
        return Habit.runs(ofSorted: sorted.map { Day(daysSinceEpoch: $0) })
    }

    /// Whether streaks are counted as Loop counts them (in days, with ``loopStreaks(today:)``):
    /// every target but a plain daily one, whose streaks are its runs of days done.
    var countsLoopStreaks: Bool {
        !(target.isDaily && measure == nil)
    }

    /// The newest of ``loopStreaks(today:)`` while it reaches the last tracked day or the day
    /// before (a day still open breaks nothing), in days; else 0.
    func currentLoopStreak(today: Day) -> Int {
        let last = lastTrackedDay(today: today)
        guard let newest = loopStreaks(today: today).last, newest.upperBound >= last.adding(days: -1) else { return 0 }
        return newest.count
    }

    /// The `limit` longest of ``loopStreaks(today:)`` (the newer first among equals), newest
    /// first, as Loop's best-streaks card lists them.
    public func bestStreaks(today: Day, limit: Int) -> [ClosedRange<Day>] {
        let longest = loopStreaks(today: today).sorted { left, right in
            left.count != right.count ? left.count > right.count : left.upperBound > right.upperBound
        }
        return longest.prefix(limit).sorted { $0.upperBound > $1.upperBound }
    }
}
