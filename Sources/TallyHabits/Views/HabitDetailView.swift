import TallyCalendar
import TallyDiagnostics

/// What `habit show` prints: the habit's numbers and a heatmap of its recent weeks.
public struct HabitDetailView {
    /// The most notes `show` lists, the latest ones.
    public static let notesShown = 10

    /// The most amounts of a measurable habit `show` lists, the latest ones.
    public static let amountsShown = 7

    /// The most best streaks `show` lists.
    public static let bestStreaksShown = 3

    /// The most weeks the heatmap shows.
    public static let heatmapWeeks = 16

    /// The day statistics are computed up to.
    public var today: CivilDate
    /// The characters the heatmap is drawn with.
    public var glyphs: HabitGlyphs

    /// The weeks `show NAME year` draws, one column each: with the weekday labels, 57 columns.
    public static let yearWeeks = 53

    /// The width the trend charts fill: the terminal's, or 80.
    public var columns: Int

    /// A view as of `today`, its charts `columns` wide.
    public init(today: CivilDate, glyphs: HabitGlyphs = .unicode, columns: Int = 80) {
        self.today = today
        self.glyphs = glyphs
        self.columns = columns
    }

    /// The view of `habit`, with no trailing newline; the heatmap's marks are styled, and the
    /// shell colours them.
    public func render(_ habit: Habit) -> StyledText {
        let heatmap = HabitHeatmap(habit: habit, today: today, weeks: HabitDetailView.heatmapWeeks, glyphs: glyphs)
        let trends = HabitTrendChart(habit: habit, today: today, glyphs: glyphs, columns: columns)
        var charts = trends.strengthLines()
        let totals = trends.totalLines()
        if !totals.isEmpty { charts += [""] + totals }
        return render(habit, calendar: heatmap.lines() + (charts.isEmpty ? [] : [""] + charts))
    }

    /// `show NAME year`: the numbers, a calendar of 53 one-character weeks, and a table of the
    /// months it covers: days done and the completion of the periods ending in each month.
    /// With `calendarYear`, the calendar and the months are those of that year (January to
    /// December, or to the last day tracked), for a look back at a past year.
    public func renderYear(_ habit: Habit, calendarYear: Int? = nil) -> StyledText {
        var last = habit.lastTrackedDay(today: today)
        var weeks = HabitDetailView.yearWeeks
        if let calendarYear {
            let january = CivilDate(year: calendarYear, month: 1, day: 1)!
            last = Swift.min(last, CivilDate(year: calendarYear, month: 12, day: 31)!)
            weeks = january.startOfWeek.distance(to: last.startOfWeek) / 7 + 1
        }
        var heatmap = HabitHeatmap(habit: habit, today: today, weeks: weeks, glyphs: glyphs, compact: true)
        heatmap.lastDay = last
        heatmap.firstDay = calendarYear.flatMap { CivilDate(year: $0, month: 1, day: 1) }
        let columns = heatmap.columns
        var first = Swift.max(habit.start, columns.first ?? habit.start)
        if let calendarYear { first = Swift.max(first, CivilDate(year: calendarYear, month: 1, day: 1)!) }
        var table = TextTable(alignments: [.left, .right, .left])
        table.rows.append([TextTable.Cell("month"), TextTable.Cell("done"), TextTable.Cell("completion")])
        var month = first.advanced(by: 1 - first.day)
        let outcomes = habit.periodOutcomes(today: today, from: month)
        while month <= last {
            let end = month.advanced(by: CivilDate.numberOfDays(inMonth: month.month, ofYear: month.year) - 1)
            let inMonth = outcomes.filter { $0.period.upperBound >= month && $0.period.upperBound <= end }
            let met = inMonth.filter { $0.outcome == .met }.count
            let judged = inMonth.filter { $0.outcome == .met || $0.outcome == .failed }.count
            table.rows.append([
                TextTable.Cell("\(CivilDate.monthAbbreviation(month.month)) \(month.year)"),
                TextTable.Cell(String(habit.doneCount(in: Swift.max(month, habit.start)...Swift.min(end, last)))),
                TextTable.Cell(HabitDetailView.percentage(met, of: judged, target: habit.target)),
            ])
            month = end.advanced(by: 1)
        }
        let charts = HabitCharts(habit: habit, today: today, glyphs: glyphs)
        let plainLines =
            charts.strengthLine(weeks: columns, last: last) + [""] + [table.render().plainText, ""]
            + charts.weekdays(from: first, to: last)
        return render(habit, calendar: heatmap.lines() + plainLines.map { StyledText($0) })
    }

    private func render(_ habit: Habit, calendar: [StyledText]) -> StyledText {
        let rate = habit.completionRate(today: today)
        let streaks = habit.streaks(today: today)
        let target = habit.target
        var facts: [(String, String)] = []
        if let description = habit.habitDescription {
            facts.append(("description", TerminalSafeText.escaped(description)))
        }
        facts += [("since", habit.start.description), ("target", habit.targetText)]
        if let progress = habit.measuredProgress(today: today, met: glyphs.met) { facts.append(("progress", progress)) }
        if let archiveDay = habit.archiveDay { facts.append(("archived", archiveDay.description)) }
        if !habit.pauses.isEmpty {
            let pauses = habit.pauses.map { "\($0.lowerBound) to \($0.upperBound)" }
            facts.append(("paused", pauses.joined(separator: ", ")))
        }
        facts += [
            ("current streak", habit.periods(streaks.current)),
            ("longest streak", habit.periods(streaks.all.map(\.length).max() ?? 0)),
            ("completion", HabitDetailView.percentage(rate.met, of: rate.judged, target: target)),
            ("strength", strengthWithToday(habit)),
            ("change", strengthChange(habit)),
        ]
        if !habit.skippedDays.isEmpty { facts.append(("skipped", HabitDetailView.days(habit.skippedDays.count))) }
        for (index, streak) in Habit.best(streaks.all, limit: HabitDetailView.bestStreaksShown).enumerated() {
            let (first, last) = (streak.days.lowerBound, streak.days.upperBound)
            let span = first == last ? "\(first)" : "\(first) to \(last)"
            facts.append((index == 0 ? "best streaks" : "", "\(habit.periods(streak.length)), \(span)"))
        }
        if let measure = habit.measure {
            let recent = habit.amounts.sorted { $0.key > $1.key }.prefix(HabitDetailView.amountsShown).reversed()
            for (index, entry) in recent.enumerated() {
                facts.append((index == 0 ? "amounts" : "", "\(entry.key)  \(measure.amount(entry.value))"))
            }
        }
        var table = TextTable(alignments: [.left, .left])
        table.rows = facts.map { [TextTable.Cell($0.0), TextTable.Cell($0.1)] }
        var notes: [String] = []
        if !habit.notes.isEmpty {
            let recent = habit.notes.sorted { $0.key > $1.key }.prefix(HabitDetailView.notesShown)
            notes = [
                "",
                habit.notes.count > recent.count ? "notes (latest \(recent.count) of \(habit.notes.count))" : "notes",
            ]
            notes += recent.reversed().map { "  \($0.key)  \(TerminalSafeText.escaped($0.value))" }
        }
        let head = [StyledText(TerminalSafeText.escaped(habit.name)), table.render(), ""]
        return (head + calendar + notes.map { StyledText($0) }).joined(separator: "\n")
    }

    /// The strength, and on a day still open what marking it done would make it:
    /// `62% (+4% if done today)`.
    private func strengthWithToday(_ habit: Habit) -> String {
        let score = habit.strength(today: today)
        let shown = HabitDetailView.strength(score)
        guard habit.lastTrackedDay(today: today) == today, habit.start <= today, !habit.isDone(on: today),
            !habit.isExcused(today)
        else { return shown }
        let gain =
            HabitDetailView.percent(habit.strength(today: today, ifDoneToday: true)) - HabitDetailView.percent(score)
        return gain > 0 ? "\(shown) (+\(gain)% if done today)" : shown
    }

    /// How the strength moved over the last 30 and 365 days, as Loop's overview card shows it:
    /// `+3% in 30 days, +20% in a year`.
    private func strengthChange(_ habit: Habit) -> String {
        let now = habit.strength(today: today)
        func change(_ days: Int) -> String {
            let then = habit.strength(today: today.advanced(by: -days))
            let points = Int(((now - then) * 100).rounded(.toNearestOrAwayFromZero))
            return (points > 0 ? "+" : "") + "\(points)%"
        }
        return "\(change(30)) in 30 days, \(change(365)) in a year"
    }

    /// "1 day", "3 days".
    static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }

    /// "41% (12 of 29 days)", "50% (2 of 4 weeks)", rounded half up to a whole percent.
    static func percentage(_ met: Int, of judged: Int, target: HabitTarget) -> String {
        guard judged > 0 else { return "no \(target.periodName)s over yet" }
        let percent = (met * 200 + judged) / (2 * judged)
        return "\(percent)% (\(met) of \(target.count(judged)))"
    }

    /// A strength score as a whole percentage, rounded half up: "87%".
    static func strength(_ score: Double) -> String {
        "\(percent(score))%"
    }

    /// A score from 0 to 1 as a whole percentage, rounded half up.
    static func percent(_ score: Double) -> Int {
        Int((score * 100).rounded(.toNearestOrAwayFromZero))
    }
}
