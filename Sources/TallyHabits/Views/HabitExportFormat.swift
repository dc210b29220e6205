import TallyDiagnostics

/// The formats `habit export` writes: every habit and completion, for other tools.
public enum HabitExportFormat: String, Sendable, CaseIterable {
    /// One row per day done, skipped or with a note (and one per pause, its day written
    /// `FIRST/LAST`), the habit's fields repeated; a habit with none gets one row with an empty
    /// `day`, so that it is not lost; a description is a row with no day, state `description`
    /// and the text as its note, and a place in the order (`habit move`) one with state
    /// `position` and the place as its note. A name, target, note or description that a
    /// spreadsheet would run as a formula gets a `'` before it (see ``csvField(_:)``). A measurable habit's target is its measure
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
            rows.sort { $0.key < $1.key }
            // The description and the place first, on rows of their own with no day.
            if let position = habit.position { rows.insert(("", ",position,\(position)"), at: 0) }
            if let description = habit.habitDescription {
                rows.insert(("", ",description,\(HabitExportFormat.csvField(description))"), at: 0)
            }
            if rows.isEmpty { output += fields + ",,,\n" }
            for row in rows { output += fields + "," + row.row + "\n" }
        }
        return output
    }

    private func json(_ habits: [Habit]) -> String {
        typealias JSON = TallyDiagnostics.JSONValue
        let objects = habits.map { habit -> JSON in
            var members = [
                JSONMember("name", .string(habit.name)), JSONMember("start", .string(habit.start.description)),
                JSONMember("archived", .string(orNull: habit.archiveDay?.description)),
                JSONMember("target", .string(habit.targetText)),
                JSONMember("done", .array(habit.daysDone.map { .string($0.description) })),
                JSONMember("skipped", .array(habit.skippedDays.map { .string($0.description) })),
                JSONMember(
                    "paused",
                    .array(
                        habit.pauses.map {
                            .array([.string($0.lowerBound.description), .string($0.upperBound.description)])
                        })),
                JSONMember(
                    "notes",
                    .object(
                        habit.notes.sorted { $0.key < $1.key }.map { JSONMember($0.key.description, .string($0.value)) }
                    )),
            ]
            if habit.measure != nil {
                let amounts = habit.amounts.sorted { $0.key < $1.key }.map {
                    JSONMember($0.key.description, HabitViewData.amount($0.value))
                }
                members.append(JSONMember("amounts", .object(amounts)))
            }
            if let description = habit.habitDescription {
                members.append(JSONMember("description", .string(description)))
            }
            if let position = habit.position { members.append(JSONMember("position", .integer(position))) }
            return .object(members)
        }
        return JSON.object([JSONMember("habits", .array(objects))]).encoded(indent: 2)
    }

    /// The characters that make a spreadsheet read a cell as a formula when the cell starts
    /// with one (OWASP's list for CSV injection: `=`, `+`, `-`, `@`, tab, carriage return, and
    /// line feed).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\n"]

    /// Whether `text`, once the `'`s it starts with are passed over, starts as a formula.
    static func startsAsFormula(_ text: String) -> Bool {
        text.unicodeScalars.first { $0 != "'" }.map { formulaStarts.contains($0) } ?? false
    }

    /// A CSV field, neutralised as OWASP recommends and quoted when it holds a comma, a quote, a
    /// line break or edge spaces. Text that would start a formula (`=HYPERLINK(…)`, `@SUM(…)`,
    /// `+1`, `-1`) gets a `'` before it, which spreadsheets show as text; so does text that
    /// starts with `'`s before such a character, so that ``restoredField(_:)`` can take exactly
    /// one `'` off whatever it reads.
    static func csvField(_ text: String) -> String {
        let text = startsAsFormula(text) ? "'" + text : text
        // Scalars, not Characters: "\r\n" is one Character and would hide either half.
        let needsQuotes =
            text.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// The text ``csvField(_:)`` was given, from the field's text as read: the `'` it put
    /// before a formula taken off.
    static func restoredField(_ text: String) -> String {
        text.first == "'" && startsAsFormula(text) ? String(text.dropFirst()) : text
    }
}
