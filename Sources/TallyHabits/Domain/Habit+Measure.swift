import TallyCalendar

extension Habit {
    /// What ``record(_:on:today:replacing:)`` changed: the day's amount before (nil when none
    /// was entered) and after, in thousandths.
    public struct AmountChange: Sendable, Equatable {
        /// The amount before, nil when the day had none.
        public var old: Int?
        /// The amount now.
        public var new: Int
    }

    /// Enters `amount` (thousandths) for `day` of a measurable habit: added to the day's amount,
    /// or, `replacing`, put in its place. A skip on that day gives way; a day before the start
    /// moves the start back to it, as ``markDone(on:today:)`` does.
    @discardableResult
    public mutating func record(
        _ amount: Int, on day: CivilDate, today: CivilDate, replacing: Bool
    ) throws(HabitError) -> AmountChange {
        guard measure != nil else { throw .notMeasured(habit: name) }
        if day < start && day <= today { try move(startTo: day, today: today) }
        try checkRecordable(day, today: today)
        let old = amounts[day]
        let new = replacing ? amount : (old ?? 0) + amount
        guard new <= HabitMeasure.maximumAmount * HabitMeasure.scale else {
            throw .amountOverLimit(habit: name, day: day)
        }
        amounts[day] = new
        let skip = Habit.position(of: day, in: skippedDays)
        if skip.found { skippedDays.remove(at: skip.index) }
        deriveDaysDone()
        return AmountChange(old: old, new: new)
    }

    /// Takes in the amounts of a stored or imported habit, each checked: a measurable habit's
    /// days only, within its start, archive day and pauses, not on a skipped day, within range.
    /// The days done are then derived from them.
    mutating func restoreAmounts(_ stored: [CivilDate: Int]) throws(HabitError) {
        guard measure != nil else {
            if !stored.isEmpty { throw .notMeasured(habit: name) }
            return
        }
        for (day, amount) in stored {
            if day < start { throw .beforeStart(habit: name, day: day, start: start) }
            if let archiveDay, day > archiveDay {
                throw .doneAfterArchive(habit: name, done: day, archived: archiveDay)
            }
            if let pause = pauses.first(where: { $0.contains(day) }) {
                throw .inPause(habit: name, day: day, pause: pause)
            }
            if Habit.position(of: day, in: skippedDays).found { throw .alreadySkipped(habit: name, day: day) }
            guard (0...HabitMeasure.maximumAmount * HabitMeasure.scale).contains(amount) else {
                throw .amountOverLimit(habit: name, day: day)
            }
        }
        amounts = stored
        deriveDaysDone()
    }

    /// Recomputes a measurable habit's days done from its amounts: the days its goal is met.
    ///
    /// For a daily goal this is Loop's rule for the days of a streak (`StreakList.kt`): at
    /// least, the day's amount reaches the goal; at most, an amount was entered and stays at or
    /// under it. For a longer period (`15 km per week`) the period's total is what is judged:
    /// at least, the one day the total reaches the goal is done, so a week is met on the day the
    /// 15th km is run and the days after it are not done again; at most, each day entered counts while the whole period's
    /// total stays at or under the goal.
    mutating func deriveDaysDone() {
        guard let measure else { return }
        let entered = amounts.keys.sorted()
        guard !target.isDaily else {
            daysDone = entered.filter { measure.isMet(by: amounts[$0] ?? 0) }
            return
        }
        var result: [CivilDate] = []
        var index = 0
        while index < entered.count {
            let period = target.period(containing: entered[index], start: start)
            var end = index
            while end < entered.count, entered[end] <= period.upperBound { end += 1 }
            let days = entered[index..<end]
            switch measure.kind {
            case .atLeast:
                // Only the day the total reaches the goal: the days after it add nothing.
                var total = 0
                for day in days {
                    total += amounts[day] ?? 0
                    if measure.isMet(by: total) {
                        result.append(day)
                        break
                    }
                }
            case .atMost:
                let total = days.reduce(0) { $0 + (amounts[$1] ?? 0) }
                if measure.isMet(by: total) { result += days }
            }
            index = end
        }
        daysDone = result
    }
}

extension TrackedHabit {
    /// The target as it is typed: `3/week`, or for a measurable habit
    /// `at least 8 glasses per day`.
    public var targetText: String {
        measure.map { $0.targetText(target) } ?? target.description
    }

    /// The total of the amounts entered in the period holding `today`, up to today (0 before
    /// the start: the clock may have gone back).
    public func periodTotal(today: CivilDate) -> Int {
        let first = Swift.max(target.period(containing: today, start: start).lowerBound, start)
        return first <= today ? total(in: first...today) : 0
    }

    /// The total of the amounts entered in `range`, in thousandths.
    public func total(in range: ClosedRange<CivilDate>) -> Int {
        var total = 0
        // The shorter of the range's days and the amounts entered is walked.
        if range.count < amounts.count {
            for day in range { total += amounts[day] ?? 0 }
        } else {
            for (day, amount) in amounts where range.contains(day) { total += amount }
        }
        return total
    }

    /// A measurable habit's progress in the period holding `today`: `5.5 of 8 glasses today`,
    /// `15.5 of 15 km this week ✓` (`met` appended once the goal is met), nil for a habit done
    /// or not.
    public func measuredProgress(today: CivilDate, met: String) -> String? {
        guard let measure else { return nil }
        let period = target.period(containing: today, start: start)
        let total = periodTotal(today: today)
        let when: String
        switch target {
        case .everyDays(1): when = "today"
        case .perWeek: when = "this week"
        case .perMonth: when = "this month"
        case .everyDays, .timesInDays: when = "by \(period.upperBound)"
        }
        let goal = measure.kind == .atMost ? "at most \(measure.amount(measure.goal))" : measure.amount(measure.goal)
        let isMet = measure.kind == .atLeast && measure.isMet(by: total)
        return "\(HabitMeasure.amountText(total)) of \(goal) \(when)" + (isMet ? " " + met : "")
    }
}
