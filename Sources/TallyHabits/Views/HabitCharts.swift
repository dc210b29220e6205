import TallyCalendar

/// The charts of `habit show NAME year`: the strength week by week as a line of bars under the
/// calendar's columns, and how often each weekday was done. Both are plain characters, one
/// column each, legible without colour; ASCII glyphs draw the strength as digits.
struct HabitCharts {
    var habit: Habit
    var today: CivilDate
    var glyphs: HabitGlyphs

    /// Eight heights, lowest first.
    private static let bars = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The strength at the end of each week of `weeks` (its Sunday, or `last`), one character
    /// under each calendar column: a bar of eight heights, or with ASCII glyphs the tens digit
    /// of the percentage (`9` for 90% and more); blank before the start.
    func strengthLine(weeks: [CivilDate], last: CivilDate) -> [String] {
        guard !weeks.isEmpty else { return [] }
        let marks = weeks.map { week -> String in
            let end = Swift.min(week.advanced(by: 6), last)
            guard end >= habit.start else { return " " }
            let score = habit.strength(today: end)
            if glyphs == .ascii { return String(Swift.min(9, Int(score * 10))) }
            return HabitCharts.bars[Swift.min(7, Int(score * 8))]
        }
        let scale = glyphs == .ascii ? "0 = under 10%, 9 = 90% or more" : "▁ under 12.5%, █ 87.5% or more"
        return [
            "", "strength at the end of each week (\(scale))",
            String(repeating: " ", count: HabitHeatmap.labelWidth) + marks.joined(),
        ]
    }

    /// The days done on each weekday from `first` to `last`, with a bar of up to 40 columns.
    func weekdays(from first: CivilDate, to last: CivilDate) -> [String] {
        var counts = [Int](repeating: 0, count: 7)
        if first <= last { habit.forEachDoneDay(in: first...last) { counts[$0.isoWeekday - 1] += 1 } }
        let most = Swift.max(1, counts.max() ?? 1)
        let width = String(counts.max() ?? 0).count
        var lines = ["days done by weekday"]
        for (index, name) in CivilDate.weekdayNames.enumerated() {
            let count = counts[index]
            let number = String(repeating: " ", count: width - String(count).count) + String(count)
            // Rounded up, so a weekday done once still shows.
            let bar = String(repeating: glyphs.done, count: (count * 40 + most - 1) / most)
            lines.append("\(name.prefix(3)) \(number) \(bar)".trimmingSpaces())
        }
        return lines
    }
}

extension String {
    /// The text without spaces at its end.
    fileprivate func trimmingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
