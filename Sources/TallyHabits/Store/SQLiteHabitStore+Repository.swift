import CSQLite
import TallyCalendar

extension SQLiteHabitStore {
    /// Every habit, each checked by ``Habit`` as it is read.
    public func allHabits() throws -> [Habit] {
        try loadHabits(where: "1", [])
    }

    /// A summary of every habit, each checked by ``HabitSummary`` as it is read.
    ///
    /// Reads per habit its row, its first and last day done (two probes of the primary key),
    /// its runs of consecutive days done (kept by the schema's triggers), its skips and its
    /// pauses, never the days done one by one; the count and the runs are checked against the
    /// first and last day done.
    public func summaries(today: CivilDate) throws -> [HabitSummary] {
        try readTransaction {
            var rows: [(habit: HabitRow, firstDone: Int64?, lastDone: Int64?)] = []
            try forEachRow(
                """
                SELECT id, name, name_key, start_day, archive_day, completion_count, target,
                    unit, goal, goal_kind, description, position,
                    (SELECT min(day) FROM completion WHERE habit_id = habit.id),
                    (SELECT max(day) FROM completion WHERE habit_id = habit.id)
                FROM habit ORDER BY id
                """, []
            ) { rows.append((HabitRow($0), $0.optionalInteger(12), $0.optionalInteger(13))) }
            // Every habit's runs in one pass over their covering index, in the same order of ids
            // (a run of no habit, which the foreign key forbids, is passed over), into one array:
            // habit `i`'s from `firstRun[i]` up to `firstRun[i + 1]`.
            var runs: [ClosedRange<CivilDate>] = []
            var firstRun = [Int](repeating: 0, count: rows.count + 1)
            var index = 0
            try forEachRow("SELECT habit_id, first_day, last_day FROM completion_run ORDER BY habit_id, last_day", []) {
                run in
                let id = run.integer(0)
                while index < rows.count, rows[index].habit.id.rawValue < id {
                    index += 1
                    firstRun[index] = runs.count
                }
                guard index < rows.count, rows[index].habit.id.rawValue == id else { return }
                runs.append(try storedRun(run.day(1), run.day(2), of: rows[index].habit))
            }
            while index < rows.count {
                index += 1
                firstRun[index] = runs.count
            }
            let (skips, pauses) = try skipsAndPauses(where: "1", [])
            let amounts = try storedAmounts(where: "1", [])
            return try rows.indices.map { index in
                let row = rows[index]
                let runs = Array(runs[firstRun[index]..<firstRun[index + 1]])
                let (start, archive) = try days(of: row.habit)
                let firstDone = try row.firstDone.map { try day($0, "first completion day", of: row.habit) }
                let lastDone = try row.lastDone.map { try day($0, "last completion day", of: row.habit) }
                try checkRuns(runs, of: row.habit, firstDone: firstDone, lastDone: lastDone)
                let summary: HabitSummary
                do throws(HabitError) {
                    summary = try HabitSummary(
                        restoring: row.habit.id, name: row.habit.name ?? "", start: start, archiveDay: archive,
                        target: try target(of: row.habit), completionCount: Int(row.habit.completionCount),
                        runs: runs, skippedDays: skips[row.habit.id.rawValue] ?? [],
                        pauses: pauses[row.habit.id.rawValue] ?? [], measure: try measure(of: row.habit),
                        amounts: amounts[row.habit.id.rawValue] ?? [:], position: try position(of: row.habit))
                } catch {
                    throw row.habit.invalid(in: path, error.message)
                }
                try checkNameKey(of: row.habit, validName: summary.name)
                return summary
            }
        }
    }

    /// The skipped days and the pauses of the habits matching `condition` (SQL over
    /// `habit_id`), by habit id, ascending.
    private func skipsAndPauses(
        where condition: String, _ bindings: [Value]
    ) throws -> (skips: [Int64: [CivilDate]], pauses: [Int64: [ClosedRange<CivilDate>]]) {
        var skips: [Int64: [CivilDate]] = [:]
        var pauses: [Int64: [ClosedRange<CivilDate>]] = [:]
        try forEachRow("SELECT habit_id, day FROM skip WHERE \(condition) ORDER BY habit_id, day", bindings) {
            skips[$0.integer(0), default: []].append($0.day(1))
        }
        try forEachRow(
            "SELECT habit_id, first_day, last_day FROM pause WHERE \(condition) ORDER BY habit_id, first_day", bindings
        ) { row in
            let (first, last) = (row.day(1), row.day(2))
            guard first <= last else {
                throw HabitStoreError.invalidRow(
                    file: path, habitID: HabitID(rawValue: row.integer(0)), name: "",
                    problem: "its pause from \(first) ends before it begins, on \(last)")
            }
            pauses[row.integer(0), default: []].append(first...last)
        }
        return (skips, pauses)
    }

    /// The amounts of the habits matching `condition` (SQL over `habit_id`), by habit id.
    func storedAmounts(where condition: String, _ bindings: [Value]) throws -> [Int64: [CivilDate: Int]] {
        var amounts: [Int64: [CivilDate: Int]] = [:]
        try forEachRow("SELECT habit_id, day, value FROM amount WHERE \(condition)", bindings) {
            amounts[$0.integer(0), default: [:]][$0.day(1)] = Int($0.integer(2))
        }
        return amounts
    }

    /// The row's measure (nil for a habit done or not), or the error naming the row.
    private func measure(of row: HabitRow) throws(HabitError) -> HabitMeasure? {
        guard row.unit != nil || row.goal != nil || row.goalKind != nil else { return nil }
        guard let unit = row.unit, let goal = row.goal, let kind = row.goalKind.flatMap(HabitMeasure.Kind.init) else {
            throw .invalidMeasure(
                text: row.goalKind ?? "", reason: "a measure needs its unit, its goal and at least or at most")
        }
        return try HabitMeasure(unit: unit, goal: Int(goal), kind: kind)
    }

    /// The row's place in the order, or the error naming the row.
    private func position(of row: HabitRow) throws(HabitError) -> Int? {
        guard let position = row.position else { return nil }
        guard position >= 1, position <= Int64(Int32.max) else {
            throw .invalidPosition(habit: row.name ?? "", position: Int(clamping: position))
        }
        return Int(position)
    }

    /// The row's target, or the error naming the row.
    private func target(of row: HabitRow) throws(HabitError) -> HabitTarget {
        // Most habits are daily, stored as Tally writes it: no words to split and read.
        if row.target == "daily" { return .daily }
        let words = (row.target ?? "").split(separator: " ").map(String.init)
        guard let target = try HabitTarget.parse(words) else {
            throw .invalidTarget(text: row.target ?? "", reason: "expected daily, N/week, N/month or every N days")
        }
        return target
    }

    /// The habit with this name key.
    ///
    /// When the index of names finds none, the table is searched without it: a habit found that
    /// way means the index is damaged, which is reported rather than answered with "no habit"
    /// (and a second habit of that name added).
    public func habit(withNameKey nameKey: String) throws -> Habit? {
        try habit(withNameKey: nameKey, daysFromRuns: false)
    }

    /// The habit with this name key, to be shown: its days done spelled out from its runs of
    /// consecutive days (which the schema's triggers keep), checked against its count and its
    /// first and last day done as ``summaries(today:)`` checks them, rather than read one row a
    /// day (ten years of them cost more than all the rest of `habit show`).
    public func habitToShow(withNameKey nameKey: String) throws -> Habit? {
        try habit(withNameKey: nameKey, daysFromRuns: true)
    }

    private func habit(withNameKey nameKey: String, daysFromRuns: Bool) throws -> Habit? {
        let found = try loadHabits(where: "h.name_key = ?1", [.text(nameKey)], daysFromRuns: daysFromRuns).first
        if let habit = found { return habit }
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

    /// A `habit` row as read, before any check.
    private struct HabitRow {
        let id: HabitID
        let name: String?
        let key: String?
        let start: Int64?
        let archive: Int64?
        let completionCount: Int64
        let target: String?
        let unit: String?
        let goal: Int64?
        let goalKind: String?
        let description: String?
        let position: Int64?

        /// Columns 0–11: id, name, name_key, start_day, archive_day, completion_count, target,
        /// unit, goal, goal_kind, description, position.
        init(_ row: Row) {
            id = HabitID(rawValue: row.integer(0))
            name = row.text(1)
            key = row.text(2)
            start = row.optionalInteger(3)
            archive = row.optionalInteger(4)
            completionCount = row.integer(5)
            target = row.text(6)
            unit = row.text(7)
            goal = row.optionalInteger(8)
            goalKind = row.text(9)
            description = row.text(10)
            position = row.optionalInteger(11)
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
    private func storedRun(_ first: CivilDate, _ last: CivilDate, of row: HabitRow) throws -> ClosedRange<CivilDate> {
        guard first <= last else { throw row.invalid(in: path, Self.derivedRowsMismatch) }
        return first...last
    }

    /// A stored day number as a ``Day``, or the error naming the row: the schema's CHECK keeps
    /// days within the supported years, but it can be switched off.
    private func day(_ value: Int64, _ role: String, of row: HabitRow) throws -> CivilDate {
        let day = CivilDate(daysSinceEpoch: Int(value))
        guard CivilDate.supportedDays.contains(day) else {
            let (first, last) = (CivilDate.supportedDays.lowerBound, CivilDate.supportedDays.upperBound)
            throw row.invalid(
                in: path,
                "its \(role) \(value) is not a day from \(first) to \(last) "
                    + "(\(first.daysSinceEpoch) to \(last.daysSinceEpoch) days since 1970-01-01)")
        }
        return day
    }

    /// The start and archive days of a row.
    private func days(of row: HabitRow) throws -> (start: CivilDate, archive: CivilDate?) {
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

    /// Checks the runs a summary read (the triggers' work) against the first and last day done
    /// and the count: in order and apart, from the first day done to the last, as many days as
    /// the count says.
    private func checkRuns(
        _ runs: [ClosedRange<CivilDate>], of row: HabitRow, firstDone: CivilDate?, lastDone: CivilDate?
    ) throws {
        let daysInRuns = runs.reduce(0) { $0 + $1.count }
        let consistent =
            zip(runs, runs.dropFirst()).allSatisfy { $1.lowerBound.days(since: $0.upperBound) > 1 }
            && Int(row.completionCount) == daysInRuns && runs.first?.lowerBound == firstDone
            && runs.last?.upperBound == lastDone
        guard consistent else { throw row.invalid(in: path, Self.derivedRowsMismatch) }
    }

    /// Habits matching `condition` (SQL over `h`, the habit table), with their completions, read
    /// on one snapshot.
    private func loadHabits(where condition: String, _ bindings: [Value], daysFromRuns: Bool = false) throws -> [Habit]
    {
        try readTransaction {
            var rows: [HabitRow] = []
            try forEachRow(
                """
                SELECT h.id, h.name, h.name_key, h.start_day, h.archive_day, h.completion_count, h.target,
                    h.unit, h.goal, h.goal_kind, h.description, h.position
                FROM habit AS h WHERE \(condition)
                """, bindings
            ) { rows.append(HabitRow($0)) }
            let (condition, bindings): (String, [Value]) =
                rows.count == 1 ? ("habit_id = ?1", [.integer(rows[0].id.rawValue)]) : ("1", [])
            let (skips, pauses) = try skipsAndPauses(where: condition, bindings)
            let amounts = try storedAmounts(where: condition, bindings)
            var notes: [Int64: [CivilDate: String]] = [:]
            try forEachRow("SELECT habit_id, day, text FROM note WHERE \(condition)", bindings) {
                notes[$0.integer(0), default: [:]][$0.day(1)] = $0.text(2) ?? ""
            }
            // One narrow scan of the primary key per habit: a join would repeat the habit's
            // columns on every day's row.
            // From runs, only the first and last day done are read: two probes of the key.
            let daysSQL =
                daysFromRuns
                ? """
                SELECT (SELECT min(day) FROM completion WHERE habit_id = ?1),
                    (SELECT max(day) FROM completion WHERE habit_id = ?1)
                """ : "SELECT day FROM completion WHERE habit_id = ?1 ORDER BY day"
            return try withStatement(daysSQL, operation: "reading") { days in
                try withStatement(
                    "SELECT first_day, last_day FROM completion_run WHERE habit_id = ?1 ORDER BY last_day",
                    operation: "reading"
                ) { runs in
                    try rows.map { row in
                        var source = StoredDays.rows([])
                        if daysFromRuns {
                            try forEachRow(of: days, [.integer(row.id.rawValue)]) {
                                source = .runs(firstDone: $0.optionalInteger(0), lastDone: $0.optionalInteger(1))
                            }
                        } else {
                            var dayNumbers: [Int64] = []
                            dayNumbers.reserveCapacity(Int(Swift.max(0, Swift.min(row.completionCount, 100_000))))
                            try forEachRow(of: days, [.integer(row.id.rawValue)]) { dayNumbers.append($0.integer(0)) }
                            source = .rows(dayNumbers)
                        }
                        var storedRuns: [ClosedRange<CivilDate>] = []
                        try forEachRow(of: runs, [.integer(row.id.rawValue)]) {
                            storedRuns.append(try storedRun($0.day(0), $0.day(1), of: row))
                        }
                        return try restoreHabit(
                            row, days: source, storedRuns: storedRuns,
                            skippedDays: skips[row.id.rawValue] ?? [], pauses: pauses[row.id.rawValue] ?? [],
                            notes: notes[row.id.rawValue] ?? [:], amounts: amounts[row.id.rawValue] ?? [:])
                    }
                }
            }
        }
    }

    /// Where a habit's days done come from: its completion rows (day numbers, ascending), or its
    /// runs, with the first and last day of its completion rows to check them against.
    private enum StoredDays {
        case rows([Int64])
        case runs(firstDone: Int64?, lastDone: Int64?)
    }

    /// A stored row turned into a ``Habit``, through the same validation as a typed one. The
    /// count and runs the triggers keep must match the days: all of them when the days were read
    /// row by row; the count and the first and last day (as for a summary) when they are the
    /// runs spelled out.
    private func restoreHabit(
        _ row: HabitRow, days source: StoredDays, storedRuns: [ClosedRange<CivilDate>], skippedDays: [CivilDate],
        pauses: [ClosedRange<CivilDate>], notes: [CivilDate: String], amounts: [CivilDate: Int]
    ) throws -> Habit {
        let (start, archive) = try days(of: row)
        var daysDone: [CivilDate] = []
        switch source {
        case .rows(let dayNumbers):
            daysDone.reserveCapacity(dayNumbers.count)
            for value in dayNumbers { daysDone.append(try day(value, "completion day", of: row)) }
        case .runs(let firstDone, let lastDone):
            let first = try firstDone.map { try day($0, "first completion day", of: row) }
            let last = try lastDone.map { try day($0, "last completion day", of: row) }
            try checkRuns(storedRuns, of: row, firstDone: first, lastDone: last)
            daysDone.reserveCapacity(Int(row.completionCount))
            for run in storedRuns { daysDone.append(contentsOf: run) }
        }
        let habit: Habit
        do throws(HabitError) {
            habit = try Habit(
                restoring: row.id, name: row.name ?? "", start: start, archiveDay: archive, daysDone: daysDone,
                target: try target(of: row), skippedDays: skippedDays, pauses: pauses, notes: notes,
                measure: try measure(of: row), amounts: amounts, description: row.description,
                position: try position(of: row))
        } catch {
            throw row.invalid(in: path, error.message)
        }
        try checkNameKey(of: row, validName: habit.name)
        if case .rows = source {
            guard row.completionCount == daysDone.count, storedRuns == habit.completionRuns else {
                throw row.invalid(in: path, Self.derivedRowsMismatch)
            }
        }
        return habit
    }
}
