import CSQLite

extension SQLiteHabitStore {
    /// Every habit, each checked by ``Habit`` as it is read.
    public func allHabits() throws -> [Habit] {
        try loadHabits(where: "1", [])
    }

    /// A summary of every habit, each checked by ``HabitSummary`` as it is read.
    ///
    /// Reads per habit its row, its first and last day done (two probes of the primary key)
    /// and its runs ending near `today`, never the days in between; the count and the runs are
    /// kept by the schema's triggers and checked against what was read.
    public func summaries(today: Day) throws -> [HabitSummary] {
        // Every habit tracked up to today shares this horizon, so one join reads their recent
        // runs; a habit archived before today reaches further back and is read on its own.
        let sharedHorizon = HabitSummary.horizon(archiveDay: nil, today: today)
        return try readTransaction {
            var rows: [(habit: HabitRow, firstDone: Int64?, lastDone: Int64?, runs: [ClosedRange<Day>])] = []
            try forEachRow(
                """
                SELECT h.id, h.name, h.name_key, h.start_day, h.archive_day, h.completion_count,
                    (SELECT min(day) FROM completion WHERE habit_id = h.id),
                    (SELECT max(day) FROM completion WHERE habit_id = h.id),
                    r.first_day, r.last_day
                FROM habit AS h LEFT JOIN completion_run AS r ON r.habit_id = h.id AND r.last_day >= ?1
                ORDER BY h.id, r.last_day
                """, [.day(sharedHorizon)]
            ) { row in
                if rows.last?.habit.id.rawValue != row.integer(0) {
                    rows.append((HabitRow(row), row.optionalInteger(6), row.optionalInteger(7), []))
                }
                if !row.isNull(8) {
                    let habit = rows[rows.count - 1].habit
                    rows[rows.count - 1].runs.append(try storedRun(row.day(8), row.day(9), of: habit))
                }
            }
            let sql = """
                SELECT first_day, last_day FROM completion_run WHERE habit_id = ?1 AND last_day >= ?2
                ORDER BY last_day
                """
            return try withStatement(sql, operation: "reading") { olderRuns in
                try rows.map { row in
                    let (start, archive) = try days(of: row.habit)
                    let firstDone = try row.firstDone.map { try day($0, "first completion day", of: row.habit) }
                    let lastDone = try row.lastDone.map { try day($0, "last completion day", of: row.habit) }
                    let horizon = HabitSummary.horizon(archiveDay: archive, today: today)
                    var runs = row.runs
                    if horizon < sharedHorizon {
                        runs = []
                        try forEachRow(of: olderRuns, [.integer(row.habit.id.rawValue), .day(horizon)]) {
                            runs.append(try storedRun($0.day(0), $0.day(1), of: row.habit))
                        }
                    }
                    try checkRecentRuns(runs, of: row.habit, firstDone: firstDone, lastDone: lastDone, horizon: horizon)
                    let summary: HabitSummary
                    do throws(HabitError) {
                        summary = try HabitSummary(
                            restoring: row.habit.id, name: row.habit.name ?? "", start: start, archiveDay: archive,
                            completionCount: Int(row.habit.completionCount), firstDone: firstDone, lastDone: lastDone,
                            recentRuns: runs, today: today)
                    } catch {
                        throw row.habit.invalid(in: path, error.message)
                    }
                    try checkNameKey(of: row.habit, validName: summary.name)
                    return summary
                }
            }
        }
    }

    /// The habit with this name key.
    ///
    /// When the index of names finds none, the table is searched without it: a habit found that
    /// way means the index is damaged, which is reported rather than answered with "no habit"
    /// (and a second habit of that name added).
    public func habit(withNameKey nameKey: String) throws -> Habit? {
        if let habit = try loadHabits(where: "h.name_key = ?1", [.text(nameKey)]).first { return habit }
        var unindexed = false
        try forEachRow("SELECT 1 FROM habit NOT INDEXED WHERE name_key = ?1 LIMIT 1", [.text(nameKey)]) { _ in
            unindexed = true
        }
        guard !unindexed else {
            throw HabitStoreError.damaged(
                file: path, detail: "the index of names does not list \(MessageText.quoted(nameKey))")
        }
        return nil
    }

    /// The habit with this identity.
    public func habit(withID id: HabitID) throws -> Habit? {
        try loadHabits(where: "h.id = ?1", [.integer(id.rawValue)]).first
    }

    /// Stores a new habit and its completions.
    public func insert(_ habit: Habit) throws {
        try transaction {
            try run(
                "INSERT INTO habit (id, name, name_key, start_day, archive_day) VALUES (?1, ?2, ?3, ?4, ?5)",
                habitValues(habit), operation: "adding '\(habit.name)'")
            for day in habit.daysDone {
                try insertCompletion(of: habit, on: day)
            }
        }
    }

    /// Replaces the stored habit with the same identity, writing only the completions that
    /// changed.
    public func update(_ habit: Habit) throws {
        try transaction {
            try run(
                "UPDATE habit SET name = ?2, name_key = ?3, start_day = ?4, archive_day = ?5 WHERE id = ?1",
                habitValues(habit), operation: "updating '\(habit.name)'")
            var stored = Set<Day>()
            try forEachRow("SELECT day FROM completion WHERE habit_id = ?1", [.integer(habit.id.rawValue)]) {
                stored.insert($0.day(0))
            }
            let wanted = Set(habit.daysDone)
            for day in stored.subtracting(wanted).sorted() {
                try run(
                    "DELETE FROM completion WHERE habit_id = ?1 AND day = ?2",
                    [.integer(habit.id.rawValue), .day(day)], operation: "undoing \(day)")
            }
            for day in habit.daysDone where !stored.contains(day) {
                try insertCompletion(of: habit, on: day)
            }
        }
    }

    /// Removes a habit and its completions.
    public func delete(_ id: HabitID) throws {
        try transaction {
            // Explicitly, not only by the foreign key's cascade: a hand-edited file may have
            // lost it.
            try run("DELETE FROM completion WHERE habit_id = ?1", [.integer(id.rawValue)], operation: "deleting")
            try run("DELETE FROM habit WHERE id = ?1", [.integer(id.rawValue)], operation: "deleting")
        }
    }

    // MARK: Rows

    private func habitValues(_ habit: Habit) -> [Value] {
        [
            .integer(habit.id.rawValue), .text(habit.name), .text(habit.nameKey), .day(habit.start),
            habit.archiveDay.map { .day($0) } ?? .null,
        ]
    }

    private func insertCompletion(of habit: Habit, on day: Day) throws {
        try run(
            "INSERT INTO completion (habit_id, day) VALUES (?1, ?2)",
            [.integer(habit.id.rawValue), .day(day)], operation: "recording \(day)")
    }

    /// A `habit` row as read, before any check.
    private struct HabitRow {
        let id: HabitID
        let name: String?
        let key: String?
        let start: Int64?
        let archive: Int64?
        let completionCount: Int64

        /// Columns 0–5: id, name, name_key, start_day, archive_day, completion_count.
        init(_ row: Row) {
            id = HabitID(rawValue: row.integer(0))
            name = row.text(1)
            key = row.text(2)
            start = row.optionalInteger(3)
            archive = row.optionalInteger(4)
            completionCount = row.integer(5)
        }

        /// The error naming this row and what is wrong with it.
        func invalid(in file: String, _ problem: String) -> HabitStoreError {
            .invalidRow(file: file, habitID: id, name: name ?? "", problem: problem)
        }
    }

    /// What is wrong when the count or runs the triggers keep disagree with the days done:
    /// someone wrote `completion_count` or `completion_run` directly.
    private static let derivedRowsMismatch =
        "its completion_count or completion_run rows do not match its completion rows"

    /// A `completion_run` row as a range of days, or the error naming the habit when it ends
    /// before it begins.
    private func storedRun(_ first: Day, _ last: Day, of row: HabitRow) throws -> ClosedRange<Day> {
        guard first <= last else { throw row.invalid(in: path, Self.derivedRowsMismatch) }
        return first...last
    }

    /// A stored day number as a ``Day``, or the error naming the row: the schema's CHECK keeps
    /// days within the supported years, but it can be switched off.
    private func day(_ value: Int64, _ role: String, of row: HabitRow) throws -> Day {
        let day = Day(daysSinceEpoch: Int(value))
        guard Day.supportedDays.contains(day) else {
            let (first, last) = (Day.supportedDays.lowerBound, Day.supportedDays.upperBound)
            throw row.invalid(
                in: path,
                "its \(role) \(value) is not a day from \(first) to \(last) "
                    + "(\(first.daysSinceEpoch) to \(last.daysSinceEpoch) days since 1970-01-01)")
        }
        return day
    }

    /// The start and archive days of a row.
    private func days(of row: HabitRow) throws -> (start: Day, archive: Day?) {
        guard row.name != nil else { throw row.invalid(in: path, "its name is missing") }
        guard let start = row.start else { throw row.invalid(in: path, "its start day is missing") }
        return (try day(start, "start day", of: row), try row.archive.map { try day($0, "archive day", of: row) })
    }

    /// A name edited without its key would make the habit unreachable by name.
    private func checkNameKey(of row: HabitRow, validName: String) throws {
        let expected = Habit.nameKey(for: validName)
        guard row.key == expected else {
            let problem = "its name_key '\(row.key ?? "")' does not match its name (expected '\(expected)')"
            throw row.invalid(in: path, problem)
        }
    }

    /// Checks what a summary read of the triggers' work against the first and last day done:
    /// runs in order and apart, within those days, the latest ending on the last day done, and
    /// a count that fits (exactly the runs' days when they reach back to the first day done).
    private func checkRecentRuns(
        _ runs: [ClosedRange<Day>], of row: HabitRow, firstDone: Day?, lastDone: Day?, horizon: Day
    ) throws {
        let count = Int(row.completionCount)
        let daysInRuns = runs.reduce(0) { $0 + $1.count }
        var consistent = zip(runs, runs.dropFirst()).allSatisfy { $1.lowerBound.days(since: $0.upperBound) > 1 }
        if let firstDone, let lastDone {
            consistent =
                consistent && count >= Swift.max(1, daysInRuns) && count <= lastDone.days(since: firstDone) + 1
                && runs.allSatisfy { $0.lowerBound >= firstDone && $0.upperBound <= lastDone }
                && (lastDone < horizon || runs.last?.upperBound == lastDone)
                && (runs.first?.lowerBound != firstDone || count == daysInRuns)
        } else {
            consistent = consistent && count == 0 && runs.isEmpty
        }
        guard consistent else { throw row.invalid(in: path, Self.derivedRowsMismatch) }
    }

    /// Habits matching `condition` (SQL over `h`, the habit table), with their completions, read
    /// on one snapshot.
    private func loadHabits(where condition: String, _ bindings: [Value]) throws -> [Habit] {
        try readTransaction {
            var rows: [HabitRow] = []
            try forEachRow(
                """
                SELECT h.id, h.name, h.name_key, h.start_day, h.archive_day, h.completion_count
                FROM habit AS h WHERE \(condition)
                """, bindings
            ) { rows.append(HabitRow($0)) }
            // One narrow scan of the primary key per habit: a join would repeat the habit's
            // columns on every day's row.
            let daysSQL = "SELECT day FROM completion WHERE habit_id = ?1 ORDER BY day"
            return try withStatement(daysSQL, operation: "reading") { days in
                try withStatement(
                    "SELECT first_day, last_day FROM completion_run WHERE habit_id = ?1 ORDER BY last_day",
                    operation: "reading"
                ) { runs in
                    try rows.map { row in
                        var dayNumbers: [Int64] = []
                        dayNumbers.reserveCapacity(Int(Swift.max(0, Swift.min(row.completionCount, 100_000))))
                        try forEachRow(of: days, [.integer(row.id.rawValue)]) { dayNumbers.append($0.integer(0)) }
                        var storedRuns: [ClosedRange<Day>] = []
                        try forEachRow(of: runs, [.integer(row.id.rawValue)]) {
                            storedRuns.append(try storedRun($0.day(0), $0.day(1), of: row))
                        }
                        return try restoreHabit(row, dayNumbers: dayNumbers, storedRuns: storedRuns)
                    }
                }
            }
        }
    }

    /// A stored row turned into a ``Habit``, through the same validation as a typed one; its
    /// days come in ascending order. The count and runs the triggers keep must match the days.
    private func restoreHabit(_ row: HabitRow, dayNumbers: [Int64], storedRuns: [ClosedRange<Day>]) throws -> Habit {
        let (start, archive) = try days(of: row)
        var daysDone: [Day] = []
        daysDone.reserveCapacity(dayNumbers.count)
        for value in dayNumbers { daysDone.append(try day(value, "completion day", of: row)) }
        let habit: Habit
        do throws(HabitError) {
            habit = try Habit(
                restoring: row.id, name: row.name ?? "", start: start, archiveDay: archive, daysDone: daysDone)
        } catch {
            throw row.invalid(in: path, error.message)
        }
        try checkNameKey(of: row, validName: habit.name)
        guard row.completionCount == dayNumbers.count, storedRuns == habit.completionRuns else {
            throw row.invalid(in: path, Self.derivedRowsMismatch)
        }
        return habit
    }
}
