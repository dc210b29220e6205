import TallyCore

/// What `habit show` prints: the habit's numbers and a heatmap of its recent weeks.
public struct HabitDetailView {
    /// The most weeks the heatmap shows.
    public static let heatmapWeeks = 16

    /// The day statistics are computed up to.
    public var today: Day
    /// Whether to colour the heatmap with ANSI escapes.
    public var useColour: Bool

    /// A view as of `today`.
    public init(today: Day, useColour: Bool) {
        self.today = today
        self.useColour = useColour
    }

    /// The view of `habit`, with no trailing newline.
    public func render(_ habit: Habit) -> String {
        let rate = habit.completionRate(today: today)
        var facts: [(String, String)] = [("since", habit.start.description)]
        if let archiveDay = habit.archiveDay { facts.append(("archived", archiveDay.description)) }
        facts += [
            ("current streak", HabitDetailView.days(habit.currentStreak(today: today))),
            ("longest streak", HabitDetailView.days(habit.longestStreak)),
            ("completion", HabitDetailView.percentage(rate.done, of: rate.possible)),
        ]
        var table = TextTable(alignments: [.left, .left])
        table.rows = facts.map { [TextTable.Cell($0.0), TextTable.Cell($0.1)] }
        let heatmap = HabitHeatmap(
            habit: habit, today: today, weeks: HabitDetailView.heatmapWeeks, useColour: useColour)
        return ([TerminalSafeText.escaped(habit.name), table.render(), ""] + heatmap.lines()).joined(separator: "\n")
    }

    /// "1 day", "3 days".
    static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }

    /// "41% (12 of 29 days)", rounded half up to a whole percent.
    static func percentage(_ done: Int, of possible: Int) -> String {
        guard possible > 0 else { return "no days yet" }
        let percent = (done * 200 + possible) / (2 * possible)
        return "\(percent)% (\(done) of \(days(possible)))"
    }
}
