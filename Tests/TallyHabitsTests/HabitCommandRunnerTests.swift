import Foundation
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHabits

/// Whole lines through the runner, as the shell will call it, on an in-memory repository.
@Suite struct HabitCommandRunnerTests {
    let runner = HabitCommandRunner(repository: InMemoryHabitRepository())

    func context(interactive: Bool = false, answer: Bool = false, asked: ((String) -> Void)? = nil) -> HabitRunContext {
        HabitRunContext(today: pinnedToday, isInteractive: interactive) { question in
            asked?(question)
            return answer
        }
    }

    @discardableResult
    func run(_ line: String, _ context: HabitRunContext? = nil) throws(Diagnostic) -> String {
        try runner.run(line: line, argumentsStart: argumentsStart(of: line), context: context ?? self.context())
    }

    /// Read 20 pages since August with a few days done, 물 마시기 since the 20th, Walk archived.
    func fillWithExampleHabits() throws {
        try run(#"habit add "Read 20 pages" since 2026-08-03"#)
        try run("habit add '물 마시기' since 2026-11-20")
        try run("habit add Walk since 2026-11-01")
        for daysAgo in [1, 2, 3, 5, 40, 41, 60, 90] { try run(#"habit done "read 20 pages" -\#(daysAgo)"#) }
        for daysAgo in [0, 2, 9] { try run("habit done '물 마시기' -\(daysAgo)") }
        try run("habit done walk -20")
        try run("habit archive walk -10")
    }

    // MARK: Views

    @Test func listIsATableAlignedByDisplayWidth() throws {
        try fillWithExampleHabits()
        #expect(
            try run("habit list") == """
                habit          target  since       streak  MTWTFSS  strength  total
                Read 20 pages  daily   2026-08-03  3 days  ·■·■■■·       19%      8
                물 마시기      daily   2026-11-20   1 day  ····■·■       13%      3
                """)
        #expect(
            try run("habit list all") == """
                habit          target  since       streak  MTWTFSS  strength  total  archived
                Read 20 pages  daily   2026-08-03  3 days  ·■·■■■·       19%      8
                Walk           daily   2026-11-01  0 days                 3%      1  2026-11-19
                물 마시기      daily   2026-11-20   1 day  ····■·■       13%      3
                """)
    }

    @Test func listSaysWhenThereIsNothingToShow() throws {
        #expect(try run("habit list") == "no habits yet; start one with: habit add NAME")
        try run("habit add Walk since 2026-11-01")
        try run("habit archive Walk")
        #expect(try run("habit list") == "no active habits; 'habit list all' also shows the 1 archived")
    }

    @Test func showHasStreaksRateAndHeatmap() throws {
        try fillWithExampleHabits()
        // The calendar, then the trend charts (HabitTrendChartTests).
        #expect(
            try run("habit show 'read 20 pages'").hasPrefix(
                """
                Read 20 pages
                since           2026-08-03
                target          daily
                current streak  3 days
                longest streak  3 days
                completion      7% (8 of 118 days)
                strength        19% (+6% if done today)
                change          +12% in 30 days, +19% in a year
                best streaks    3 days, 2026-11-26 to 2026-11-28
                                1 day, 2026-11-24
                                2 days, 2026-10-19 to 2026-10-20

                          Sep     Oct     Nov
                Mon · · · ■ · · · · · · ■ · · · · ·
                Tue · · · · · · · · · · ■ · · · · ■
                Wed · · · · · · · ■ · · · · · · · ·
                Thu · · · · · · · · · · · · · · · ■
                Fri · · · · · · · · · · · · · · · ■
                Sat · · · · · · · · · · · · · · · ■
                Sun · · · · · · · · · · · · · · · ·
                    ■ done  · not done

                strength a week, 2026-08-03 to 2026-11-29
                """))
        // Archived: the numbers and the calendar stop at the archive day; days outside the
        // habit's life are blank.
        #expect(
            try run("habit show WALK").hasPrefix(
                """
                Walk
                since           2026-11-01
                target          daily
                archived        2026-11-19
                current streak  0 days
                longest streak  1 day
                completion      5% (1 of 19 days)
                strength        3%
                change          +3% in 30 days, +3% in a year
                best streaks    1 day, 2026-11-09

                    Nov
                Mon   · ■ ·
                Tue   · · ·
                Wed   · · ·
                Thu   · · ·
                Fri   · ·
                Sat   · ·
                Sun · · ·
                    ■ done  · not done

                strength a day, 2026-11-01 to 2026-11-19
                """))
    }

    /// The views mark what each day means and write no escape: the shell colours the marks.
    @Test func viewsMarkTheirDaysWithStyles() throws {
        try run("habit add Read since 2026-11-28")
        try run("habit done Read")
        let line = "habit show Read"
        let (shown, _) = try runner.runWithData(line: line, argumentsStart: 5, context: context())
        #expect(shown.runs.contains(StyledText.Run(text: "■", style: .done)))
        #expect(shown.runs.contains(StyledText.Run(text: "·", style: .missed)))
        #expect(!containsRawControlCharacters(shown.plainText))
        #expect(shown.plainText == (try run(line)))
        let (listed, _) = try runner.runWithData(line: "habit list", argumentsStart: 5, context: context())
        // One run a mark, so each is coloured on its own, as before.
        #expect(listed.runs.filter { $0.style == .missed }.map(\.text) == ["·"])
        #expect(listed.runs.filter { $0.style == .done }.map(\.text) == ["■"])
    }

    // MARK: Messages

    @Test func successMessages() throws {
        #expect(try run("habit add Read since 2026-11-27") == "added 'Read' (since 2026-11-27)")
        #expect(try run("habit add '  Walk  '") == "added 'Walk' (since 2026-11-29)")
        #expect(try run("habit done read yesterday") == "'Read' done on 2026-11-28 (current streak: 1 day)")
        #expect(try run("habit done read") == "'Read' done on 2026-11-29 (current streak: 2 days)")
        #expect(try run("habit undo read") == "'Read' no longer done on 2026-11-29")
        #expect(try run("habit archive read") == "archived 'Read' (last day 2026-11-29)")
        #expect(try run("habit restore READ") == "restored 'Read'")
        #expect(try run("habit rename read 'Read books'") == "renamed 'Read' to 'Read books'")
        #expect(try run("habit delete 'read books' --yes") == "deleted 'Read books' and its history (1 day done)")
        #expect(
            try run("habit export csv") == "name,start_day,archive_day,target,day,state,note\nWalk,2026-11-29,,daily,,,"
        )
    }

    @Test func deleteAsksInteractivelyAndNeedsYesInBatch() throws {
        try run("habit add Read since 2026-11-27")
        try run("habit done Read")
        let line = MarkedLine("habit delete Read⟨⟩")
        #expect(
            throws: Diagnostic(.deleteNeedsConfirmation, "habit delete needs --yes in files and pipes", at: line.span)
        ) { try run(line.text) }

        var questions: [String] = []
        let declining = context(interactive: true, answer: false) { questions.append($0) }
        #expect(try run("habit delete read", declining) == "kept 'read'")
        #expect(questions == ["delete 'Read' and its history (1 day done)? [y/N] "])
        let agreeing = context(interactive: true, answer: true)
        #expect(try run("habit delete read", agreeing) == "deleted 'Read' and its history (1 day done)")
        #expect(try run("habit list") == "no habits yet; start one with: habit add NAME")
    }

    // MARK: Rules broken, pointing at the argument they are about

    @Test(
        arguments: [
            ("habit done ⟨Reed⟩", DiagnosticID.unknownHabit, "there is no habit named 'Reed'", "Read"),
            ("habit show ⟨Rea⟩", .unknownHabit, "there is no habit named 'Rea'", "Read"),
            ("habit show ⟨Swim⟩", .unknownHabit, "there is no habit named 'Swim'", nil),
            (
                "habit skip Read ⟨2026-11-28⟩", .alreadyDone,
                "'Read' was done on 2026-11-28; undo it before skipping the day", nil
            ),
            ("habit done Read ⟨Reed⟩", .unknownHabit, "there is no habit named 'Reed'", "Read"),
            (
                "habit done Read ⟨cold shower⟩ yesterday", .unknownHabit,
                "there is no habit named 'cold'; a name with spaces needs quotes: \"Cold shower\"", nil
            ),
            ("habit target Read ⟨9/week⟩", .invalidHabitTarget, "'9/week' is not a target: N runs from 1 to 7", nil),
            (
                "habit target Read ⟨weekly⟩", .invalidHabitTarget,
                "'weekly' is not a target; expected daily, N/week, N/month, every N days or X times in Y days", nil
            ),
            ("habit skip Read ⟨2026-10-31⟩", .dayBeforeStart, "2026-10-31 is before 'Read' started on 2026-11-01", nil),
            (
                "habit start Read ⟨2026-11-29⟩", .startAfterDone,
                "'Read' cannot start on 2026-11-29, after its history begins on 2026-11-28", nil
            ),
            ("habit start Read ⟨2026-11-30⟩", .dateInFuture, "2026-11-30 is in the future; today is 2026-11-29", nil),
            (
                "habit done Walk ⟨2026-11-25⟩", .dayAfterArchive,
                "2026-11-25 is after 'Walk' was archived on 2026-11-20", nil
            ),
            ("habit done ⟨Walk⟩", .dayAfterArchive, "2026-11-29 is after 'Walk' was archived on 2026-11-20", nil),
            ("habit add ⟨READ⟩", .duplicateHabitName, "a habit named 'Read' already exists", nil),
            ("habit add ⟨'  '⟩", .emptyHabitName, "a habit name cannot be empty", nil),
            (
                "habit add Swim since ⟨2026-02-29⟩", .noSuchDate,
                "there is no day '2026-02-29': February 2026 has 28 days", nil
            ),
            ("habit rename Read ⟨walk⟩", .duplicateHabitName, "a habit named 'Walk' already exists", nil),
            ("habit rename ⟨Swim⟩ Run", .unknownHabit, "there is no habit named 'Swim'", nil),
            ("habit restore ⟨Read⟩", .notArchived, "'Read' is not archived", nil),
            ("habit archive ⟨Walk⟩", .alreadyArchived, "'Walk' is already archived (on 2026-11-20)", nil),
            (
                "habit archive Read ⟨2026-11-27⟩", .doneAfterArchive,
                "'Read' was done on 2026-11-28, after its archive day 2026-11-27", nil
            ),
            (
                "habit archive Read ⟨2026-10-01⟩", .archiveBeforeStart,
                "'Read' cannot be archived on 2026-10-01, before it started on 2026-11-01", nil
            ),
            ("habit delete ⟨Swim⟩ --yes", .unknownHabit, "there is no habit named 'Swim'", nil),
        ] as [(String, DiagnosticID, String, String?)])
    func domainErrorsPointAtTheArgument(source: String, id: DiagnosticID, message: String, suggestion: String?) throws {
        try run("habit add Read since 2026-11-01")
        try run("habit done Read 2026-11-28")
        try run("habit add Walk since 2026-11-01")
        try run("habit archive Walk 2026-11-20")
        try run("habit add 'Cold shower' since 2026-11-01")
        let line = MarkedLine(source)
        #expect(throws: Diagnostic(id, message, at: line.span).suggesting(suggestion)) { try run(line.text) }
    }

    @Test func anUnknownHabitGetsTheNearestNameAsANote() throws {
        try run("habit add Read")
        let error = #expect(throws: Diagnostic.self) { try run("habit done Reed") }
        #expect(error?.id == .unknownHabit)
        #expect(error?.message == "there is no habit named 'Reed'")
        #expect(error?.notes == [Diagnostic.Note("did you mean 'Read'?")])
    }

    @Test func aNameTooLongIsShortenedInTheMessage() throws {
        let name = String(repeating: "가", count: 101)
        let line = MarkedLine("habit add ⟨\(name)⟩")
        #expect(
            throws: Diagnostic(
                .habitNameTooLong,
                "the habit name '\(String(repeating: "가", count: 20))…' is 101 characters long; the limit is 100",
                at: line.span)
        ) { try run(line.text) }
    }

    @Test func storeProblemsPointAtTheSubcommandAndNameTheFile() throws {
        var attempts = 0
        let broken = HabitCommandRunner {
            attempts += 1
            throw HabitStoreError.notADatabase(file: "/data/habits.sqlite3")
        }
        let line = MarkedLine("habit ⟨list⟩")
        let expected = Diagnostic(
            .notAHabitDatabase,
            "/data/habits.sqlite3 is not an SQLite database; it was left unchanged (move it away to start a new habit database)",
            at: line.span)
        #expect(throws: expected) { try broken.run(line: line.text, argumentsStart: 5, context: context()) }
        #expect(throws: expected) { try broken.run(line: line.text, argumentsStart: 5, context: context()) }
        #expect(attempts == 2)  // each command tries again, so moving the file away fixes it
        #expect(broken.habitNames() == [])
    }

    // MARK: For the shell

    @Test func namesAndSubcommandsForCompletion() throws {
        try fillWithExampleHabits()
        #expect(runner.habitNames() == ["Read 20 pages", "Walk", "물 마시기"])
        #expect(runner.existingHabitNames() == ["Read 20 pages", "Walk", "물 마시기"])
        #expect(HabitSubcommands.all.count == 20)
        #expect(HabitCommandRunner.helpText.hasPrefix("habit: track habits, streaks and their strength\n"))
        #expect(HabitCommandRunner.helpText.contains("habit done Walk yesterday"))
    }

    @Test func completionReadsNoDatabaseIntoExistence() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/nested/tally"
        #expect(HabitCommandRunner.existingHabitNames(dataDirectory: root) == [])
        #expect(HabitCommandRunner.existingHabitNames(dataDirectory: directory) == [])
        #expect(HabitCommandRunner(dataDirectory: directory).existingHabitNames() == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == [])
    }

    @Test func completionReadsAnExistingDatabase() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/odd %41 ?x #y"  // characters that mean something in an SQLite URI
        let names = ["Walk", "물 마시기"]
        do {
            let writer = HabitCommandRunner(dataDirectory: directory)
            _ = try writer.run(line: "habit add Walk", argumentsStart: 5, context: context())
            _ = try writer.run(line: "habit add '물 마시기'", argumentsStart: 5, context: context())
            #expect(writer.existingHabitNames() == names)  // through its open store
            // While another session holds the file open, through its write-ahead log.
            #expect(HabitCommandRunner(dataDirectory: directory).existingHabitNames() == names)
        }
        // With no session holding the file open, as when a new session starts.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(HabitCommandRunner(dataDirectory: directory).existingHabitNames() == names)
        #expect(HabitCommandRunner.existingHabitNames(dataDirectory: directory) == names)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == files)
    }

    @Test func completionLeavesAnOlderDatabaseForACommandToUpgrade() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try SQLiteHabitStore(directory: directory, schemaVersion: 1)
        #expect(HabitCommandRunner.existingHabitNames(dataDirectory: directory) == [])
        #expect(try SQLiteHabitStore(directory: directory, schemaVersion: 1).schemaVersionForTesting() == 1)
    }

    @Test func worksOnTheSQLiteStore() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/nested"
        let first = HabitCommandRunner(dataDirectory: directory)
        #expect(
            try first.run(line: "habit add Read", argumentsStart: 5, context: context())
                == "added 'Read' (since 2026-11-29)")
        let second = HabitCommandRunner(dataDirectory: directory)  // another session
        #expect(try second.run(line: "habit done read", argumentsStart: 5, context: context()).hasPrefix("'Read' done"))
        #expect(first.habitNames() == ["Read"])
        #expect(
            try first.run(line: "habit export csv", argumentsStart: 5, context: context()).hasSuffix(
                "Read,2026-11-29,,daily,2026-11-29,done,"))
    }
}
