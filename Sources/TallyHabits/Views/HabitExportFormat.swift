import TallyCore

/// The formats `habit export` writes: every habit and completion, for other tools.
public enum HabitExportFormat: String, Sendable, CaseIterable {
    /// One row per completion, the habit's fields repeated; a habit never done gets one row
    /// with an empty `done_day`, so that it is not lost. RFC 4180 quoting, LF line ends.
    case csv
    /// `{"habits": [{"name", "start", "archived", "done": [days]}]}`, days as `YYYY-MM-DD`.
    case json

    /// `habits` written in this format, ending in a newline.
    public func render(_ habits: [Habit]) -> String {
        switch self {
        case .csv: return csv(habits)
        case .json: return json(habits)
        }
    }

    private func csv(_ habits: [Habit]) -> String {
        var output = "name,start_day,archive_day,done_day\n"
        for habit in habits {
            let fields = [
                HabitExportFormat.csvField(habit.name), habit.start.description,
                habit.archiveDay?.description ?? "",
            ].joined(separator: ",")
            let days = habit.daysDone
            if days.isEmpty { output += fields + ",\n" }
            for day in days { output += fields + "," + day.description + "\n" }
        }
        return output
    }

    private func json(_ habits: [Habit]) -> String {
        guard !habits.isEmpty else { return "{\n  \"habits\": []\n}\n" }
        let objects = habits.map { habit in
            let days = habit.daysDone.map { "\"\($0)\"" }.joined(separator: ", ")
            return """
                    {
                      "name": \(JSONText.string(habit.name)),
                      "start": "\(habit.start)",
                      "archived": \(habit.archiveDay.map { "\"\($0)\"" } ?? "null"),
                      "done": [\(days)]
                    }
                """
        }
        return "{\n  \"habits\": [\n" + objects.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// A CSV field, quoted when it holds a comma, a quote, a line break or edge spaces.
    static func csvField(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" is one Character and would hide either half.
        let needsQuotes =
            text.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
