import TallyCore

/// The table `habit list` prints: each habit's start day, current streak, last seven days and
/// total, aligned by display width.
public struct HabitListView {
    /// The day the streak and the seven days end on.
    public var today: Day
    /// Whether to colour the day marks with ANSI escapes.
    public var useColour: Bool

    /// A view as of `today`.
    public init(today: Day, useColour: Bool) {
        self.today = today
        self.useColour = useColour
    }

    /// The table for `habits` (in the order given), with no trailing newline. Archived habits
    /// get a last column saying so.
    public func render(_ habits: [HabitSummary]) -> String {
        let showsArchived = habits.contains { $0.isArchived }
        var table = TextTable(
            alignments: [.left, .left, .right, .left, .right, .right] + (showsArchived ? [.left] : []))
        table.rows.append(
            ["habit", "since", "streak", "last 7 days", "strength", "total"].map(TextTable.Cell.init)
                + (showsArchived ? [TextTable.Cell("archived")] : []))
        for habit in habits {
            let week = (-6...0).map { DayMark(habit: habit, day: today.adding(days: $0), today: today) }
            var row = [
                TextTable.Cell(TerminalSafeText.escaped(habit.name)),
                TextTable.Cell(habit.start.description),
                TextTable.Cell(String(habit.currentStreak(today: today))),
                // Every mark is one column wide, coloured or not.
                TextTable.Cell(styled: week.map { $0.symbol(useColour: useColour) }.joined(), width: week.count),
                TextTable.Cell(HabitDetailView.strength(habit.strength(today: today))),
                TextTable.Cell(String(habit.completionCount)),
            ]
            if let archiveDay = habit.archiveDay { row.append(TextTable.Cell(archiveDay.description)) }
            table.rows.append(row)
        }
        return table.render()
    }
}
