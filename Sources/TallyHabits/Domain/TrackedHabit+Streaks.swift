import TallyCalendar

/// One streak of a habit: a run of periods of its target, each met or with every day left
/// skipped, holding at least one period met.
public struct HabitStreak: Sendable, Hashable {
    /// Its days: from the first day done or skipped in its first period to the last day of its
    /// last period (or the last day tracked, when that period is still running).
    public var days: ClosedRange<CivilDate>
    /// The periods it counts: days for a daily habit, weeks for `3/week` or `15 km per week`.
    public var length: Int
}

extension TrackedHabit {
    /// The habit's streaks, oldest first, and the length of the current one, by one rule for
    /// every target and every view. Period by period from the start (a day for a daily habit):
    ///
    /// - a period **met** counts one and continues the streak;
    /// - a period **excused** (no day of it left to do) counts one too when one of its days was
    ///   skipped, as Loop Habit Tracker counts a skipped day; one only paused (not tracked)
    ///   neither counts nor breaks;
    /// - a period **missed** ends it;
    /// - a period still **pending** (today, the current week) neither counts nor breaks.
    ///
    /// A run that holds no period met is no streak, so a streak never starts before a day done.
    /// The current streak is the run still open after the last period: 0 once one is missed.
    public func streaks(today: CivilDate) -> (all: [HabitStreak], current: Int) {
        let last = lastTrackedDay(today: today)
        guard start <= last else { return ([], 0) }
        if target.isDaily, pauses.isEmpty {
            return dailyRuns(through: last, today: today)
        }
        return periodStreaks(today: today)
    }

    /// ``streaks(today:)`` period by period, whatever the target.
    func periodStreaks(today: CivilDate) -> (all: [HabitStreak], current: Int) {
        let last = lastTrackedDay(today: today)
        guard start <= last else { return ([], 0) }
        var all: [HabitStreak] = []
        var open: (first: CivilDate, last: CivilDate, length: Int, met: Bool)?
        func close() {
            if let run = open, run.met { all.append(HabitStreak(days: run.first...run.last, length: run.length)) }
            open = nil
        }
        for (period, outcome) in periodOutcomes(today: today) {
            let counted: Bool
            switch outcome {
            case .met: counted = true
            case .failed: counted = false
            case .pending: continue
            case .excused:
                // Skipped days count, as Loop counts them; days paused (not tracked) neither
                // count nor break.
                let low = Self.position(of: period.lowerBound, in: skippedDays).index
                guard low < skippedDays.count, skippedDays[low] <= period.upperBound else { continue }
                counted = true
            }
            guard counted else {
                close()
                continue
            }
            let end = Swift.min(period.upperBound, last)
            if var run = open {
                run.last = end
                run.length += 1
                run.met = run.met || outcome == .met
                open = run
            } else {
                let first = firstEntry(in: Swift.max(period.lowerBound, start)...end) ?? end
                open = (first, end, 1, outcome == .met)
            }
        }
        let current = open.map { $0.met ? $0.length : 0 } ?? 0
        close()
        return (all, current)
    }

    /// ``streaks(today:)`` of a daily habit with no pauses: its runs of days done or skipped
    /// that hold a day done, walking the days done and the days skipped together.
    private func dailyRuns(through last: CivilDate, today: CivilDate) -> (all: [HabitStreak], current: Int) {
        var all: [HabitStreak] = []
        var open: (days: ClosedRange<CivilDate>, done: Bool)?
        func add(_ day: CivilDate, done: Bool) {
            if let run = open, run.days.upperBound.advanced(by: 1) == day {
                open = (run.days.lowerBound...day, run.done || done)
            } else {
                if let run = open, run.done { all.append(HabitStreak(days: run.days, length: run.days.count)) }
                open = (day...day, done)
            }
        }
        var skips = skippedDays[Self.position(of: start, in: skippedDays).index...].prefix { $0 <= last }.makeIterator()
        var skip = skips.next()
        forEachDoneDay(in: start...last) { day in
            while let skipped = skip, skipped < day {
                add(skipped, done: false)
                skip = skips.next()
            }
            add(day, done: true)
        }
        while let skipped = skip {
            add(skipped, done: false)
            skip = skips.next()
        }
        if let run = open, run.done { all.append(HabitStreak(days: run.days, length: run.days.count)) }
        // Today, still open, breaks nothing.
        let reaches = last == today && !isDone(on: today) && !isSkipped(today) ? last.advanced(by: -1) : last
        let current = all.last.map { $0.days.upperBound == reaches ? $0.length : 0 } ?? 0
        return (all, current)
    }

    /// The first day done or skipped in `range`, if any.
    private func firstEntry(in range: ClosedRange<CivilDate>) -> CivilDate? {
        var firstDone: CivilDate?
        if doneCount(in: range) > 0 {
            forEachDoneDay(in: range) { day in if firstDone == nil { firstDone = day } }
        }
        let skip = Self.position(of: range.lowerBound, in: skippedDays)
        let firstSkipped = skip.index < skippedDays.count ? skippedDays[skip.index] : nil
        let skipped = firstSkipped.flatMap { range.contains($0) ? $0 : nil }
        switch (firstDone, skipped) {
        case (let done?, let skipped?): return Swift.min(done, skipped)
        case (let done?, nil): return done
        case (nil, let skipped): return skipped
        }
    }

    /// The current streak, in periods of the target (days for a daily habit): see
    /// ``streaks(today:)``.
    public func currentStreak(today: CivilDate) -> Int {
        streaks(today: today).current
    }

    /// The longest streak ever, in periods of the target.
    public func longestStreak(today: CivilDate) -> Int {
        streaks(today: today).all.map(\.length).max() ?? 0
    }

    /// The `limit` longest streaks (the newer first among equals), newest first, as Loop's
    /// best-streaks card lists them.
    public func bestStreaks(today: CivilDate, limit: Int) -> [HabitStreak] {
        Self.best(streaks(today: today).all, limit: limit)
    }

    /// The `limit` longest of `streaks` (the newer first among equals), newest first.
    public static func best(_ streaks: [HabitStreak], limit: Int) -> [HabitStreak] {
        let longest = streaks.sorted { left, right in
            left.length != right.length ? left.length > right.length : left.days.upperBound > right.days.upperBound
        }
        return longest.prefix(limit).sorted { $0.days.upperBound > $1.days.upperBound }
    }

    /// A number of the target's periods: `3 days`, `1 week`, `4 months`, `2 periods`.
    public func periods(_ count: Int) -> String {
        target.count(count)
    }
}
