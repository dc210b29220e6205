import TallyCalendar

/// The habits of a Rewire backup database, read as Loop Habit Tracker's `RewireDBImporter.kt`
/// reads them, without changing a byte of the file (it is opened read-only and immutable).
///
/// Rewire's `Habits` table holds each habit's schedule: 0, on the weekdays listed in
/// `active_days` (so that many times in 7 days); 1, `days` times in a period of 7, 31 or 365 days
/// (`period` 0, 1, 2); 2, once every `repeating_count` days. A check-in (`CHECKINS`) of type 2 is a
/// day done, its date written `YYYYMMDD`; the other types are not days done, and Loop does not
/// import them either.
enum RewireDatabase {
    /// Rewire's periods, by `period`.
    static let periods: [Int64] = [7, 31, 365]

    /// The habits and days of the Rewire backup `store`, as the records a Loop backup gives,
    /// with the rows refused (each with its place) and what is not carried.
    static func read(_ store: SQLiteHabitStore, path: String) throws(HabitImportError) -> ForeignHabits {
        try ForeignHabits.read(from: store, path: path, program: "Rewire", readRows(_:path:into:))
    }

    private static func readRows(_ store: SQLiteHabitStore, path: String, into result: inout ForeignHabits) throws {
        let habitColumns = try LoopBackupDatabase.columns(of: "Habits", in: store)
        for needed in ["_id", "name", "schedule"] where !habitColumns.contains(needed) {
            throw HabitImportError.foreignDatabase(
                path, program: "Rewire", "its Habits table has no '\(needed)' column")
        }
        func column(_ name: String) -> String { habitColumns.contains(name) ? name : "NULL" }
        let sql =
            "SELECT _id, CAST(name AS BLOB), CAST(\(column("description")) AS BLOB), schedule, "
            + "CAST(\(column("active_days")) AS BLOB), \(column("repeating_count")), \(column("days")), "
            + "\(column("period")), \(column("archived")), \(column("order_num")) FROM Habits ORDER BY _id"
        try store.forEachRow(sql, []) { row in
            let id = row.integer(0)
            func text(_ index: Int32, _ name: String) throws -> String {
                guard let text = row.validText(index) else {
                    throw HabitImportError.invalidText(path, table: "Habits", row: id, column: name)
                }
                return text
            }
            let name = try text(1, "name")
            let activeDays = try text(4, "active_days")
            let (days, period, repeating) = (row.integer(6), row.integer(7), row.integer(5))
            let frequency: (times: Int64, days: Int64)?
            switch row.integer(3) {
            case 0: frequency = (Int64(activeDays.split(separator: ",").count), 7)
            case 1: frequency = periods.indices.contains(Int(clamping: period)) ? (days, periods[Int(period)]) : nil
            case 2: frequency = (1, repeating)
            default: frequency = nil
            }
            guard let frequency, frequency.times >= 1, frequency.days >= 1 else {
                result.refused.append(
                    "\(path): Habits row \(id): \(MessageText.quoted(name)) has a schedule Rewire does not write "
                        + "(schedule \(row.integer(3)), days \(days), period \(period), repeating \(repeating)); "
                        + "it was not imported")
                return
            }
            result.database.habits.append(
                LoopBackupDatabase.HabitRecord(
                    id: id, name: name, question: "", description: try text(2, "description"),
                    frequencyTimes: frequency.times, frequencyDays: frequency.days,
                    isArchived: (row.optionalInteger(8) ?? 0) != 0, isMeasurable: false, isAtMost: false,
                    targetValue: 0, unit: "", position: row.optionalInteger(9) ?? 0, place: "Habits row \(id)"))
        }
        let checkinColumns = try LoopBackupDatabase.columns(of: "CHECKINS", in: store)
        for needed in ["_id", "habit_id", "date", "type"] where !checkinColumns.contains(needed) {
            throw HabitImportError.foreignDatabase(
                path, program: "Rewire", "its CHECKINS table has no '\(needed)' column")
        }
        let note = checkinColumns.contains("note") ? "note" : "NULL"
        var otherTypes = 0
        try store.forEachRow(
            "SELECT _id, habit_id, CAST(date AS BLOB), type, CAST(\(note) AS BLOB) FROM CHECKINS ORDER BY habit_id, date",
            []
        ) { row in
            let id = row.integer(0)
            guard let notes = row.validText(4), let date = row.validText(2) else {
                throw HabitImportError.invalidText(path, table: "CHECKINS", row: id, column: "date or note")
            }
            guard row.integer(3) == 2 else {
                otherTypes += 1
                return
            }
            let place = LoopBackupDatabase.Place(prefix: "CHECKINS row ", number: id)
            let digits = date.utf8.count == 8 && date.utf8.allSatisfy { (0x30...0x39).contains($0) }
            guard digits, let year = Int(date.prefix(4)), let month = Int(date.dropFirst(4).prefix(2)),
                let dayOfMonth = Int(date.suffix(2)), let day = CivilDate(year: year, month: month, day: dayOfMonth)
            else {
                result.refused.append(
                    "\(path): \(place): the date \(MessageText.quoted(date)) is not a day as YYYYMMDD")
                return
            }
            try result.addEntry(
                path: path,
                LoopBackupDatabase.EntryRecord(
                    id: id, habit: row.integer(1), timestamp: ForeignHabits.timestamp(day), value: 2, notes: notes,
                    place: place))
        }
        if otherTypes > 0 {
            result.notCarried.append(
                "\(path): \(otherTypes == 1 ? "1 check-in" : "\(otherTypes) check-ins") of a type other than "
                    + "done (Rewire's types 1 and 3, which Loop does not import either)")
        }
    }
}
