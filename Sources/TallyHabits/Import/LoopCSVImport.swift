import TallyCalendar

/// Reads Loop Habit Tracker's CSV export, its zip or the folder it unzips to: `Habits.csv` (one
/// row per habit) and the days, from each habit's own `NNN Name/Checkmarks.csv`
/// (`Date,Value,Notes`) where it has rows, else from its column of the export's
/// `Checkmarks.csv`. The rows become the records a backup database gives, so both go through
/// ``LoopBackupImport`` and its rules. A measurable habit's values are Loop's × 1000, as in its
/// database (`2500` is 2.5), and its `NO` is a value of 0.
enum LoopCSVImport {
    /// Loop's words for a day's value, as its `Entry` numbers them.
    static let values: [String: Int64] = ["YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1]

    /// What the export in `folder` brings in; messages name `shownAs`'s folder.
    static func report(folder: String, shownAs: String, today: CivilDate) throws(HabitImportError) -> HabitImportReport
    {
        try report(.folder(folder), shownAs: shownAs, today: today)
    }

    /// What the export read from `source` brings in; messages name `shownAs`.
    static func report(_ source: LoopExportSource, shownAs: String, today: CivilDate) throws(HabitImportError)
        -> HabitImportReport
    {
        guard let habitBytes = try source.file("Habits.csv") else {
            throw HabitImportError(file: shownAs, problem: "it has no Habits.csv; " + HabitImportFile.acceptedFormats)
        }
        let habitRows = try rows(habitBytes, shownAs: source.shown("Habits.csv"))
        guard let header = habitRows.first?.map(\.text), header.first == "Position", header.contains("Name") else {
            throw HabitImportError(
                file: source.shown("Habits.csv"), line: 1, column: 1, problem: "expected Loop's header Position,Name,…")
        }
        func index(_ name: String) -> Int? { header.firstIndex(of: name) }
        var habits: [LoopBackupDatabase.HabitRecord] = []
        for (number, row) in habitRows.dropFirst().enumerated() {
            func field(_ name: String) -> String {
                guard let column = index(name), column < row.count else { return "" }
                return row[column].text
            }
            habits.append(
                LoopBackupDatabase.HabitRecord(
                    id: Int64(number), name: field("Name"), question: field("Question"),
                    description: field("Description"),
                    frequencyTimes: Int64(field("FrequencyNumerator")) ?? 0,
                    frequencyDays: Int64(field("FrequencyDenominator")) ?? 0,
                    isArchived: field("Archived?") == "true", isMeasurable: field("Type") == "NUMERICAL",
                    isAtMost: field("Target Type") == "AT_MOST", targetValue: Double(field("Target Value")) ?? 0,
                    unit: field("Unit"), position: Int64(field("Position")) ?? 0,
                    place: "Habits.csv:\(row[0].line)"))
        }
        var days = DayRows(habits: habits, shownAs: shownAs)
        var fromOwnFile: Set<Int64> = []
        for habit in habits {
            var own: (file: String, bytes: [UInt8])?
            for folder in ownFolders(of: habit) where own == nil {
                own = try source.file(folder + "/Checkmarks.csv").map { (folder + "/Checkmarks.csv", $0) }
            }
            guard let (file, bytes) = own else { continue }
            var isHeader = true
            try CSVReader.forEachRow(bytes, shownAs: source.shown(file)) { row throws(HabitImportError) in
                if isHeader {
                    isHeader = false
                    return
                }
                fromOwnFile.insert(habit.id)
                guard row.count >= 2 else { return }
                try days.add(
                    date: row[0], value: row[1], notes: row.count > 2 ? row[2].text : "", habit: habit, file: file)
            }
        }
        if let bytes = try source.file("Checkmarks.csv") {
            // Each column is a habit, named in the header; the first is the date.
            var columns: [(column: Int, habit: LoopBackupDatabase.HabitRecord)]?
            try CSVReader.forEachRow(bytes, shownAs: source.shown("Checkmarks.csv")) { row throws(HabitImportError) in
                guard let known = columns else {
                    columns = habits.enumerated().compactMap { index, habit in
                        index + 1 < row.count && row[index + 1].text == habit.name && !fromOwnFile.contains(habit.id)
                            ? (index + 1, habit) : nil
                    }
                    return
                }
                for (column, habit) in known where column < row.count {
                    try days.add(date: row[0], value: row[column], notes: "", habit: habit, file: "Checkmarks.csv")
                }
            }
        }
        var database = LoopBackupDatabase(version: 0, habits: habits, entries: days.entries)
        database.refused = days.refused
        return LoopBackupImport.report(database, path: shownAs, today: today)
    }

    /// The folders Loop may have written `habit`'s own files in: `NNN Name` with the name as
    /// Loop's `HabitsCSVExporter.sanitizeFilename` cuts it (only ` a-zA-Z0-9._-` kept, at most
    /// 100 characters, the whole trimmed), then with the name whole.
    static func ownFolders(of habit: LoopBackupDatabase.HabitRecord) -> [String] {
        let number = String(habit.position)
        let position = String(repeating: "0", count: Swift.max(0, 3 - number.count)) + number
        let kept = habit.name.unicodeScalars.filter { scalar in
            scalar.isASCII
                && (scalar == " " || scalar == "." || scalar == "_" || scalar == "-"
                    || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
        }
        let sanitized = Habit.trimmed("\(position) " + String(String.UnicodeScalarView(kept.prefix(100))))
        let whole = "\(position) \(habit.name)"
        return sanitized == whole ? [whole] : [sanitized, whole]
    }

    /// The days read so far, each habit's day once: a second row for one day is refused (and
    /// counted) as it is read, never kept, so a file of one row repeated a million times (a zip
    /// bomb) costs the memory of one.
    private struct DayRows {
        let habits: [LoopBackupDatabase.HabitRecord]
        let shownAs: String
        var entries: [LoopBackupDatabase.EntryRecord] = []
        var refused = HabitImportReport.RefusedRows()
        /// Each habit id and day read, as one number.
        private var seen: Set<Int64> = []

        init(habits: [LoopBackupDatabase.HabitRecord], shownAs: String) {
            self.habits = habits
            self.shownAs = shownAs
        }

        /// Adds the day in `date` with `value` and `notes` for `habit`, read from `file`, unless
        /// it holds nothing (unknown; for a yes/no habit also not done and done by Loop's own
        /// reckoning) or was read before.
        mutating func add(
            date: CSVReader.Field, value: CSVReader.Field, notes: String, habit: LoopBackupDatabase.HabitRecord,
            file: String
        ) throws(HabitImportError) {
            let day: CivilDate
            do throws(DayParseError) {
                day = try CivilDate.parse(date.text)
            } catch {
                throw HabitImportError(file: shownAs, problem: "\(file):\(date.line):\(date.column): \(error.message)")
            }
            let number = values[value.text] ?? Int64(value.text)
            guard let number else {
                throw HabitImportError(
                    file: shownAs,
                    problem: "\(file):\(value.line):\(value.column): expected a value such as YES_MANUAL, "
                        + "not \(MessageText.quoted(value.text))")
            }
            let holdsNothing = habit.isMeasurable ? number == -1 : (number == -1 || number == 0 || number == 1)
            if holdsNothing && notes.isEmpty { return }
            let place = LoopBackupDatabase.Place(
                prefix: file + ":", number: Int64(value.line), column: Int32(clamping: value.column))
            guard seen.insert(habit.id << 32 | Int64(UInt32(bitPattern: Int32(day.daysSinceEpoch)))).inserted else {
                refused.append("\(place) (\(MessageText.quoted(habit.name))): \(day) is in the file twice")
                return
            }
            guard entries.count < LoopBackupImport.maximumEntries else {
                throw HabitImportError(file: shownAs, problem: LoopBackupImport.tooManyEntries)
            }
            entries.append(
                LoopBackupDatabase.EntryRecord(
                    id: Int64(value.line), habit: habit.id,
                    timestamp: Int64(day.daysSinceEpoch) * LoopBackupImport.millisecondsPerDay,
                    value: number, notes: notes, place: place))
        }
    }

    /// The rows of the CSV file `bytes`, named `shownAs` in messages.
    private static func rows(_ bytes: [UInt8], shownAs: String) throws(HabitImportError) -> [[CSVReader.Field]] {
        do throws(CSVReader.Failure) {
            return try CSVReader.rows(bytes)
        } catch {
            throw HabitImportError(file: shownAs, line: error.line, column: error.column, problem: error.problem)
        }
    }
}
