import TallyCalendar
import TallyDiagnostics

/// The trends of `habit show`: the strength over the habit's whole history, and for a measured
/// habit the total of each week or month against its goal, as bar charts of block characters
/// (eight heights a cell, ``rows`` cells high; `--ascii`: `#` a full cell, `:` at least half
/// of one, `.` less), one column per step of time, sized to the width given.
struct HabitTrendChart {
    var habit: Habit
    var today: CivilDate
    var glyphs: HabitGlyphs
    /// The width to fill, the labels on the left included.
    var columns: Int

    /// The chart's height, in cells.
    static let rows = 4
    /// The width of the labels on the left (`100%`, `goal`) and the space after them.
    static let labelWidth = 5
    /// Eight heights within one cell, lowest first.
    private static let blocks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The step of time one column stands for: the shortest that shows the whole history.
    enum Step: CaseIterable {
        case day, week, month, quarter, year

        var name: String {
            switch self {
            case .day: return "day"
            case .week: return "week"
            case .month: return "month"
            case .quarter: return "quarter"
            case .year: return "year"
            }
        }

        /// The first day of the step holding `day`.
        func start(of day: CivilDate) -> CivilDate {
            switch self {
            case .day: return day
            case .week: return day.startOfWeek
            case .month: return day.startOfMonth
            case .quarter: return CivilDate(year: day.year, month: (day.month - 1) / 3 * 3 + 1, day: 1)!
            case .year: return CivilDate(year: day.year, month: 1, day: 1)!
            }
        }

        /// The first day of the next step after the one starting on `first`.
        func next(after first: CivilDate) -> CivilDate {
            switch self {
            case .day: return first.advanced(by: 1)
            case .week: return first.advanced(by: 7)
            case .month: return first.endOfMonth.advanced(by: 1)
            case .quarter: return first.adding(months: 3) ?? first.endOfMonth.advanced(by: 1)
            case .year: return first.adding(months: 12) ?? first.endOfMonth.advanced(by: 1)
            }
        }
    }

    /// How many columns the bars may take.
    var barColumns: Int { Swift.max(8, columns - HabitTrendChart.labelWidth) }

    /// The steps from the one holding `first` to the one holding `last`, in the shortest step
    /// that fits ``barColumns``: each as its first and last day (the last cut at `last`).
    func steps(from first: CivilDate, to last: CivilDate, shortest: Step = .day) -> (Step, [ClosedRange<CivilDate>]) {
        let candidates = Step.allCases.drop { $0 != shortest }
        for step in candidates {
            var ranges: [ClosedRange<CivilDate>] = []
            var begin = step.start(of: first)
            while begin <= last, ranges.count <= barColumns {
                let next = step.next(after: begin)
                ranges.append(begin...Swift.min(next.advanced(by: -1), last))
                begin = next
            }
            if ranges.count <= barColumns || step == .year { return (step, Array(ranges.suffix(barColumns))) }
        }
        return (.year, [])
    }

    /// The strength at the end of each step of the history: a title, the chart and the axis.
    func strengthLines() -> [StyledText] {
        let last = habit.lastTrackedDay(today: today)
        guard habit.start <= last else { return [] }
        let (step, ranges) = steps(from: habit.start, to: last)
        let values = ranges.map { habit.strength(today: $0.upperBound) }
        let title = "strength a \(step.name), \(Swift.max(habit.start, ranges[0].lowerBound)) to \(last)"
        let bars = chart(
            values.map { ($0, StyledText.Style.done) }, top: 1, labels: [0: "100%", HabitTrendChart.rows - 1: "  0%"])
        return [StyledText(title)] + bars + [axis(ranges, step: step)]
    }

    /// A measured habit's total of each week (a habit measured per day or per week) or month
    /// (per month or per N days), or of a longer step when the history is too long for the
    /// width, against the goal for that stretch (the goal of a period, in proportion to the days
    /// tracked in it where a step is not one period): bars that reach it (or, at most, stay
    /// within it) drawn as done.
    func totalLines() -> [StyledText] {
        guard let measure = habit.measure else { return [] }
        let last = habit.lastTrackedDay(today: today)
        guard habit.start <= last else { return [] }
        let shortest: Step
        switch habit.target {
        case .perMonth, .everyDays, .timesInDays: shortest = habit.target.isDaily ? .week : .month
        case .perWeek: shortest = .week
        }
        let (step, ranges) = steps(from: habit.start, to: last, shortest: shortest)
        let periodDays = habit.target.frequency.days
        let onePeriod = step == shortest && (step == .week ? periodDays == 7 : periodDays == 30)
        let stretches = ranges.map { Swift.max($0.lowerBound, habit.start)...$0.upperBound }
        let goals = stretches.map { stretch in
            onePeriod ? measure.goal : measure.goal * stretch.count / periodDays
        }
        let totals = stretches.map { habit.total(in: $0) }
        // The row of the goal of a whole step, counted from the top.
        let fullGoal = onePeriod ? measure.goal : measure.goal * (ranges.map(\.count).max() ?? 1) / periodDays
        let top = Swift.max(1, (goals + totals + [fullGoal]).max() ?? 1)
        let values = zip(totals, goals).map { total, goal -> (Double, StyledText.Style) in
            let met = measure.kind == .atLeast ? total >= goal : total <= goal
            return (Double(total) / Double(top), met ? .done : .missed)
        }
        let goalRow = Swift.max(
            0,
            Swift.min(
                HabitTrendChart.rows - 1, Int((1 - Double(fullGoal) / Double(top)) * Double(HabitTrendChart.rows))))
        let atMost = measure.kind == .atMost ? "at most " : ""
        let title = "total a \(step.name), goal \(atMost)\(measure.amount(fullGoal))"
        let bars = chart(values, top: 1, labels: [goalRow: "goal"])
        return [StyledText(title)] + bars + [axis(ranges, step: step)]
    }

    /// Bars of `values` (0 to `top`), each styled, ``rows`` cells high, with `labels` by row.
    private func chart(_ values: [(Double, StyledText.Style)], top: Double, labels: [Int: String]) -> [StyledText] {
        let levels = HabitTrendChart.rows * 8
        let heights = values.map { value, style in
            // A value above 0 shows at least the lowest mark.
            let height = Int((Swift.min(1, Swift.max(0, value / top)) * Double(levels)).rounded())
            return (value > 0 ? Swift.max(1, height) : 0, style)
        }
        var lines: [StyledText] = []
        for row in 0..<HabitTrendChart.rows {
            let label = labels[row] ?? ""
            var line = StyledText(label + String(repeating: " ", count: HabitTrendChart.labelWidth - label.count))
            let floor = (HabitTrendChart.rows - 1 - row) * 8
            for (height, style) in heights {
                let inCell = Swift.min(8, Swift.max(0, height - floor))
                line.append(cell(inCell), style: inCell > 0 ? style : .plain)
            }
            line.trimTrailingSpaces()
            lines.append(line)
        }
        return lines
    }

    /// One cell filled `eighths` of its height.
    private func cell(_ eighths: Int) -> String {
        guard eighths > 0 else { return " " }
        if glyphs == .ascii { return eighths == 8 ? "#" : eighths >= 4 ? ":" : "." }
        return HabitTrendChart.blocks[eighths - 1]
    }

    /// The time under the bars: each year (or month, for steps of days and weeks) under the
    /// column where it begins (the first column's under it too), a label dropped when it would
    /// run into the next one.
    private func axis(_ ranges: [ClosedRange<CivilDate>], step: Step) -> StyledText {
        let byMonth = step == .day || step == .week
        var labels: [(column: Int, text: String)] = []
        var previous: Int?
        for (index, range) in ranges.enumerated() {
            // The month or year the step ends in: a week from Monday 31 August is September's.
            let day = range.upperBound
            let key = byMonth ? day.year * 12 + day.month : day.year
            guard key != previous else { continue }
            previous = key
            labels.append((index, byMonth ? CivilDate.monthAbbreviation(day.month) : String(day.year)))
        }
        return StyledText(String(repeating: " ", count: HabitTrendChart.labelWidth) + Self.placed(labels))
    }

    /// `labels` at their columns, from the right: one that would run into the label after it
    /// (with no space between) is left out.
    static func placed(_ labels: [(column: Int, text: String)]) -> String {
        var kept: [(column: Int, text: String)] = []
        for label in labels.reversed() {
            if let next = kept.last, label.column + label.text.count >= next.column { continue }
            kept.append(label)
        }
        var line = ""
        for label in kept.reversed() { line += String(repeating: " ", count: label.column - line.count) + label.text }
        return line
    }
}
