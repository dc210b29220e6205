import TallyCalendar
import TallyDiagnostics

/// The table `habit list` prints: each habit's target, start day, current streak (with its
/// unit: days, weeks, months or periods), last seven days
/// (headed by their weekdays' initials), strength and total, aligned by display width, and
/// never wider than ``width`` columns: a long name is cut with an ellipsis.
public struct HabitListView {
    /// The widest a row may be.
    public static let width = 80

    /// The day the streak and the seven days end on.
    public var today: CivilDate
    /// The characters the marks are drawn with.
    public var glyphs: HabitGlyphs

    /// A view as of `today`.
    public init(today: CivilDate, glyphs: HabitGlyphs = .unicode) {
        self.today = today
        self.glyphs = glyphs
    }

    /// The table for `habits` (in the order given), with no trailing newline. Archived habits
    /// get a last column saying so. The day marks are styled; the shell colours them.
    public func render(_ habits: [HabitSummary]) -> StyledText {
        let showsArchived = habits.contains { $0.isArchived }
        var table = TextTable(
            alignments: [.left, .left, .left, .right, .left, .right, .right] + (showsArchived ? [.left] : []))
        let days = (-6...0).map { today.advanced(by: $0) }
        let initials = String(days.map { $0.weekdayName.first! })
        table.rows.append(
            ["habit", "target", "since", "streak", initials, "strength", "total"].map(TextTable.Cell.init)
                + (showsArchived ? [TextTable.Cell("archived")] : []))
        for habit in habits {
            let week = days.map { DayMark(habit: habit, day: $0, today: today) }
            var row = [
                TextTable.Cell(TerminalSafeText.escaped(habit.name)),
                TextTable.Cell(habit.targetText),
                TextTable.Cell(habit.start.description),
                TextTable.Cell(habit.periods(habit.currentStreak(today: today))),
                // Every mark is one column wide, coloured or not.
                TextTable.Cell(styled: marks(week), width: week.count),
                TextTable.Cell(HabitDetailView.strength(habit.strength(today: today))),
                TextTable.Cell(String(habit.completionCount)),
            ]
            if let archiveDay = habit.archiveDay { row.append(TextTable.Cell(archiveDay.description)) }
            table.rows.append(row)
        }
        table.fitFirstColumn(within: HabitListView.width, glyphs: glyphs)
        return table.render()
    }

    /// The marks of the days side by side, each its own styled run.
    private func marks(_ week: [DayMark]) -> StyledText {
        var text = StyledText()
        text.reserveCapacity(forRuns: week.count)
        for mark in week { text.append(mark.glyph(glyphs), style: mark.style) }
        return text
    }
}
