import TallyCalendar

extension TrackedHabit {
    /// Whether `day` still waits for a mark: tracked that day (not before the start, after the
    /// archive day or in the future), neither done, skipped nor paused, and the period holding
    /// it not met yet (a rest day of a week already met is not open).
    public func isOpen(on day: CivilDate, today: CivilDate) -> Bool {
        guard day >= start, day <= lastTrackedDay(today: today), !isDone(on: day), !isExcused(day) else {
            return false
        }
        return outcome(of: target.period(containing: day, start: start), today: today) != .met
    }

    /// The days `habit today` and `habit ask` bring up, today first: today while it is open, and
    /// yesterday while it is open and ends its period (a daily habit's yesterday, a weekly one's
    /// Sunday seen on Monday), since a mark there is the last that can meet that period; inside
    /// a longer period a mark today counts as much as one yesterday.
    public func openDays(today: CivilDate) -> [CivilDate] {
        let yesterday = today.advanced(by: -1)
        var days: [CivilDate] = []
        if isOpen(on: today, today: today) { days.append(today) }
        if target.period(containing: yesterday, start: start).upperBound == yesterday,
            isOpen(on: yesterday, today: today)
        {
            days.append(yesterday)
        }
        return days
    }
}
