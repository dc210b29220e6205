/// A calendar of recent weeks for one habit: a row per weekday (Monday first), a column per
/// week (oldest on the left), month names above the week in which each month begins.
struct HabitHeatmap {
    /// Width of the weekday labels in front of each row ("Mon ").
    static let labelWidth = 4

    var habit: Habit
    var today: Day
    /// The most weeks shown; fewer when the habit is younger.
    var weeks: Int
    var useColour: Bool

    /// The month line, seven weekday rows and a legend, without trailing spaces.
    func lines() -> [String] {
        let lastWeek = habit.lastTrackedDay(today: today).startOfWeek
        let earliest = lastWeek.adding(days: -7 * (weeks - 1))
        let firstWeek = Swift.max(earliest, habit.start.startOfWeek)
        let columns = stride(from: firstWeek, through: lastWeek, by: 7).map { $0 }

        var lines = [monthLine(columns)]
        for weekday in Weekday.allCases {
            let marks = columns.map { week in
                DayMark(habit: habit, day: week.adding(days: weekday.rawValue), today: today).symbol(
                    useColour: useColour)
            }
            lines.append(trimmed(weekday.abbreviation + " " + marks.joined(separator: " ")))
        }
        let legend = [DayMark.done, .missed, .excused].map { $0.symbol(useColour: useColour) }
        let excused = habit.skippedDays.isEmpty && habit.pauses.isEmpty ? "" : "  \(legend[2]) skipped or paused"
        lines.append(
            String(repeating: " ", count: HabitHeatmap.labelWidth) + "\(legend[0]) done  \(legend[1]) not done"
                + excused)
        return lines
    }

    /// Month names over the columns where a month begins. The first column is labelled with its
    /// own month too, unless that label would run into the next one.
    private func monthLine(_ columns: [Day]) -> String {
        var labels: [(column: Int, text: String, isFirstColumnFallback: Bool)] = []
        let lastShown = habit.lastTrackedDay(today: today)
        for (index, week) in columns.enumerated() {
            // Only a first of the month the column shows: the last column stops at today.
            let firstOfMonth = (0..<7).map { week.adding(days: $0) }.first { $0.dayOfMonth == 1 && $0 <= lastShown }
            guard let month = firstOfMonth?.month ?? (index == 0 ? week.month : nil) else { continue }
            let label = (
                column: HabitHeatmap.labelWidth + 2 * index, text: Day.monthAbbreviations[month - 1],
                isFirstColumnFallback: firstOfMonth == nil
            )
            if let previous = labels.last, label.column < previous.column + previous.text.count + 1 {
                guard previous.isFirstColumnFallback else { continue }
                labels.removeLast()
            }
            labels.append(label)
        }
        var line = ""
        for label in labels {
            line += String(repeating: " ", count: label.column - line.count) + label.text
        }
        return line
    }

    private func trimmed(_ line: String) -> String {
        var result = line
        while result.last == " " { result.removeLast() }
        return result
    }
}
