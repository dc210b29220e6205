import TallyCalendar

/// The habits of a Tickmate backup database, read as Loop Habit Tracker's
/// `TickmateDBImporter.kt` reads them, without changing a byte of the file (it is opened
/// read-only and immutable).
///
/// Each track (`tracks`) is a daily habit; each tick (`ticks`) a day done, its month counted from
/// 0 as Java's `Calendar` counts it (`month` 0 is January). Several ticks on one day are one day
/// done. A track that is not `enabled` (hidden in Tickmate) comes in archived.
enum TickmateDatabase {
    /// The habits and days of the Tickmate backup `store`, as the records a Loop backup gives,
    /// with the rows refused (each with its place) and what is not carried.
    static func read(_ store: SQLiteHabitStore, path: String) throws(HabitImportError) -> ForeignHabits {
        try ForeignHabits.read(from: store, path: path, program: "Tickmate", readRows(_:path:into:))
    }

    private static func readRows(_ store: SQLiteHabitStore, path: String, into result: inout ForeignHabits) throws {
        let trackColumns = try LoopBackupDatabase.columns(of: "tracks", in: store)
        for needed in ["_id", "name"] where !trackColumns.contains(needed) {
            throw HabitImportError.foreignDatabase(
                path, program: "Tickmate", "its tracks table has no '\(needed)' column")
        }
        func column(_ name: String) -> String { trackColumns.contains(name) ? "\"\(name)\"" : "NULL" }
        let sql =
            "SELECT _id, CAST(name AS BLOB), CAST(\(column("description")) AS BLOB), \(column("enabled")), "
            + "\(column("order")) FROM tracks ORDER BY _id"
        try store.forEachRow(sql, []) { row in
            let id = row.integer(0)
            guard let name = row.validText(1), let description = row.validText(2) else {
                throw HabitImportError.invalidText(path, table: "tracks", row: id, column: "name or description")
            }
            result.database.habits.append(
                LoopBackupDatabase.HabitRecord(
                    id: id, name: name, question: "", description: description, frequencyTimes: 1, frequencyDays: 1,
                    isArchived: (row.optionalInteger(3) ?? 1) == 0, isMeasurable: false, isAtMost: false,
                    targetValue: 0, unit: "", position: row.optionalInteger(4) ?? 0, place: "tracks row \(id)"))
        }
        let tickColumns = try LoopBackupDatabase.columns(of: "ticks", in: store)
        for needed in ["_id", "_track_id", "year", "month", "day"] where !tickColumns.contains(needed) {
            throw HabitImportError.foreignDatabase(
                path, program: "Tickmate", "its ticks table has no '\(needed)' column")
        }
        var seen: Set<[Int64]> = []
        var repeated = 0
        var timed = 0
        let hasTime = tickColumns.contains("has_time_info") ? "has_time_info" : "0"
        try store.forEachRow(
            "SELECT _id, _track_id, year, month, day, \(hasTime) FROM ticks ORDER BY _track_id, year, month, day, _id",
            []
        ) { row in
            let (id, track) = (row.integer(0), row.integer(1))
            let place = LoopBackupDatabase.Place(prefix: "ticks row ", number: id)
            let (year, month, dayOfMonth) = (row.integer(2), row.integer(3), row.integer(4))
            guard
                let day = CivilDate(
                    year: Int(clamping: year), month: Int(clamping: month) + 1, day: Int(clamping: dayOfMonth))
            else {
                result.refused.append(
                    "\(path): \(place): year \(year), month \(month) (from 0), day \(dayOfMonth) is not a day")
                return
            }
            if row.integer(5) != 0 { timed += 1 }
            guard seen.insert([track, Int64(day.daysSinceEpoch)]).inserted else {
                repeated += 1
                return
            }
            try result.addEntry(
                path: path,
                LoopBackupDatabase.EntryRecord(
                    id: id, habit: track, timestamp: ForeignHabits.timestamp(day), value: 2, notes: "", place: place))
        }
        if repeated > 0 {
            result.notCarried.append(
                "\(path): \(repeated == 1 ? "1 tick" : "\(repeated) ticks") on a day already ticked "
                    + "(Tally keeps one a day, as Loop does)")
        }
        if timed > 0 {
            result.notCarried.append("\(path): the time of day of \(timed == 1 ? "1 tick" : "\(timed) ticks")")
        }
    }
}
