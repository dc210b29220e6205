import TallyCalendar

/// Reads what `habit export csv` writes back into habits: the rows of one habit follow each
/// other and repeat its fields; each row is a day done, skipped or noted, a pause
/// (`FIRST/LAST`, `paused`), or, for a habit with none of these, an empty day. As with the JSON
/// export, the whole file comes in or, at the first problem (named with its line and column),
/// none of it.
enum TallyCSVImport {
    /// The habits of the CSV export `bytes`, read from `path`, as of `today`.
    static func habits(_ bytes: [UInt8], path: String, today: CivilDate) throws(HabitImportError) -> [Habit] {
        func fail(_ field: CSVReader.Field, _ problem: String) -> HabitImportError {
            HabitImportError(file: path, line: field.line, column: field.column, problem: problem)
        }
        func day(_ field: CSVReader.Field) throws(HabitImportError) -> CivilDate {
            try TallyCSVImport.day(field, path: path, today: today)
        }
        struct Draft {
            var fields: [String]
            var first: CSVReader.Field
            var done: [CivilDate] = []
            var skipped: [CivilDate] = []
            var pauses: [ClosedRange<CivilDate>] = []
            var notes: [CivilDate: String] = [:]
            var amounts: [CivilDate: Int] = [:]
            var description: String?
            var position: Int?
        }
        var drafts: [Draft] = []
        // Each habit's name key, to the line of its first row: a file of 20,000 habits is not
        // searched once per habit.
        var firstLines: [String: Int] = [:]
        var isHeader = true
        // Row by row, none kept: the file may be as large as an import reads.
        try CSVReader.forEachRow(bytes, shownAs: path) { row throws(HabitImportError) in
            if isHeader {
                isHeader = false
                return
            }
            guard row.count == 7 else {
                throw fail(row[0], "expected 7 fields (\(HabitExportFormat.csvHeader)), not \(row.count)")
            }
            // Each text field as written before the export neutralised it as a formula.
            let habitFields = row[0..<4].map { HabitExportFormat.restoredField($0.text) }
            let note = CSVReader.Field(
                text: HabitExportFormat.restoredField(row[6].text), line: row[6].line, column: row[6].column)
            if drafts.last?.fields != habitFields {
                let key = Habit.nameKey(for: habitFields[0])
                if let earlier = firstLines[key] {
                    throw fail(
                        row[0],
                        "the habit \(MessageText.quoted(habitFields[0])) is in the file twice (from line \(earlier)), "
                            + "or its rows disagree on its start, archive day or target")
                }
                firstLines[key] = row[0].line
                drafts.append(Draft(fields: habitFields, first: row[0]))
            }
            let (dayField, state) = (row[4], row[5].text)
            if dayField.text.isEmpty {
                if state == "description", drafts[drafts.count - 1].description == nil {
                    drafts[drafts.count - 1].description = note.text
                    return
                }
                if state == "position", drafts[drafts.count - 1].position == nil {
                    guard note.text.utf8.count <= 9, let place = Int(note.text), place >= 1 else {
                        throw fail(note, "expected a position: 1, 2, 3…")
                    }
                    drafts[drafts.count - 1].position = place
                    return
                }
                guard state.isEmpty, note.text.isEmpty else { throw fail(dayField, "expected a day") }
                return
            }
            switch state {
            case "paused":
                let ends = dayField.text.split(separator: "/", omittingEmptySubsequences: false)
                guard ends.count == 2 else { throw fail(dayField, "expected a pause as FIRST/LAST") }
                let first = try day(
                    CSVReader.Field(text: String(ends[0]), line: dayField.line, column: dayField.column))
                let last = try day(CSVReader.Field(text: String(ends[1]), line: dayField.line, column: dayField.column))
                guard first <= last else { throw fail(dayField, "this pause ends before it begins") }
                drafts[drafts.count - 1].pauses.append(first...last)
                return
            case "done": drafts[drafts.count - 1].done.append(try day(dayField))
            case "skipped": drafts[drafts.count - 1].skipped.append(try day(dayField))
            case "": guard !note.text.isEmpty else { throw fail(row[5], "expected done, skipped or paused, or a note") }
            default:
                // A measurable habit's day holds its amount.
                let amount: Int?
                do throws(HabitError) {
                    amount = try HabitMeasure.parseAmount(state)
                } catch {
                    throw fail(row[5], error.message)
                }
                guard let amount else {
                    throw fail(row[5], "expected done, skipped, paused or an amount, not \(MessageText.quoted(state))")
                }
                drafts[drafts.count - 1].amounts[try day(dayField)] = amount
            }
            if !note.text.isEmpty { drafts[drafts.count - 1].notes[try day(dayField)] = note.text }
        }
        var habits: [Habit] = []
        for draft in drafts {
            let fields = draft.fields
            let place = draft.first
            let start = try day(CSVReader.Field(text: fields[1], line: place.line, column: place.column))
            let archived =
                fields[2].isEmpty
                ? nil : try day(CSVReader.Field(text: fields[2], line: place.line, column: place.column))
            let parsedTarget: HabitTarget?
            var measure: HabitMeasure?
            do throws(HabitError) {
                let words = fields[3].split(separator: " ").map(String.init)
                if let (measured, period) = try HabitMeasure.parse(words) {
                    (measure, parsedTarget) = (measured, period)
                } else {
                    parsedTarget = try HabitTarget.parse(words)
                }
            } catch {
                throw fail(place, error.message)
            }
            guard let target = parsedTarget else {
                throw fail(place, "expected a target: daily, N/week, N/month, every N days or X times in Y days")
            }
            do throws(HabitError) {
                _ = try Habit.validatedName(fields[0])
                habits.append(
                    try Habit(
                        restoring: .random(), name: fields[0], start: start, archiveDay: archived, daysDone: draft.done,
                        target: target, skippedDays: draft.skipped, pauses: draft.pauses, notes: draft.notes,
                        measure: measure, amounts: draft.amounts, description: draft.description,
                        position: draft.position))
            } catch {
                throw fail(place, error.message)
            }
        }
        return habits
    }

    /// The day written in `field`, which may not be after `today`.
    private static func day(_ field: CSVReader.Field, path: String, today: CivilDate) throws(HabitImportError)
        -> CivilDate
    {
        let parsed: CivilDate
        do throws(DayParseError) {
            parsed = try CivilDate.parse(field.text)
        } catch {
            throw HabitImportError(file: path, line: field.line, column: field.column, problem: error.message)
        }
        guard parsed <= today else {
            throw HabitImportError(
                file: path, line: field.line, column: field.column,
                problem: "\(parsed) is in the future; today is \(today)")
        }
        return parsed
    }
}
