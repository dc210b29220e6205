import Glibc

/// Reads Loop Habit Tracker's CSV export, unzipped: `Habits.csv` (one row per habit) and the
/// days, from each habit's own `NNN Name/Checkmarks.csv` (`Date,Value,Notes`) where it has rows,
/// else from its column of the folder's `Checkmarks.csv`. The rows become the records a backup
/// database gives, so both go through ``LoopBackupImport`` and its rules.
enum LoopCSVImport {
    /// Loop's words for a day's value, as its `Entry` numbers them.
    static let values: [String: Int64] = ["YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1]

    /// What the export in `folder` brings in; messages name `shownAs`'s folder.
    static func report(folder: String, shownAs: String, today: Day) throws(HabitImportError) -> HabitImportReport {
        let habitsPath = folder + "/Habits.csv"
        let habitRows = try rows(
            habitsPath, shownAs: shownAs, missing: "it has no Habits.csv; " + HabitImportFile.acceptedFormats)
        guard let header = habitRows.first?.map(\.text), header.first == "Position", header.contains("Name") else {
            throw HabitImportError(
                file: habitsPath, line: 1, column: 1, problem: "expected Loop's header Position,Name,…")
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
        var entries: [LoopBackupDatabase.EntryRecord] = []
        var fromOwnFile: Set<Int64> = []
        for habit in habits {
            let position =
                String(repeating: "0", count: Swift.max(0, 3 - String(habit.position).count)) + String(habit.position)
            let file = "\(position) \(habit.name)/Checkmarks.csv"
            // A habit's own file may be missing (older exports); one that is there must read.
            guard access(folder + "/" + file, F_OK) == 0 else { continue }
            let own = try rows(folder + "/" + file, shownAs: shownAs, missing: "")
            guard own.count > 1 else { continue }
            fromOwnFile.insert(habit.id)
            for row in own.dropFirst() where row.count >= 2 {
                if let entry = try entry(
                    date: row[0], value: row[1], notes: row.count > 2 ? row[2].text : "", habit: habit.id, file: file,
                    shownAs: shownAs)
                {
                    entries.append(entry)
                }
            }
        }
        let allPath = folder + "/Checkmarks.csv"
        let all = access(allPath, F_OK) == 0 ? try rows(allPath, shownAs: shownAs, missing: "") : []
        if let names = all.first {
            for row in all.dropFirst() {
                for (column, habit) in habits.enumerated() where !fromOwnFile.contains(habit.id) {
                    guard column + 1 < row.count, column + 1 < names.count, names[column + 1].text == habit.name else {
                        continue
                    }
                    if let entry = try entry(
                        date: row[0], value: row[column + 1], notes: "", habit: habit.id, file: "Checkmarks.csv",
                        shownAs: shownAs)
                    {
                        entries.append(entry)
                    }
                }
            }
        }
        return LoopBackupImport.report(
            LoopBackupDatabase(version: 0, habits: habits, entries: entries), path: shownAs, today: today)
    }

    /// The record of one day, nil for Loop's days that hold nothing (unknown, not done).
    private static func entry(
        date: CSVReader.Field, value: CSVReader.Field, notes: String, habit: Int64, file: String, shownAs: String
    ) throws(HabitImportError) -> LoopBackupDatabase.EntryRecord? {
        let day: Day
        do throws(DayParseError) {
            day = try Day.parse(date.text)
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
        if (number == -1 || number == 0 || number == 1) && notes.isEmpty { return nil }
        return LoopBackupDatabase.EntryRecord(
            id: Int64(value.line), habit: habit,
            timestamp: Int64(day.daysSinceEpoch) * LoopBackupImport.millisecondsPerDay,
            value: number, notes: notes, place: "\(file):\(value.line):\(value.column)")
    }

    /// The rows of the CSV file at `path`; `missing` is the problem when it cannot be read.
    private static func rows(_ path: String, shownAs: String, missing: String) throws(HabitImportError) -> [[CSVReader
        .Field]]
    {
        let bytes: [UInt8]
        do throws(HabitImportError) {
            bytes = try HabitImportFormat.readFile(path)
        } catch {
            throw HabitImportError(file: shownAs, problem: missing.isEmpty ? error.problem : missing)
        }
        do throws(CSVReader.Failure) {
            return try CSVReader.rows(bytes)
        } catch {
            throw HabitImportError(file: path, line: error.line, column: error.column, problem: error.problem)
        }
    }
}
