import TallyCalendar

extension Habit: TrackedHabit {
    /// The first day of the unbroken run of days done that includes `day`, walking back through
    /// the sorted days.
    public func firstDayOfRun(through day: CivilDate) -> CivilDate? {
        var index = position(of: day)
        guard index < daysDone.count, daysDone[index] == day else { return nil }
        while index > 0, daysDone[index].days(since: daysDone[index - 1]) == 1 { index -= 1 }
        return daysDone[index]
    }

    /// The days done as unbroken runs of consecutive days, oldest first.
    public var completionRuns: [ClosedRange<CivilDate>] {
        Habit.runs(ofSorted: daysDone)
    }

    /// Days in ascending order, each once, as unbroken runs of consecutive days.
    public static func runs(ofSorted days: [CivilDate]) -> [ClosedRange<CivilDate>] {
        var runs: [ClosedRange<CivilDate>] = []
        for day in days {
            if let last = runs.last, day.days(since: last.upperBound) == 1 {
                runs[runs.count - 1] = last.lowerBound...day
            } else {
                runs.append(day...day)
            }
        }
        return runs
    }
}
