import TallyCalendar
import TallyTestSupport
import Testing

@testable import TallyHabits

@Suite struct HabitTests {
    let start = day("2026-11-01")

    func habit(_ name: String = "Read") throws -> Habit {
        try Habit(name: name, start: start, today: pinnedToday)
    }

    // MARK: Names

    @Test(arguments: [
        ("Read", "Read"), ("  Read 20 pages \n", "Read 20 pages"), ("물 마시기", "물 마시기"),
        ("\u{3000}Walk\u{3000}", "Walk"), (String(repeating: "가", count: 100), String(repeating: "가", count: 100)),
        (String(repeating: "👍🏽", count: 100), String(repeating: "👍🏽", count: 100)),
    ])
    func acceptsAndTrimsNames(input: String, stored: String) throws {
        #expect(try habit(input).name == stored)
    }

    @Test(arguments: [
        ("", HabitError.emptyName), ("   \t ", .emptyName),
        ("Read\u{1B}[2J", .controlCharacterInName(name: "Read\u{1B}[2J")),
        ("Re\tad", .controlCharacterInName(name: "Re\tad")),
        ("Re\u{85}ad", .controlCharacterInName(name: "Re\u{85}ad")),  // NEL: C1, and white space
        (String(repeating: "a", count: 101), .nameTooLong(name: String(repeating: "a", count: 101), length: 101)),
    ])
    func rejectsInvalidNames(input: String, error: HabitError) {
        #expect(throws: error) { try habit(input) }
    }

    @Test(arguments: ControlCharacters.hostileSamples)
    func rejectsEveryHostileControlCharacter(sample: String) {
        #expect(throws: HabitError.controlCharacterInName(name: sample)) { try habit(sample) }
    }

    @Test func startMayNotBeInTheFuture() {
        #expect(throws: HabitError.startInFuture(habit: "Read", start: day("2026-11-30"), today: pinnedToday)) {
            try Habit(name: "Read", start: day("2026-11-30"), today: pinnedToday)
        }
    }

    @Test func namesAreDistinctIgnoringCase() throws {
        let read = try habit("Read")
        #expect(throws: HabitError.duplicateName(name: "READ", existing: "Read")) {
            try habit("READ").checkNameIsDistinct(from: read)
        }
        #expect(throws: HabitError.duplicateName(name: "ÄPFEL", existing: "äpfel")) {
            try habit("ÄPFEL").checkNameIsDistinct(from: habit("äpfel"))
        }
        try read.checkNameIsDistinct(from: read)  // itself
        try read.checkNameIsDistinct(from: nil)
        try read.checkNameIsDistinct(from: habit("Walk"))
    }

    // MARK: Recording

    @Test func refusesDaysInTheFuture() throws {
        var read = try habit()
        #expect(throws: HabitError.inFuture(habit: "Read", day: day("2026-11-30"), today: pinnedToday)) {
            try read.markDone(on: day("2026-11-30"), today: pinnedToday)
        }
        #expect(read.completions.isEmpty)
    }

    /// A day done before the start moves the start back; `move(startTo:)` goes either way but
    /// never past the first day of the history.
    @Test func aDayBeforeTheStartMovesItBack() throws {
        var read = try habit()
        #expect(try read.markDone(on: day("2026-10-31"), today: pinnedToday))
        #expect(read.start == day("2026-10-31"))
        #expect(
            throws: HabitError.startAfterDone(habit: "Read", start: day("2026-11-01"), firstDone: day("2026-10-31"))
        ) { try read.move(startTo: day("2026-11-01"), today: pinnedToday) }
        try read.move(startTo: day("2026-10-01"), today: pinnedToday)
        #expect(read.start == day("2026-10-01"))
        #expect(throws: HabitError.beforeStart(habit: "Read", day: day("2026-09-30"), start: day("2026-10-01"))) {
            try read.skip(on: day("2026-09-30"), today: pinnedToday)
        }
    }

    @Test func recordsStartAndTodayInclusive() throws {
        var read = try habit()
        try read.markDone(on: start, today: pinnedToday)
        try read.markDone(on: pinnedToday, today: pinnedToday)
        #expect(read.completions == [start, pinnedToday])
    }

    @Test func recordingTwiceOrUndoingNothingNamesTheDay() throws {
        var read = try habit()
        try read.markDone(on: day("2026-11-28"), today: pinnedToday)
        // A second time changes nothing and says so.
        #expect(try read.markDone(on: day("2026-11-28"), today: pinnedToday) == false)
        #expect(read.daysDone == [day("2026-11-28")])
        #expect(
            HabitError.alreadyDone(habit: "Read", day: day("2026-11-28")).message
                == "'Read' was already done on 2026-11-28")
        try read.undo(on: day("2026-11-28"))
        #expect(try read.undo(on: day("2026-11-28")) == .nothing)
    }

    // MARK: Archiving

    @Test func archiveDayIsTheLastDayThatMayBeDone() throws {
        var read = try habit()
        try read.archive(on: day("2026-11-20"), today: pinnedToday)
        try read.markDone(on: day("2026-11-20"), today: pinnedToday)
        #expect(throws: HabitError.afterArchive(habit: "Read", day: day("2026-11-21"), archived: day("2026-11-20"))) {
            try read.markDone(on: day("2026-11-21"), today: pinnedToday)
        }
        #expect(throws: HabitError.alreadyArchived(habit: "Read", archived: day("2026-11-20"))) {
            try read.archive(on: pinnedToday, today: pinnedToday)
        }
        try read.restore(today: pinnedToday)
        #expect(read.archiveDay == nil)
        // The days it was archived are a pause: neither done nor missed, and closed to records.
        #expect(read.pauses == [day("2026-11-21")...day("2026-11-28")])
        #expect(
            throws: HabitError.inPause(
                habit: "Read", day: day("2026-11-21"), pause: day("2026-11-21")...day("2026-11-28"))
        ) { try read.markDone(on: day("2026-11-21"), today: pinnedToday) }
        try read.markDone(on: pinnedToday, today: pinnedToday)
        #expect(throws: HabitError.notArchived(habit: "Read")) { try read.restore(today: pinnedToday) }
    }

    @Test func archiveDayMustFitTheHistory() throws {
        var read = try habit()
        try read.markDone(on: day("2026-11-25"), today: pinnedToday)
        #expect(throws: HabitError.archiveBeforeStart(habit: "Read", day: day("2026-10-01"), start: start)) {
            try read.archive(on: day("2026-10-01"), today: pinnedToday)
        }
        #expect(throws: HabitError.inFuture(habit: "Read", day: day("2026-12-01"), today: pinnedToday)) {
            try read.archive(on: day("2026-12-01"), today: pinnedToday)
        }
        #expect(
            throws: HabitError.doneAfterArchive(habit: "Read", done: day("2026-11-25"), archived: day("2026-11-24"))
        ) {
            try read.archive(on: day("2026-11-24"), today: pinnedToday)
        }
        #expect(read.archiveDay == nil)
    }

    @Test func renameValidatesTheNewName() throws {
        var read = try habit()
        try read.rename(to: "  Read books ")
        #expect(read.name == "Read books")
        #expect(throws: HabitError.emptyName) { try read.rename(to: " ") }
        #expect(read.name == "Read books")
    }

    // MARK: Restoring stored rows

    @Test(
        arguments: [
            (" ", day("2026-11-01"), nil, ["2026-11-02"], HabitError.emptyName),
            (
                "Read", day("2026-11-01"), day("2026-10-01"), [],
                .archiveBeforeStart(habit: "Read", day: day("2026-10-01"), start: day("2026-11-01"))
            ),
            (
                "Read", day("2026-11-01"), nil, ["2026-10-31", "2026-11-02"],
                .beforeStart(habit: "Read", day: day("2026-10-31"), start: day("2026-11-01"))
            ),
            (
                "Read", day("2026-11-01"), day("2026-11-10"), ["2026-11-11"],
                .doneAfterArchive(habit: "Read", done: day("2026-11-11"), archived: day("2026-11-10"))
            ),
        ] as [(String, CivilDate, CivilDate?, [String], HabitError)])
    func restoringChecksTheSameRules(
        name: String, start: CivilDate, archive: CivilDate?, days: [String], error: HabitError
    ) {
        #expect(throws: error) {
            try Habit(
                restoring: .random(), name: name, start: start, archiveDay: archive, completions: Set(days.map(day)))
        }
    }

    @Test func restoringKeepsEverything() throws {
        let id = HabitID.random()
        let restored = try Habit(
            restoring: id, name: "Read", start: start, archiveDay: day("2026-11-20"), completions: [day("2026-11-20")])
        #expect(restored.id == id && restored.isArchived && restored.isDone(on: day("2026-11-20")))
    }

    /// Only a damaged file holds a day twice; restoring says so instead of dropping one.
    @Test func aDayStoredTwiceIsRefused() {
        #expect(throws: HabitError.dayStoredTwice(habit: "Read", day: day("2026-11-20"))) {
            try Habit(
                restoring: .random(), name: " Read ", start: start, archiveDay: nil,
                daysDone: ["2026-11-20", "2026-11-03", "2026-11-20"].map(day))
        }
    }

    @Test func daysDoneStayInAscendingOrder() throws {
        var habit = try Habit(
            restoring: .random(), name: "Read", start: start, archiveDay: nil,
            daysDone: ["2026-11-20", "2026-11-03", "2026-11-10"].map(day))
        #expect(habit.daysDone == ["2026-11-03", "2026-11-10", "2026-11-20"].map(day))
        try habit.markDone(on: day("2026-11-05"), today: pinnedToday)
        try habit.markDone(on: day("2026-11-29"), today: pinnedToday)
        try habit.markDone(on: day("2026-11-01"), today: pinnedToday)
        try habit.undo(on: day("2026-11-10"))
        #expect(habit.daysDone == ["2026-11-01", "2026-11-03", "2026-11-05", "2026-11-20", "2026-11-29"].map(day))
        #expect(
            habit.isDone(on: day("2026-11-05")) && !habit.isDone(on: day("2026-11-10"))
                && !habit.isDone(on: day("2026-11-30")))
        #expect(
            habit.completionRuns == [
                day("2026-11-01")...day("2026-11-01"), day("2026-11-03")...day("2026-11-03"),
                day("2026-11-05")...day("2026-11-05"), day("2026-11-20")...day("2026-11-20"),
                day("2026-11-29")...day("2026-11-29"),
            ])
    }

    // MARK: Statistics

    func habit(doneOn days: [String], archived: String? = nil) throws -> Habit {
        try Habit(
            restoring: .random(), name: "Read", start: start, archiveDay: archived.map(day),
            completions: Set(days.map(day)))
    }

    @Test(
        arguments: [
            ([], nil, 0),
            (["2026-11-29"], nil, 1),
            (["2026-11-27", "2026-11-28", "2026-11-29"], nil, 3),
            (["2026-11-27", "2026-11-28"], nil, 2),  // today still open: yesterday's streak stands
            (["2026-11-26", "2026-11-27"], nil, 0),  // yesterday missed: broken
            (["2026-11-18", "2026-11-19", "2026-11-20"], "2026-11-20", 3),  // as it stood when archived
        ] as [([String], String?, Int)])
    func currentStreak(days: [String], archived: String?, expected: Int) throws {
        let habit = try habit(doneOn: days, archived: archived)
        #expect(habit.currentStreak(today: pinnedToday) == expected)
        // A summary counts by the same rule from its runs.
        #expect(HabitSummary(habit).currentStreak(today: pinnedToday) == expected)
    }

    @Test func longestStreakAndCompletionRate() throws {
        let read = try habit(doneOn: [
            "2026-11-01", "2026-11-02", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-29",
        ])
        #expect(read.longestStreak(today: pinnedToday) == 3)
        #expect(read.completionRate(today: pinnedToday) == (6, 29))
        let archived = try habit(doneOn: ["2026-11-01", "2026-11-10"], archived: "2026-11-10")
        #expect(archived.completionRate(today: pinnedToday) == (2, 10))
        #expect(try habit(doneOn: []).longestStreak(today: pinnedToday) == 0)
        // Today, not done yet, is not counted as missed.
        let notToday = try habit(doneOn: ["2026-11-27", "2026-11-28"])
        #expect(notToday.completionRate(today: pinnedToday) == (2, 28))
    }

    /// A daily habit without skips or pauses takes a shortcut through its days done; it must say
    /// what the period-by-period rule says, today done or not, archived or not.
    @Test(arguments: [nil, "2026-11-27", "2026-11-29"] as [String?])
    func theDailyShortcutAgreesWithThePeriods(archived: String?) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let days = (0..<29).map { day("2026-11-01").advanced(by: $0) }.filter { _ in Bool.random(using: &generator)
            }
            let lastAllowed = archived.map(day) ?? pinnedToday
            let habit = try Habit(
                restoring: .random(), name: "Read", start: day("2026-11-01"), archiveDay: archived.map(day),
                daysDone: days.filter { $0 <= lastAllowed })
            let byPeriods = habit.periodStreaks(today: pinnedToday)
            #expect(habit.streaks(today: pinnedToday).all == byPeriods.all, "\(habit.daysDone)")
            #expect(habit.currentStreak(today: pinnedToday) == byPeriods.current, "\(habit.daysDone)")
            #expect(habit.completionRate(today: pinnedToday) == habit.periodCompletion(today: pinnedToday))
        }
    }
}
