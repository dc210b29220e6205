import TallyDiagnostics

/// The formats `habit export` writes: every habit and completion, for other tools.
public enum HabitExportFormat: String, Sendable, CaseIterable {
    /// One row per day done, skipped or with a note (and one per pause, its day written
    /// `FIRST/LAST`), the habit's fields repeated; a habit with none gets one row with an empty
    /// `day`, so that it is not lost; a description is a row with no day, state `description`
    /// and the text as its note. A measurable habit's target is its measure
    /// (`8 glasses per day`) and a day's state is its amount (`5.5`). RFC 4180 quoting, LF line
    /// ends.
    case csv
    /// `{"habits": [{"name", "start", "archived", "target", "done", "skipped", "paused",
    /// "notes"}]}`, days as `YYYY-MM-DD`; what `habit import` reads back. A measurable habit's
    /// target is its measure (`8 glasses per day`) and it has `"amounts"` too, by day; a habit
    /// with a description or a place in the order has `"description"` or `"position"`.
    case json

    /// `habits` written in this format, ending in a newline.
    public func render(_ habits: [Habit]) -> String {
        switch self {
        case .csv: return csv(habits)
        case .json: return json(habits)
        }
    }

    /// The CSV header.
    static let csvHeader = "name,start_day,archive_day,target,day,state,note"

    private func csv(_ habits: [Habit]) -> String {
        var output = HabitExportFormat.csvHeader + "\n"
        for habit in habits {
            let fields = [
                HabitExportFormat.csvField(habit.name), habit.start.description, habit.archiveDay?.description ?? "",
                HabitExportFormat.csvField(habit.targetText),
            ].joined(separator: ",")
            var rows: [(key: String, row: String)] = []
            let days = Set(habit.daysDone).union(habit.amounts.keys).union(habit.skippedDays).union(habit.notes.keys)
                .sorted()
            for day in days {
                let amount = habit.amounts[day].map(HabitMeasure.amountText)
                let state = amount ?? (habit.isDone(on: day) ? "done" : habit.isSkipped(day) ? "skipped" : "")
                let note = habit.notes[day].map(HabitExportFormat.csvField) ?? ""
                rows.append((day.description, "\(day),\(state),\(note)"))
            }
            for pause in habit.pauses {
                rows.append((pause.lowerBound.description, "\(pause.lowerBound)/\(pause.upperBound),paused,"))
            }
            // The description first, on a row of its own with no day.
            if let description = habit.habitDescription {
                rows.insert(("", ",description,\(HabitExportFormat.csvField(description))"), at: 0)
            }
            if rows.isEmpty { output += fields + ",,,\n" }
            for row in rows.sorted(by: { $0.key < $1.key }) { output += fields + "," + row.row + "\n" }
        }
        return output
    }

    private func json(_ habits: [Habit]) -> String {
        guard !habits.isEmpty else { return "{\n  \"habits\": []\n}\n" }
        let objects = habits.map { habit in
            let days = habit.daysDone.map { "\"\($0)\"" }.joined(separator: ", ")
            let skipped = habit.skippedDays.map { "\"\($0)\"" }.joined(separator: ", ")
            let paused = habit.pauses.map { "[\"\($0.lowerBound)\", \"\($0.upperBound)\"]" }.joined(separator: ", ")
            let notes = habit.notes.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \(JSONText.string($0.value))" }
                .joined(separator: ", ")
            let amounts =
                habit.measure == nil
                ? ""
                : ",\n      \"amounts\": {"
                    + habit.amounts.sorted { $0.key < $1.key }
                    .map { "\"\($0.key)\": \(HabitMeasure.amountText($0.value))" }.joined(separator: ", ") + "}"
            var extra = amounts
            if let description = habit.habitDescription {
                extra += ",\n      \"description\": \(JSONText.string(description))"
            }
            if let position = habit.position { extra += ",\n      \"position\": \(position)" }
            return """
                    {
                      "name": \(JSONText.string(habit.name)),
                      "start": "\(habit.start)",
                      "archived": \(habit.archiveDay.map { "\"\($0)\"" } ?? "null"),
                      "target": \(JSONText.string(habit.targetText)),
                      "done": [\(days)],
                      "skipped": [\(skipped)],
                      "paused": [\(paused)],
                      "notes": {\(notes)}\(extra)
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
