import TallyCalendar
import TallyDiagnostics
import Testing

@testable import TallyHabits

/// The trend charts of `habit show` and the grid of `habit log`, drawn at 50 and 100 columns and
/// with ASCII glyphs: never wider than the width, the step of time the shortest that fits.
@Suite struct HabitTrendChartTests {
    /// Done on four days of five for `days` days up to today, skipped on some.
    static func habit(days: Int, measured: Bool = false) throws -> Habit {
        let start = pinnedToday.advanced(by: 1 - days)
        let all = (0..<days).map { start.advanced(by: $0) }
        let done = all.filter { $0.daysSinceEpoch % 5 != 0 }
        if measured {
            let measure = try HabitMeasure(unit: "km", goal: 15_000, kind: .atLeast)
            let amounts = Dictionary(uniqueKeysWithValues: done.map { ($0, ($0.daysSinceEpoch % 7) * 1000) })
            return try Habit(
                restoring: .random(), name: "Run", start: start, archiveDay: nil, daysDone: [], target: .perWeek(1),
                measure: measure, amounts: amounts)
        }
        return try Habit(restoring: .random(), name: "Walk", start: start, archiveDay: nil, daysDone: done)
    }

    static func chartLines(_ habit: Habit, columns: Int, glyphs: HabitGlyphs = .unicode) -> [String] {
        let text = HabitDetailView(today: pinnedToday, glyphs: glyphs, columns: columns).render(habit).plainText
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .drop { !$0.hasPrefix("strength a ") }.map { $0 }
    }

    @Test(arguments: [
        (50, 30, "day"), (100, 30, "day"), (50, 120, "week"), (100, 120, "week"), (100, 90, "day"),
        (50, 3653, "quarter"), (100, 3653, "quarter"),
    ])
    func theStrengthChartFitsTheWidth(columns: Int, days: Int, step: String) throws {
        let lines = Self.chartLines(try Self.habit(days: days), columns: columns)
        #expect(lines.first?.hasPrefix("strength a \(step), ") == true, "\(lines)")
        #expect(lines.count == 1 + HabitTrendChart.rows + 1)
        for line in lines.dropFirst() { #expect(DisplayWidth.of(line) <= columns, "\(line)") }
        #expect(lines[HabitTrendChart.rows].hasPrefix("  0% "))
    }

    /// Thirty days done four in five: the strength climbs, drawn in eighths of a cell; the
    /// month under the column where it begins.
    @Test func aMonthOfStrengthAt50Columns() throws {
        let lines = Self.chartLines(try Self.habit(days: 30), columns: 50)
        #expect(
            lines == [
                "strength a day, 2026-10-31 to 2026-11-29",
                "100%",
                "                      ▁ ▁▁▂▃▂▃▃▄▅▄▄",
                "           ▁▂▁▂▄▅▆▅▆▇██████████████",
                "  0% ▂▃▅▄▆▇████████████████████████",
                "      Nov",
            ])
    }

    /// With ASCII glyphs a full cell is `#`, one at least half full `:`, less `.`.
    @Test func asciiDrawsHashesAndDots() throws {
        let lines = Self.chartLines(try Self.habit(days: 30), columns: 50, glyphs: .ascii)
        #expect(lines[3] == "           ....::::::##############")
        #expect(lines[4] == "  0% ..::::########################")
        #expect(!lines.joined().contains { !$0.isASCII })
    }

    /// A measured habit adds its totals a week against the goal.
    @Test(arguments: [50, 100])
    func totalsAgainstTheGoal(columns: Int) throws {
        let run = try Self.habit(days: 60, measured: true)
        let text = HabitDetailView(today: pinnedToday, columns: columns).render(run).plainText
        let totals = text.split(separator: "\n").drop { !$0.hasPrefix("total a week, goal 15 km") }
        #expect(totals.count == 1 + HabitTrendChart.rows + 1, "\(text)")
        #expect(totals.dropFirst().contains { $0.hasPrefix("goal ") })
        for line in totals { #expect(DisplayWidth.of(String(line)) <= columns) }
    }

    /// The log fills the width with days, names cut to fit.
    @Test(arguments: [50, 100])
    func theLogFillsTheWidth(columns: Int) throws {
        let walk = HabitSummary(try Self.habit(days: 200))
        let view = HabitLogView(today: pinnedToday, columns: columns)
        let lines = view.render([walk], days: nil).plainText.split(separator: "\n").map(String.init)
        #expect(lines[0] == "log, \(columns - 7) days, \(pinnedToday.advanced(by: 8 - columns)) to 2026-11-29")
        #expect(lines.dropFirst().allSatisfy { DisplayWidth.of($0) <= columns })
        #expect(lines[3].hasPrefix("Walk   "))
        let ascii = HabitLogView(today: pinnedToday, glyphs: .ascii, columns: columns).render([walk], days: nil)
        #expect(ascii.plainText.allSatisfy { $0.isASCII })
    }
}
