import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHabits

@Suite struct HabitCommandLineTests {
    func parse(_ line: String) throws(Diagnostic) -> HabitCommand {
        try HabitCommandLine.parse(line, argumentsStart: argumentsStart(of: line), today: pinnedToday)
    }

    /// The span of `word`'s first occurrence in `line`.
    func span(of word: String, in line: String) -> SourceSpan {
        let range = line.range(of: word)!
        let start = line.utf8.distance(from: line.utf8.startIndex, to: range.lowerBound)
        return SourceSpan(start: start, end: start + word.utf8.count)
    }

    func name(_ text: String, written: String, in line: String) -> Spanned<String> {
        Spanned(text, at: span(of: written, in: line))
    }

    // MARK: Accepted lines

    @Test func add() throws {
        let line = #"habit add "Read 20 pages" since 2026-11-01"#
        #expect(
            try parse(line).request as? AddSubcommand.Request
                == AddSubcommand.Request(
                    name: name("Read 20 pages", written: #""Read 20 pages""#, in: line), target: .daily,
                    start: Spanned(day("2026-11-01"), at: span(of: "2026-11-01", in: line))))
        let short = "habit add Walk"
        let walk = name("Walk", written: "Walk", in: short)
        #expect(
            try parse(short).request as? AddSubcommand.Request
                == AddSubcommand.Request(name: walk, target: .daily, start: Spanned(pinnedToday, at: walk.span)))
        let gym = "habit ADD Gym 3/Week SINCE 2026-11-02"
        #expect(
            try parse(gym).request as? AddSubcommand.Request
                == AddSubcommand.Request(
                    name: name("Gym", written: "Gym", in: gym), target: .perWeek(3),
                    start: Spanned(day("2026-11-02"), at: span(of: "2026-11-02", in: gym))))
        let walkEvery = "habit add Walk every 2 days"
        #expect(
            try parse(walkEvery).request as? AddSubcommand.Request
                == AddSubcommand.Request(
                    name: name("Walk", written: "Walk", in: walkEvery), target: .everyDays(2),
                    start: Spanned(pinnedToday, at: span(of: "Walk", in: walkEvery))))
    }

    @Test(arguments: [
        ("habit done '물 마시기' yesterday", "물 마시기", "'물 마시기'", "yesterday", "2026-11-28"),
        ("habit undo Read -3", "Read", "Read", "-3", "2026-11-26"),
        ("habit archive Read today", "Read", "Read", "today", "2026-11-29"),
        ("habit done \"It's fine\" 2026-11-01", "It's fine", "\"It's fine\"", "2026-11-01", "2026-11-01"),
        ("\thabit\tdone\tRead\t2026-11-01   ", "Read", "Read", "2026-11-01", "2026-11-01"),
    ])
    func datedCommands(line: String, text: String, written: String, dateWord: String, expected: String) throws {
        let command = try parse(line)
        let habit = name(text, written: written, in: line)
        let date = Spanned(day(expected), at: span(of: dateWord, in: line))
        switch command.request {
        case let done as DoneSubcommand.Request:
            #expect(done == DoneSubcommand.Request(names: [habit], day: date))
        case let request as NameAndDayRequest:
            #expect(["undo", "archive"].contains(command.subcommandName))
            #expect(request == NameAndDayRequest(name: habit, day: date))
        default:
            Issue.record("parsed as \(command.request)")
        }
    }

    @Test func dateDefaultsToTodayAtTheName() throws {
        let line = "habit done Read # after lunch"
        let read = name("Read", written: "Read", in: line)
        #expect(
            try parse(line).request as? DoneSubcommand.Request
                == DoneSubcommand.Request(names: [read], day: Spanned(pinnedToday, at: read.span)))
    }

    @Test func otherSubcommands() throws {
        #expect(
            try parse("habit list").request as? ListSubcommand.Request == ListSubcommand.Request(includeArchived: false)
        )
        #expect(
            try parse("habit list all").request as? ListSubcommand.Request
                == ListSubcommand.Request(includeArchived: true))
        #expect(
            try parse("habit export json").request as? ExportSubcommand.Request
                == ExportSubcommand.Request(format: .json))
        #expect(
            try parse("habit export csv").request as? ExportSubcommand.Request == ExportSubcommand.Request(format: .csv)
        )
        #expect(
            try parse("habit export csv out.csv --force").request as? ExportSubcommand.Request
                == ExportSubcommand.Request(
                    format: .csv, file: Spanned("out.csv", at: SourceSpan(start: 17, end: 24)), force: true))
        let restore = "habit restore Read"
        #expect(
            try parse(restore).request as? NameRequest == NameRequest(name: name("Read", written: "Read", in: restore)))
        let show = "habit show 'Read'"
        #expect(
            try parse(show).request as? ShowSubcommand.Request
                == ShowSubcommand.Request(name: name("Read", written: "'Read'", in: show), year: false))
        let year = "habit show Read YEAR"
        #expect(
            try parse(year).request as? ShowSubcommand.Request
                == ShowSubcommand.Request(name: name("Read", written: "Read", in: year), year: true))
        #expect(
            try parse("habit show Read 2025").request as? ShowSubcommand.Request
                == ShowSubcommand.Request(
                    name: Spanned("Read", at: SourceSpan(start: 11, end: 15)), year: true,
                    calendarYear: Spanned(2025, at: SourceSpan(start: 16, end: 20))))
        let rename = "habit rename Read \"Read books\""
        #expect(
            try parse(rename).request as? RenameSubcommand.Request
                == RenameSubcommand.Request(
                    name: name("Read", written: "Read", in: rename),
                    newName: name("Read books", written: "\"Read books\"", in: rename)))
        for line in ["habit delete Read --yes", "habit delete --yes Read"] {
            #expect(
                try parse(line).request as? DeleteSubcommand.Request
                    == DeleteSubcommand.Request(name: name("Read", written: "Read", in: line), confirmed: true))
        }
        let quotedFlag = "habit delete '--yes'"
        #expect(
            try parse(quotedFlag).request as? DeleteSubcommand.Request
                == DeleteSubcommand.Request(name: name("--yes", written: "'--yes'", in: quotedFlag), confirmed: false))
    }

    @Test func spansAreBytesIntoTheWholeLine() throws {
        let line = "x = 1; habit show 물"  // the arguments need not start at 5
        let command = try parse(line)
        #expect(command.subcommandSpan == span(of: "show", in: line))
        #expect(command.endSpan == SourceSpan(at: line.utf8.count))
    }

    // MARK: Errors, each pointing at the exact span

    @Test(
        arguments: [
            (
                "habit ⟨frobnicate⟩", DiagnosticID.unknownHabitSubcommand,
                "unknown habit subcommand 'frobnicate'; expected one of today, add, list, done, skip, undo, note, target, describe, move, start, archive, restore, rename, delete, show, export, import, ask, log"
            ),
            ("habit done⟨⟩", .missingHabitName, "missing habit name after 'done'"),
            ("habit done⟨⟩   ", .missingHabitName, "missing habit name after 'done'"),
            ("habit show⟨⟩ # nothing", .missingHabitName, "missing habit name after 'show'"),
            (
                "habit done Read ⟨2026-13-01⟩", .noSuchDate,
                "there is no month 13 in '2026-13-01'; months run from 01 to 12"
            ),
            ("habit done Read ⟨2026-02-30⟩", .noSuchDate, "there is no day '2026-02-30': February 2026 has 28 days"),
            ("habit done '물 마시기' ⟨2026-02-29⟩", .noSuchDate, "there is no day '2026-02-29': February 2026 has 28 days"),
            ("habit done Read ⟨2026-12-01⟩", .dateInFuture, "2026-12-01 is in the future; today is 2026-11-29"),
            ("habit add Read since ⟨2026-11-30⟩", .dateInFuture, "2026-11-30 is in the future; today is 2026-11-29"),
            (
                "habit done Read ⟨tomorrow⟩", .malformedDate,
                "'tomorrow' is not a date; expected YYYY-MM-DD, today, yesterday, -N (days ago) or a weekday"
            ),
            (
                "habit done Read ⟨-99999999999999999999⟩", .noSuchDate,
                "'-99999999999999999999' reaches back before the year 1"
            ),
            (
                "habit done Read ⟨20⟩ pages", .malformedDate,
                "'20' is not a date; expected YYYY-MM-DD, today, yesterday, -N (days ago) or a weekday; a name with spaces needs quotes: \"Read 20 pages\""
            ),
            (
                "habit show Read ⟨20⟩ pages", .unexpectedHabitArgument,
                "unexpected '20'; the form is habit show NAME [year|YYYY]; a name with spaces needs quotes: \"Read 20 pages\""
            ),
            (
                "habit show Read ⟨books⟩", .unexpectedHabitArgument,
                "unexpected 'books'; the form is habit show NAME [year|YYYY]; a name with spaces needs quotes: \"Read books\""
            ),
            (
                "habit skip Read ⟨Book⟩", .malformedDate,
                "'Book' is not a date; expected YYYY-MM-DD, today, yesterday, -N (days ago) or a weekday"
            ),
            (
                "habit done Read today ⟨again⟩", .unexpectedHabitArgument,
                "unexpected 'again'; the form is habit done NAME... [AMOUNT] [DATE]"
            ),
            ("habit done ⟨\"⟩Read 20 pages", .unclosedQuote, "this quote is never closed; end the name with \""),
            ("habit done ⟨'⟩물 마시기", .unclosedQuote, "this quote is never closed; end the name with '"),
            ("habit done \"Read\"⟨x⟩", .missingSpaceAfterQuote, "expected a space after the closing quote"),
            ("habit done '물'⟨마⟩", .missingSpaceAfterQuote, "expected a space after the closing quote"),
            ("habit add Read ⟨2026-11-01⟩", .missingSince, "expected 'since' before the date: since 2026-11-01"),
            (
                "habit skip cold ⟨shower⟩ yesterday", .malformedDate,
                "'shower' is not a date; expected YYYY-MM-DD, today, yesterday, -N (days ago) or a weekday; "
                    + "a name with spaces needs quotes: \"cold shower\""
            ),
            (
                "habit add Morning ⟨run⟩ 3/week", .unexpectedHabitArgument,
                "unexpected 'run'; the form is habit add NAME [TARGET] [since DATE]; a name with spaces needs "
                    + "quotes: \"Morning run\""
            ),
            (
                "habit add Read ⟨from⟩ 2026-11-01", .unexpectedHabitArgument,
                "unexpected 'from'; the form is habit add NAME [TARGET] [since DATE]; a name with spaces needs quotes: \"Read from\""
            ),
            ("habit add Read since⟨⟩", .missingDate, "missing date after 'since'"),
            (
                "habit list ⟨everything⟩", .unexpectedHabitArgument,
                "unexpected 'everything'; the form is habit list [all]"
            ),
            ("habit list all ⟨now⟩", .unexpectedHabitArgument, "unexpected 'now'; the form is habit list [all]"),
            (
                "habit restore Read ⟨today⟩", .unexpectedHabitArgument,
                "unexpected 'today'; the form is habit restore NAME"
            ),
            ("habit rename Read⟨⟩", .missingHabitName, "missing new name after 'rename'"),
            (
                "habit rename Read books ⟨more⟩", .unexpectedHabitArgument,
                "unexpected 'more'; the form is habit rename NAME NEWNAME"
            ),
            ("habit delete Read ⟨--force⟩", .unknownHabitOption, "unknown option '--force' for habit delete"),
            ("habit delete --yes⟨⟩", .missingHabitName, "missing habit name after 'delete'"),
            ("habit export⟨⟩", .missingExportFormat, "missing export format after 'export'; expected csv or json"),
            ("habit export ⟨xml⟩", .unknownExportFormat, "unknown export format 'xml'; expected csv or json"),
            (
                "habit export csv out.csv ⟨json⟩", .unexpectedHabitArgument,
                "unexpected 'json'; the form is habit export csv|json [FILE]"
            ),
        ] as [(String, DiagnosticID, String)])
    func errorsPointAtTheProblem(source: String, id: DiagnosticID, message: String) {
        let line = MarkedLine(source)
        #expect(throws: Diagnostic(id, message, at: line.span)) { try parse(line.text) }
    }

    /// A word near a known one gets "did you mean" as a note under the message, not in it.
    @Test(
        arguments: [
            ("habit ⟨dne⟩ Read", DiagnosticID.unknownHabitSubcommand, "unknown habit subcommand 'dne'", "done"),
            ("habit ⟨arch⟩ Read", .unknownHabitSubcommand, "unknown habit subcommand 'arch'", "archive"),
            ("habit ⟨Dnoe⟩ Read", .unknownHabitSubcommand, "unknown habit subcommand 'Dnoe'", "done"),
            ("habit ⟨\"done\"⟩ Read", .unknownHabitSubcommand, "unknown habit subcommand 'done'", "done"),
            ("habit delete Read ⟨--yse⟩", .unknownHabitOption, "unknown option '--yse' for habit delete", "--yes"),
            ("habit export ⟨jsn⟩", .unknownExportFormat, "unknown export format 'jsn'", "json"),
        ] as [(String, DiagnosticID, String, String)])
    func misspellingsGetADidYouMeanNote(source: String, id: DiagnosticID, message: String, suggestion: String) {
        let line = MarkedLine(source)
        #expect(throws: Diagnostic(id, message, at: line.span).suggesting(suggestion)) { try parse(line.text) }
        let error = #expect(throws: Diagnostic.self) { try parse(line.text) }
        #expect(error?.notes == [Diagnostic.Note("did you mean '\(suggestion)'?")])
    }

    @Test func unicodeSpacesSeparateWords() throws {
        let line = "habit\u{00A0}done\u{00A0}Read\u{2003}yesterday"
        let command = try parse(line)
        #expect(
            command.request as? DoneSubcommand.Request
                == DoneSubcommand.Request(
                    names: [name("Read", written: "Read", in: line)],
                    day: Spanned(day("2026-11-28"), at: span(of: "yesterday", in: line))))
    }

    @Test func quotesNamesForInput() {
        #expect(HabitCommandLine.quotedForInput("Read") == "Read")
        #expect(HabitCommandLine.quotedForInput("물 마시기") == "\"물 마시기\"")
        #expect(HabitCommandLine.quotedForInput("Say \"hi\"") == "'Say \"hi\"'")
        #expect(HabitCommandLine.quotedForInput("#1") == "\"#1\"")
        #expect(HabitCommandLine.quotedForInput("It's \"x\" now") == nil)
    }
}
