import Testing

@testable import TallyHabits

/// Every use case on the in-memory repository: the rules of habits (names, days, archiving) as a
/// person meets them.
@Suite struct UseCaseTests {
    let repository = InMemoryHabitRepository()
    let today = pinnedToday

    @discardableResult
    func add(_ name: String, since start: String = "2026-11-01") throws -> Habit {
        try AddHabit(repository: repository).execute(name: name, start: day(start), today: today)
    }

    func done(_ name: String, _ dayText: String) throws {
        _ = try RecordCompletion(repository: repository).execute(name: name, day: day(dayText), today: today)
    }

    @Test func addStoresATrimmedHabit() throws {
        let habit = try add("  Read 20 pages ")
        #expect(try repository.habit(withID: habit.id)?.name == "Read 20 pages")
    }

    @Test(arguments: ["Read", "read", " READ ", "rEaD"])
    func namesAreUniqueIgnoringCase(second: String) throws {
        try add("Read")
        #expect(throws: HabitError.duplicateName(name: second.trimmingCharacters(in: .whitespaces), existing: "Read")) {
            try add(second)
        }
        #expect(try repository.allHabits().count == 1)
    }

    @Test func nonASCIINamesFoldCaseToo() throws {
        try add("Ärger")
        #expect(throws: HabitError.duplicateName(name: "ärger", existing: "Ärger")) { try add("ärger") }
        try add("물 마시기")
        #expect(try ShowHabit(repository: repository).execute(name: "물 마시기").name == "물 마시기")
    }

    @Test func addRefusesAFutureStartAndInvalidNames() {
        #expect(throws: HabitError.startInFuture(habit: "Read", start: day("2026-11-30"), today: today)) {
            try add("Read", since: "2026-11-30")
        }
        #expect(throws: HabitError.emptyName) { try add("  ") }
        #expect(throws: HabitError.controlCharacterInName(name: "a\u{7}b")) { try add("a\u{7}b") }
    }

    @Test func doneAndUndoFindTheHabitIgnoringCase() throws {
        try add("Read")
        try done("READ", "2026-11-28")
        // Again: nothing changes, and it is not an error (scripts may repeat it).
        let again = try RecordCompletion(repository: repository).execute(
            name: "read", day: day("2026-11-28"), today: today)
        #expect(!again.isNew && again.habit.daysDone == [day("2026-11-28")])
        let undone = try UndoCompletion(repository: repository).execute(name: "read", day: day("2026-11-28"))
        #expect(undone.habit.completions.isEmpty && undone.undone == .done)
        // Again: nothing to undo, and it is not an error.
        #expect(
            try UndoCompletion(repository: repository).execute(name: "Read", day: day("2026-11-28")).undone == .nothing)
    }

    @Test func doneChecksTheHabitsDays() throws {
        try add("Read", since: "2026-11-10")
        let earlier = try RecordCompletion(repository: repository).execute(
            name: "Read", day: day("2026-11-09"), today: today)
        #expect(earlier.movedStart == day("2026-11-10") && earlier.habit.start == day("2026-11-09"))
        #expect(throws: HabitError.inFuture(habit: "Read", day: day("2026-11-30"), today: today)) {
            try done("Read", "2026-11-30")
        }
        _ = try ArchiveHabit(repository: repository).execute(name: "Read", day: day("2026-11-20"), today: today)
        #expect(throws: HabitError.afterArchive(habit: "Read", day: day("2026-11-21"), archived: day("2026-11-20"))) {
            try done("Read", "2026-11-21")
        }
        try done("Read", "2026-11-20")
    }

    @Test func unknownNamesAreNotFound() {
        #expect(throws: HabitError.notFound(name: "Walk")) { try done("Walk", "2026-11-28") }
        #expect(throws: HabitError.notFound(name: "Walk")) {
            try ShowHabit(repository: repository).execute(name: "Walk")
        }
        #expect(throws: HabitError.notFound(name: "Walk")) {
            try RestoreHabit(repository: repository).execute(name: "Walk", today: today)
        }
        #expect(throws: HabitError.notFound(name: "Walk")) {
            try DeleteHabit(repository: repository).execute(name: "Walk") { _ in true }
        }
    }

    @Test func archiveAndRestore() throws {
        try add("Read")
        try done("Read", "2026-11-25")
        #expect(
            throws: HabitError.doneAfterArchive(habit: "Read", done: day("2026-11-25"), archived: day("2026-11-24"))
        ) {
            try ArchiveHabit(repository: repository).execute(name: "Read", day: day("2026-11-24"), today: today)
        }
        let archived = try ArchiveHabit(repository: repository).execute(name: "Read", day: today, today: today)
        #expect(archived.archiveDay == today)
        #expect(throws: HabitError.alreadyArchived(habit: "Read", archived: today)) {
            try ArchiveHabit(repository: repository).execute(name: "Read", day: today, today: today)
        }
        #expect(try ListHabits(repository: repository).execute(includeArchived: false, today: today).isEmpty)
        #expect(
            try ListHabits(repository: repository).execute(includeArchived: true, today: today).map(\.name) == ["Read"])
        _ = try RestoreHabit(repository: repository).execute(name: "read", today: today)
        #expect(throws: HabitError.notArchived(habit: "Read")) {
            try RestoreHabit(repository: repository).execute(name: "Read", today: today)
        }
        #expect(
            try ListHabits(repository: repository).execute(includeArchived: false, today: today).map(\.name) == ["Read"]
        )
    }

    @Test func renameKeepsHistoryAndUniqueness() throws {
        try add("Read")
        try add("Walk")
        try done("Read", "2026-11-28")
        let rename = RenameHabit(repository: repository)
        #expect(throws: HabitError.duplicateName(name: "walk", existing: "Walk")) {
            try rename.execute(name: "Read", newName: "walk")
        }
        #expect(throws: HabitError.emptyName) { try rename.execute(name: "Read", newName: " ") }
        let (oldName, renamed) = try rename.execute(name: "read", newName: "READ")  // a change of case only
        #expect(oldName == "Read" && renamed.name == "READ" && renamed.isDone(on: day("2026-11-28")))
        _ = try rename.execute(name: "READ", newName: "Read books")
        #expect(throws: HabitError.notFound(name: "Read")) {
            try ShowHabit(repository: repository).execute(name: "Read")
        }
        #expect(try ShowHabit(repository: repository).execute(name: "read books").completions == [day("2026-11-28")])
    }

    @Test func deleteAsksFirst() throws {
        try add("Read")
        var asked: [String] = []
        let declined = try DeleteHabit(repository: repository).execute(name: "read") { habit in
            asked.append(habit.name)
            return false
        }
        #expect(declined == nil && asked == ["Read"])
        #expect(try repository.allHabits().count == 1)
        let deleted = try DeleteHabit(repository: repository).execute(name: "read") { _ in true }
        #expect(deleted?.name == "Read")
        #expect(try repository.allHabits().isEmpty)
    }

    @Test func listIsSortedIgnoringCase() throws {
        for name in ["walk", "Read", "물 마시기", "apples"] { try add(name) }
        #expect(
            try ListHabits(repository: repository).execute(includeArchived: false, today: today).map(\.name) == [
                "apples", "Read", "walk", "물 마시기",
            ])
    }

    @Test func aFailedCommandChangesNothing() throws {
        try add("Read")
        #expect(throws: HabitError.self) {
            try repository.transaction {
                try done("Read", "2026-11-27")
                try done("Read", "2026-11-30")  // fails: the first write is rolled back too
            }
        }
        #expect(try ShowHabit(repository: repository).execute(name: "Read").completions.isEmpty)
    }

    @Test func exportWritesEveryHabitAndDay() throws {
        try add("Read, \"well\"")
        try add("Walk", since: "2026-11-20")
        try done("Read, \"well\"", "2026-11-02")
        try done("Read, \"well\"", "2026-11-03")
        _ = try ArchiveHabit(repository: repository).execute(name: "Walk", day: day("2026-11-21"), today: today)
        let csv = try ExportHabits(repository: repository).execute(format: .csv)
        #expect(
            csv == #"""
                name,start_day,archive_day,target,day,state,note
                "Read, ""well""",2026-11-01,,daily,2026-11-02,done,
                "Read, ""well""",2026-11-01,,daily,2026-11-03,done,
                Walk,2026-11-20,2026-11-21,daily,,,

                """#)
        let json = try ExportHabits(repository: repository).execute(format: .json)
        #expect(
            json == """
                {
                  "habits": [
                    {
                      "name": "Read, \\"well\\"",
                      "start": "2026-11-01",
                      "archived": null,
                      "target": "daily",
                      "done": ["2026-11-02", "2026-11-03"],
                      "skipped": [],
                      "paused": [],
                      "notes": {}
                    },
                    {
                      "name": "Walk",
                      "start": "2026-11-20",
                      "archived": "2026-11-21",
                      "target": "daily",
                      "done": [],
                      "skipped": [],
                      "paused": [],
                      "notes": {}
                    }
                  ]
                }

                """)
    }
}
