import TallyCalendar
import TallyDiagnostics

/// A calendar of recent weeks for one habit: a row per weekday (Monday first), a column per
/// week (oldest on the left), month names above the week in which each month begins.
///
/// Columns are two characters apart, or one (`compact`, for a year of 53 weeks in 57 columns).
struct HabitHeatmap {
    /// Width of the weekday labels in front of each row ("Mon ").
    static let labelWidth = 4

    var habit: Habit
    var today: CivilDate
    /// The most weeks shown; fewer when the habit is younger.
    var weeks: Int
    var glyphs: HabitGlyphs = .unicode
    /// One character a column, with no space between.
    var compact = false
    /// The first and last day drawn: all days up to the last day tracked unless set (a past
    /// year's calendar); days outside are blank.
    var firstDay: CivilDate?
    var lastDay: CivilDate?

    /// The first day of each column (a Monday), oldest first.
    var columns: [CivilDate] {
        let lastWeek = (lastDay ?? habit.lastTrackedDay(today: today)).startOfWeek
        let earliest = lastWeek.advanced(by: -7 * (weeks - 1))
        let firstWeek = Swift.max(earliest, habit.start.startOfWeek)
        return stride(from: firstWeek, through: lastWeek, by: 7).map { $0 }
    }

    /// The month line, seven weekday rows and a legend, without trailing spaces.
    func lines() -> [StyledText] {
        let columns = self.columns
        var lines = [StyledText(monthLine(columns))]
        for (weekday, name) in CivilDate.weekdayNames.enumerated() {
            var row = StyledText(String(name.prefix(3)))
            for (index, week) in columns.enumerated() {
                row.append(index == 0 || !compact ? " " : "")
                let day = week.advanced(by: weekday)
                if let firstDay, day < firstDay {
                    row.append(" ")
                } else if let lastDay, day > lastDay {
                    row.append(" ")
                } else {
                    let mark = DayMark(habit: habit, day: day, today: today)
                    row.append(mark.glyph(glyphs), style: mark.style)
                }
            }
            row.trimTrailingSpaces()
            lines.append(row)
        }
        let legend = [DayMark.done, .missed, .excused, .rest].map { $0.symbol(glyphs: glyphs) }
        var line = StyledText(String(repeating: " ", count: HabitHeatmap.labelWidth))
        line.append(legend[0])
        line.append(" done  ")
        line.append(legend[1])
        line.append(" not done")
        if !habit.skippedDays.isEmpty || !habit.pauses.isEmpty {
            line.append("  ")
            line.append(legend[2])
            line.append(" skipped or paused")
        }
        if !habit.target.isDaily {
            line.append("  ")
            line.append(legend[3])
            line.append(" not needed")
        }
        lines.append(line)
        return lines
    }

    /// Month names over the columns where a month begins (its first day shown in the column),
    /// and over no other column.
    private func monthLine(_ columns: [CivilDate]) -> String {
        var labels: [(column: Int, text: String)] = []
        let lastShown = lastDay ?? habit.lastTrackedDay(today: today)
        let step = compact ? 1 : 2
        for (index, week) in columns.enumerated() {
            // Only a first of the month the column shows: the last column stops at today.
            let firstOfMonth = (0..<7).map { week.advanced(by: $0) }.first { $0.day == 1 && $0 <= lastShown }
            guard let month = firstOfMonth?.month else { continue }
            let label = (column: HabitHeatmap.labelWidth + step * index, text: CivilDate.monthAbbreviation(month))
            // In the compact year a label would run into the next; the later month waits.
            if let previous = labels.last, label.column < previous.column + previous.text.count + 1 { continue }
            labels.append(label)
        }
        var line = ""
        for label in labels {
            line += String(repeating: " ", count: label.column - line.count) + label.text
        }
        return line
    }
}
