import TallyCalendar
import TallyDiagnostics

/// What `habit today` (and `habit` alone) prints: each active habit with today's state and how
/// far its current period has come (`Gym  ·  1 of 3 this week`).
public struct HabitTodayView {
    /// The day shown.
    public var today: CivilDate
    /// The characters the marks are drawn with.
    public var glyphs: HabitGlyphs

    /// A view of `today`.
    public init(today: CivilDate, glyphs: HabitGlyphs = .unicode) {
        self.today = today
        self.glyphs = glyphs
    }

    /// The heading and one row per habit (in the order given), with no trailing newline; the
    /// marks are styled, and the shell colours them.
    public func render(_ habits: [HabitSummary]) -> StyledText {
        var table = TextTable(alignments: [.left, .left, .left, .left])
        for habit in habits {
            let mark = DayMark(habit: habit, day: today, today: today)
            table.rows.append([
                TextTable.Cell(TerminalSafeText.escaped(habit.name)),
                TextTable.Cell(styled: mark.symbol(glyphs: glyphs), width: 1),
                TextTable.Cell(habit.targetText),
                TextTable.Cell(progress(of: habit)),
            ])
        }
        table.fitFirstColumn(within: HabitListView.width, glyphs: glyphs)
        let weekday = today.weekdayName
        return StyledText("today, \(weekday) \(today)\n") + table.render() + StyledText("\n\n" + openLines(habits))
    }

    /// The habits still open today and yesterday (``TrackedHabit/openDays(today:)``), by name:
    /// `open today: Gym, Walk`, `open yesterday (Saturday 2026-11-28): Read`.
    func openLines(_ habits: [HabitSummary]) -> String {
        let yesterday = today.advanced(by: -1)
        let open = habits.map { ($0, $0.openDays(today: today)) }
        let names = { (day: CivilDate) in
            open.filter { $0.1.contains(day) }.map { TerminalSafeText.escaped($0.0.name) }.joined(separator: ", ")
        }
        let (forToday, forYesterday) = (names(today), names(yesterday))
        guard !forToday.isEmpty || !forYesterday.isEmpty else { return "nothing open today or yesterday" }
        var lines: [String] = []
        if !forToday.isEmpty { lines.append("open today: \(forToday)") }
        if !forYesterday.isEmpty {
            lines.append("open yesterday (\(yesterday.weekdayName) \(yesterday)): \(forYesterday)")
        }
        return lines.joined(separator: "\n")
    }

    /// Today's state for a daily habit; the period's count against the target otherwise.
    func progress(of habit: HabitSummary) -> String {
        if habit.isSkipped(today) { return "skipped" }
        if habit.isExcused(today) { return "paused" }
        // The clock (or TALLY_TODAY) may stand before a start recorded earlier.
        if today < habit.start { return "starts on \(habit.start)" }
        if let progress = habit.measuredProgress(today: today, met: glyphs.met) { return progress }
        let period = habit.target.period(containing: today, start: habit.start)
        let done = habit.doneCount(in: Swift.max(period.lowerBound, habit.start)...today)
        switch habit.target {
        case .everyDays(1):
            return done > 0 ? "done" : "not done yet"
        case .everyDays:
            return done > 0 ? "done this period (until \(period.upperBound))" : "due by \(period.upperBound)"
        case .timesInDays(let times, _):
            return "\(done) of \(times) by \(period.upperBound)" + met(done, times)
        case .perWeek(let times):
            return "\(done) of \(times) this week" + met(done, times)
        case .perMonth(let times):
            return "\(done) of \(times) this month" + met(done, times)
        }
    }

    /// ` ✓` once `done` reaches `times`, so `4 of 3` reads as more than enough, not a slip.
    private func met(_ done: Int, _ times: Int) -> String {
        done >= times ? " " + glyphs.met : ""
    }
}
