import TallyCalendar
import TallyDiagnostics

/// What `habit log` prints: every active habit against the same days, one mark a day, as
/// `harsh log` draws it: the month over the column of its first day, the day of the month over
/// each Monday, a row per habit (its name cut to fit), and a legend.
public struct HabitLogView {
    /// The last day drawn.
    public var today: CivilDate
    /// The characters the marks are drawn with.
    public var glyphs: HabitGlyphs
    /// The width to fill when no number of days is given: the terminal's, or 80.
    public var columns: Int

    /// The most columns a name takes before it is cut.
    static let nameWidth = 20
    /// The fewest days drawn, however narrow the window.
    static let minimumDays = 7
    /// The most days `habit log N days` draws: ten years.
    public static let maximumDays = 3660

    /// A view as of `today`, `columns` wide.
    public init(today: CivilDate, glyphs: HabitGlyphs = .unicode, columns: Int = 80) {
        self.today = today
        self.glyphs = glyphs
        self.columns = columns
    }

    /// How many days fit beside the names of `habits`.
    public func daysThatFit(_ habits: [HabitSummary]) -> Int {
        let widest = habits.map { DisplayWidth.of(TerminalSafeText.escaped($0.name)) }.max() ?? 0
        let names = Swift.max("habit".count, Swift.min(HabitLogView.nameWidth, widest))
        return Swift.max(HabitLogView.minimumDays, columns - names - 2)
    }

    /// The days drawn: the last `count`, oldest first, ending today.
    public func days(_ count: Int) -> [CivilDate] {
        (1 - count...0).map { today.advanced(by: $0) }
    }

    /// The grid of `habits` over the last `count` days (as many as fit when nil).
    public func render(_ habits: [HabitSummary], days count: Int?) -> StyledText {
        let days = days(count ?? daysThatFit(habits))
        var table = TextTable(alignments: [.left, .left])
        table.rows.append([TextTable.Cell(""), TextTable.Cell(monthLine(days))])
        table.rows.append([TextTable.Cell("habit"), TextTable.Cell(mondayLine(days))])
        for habit in habits {
            var marks = StyledText()
            marks.reserveCapacity(forRuns: days.count)
            for day in days {
                let mark = DayMark(habit: habit, day: day, today: today)
                marks.append(mark.glyph(glyphs), style: mark.style)
            }
            let name = glyphs.cut(TerminalSafeText.escaped(habit.name), toWidth: HabitLogView.nameWidth)
            table.rows.append([TextTable.Cell(name), TextTable.Cell(styled: marks, width: days.count)])
        }
        let first = days.first ?? today
        let heading = StyledText("log, \(days.count) days, \(first) to \(today)\n")
        return heading + table.render() + StyledText("\n") + legend(habits)
    }

    /// The marks' meanings, those the grid can hold.
    private func legend(_ habits: [HabitSummary]) -> StyledText {
        var line = StyledText()
        var parts: [(DayMark, String)] = [(.done, "done"), (.missed, "not done")]
        if habits.contains(where: { !$0.skippedDays.isEmpty || !$0.pauses.isEmpty }) {
            parts.append((.excused, "skipped or paused"))
        }
        if habits.contains(where: { !$0.target.isDaily }) { parts.append((.rest, "not needed")) }
        for (index, (mark, meaning)) in parts.enumerated() {
            if index > 0 { line.append("  ") }
            line.append(mark.symbol(glyphs: glyphs))
            line.append(" " + meaning)
        }
        return line
    }

    /// The month's abbreviation over the column of its first day (and over the first column).
    func monthLine(_ days: [CivilDate]) -> String {
        labels(days) { index, day in index == 0 || day.day == 1 ? CivilDate.monthAbbreviation(day.month) : nil }
    }

    /// The day of the month over each Monday.
    func mondayLine(_ days: [CivilDate]) -> String {
        labels(days) { _, day in day.isoWeekday == 1 ? String(day.day) : nil }
    }

    /// Labels at the columns `label` names, one left out where it would run into the next.
    private func labels(_ days: [CivilDate], _ label: (Int, CivilDate) -> String?) -> String {
        HabitTrendChart.placed(days.enumerated().compactMap { index, day in label(index, day).map { (index, $0) } })
    }

    /// `habit log --json`: the days and each habit's mark on each, as words.
    static func data(_ habits: [HabitSummary], days: [CivilDate], today: CivilDate) -> TallyDiagnostics.JSONValue {
        let habitObjects = habits.map { habit in
            TallyDiagnostics.JSONValue.object([
                JSONMember("name", .string(habit.name)),
                JSONMember(
                    "marks", .array(days.map { .string(DayMark(habit: habit, day: $0, today: today).word) })),
            ])
        }
        return .object([
            JSONMember("from", .string((days.first ?? today).description)),
            JSONMember("to", .string(today.description)),
            JSONMember("habits", .array(habitObjects)),
        ])
    }
}
