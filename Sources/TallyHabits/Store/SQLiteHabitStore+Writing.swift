import TallyCalendar

extension SQLiteHabitStore {
    /// Puts each habit of `positions` at its place (nil: back to the order by name), in one
    /// transaction: `habit move` renumbers every habit at once.
    public func setPositions(_ positions: [HabitID: Int?]) throws {
        try transaction {
            for (id, position) in positions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try run(
                    "UPDATE habit SET position = ?2 WHERE id = ?1",
                    [.integer(id.rawValue), position.map { .integer(Int64($0)) } ?? .null], operation: "ordering")
            }
        }
    }

    /// Stores a new habit and its completions.
    public func insert(_ habit: Habit) throws {
        try insert(contentsOf: [habit])
    }

    /// Stores new habits and their days, in one transaction, each statement prepared once for
    /// all of them: an import of 20,000 habits prepares a few statements, not 120,000.
    ///
    /// Many days at once (an import) go in without the trigger that keeps each habit's runs and
    /// count: it costs four statements a day. Inside the transaction the trigger is dropped, the
    /// days inserted, each habit's runs and count written from the habit itself, and the
    /// trigger made again from its own stored text, so the schema is as it was (all of it, or
    /// on any failure none of it, is committed).
    public func insert(contentsOf habits: [Habit]) throws {
        let inBulk = habits.reduce(0) { $0 + $1.daysDone.count } > Self.daysInsertedOneByOne
        let statements = [
            """
            INSERT INTO habit (
                id, name, name_key, start_day, archive_day, target, unit, goal, goal_kind, description, position)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """,
            "INSERT INTO completion (habit_id, day) VALUES (?1, ?2)",
            "INSERT INTO note (habit_id, day, text) VALUES (?1, ?2, ?3)",
            "INSERT INTO skip (habit_id, day) VALUES (?1, ?2)",
            "INSERT INTO pause (habit_id, first_day, last_day) VALUES (?1, ?2, ?3)",
            "INSERT INTO amount (habit_id, day, value) VALUES (?1, ?2, ?3)",
            "INSERT INTO completion_run (habit_id, first_day, last_day) VALUES (?1, ?2, ?3)",
            "UPDATE habit SET completion_count = ?2 WHERE id = ?1",
        ]
        try transaction {
            var trigger: String?
            if inBulk {
                try forEachRow(
                    "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'completion_inserted'", []
                ) { trigger = $0.text(0) }
                if trigger != nil { try execute("DROP TRIGGER completion_inserted", operation: "adding habits") }
            }
            try withStatements(statements, operation: "adding habits") { prepared in
                for habit in habits {
                    try insert(habit, with: prepared, runsAndCount: trigger != nil)
                }
            }
            if let trigger { try execute(trigger, operation: "adding habits") }
        }
    }

    /// Above this many days an insert goes without the trigger (see ``insert(contentsOf:)``).
    static let daysInsertedOneByOne = 2_000

    /// Inserts `habit` with the statements of ``insert(contentsOf:)``, and its runs and count
    /// when `runsAndCount` (the trigger that keeps them is off).
    private func insert(_ habit: Habit, with prepared: [OpaquePointer], runsAndCount: Bool) throws {
        let id = Value.integer(habit.id.rawValue)
        let operation = "adding \(MessageText.quoted(habit.name))"
        func run(_ statement: Int, _ bindings: [Value]) throws {
            try forEachRow(of: prepared[statement], bindings, operation: operation) { _ in }
        }
        try run(0, habitValues(habit))
        for day in habit.daysDone { try run(1, [id, .day(day)]) }
        for (day, text) in habit.notes.sorted(by: { $0.key < $1.key }) { try run(2, [id, .day(day), .text(text)]) }
        for day in habit.skippedDays { try run(3, [id, .day(day)]) }
        for pause in habit.pauses { try run(4, [id, .day(pause.lowerBound), .day(pause.upperBound)]) }
        for (day, amount) in habit.amounts.sorted(by: { $0.key < $1.key }) {
            try run(5, [id, .day(day), .integer(Int64(amount))])
        }
        guard runsAndCount else { return }
        for days in habit.completionRuns { try run(6, [id, .day(days.lowerBound), .day(days.upperBound)]) }
        try run(7, [id, .integer(Int64(habit.daysDone.count))])
    }

    /// The name key of every stored habit, read from the table itself (not its index of names,
    /// which a damaged file may have lost rows of): one scan, where asking name by name would
    /// cost one scan each.
    public func nameKeys() throws -> Set<String> {
        var keys: Set<String> = []
        try forEachRow("SELECT name_key FROM habit NOT INDEXED", []) { keys.insert($0.text(0) ?? "") }
        return keys
    }

    /// Replaces the stored habit with the same identity, writing only the completions that
    /// changed.
    public func update(_ habit: Habit) throws {
        try transaction {
            try run(
                """
                UPDATE habit SET name = ?2, name_key = ?3, start_day = ?4, archive_day = ?5, target = ?6, unit = ?7,
                    goal = ?8, goal_kind = ?9, description = ?10, position = ?11
                WHERE id = ?1
                """,
                habitValues(habit), operation: "updating \(MessageText.quoted(habit.name))")
            try writeSkipsAndPauses(of: habit)
            try writeAmounts(
                of: habit,
                stored: try storedAmounts(where: "habit_id = ?1", [.integer(habit.id.rawValue)])[habit.id.rawValue]
                    ?? [:])
            var stored = Set<CivilDate>()
            try forEachRow("SELECT day FROM completion WHERE habit_id = ?1", [.integer(habit.id.rawValue)]) {
                stored.insert($0.day(0))
            }
            let wanted = Set(habit.daysDone)
            for day in stored.subtracting(wanted).sorted() {
                try run(
                    "DELETE FROM completion WHERE habit_id = ?1 AND day = ?2",
                    [.integer(habit.id.rawValue), .day(day)], operation: "undoing \(day)")
            }
            try insertCompletions(of: habit, on: habit.daysDone.filter { !stored.contains($0) })
        }
    }

    /// Removes a habit and its completions.
    public func delete(_ id: HabitID) throws {
        try transaction {
            // Explicitly, not only by the foreign key's cascade: a hand-edited file may have
            // lost it.
            for table in ["completion", "skip", "pause", "note", "amount"] {
                try run("DELETE FROM \(table) WHERE habit_id = ?1", [.integer(id.rawValue)], operation: "deleting")
            }
            try run("DELETE FROM habit WHERE id = ?1", [.integer(id.rawValue)], operation: "deleting")
        }
    }

    private func habitValues(_ habit: Habit) -> [Value] {
        [
            .integer(habit.id.rawValue), .text(habit.name), .text(habit.nameKey), .day(habit.start),
            habit.archiveDay.map { .day($0) } ?? .null, .text(habit.target.description),
            habit.measure.map { .text($0.unit) } ?? .null, habit.measure.map { .integer(Int64($0.goal)) } ?? .null,
            habit.measure.map { .text($0.kind.rawValue) } ?? .null, habit.habitDescription.map { .text($0) } ?? .null,
            habit.position.map { .integer(Int64($0)) } ?? .null,
        ]
    }

    /// Writes the amounts that differ from `stored` (what the file holds for the habit): an
    /// entry changes one row, an import inserts thousands through one prepared statement.
    private func writeAmounts(of habit: Habit, stored: [CivilDate: Int]) throws {
        let id = Value.integer(habit.id.rawValue)
        for day in stored.keys.sorted() where habit.amounts[day] == nil {
            try run(
                "DELETE FROM amount WHERE habit_id = ?1 AND day = ?2", [id, .day(day)], operation: "undoing \(day)")
        }
        let changed = habit.amounts.filter { stored[$0.key] != $0.value }.sorted { $0.key < $1.key }
        guard !changed.isEmpty else { return }
        try withStatement(
            "INSERT OR REPLACE INTO amount (habit_id, day, value) VALUES (?1, ?2, ?3)", operation: "recording amounts"
        ) { statement in
            for (day, amount) in changed {
                try forEachRow(of: statement, [id, .day(day), .integer(Int64(amount))], operation: "recording \(day)") {
                    _ in
                }
            }
        }
    }

    /// Replaces the habit's stored skips, pauses and notes with its own (there are few of each).
    private func writeSkipsAndPauses(of habit: Habit) throws {
        let id = Value.integer(habit.id.rawValue)
        try run("DELETE FROM skip WHERE habit_id = ?1", [id], operation: "writing skips")
        try run("DELETE FROM pause WHERE habit_id = ?1", [id], operation: "writing pauses")
        try run("DELETE FROM note WHERE habit_id = ?1", [id], operation: "writing notes")
        for (day, text) in habit.notes.sorted(by: { $0.key < $1.key }) {
            try run(
                "INSERT INTO note (habit_id, day, text) VALUES (?1, ?2, ?3)", [id, .day(day), .text(text)],
                operation: "writing the note of \(day)")
        }
        for day in habit.skippedDays {
            try run("INSERT INTO skip (habit_id, day) VALUES (?1, ?2)", [id, .day(day)], operation: "skipping \(day)")
        }
        for pause in habit.pauses {
            try run(
                "INSERT INTO pause (habit_id, first_day, last_day) VALUES (?1, ?2, ?3)",
                [id, .day(pause.lowerBound), .day(pause.upperBound)], operation: "writing pauses")
        }
    }

    /// Inserts the completions of `days`, one statement prepared once (an import inserts
    /// thousands).
    private func insertCompletions(of habit: Habit, on days: [CivilDate]) throws {
        guard !days.isEmpty else { return }
        try withStatement("INSERT INTO completion (habit_id, day) VALUES (?1, ?2)", operation: "recording days") {
            statement in
            for day in days {
                try forEachRow(of: statement, [.integer(habit.id.rawValue), .day(day)], operation: "recording \(day)") {
                    _ in
                }
            }
        }
    }
}
