import TallyCalendar

/// Reads HabitBull's CSV export as Loop Habit Tracker's `HabitBullCSVImporter.kt` reads it: a
/// header `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`, then one
/// row per habit and day. The rows of one name make one daily habit. A value of 1 is a day done,
/// 0 a day not done (its comment kept as the day's note); a habit with any value above 1 is
/// measurable, each value its amount that day (Loop makes it numerical too, with no unit and a
/// target of 0, and so does Tally; the report says so).
enum HabitBullCSVImport {
    /// The start of HabitBull's header, by which the file is recognised.
    static let header = "HabitName,HabitDescription,HabitCategory"

    /// The habits of the HabitBull export `bytes`, read from `path`, as of `today`.
    static func report(_ bytes: [UInt8], path: String, today: CivilDate) throws(HabitImportError) -> HabitImportReport {
        var foreign = ForeignHabits(database: LoopBackupDatabase(version: 0, habits: [], entries: []))
        var ids: [String: Int64] = [:]
        var measurable: Set<Int64> = []
        var parsed: [(habit: Int64, day: CivilDate, value: Int64, notes: String, place: LoopBackupDatabase.Place)] = []
        var categories = false
        var isHeader = true
        // Row by row, none kept: the file may be as large as an import reads.
        func read(_ row: [CSVReader.Field]) throws(HabitImportError) {
            if isHeader {
                isHeader = false
                return
            }
            guard row.count >= 5 else {
                let last = row.last!
                throw HabitImportError(
                    file: path, line: last.line, column: last.column + last.text.count,
                    problem: "expected 6 fields (\(header),CalendarDate,Value,CommentText), found \(row.count)")
            }
            let name = row[0].text
            // A header again (Loop skips any row named HabitName).
            if name == "HabitName" { return }
            let id: Int64
            if let known = ids[name] {
                id = known
            } else {
                id = Int64(ids.count)
                ids[name] = id
                foreign.database.habits.append(
                    LoopBackupDatabase.HabitRecord(
                        id: id, name: name, question: "", description: row[1].text, frequencyTimes: 1,
                        frequencyDays: 1, isArchived: false, isMeasurable: false, isAtMost: false, targetValue: 0,
                        unit: "", position: id, place: "line \(row[0].line)"))
            }
            categories = categories || !row[2].text.isEmpty
            let day = try Self.day(row[3], path: path)
            let place = LoopBackupDatabase.Place(prefix: "line ", number: Int64(row[4].line))
            guard let value = Int64(row[4].text) else {
                throw HabitImportError(
                    file: path, line: row[4].line, column: row[4].column,
                    problem: "expected a whole number as the value, not \(MessageText.quoted(row[4].text))")
            }
            guard value >= 0, value <= Int64(HabitMeasure.maximumAmount) else {
                foreign.refused.append(
                    "\(path): \(place) (\(MessageText.quoted(name))): the value \(value) is not an amount from 0 "
                        + "to \(HabitMeasure.maximumAmount); the row was not imported")
                return
            }
            if value > 1 { measurable.insert(id) }
            guard parsed.count < LoopBackupImport.maximumEntries else {
                throw HabitImportError(file: path, problem: LoopBackupImport.tooManyEntries)
            }
            parsed.append((id, day, value, row.count > 5 ? row[5].text : "", place))
        }
        try CSVReader.forEachRow(bytes, shownAs: path) { row throws(HabitImportError) in try read(row) }
        var measurableNames: [String] = []
        for index in foreign.database.habits.indices where measurable.contains(foreign.database.habits[index].id) {
            foreign.database.habits[index].isMeasurable = true
            measurableNames.append(MessageText.quoted(foreign.database.habits[index].name))
        }
        for row in parsed {
            // In a measurable habit every value is an amount, 1 included (Loop would keep 1 as its
            // "done" marker, 0.002 of a unit); in a yes/no habit 1 is done and 0 not done.
            let value = measurable.contains(row.habit) ? row.value * Int64(HabitMeasure.scale) : row.value == 1 ? 2 : 0
            try foreign.addEntry(
                path: path,
                LoopBackupDatabase.EntryRecord(
                    id: 0, habit: row.habit, timestamp: ForeignHabits.timestamp(row.day), value: value,
                    notes: row.notes, place: row.place))
        }
        if !measurableNames.isEmpty {
            foreign.notCarried.append(
                "\(path): \(measurableNames.joined(separator: ", ")) \(measurableNames.count == 1 ? "has" : "have") "
                    + "values above 1, so \(measurableNames.count == 1 ? "it comes" : "they come") in measurable, "
                    + "with no unit and a goal of 0 (HabitBull's file has neither; set them with habit target)")
        }
        return foreign.report(
            path: path, today: today, notCarried: categories ? "the habits' categories" : nil)
    }

    /// A HabitBull date: `YYYY-MM-DD`, or `M/D/YYYY` as its US export writes it.
    private static func day(_ field: CSVReader.Field, path: String) throws(HabitImportError) -> CivilDate {
        let parts = field.text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
            let month = Int(parts[0]), let dayOfMonth = Int(parts[1]), let year = Int(parts[2]), parts[2].count == 4,
            let day = CivilDate(year: year, month: month, day: dayOfMonth)
        {
            return day
        }
        do throws(DayParseError) {
            return try CivilDate.parse(field.text)
        } catch {
            throw HabitImportError(
                file: path, line: field.line, column: field.column,
                problem: "expected a date as YYYY-MM-DD or M/D/YYYY, not \(MessageText.quoted(field.text))")
        }
    }
}
