import TallyCore
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
            try parse(line).action
                == .add(
                    name: name("Read 20 pages", written: #""Read 20 pages""#, in: line),
                    start: Spanned(day("2026-11-01"), at: span(of: "2026-11-01", in: line))))
        let short = "habit add Walk"
        let walk = name("Walk", written: "Walk", in: short)
        #expect(try parse(short).action == .add(name: walk, start: Spanned(pinnedToday, at: walk.span)))
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
        switch command.action {
        case .done(let name, let day), .undo(let name, let day), .archive(let name, let day):
            #expect(name == habit && day == date)
        default:
            Issue.record("parsed as \(command.action)")
        }
    }

    @Test func dateDefaultsToTodayAtTheName() throws {
        let line = "habit done Read # after lunch"
        let read = name("Read", written: "Read", in: line)
        #expect(try parse(line).action == .done(name: read, day: Spanned(pinnedToday, at: read.span)))
    }

    @Test func otherSubcommands() throws {
        #expect(try parse("habit list").action == .list(includeArchived: false))
        #expect(try parse("habit list all").action == .list(includeArchived: true))
        #expect(try parse("habit export json").action == .export(.json))
        #expect(try parse("habit export csv").action == .export(.csv))
        let restore = "habit restore Read"
        #expect(try parse(restore).action == .restore(name: name("Read", written: "Read", in: restore)))
        let show = "habit show 'Read'"
        #expect(try parse(show).action == .show(name: name("Read", written: "'Read'", in: show)))
        let rename = "habit rename Read \"Read books\""
        #expect(
            try parse(rename).action
                == .rename(
                    name: name("Read", written: "Read", in: rename),
                    newName: name("Read books", written: "\"Read books\"", in: rename)))
        for line in ["habit delete Read --yes", "habit delete --yes Read"] {
            #expect(try parse(line).action == .delete(name: name("Read", written: "Read", in: line), confirmed: true))
        }
        let quotedFlag = "habit delete '--yes'"
        #expect(
            try parse(quotedFlag).action
                == .delete(name: name("--yes", written: "'--yes'", in: quotedFlag), confirmed: false))
    }

    @Test func spansAreBytesIntoTheWholeLine() throws {
        let line = "x = 1; habit show 물"  // the arguments need not start at 5
        let command = try parse(line)
        #expect(command.subcommandSpan == span(of: "show", in: line))
        #expect(command.endSpan == SourceSpan(at: line.utf8.count))
    }

    // MARK: Errors, each pointing at the exact span

    @Test(arguments: [
        (
            "habit⟦⟧",
            "missing habit subcommand; expected one of add, list, done, undo, archive, restore, rename, delete, show, export"
        ),
        ("habit ⟦dne⟧ Read", "unknown habit subcommand 'dne'; did you mean 'done'?"),
        ("habit ⟦arch⟧ Read", "unknown habit subcommand 'arch'; did you mean 'archive'?"),
        ("habit ⟦Done⟧ Read", "unknown habit subcommand 'Done'; did you mean 'done'?"),
        (
            "habit ⟦frobnicate⟧",
            "unknown habit subcommand 'frobnicate'; expected one of add, list, done, undo, archive, restore, rename, delete, show, export"
        ),
        ("habit ⟦\"done\"⟧ Read", "unknown habit subcommand 'done'; did you mean 'done'?"),
        ("habit done⟦⟧", "missing habit name after 'done'"),
        ("habit done⟦⟧   ", "missing habit name after 'done'"),
        ("habit show⟦⟧ # nothing", "missing habit name after 'show'"),
        ("habit done Read ⟦2026-13-01⟧", "there is no month 13 in '2026-13-01'; months run from 01 to 12"),
        ("habit done Read ⟦2026-02-30⟧", "there is no day '2026-02-30': February 2026 has 28 days"),
        ("habit done '물 마시기' ⟦2026-02-29⟧", "there is no day '2026-02-29': February 2026 has 28 days"),
        ("habit done Read ⟦2026-12-01⟧", "2026-12-01 is in the future; today is 2026-11-29"),
        ("habit add Read since ⟦2026-11-30⟧", "2026-11-30 is in the future; today is 2026-11-29"),
        (
            "habit done Read ⟦tomorrow⟧",
            "'tomorrow' is not a date; expected YYYY-MM-DD, today, yesterday or -N (days ago)"
        ),
        ("habit done Read ⟦-99999999999999999999⟧", "'-99999999999999999999' reaches back before the year 1"),
        (
            "habit done Read ⟦20⟧ pages",
            "'20' is not a date; expected YYYY-MM-DD, today, yesterday or -N (days ago); a name with spaces needs quotes: \"Read 20 pages\""
        ),
        (
            "habit show Read ⟦20⟧ pages",
            "unexpected '20'; the form is habit show NAME; a name with spaces needs quotes: \"Read 20 pages\""
        ),
        (
            "habit show Read ⟦books⟧",
            "unexpected 'books'; the form is habit show NAME; a name with spaces needs quotes: \"Read books\""
        ),
        ("habit done Read ⟦Book⟧", "'Book' is not a date; expected YYYY-MM-DD, today, yesterday or -N (days ago)"),
        ("habit done Read today ⟦again⟧", "unexpected 'again'; the form is habit done NAME [DATE]"),
        ("habit done ⟦\"⟧Read 20 pages", "this quote is never closed; end the name with \""),
        ("habit done ⟦'⟧물 마시기", "this quote is never closed; end the name with '"),
        ("habit done \"Read\"⟦x⟧", "expected a space after the closing quote"),
        ("habit done '물'⟦마⟧", "expected a space after the closing quote"),
        ("habit add Read ⟦2026-11-01⟧", "expected 'since' before the date: since 2026-11-01"),
        (
            "habit add Read ⟦from⟧ 2026-11-01",
            "unexpected 'from'; the form is habit add NAME [since DATE]; a name with spaces needs quotes: \"Read from 2026-11-01\""
        ),
        ("habit add Read since⟦⟧", "missing date after 'since'"),
        ("habit list ⟦everything⟧", "unexpected 'everything'; the form is habit list [all]"),
        ("habit list all ⟦now⟧", "unexpected 'now'; the form is habit list [all]"),
        ("habit restore Read ⟦today⟧", "unexpected 'today'; the form is habit restore NAME"),
        ("habit rename Read⟦⟧", "missing new name after 'rename'"),
        ("habit rename Read books ⟦more⟧", "unexpected 'more'; the form is habit rename NAME NEWNAME"),
        ("habit delete Read ⟦--yse⟧", "unknown option '--yse' for habit delete; did you mean '--yes'?"),
        ("habit delete Read ⟦--force⟧", "unknown option '--force' for habit delete"),
        ("habit delete --yes⟦⟧", "missing habit name after 'delete'"),
        ("habit export⟦⟧", "missing export format after 'export'; expected csv or json"),
        ("habit export ⟦xml⟧", "unknown export format 'xml'; expected csv or json"),
        ("habit export ⟦jsn⟧", "unknown export format 'jsn'; did you mean 'json'?"),
        ("habit export csv ⟦json⟧", "unexpected 'json'; the form is habit export csv|json"),
    ])
    func errorsPointAtTheProblem(source: String, message: String) {
        let (line, span) = marked(source)
        #expect(throws: Diagnostic(message, at: span)) { try parse(line) }
    }

    @Test func quotesNamesForInput() {
        #expect(HabitCommandLine.quotedForInput("Read") == "Read")
        #expect(HabitCommandLine.quotedForInput("물 마시기") == "\"물 마시기\"")
        #expect(HabitCommandLine.quotedForInput("Say \"hi\"") == "'Say \"hi\"'")
        #expect(HabitCommandLine.quotedForInput("#1") == "\"#1\"")
        #expect(HabitCommandLine.quotedForInput("It's \"x\" now") == nil)
    }
}
