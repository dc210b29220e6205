extension Habit {
    /// The last day that counts for statistics: today, or the archive day once archived.
    public func lastTrackedDay(today: Day) -> Day {
        guard let archiveDay else { return today }
        return Swift.min(archiveDay, today)
    }

    /// Consecutive days done ending on the last tracked day, or on the day before it while that
    /// day is still open (not done yet, so the streak is not broken).
    public func currentStreak(today: Day) -> Int {
        var day = lastTrackedDay(today: today)
        if !isDone(on: day) { day = day.adding(days: -1) }
        var count = 0
        while isDone(on: day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }

    /// The most consecutive days done, ever.
    public var longestStreak: Int {
        var longest = 0
        var current = 0
        var previous: Day?
        for day in completions.sorted() {
            current = previous.map { day.days(since: $0) == 1 } == true ? current + 1 : 1
            longest = Swift.max(longest, current)
            previous = day
        }
        return longest
    }

    /// Days done and days that could have been done, from the start to the last tracked day
    /// inclusive.
    public func completionRate(today: Day) -> (done: Int, possible: Int) {
        let last = lastTrackedDay(today: today)
        let possible = Swift.max(0, last.days(since: start) + 1)
        let done = completions.count(where: { $0 >= start && $0 <= last })
        return (done, possible)
    }
}
