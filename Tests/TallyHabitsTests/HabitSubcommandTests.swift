import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHabits

/// The table of subcommands drives parsing, the usage in messages, help and completion.
@Suite struct HabitSubcommandTests {
    func parse(_ line: String) throws(Diagnostic) -> HabitCommand {
        try HabitCommandLine.parse(line, argumentsStart: 5, today: pinnedToday)
    }

    /// The subcommand named `name` in the table.
    func subcommand(_ name: String) -> any HabitSubcommand.Type {
        HabitSubcommands.named(name)!
    }

    /// A line written as `usage` says, with sample arguments: without the optional parts
    /// (`habit add Read`), or with them (`habit add Read since today`).
    func example(of subcommand: any HabitSubcommand.Type, withOptionalParts: Bool) -> String {
        var usage = subcommand.usage
        while let open = usage.firstIndex(of: "["), let close = usage[open...].firstIndex(of: "]") {
            let inside = usage[usage.index(after: open)..<close]
            usage.replaceSubrange(open...close, with: withOptionalParts ? String(inside) : "")
        }
        let samples = [
            "NAME": "Read", "NAME...": "Read", "NEWNAME": "Books", "DATE": "today", "TARGET": "3/week", "TEXT": "fine",
            "FILE": "habits.json", "POSITION": "2", "AMOUNT": "2.5", "N": "7",
        ]
        return usage.split(separator: " ").map { word in
            samples[String(word)] ?? String(word.split(separator: "|").first!)
        }.joined(separator: " ")
    }

    @Test(arguments: HabitSubcommands.names)
    func everySubcommandParsesAsItsUsageIsWritten(name: String) throws {
        let subcommand = self.subcommand(name)
        for withOptionalParts in [false, true] {
            let line = example(of: subcommand, withOptionalParts: withOptionalParts)
            let command = try parse(line)
            #expect(command.subcommandName == name, "\(line)")
            // `habit [today]`: without the optional word, the subcommand is where the line ends.
            let expectedSpan =
                line == "habit" ? SourceSpan(at: 5) : SourceSpan(start: 6, end: 6 + name.utf8.count)
            #expect(command.subcommandSpan == expectedSpan, "\(line)")
        }
    }

    /// (A note's or a description's TEXT takes every word to the end of the line, so `note` and
    /// `describe` have no extra word.)
    @Test(arguments: HabitSubcommands.names.filter { $0 != "note" && $0 != "describe" })
    func anExtraWordIsAnsweredWithTheUsage(name: String) {
        let subcommand = self.subcommand(name)
        // Quoted, so it is never taken for part of a name written without quotes.
        let line = MarkedLine(example(of: subcommand, withOptionalParts: true) + " ⟨'extra'⟩")
        let expected = Diagnostic(
            .unexpectedHabitArgument, "unexpected 'extra'; the form is \(subcommand.usage)", at: line.span)
        #expect(throws: expected) { try parse(line.text) }
    }

    @Test(arguments: HabitSubcommands.names)
    func aMisspeltSubcommandIsSuggested(name: String) {
        let typed = String(name.dropLast())
        let line = MarkedLine("habit ⟨\(typed)⟩")
        let expected = Diagnostic(.unknownHabitSubcommand, "unknown habit subcommand '\(typed)'", at: line.span)
            .suggesting(name)
        #expect(throws: expected) { try parse(line.text) }
    }

    @Test func helpListsEverySubcommandOnceWithItsUsageAndSummary() {
        let help = HabitCommandLine.helpText
        #expect(HabitCommandLine.helpOrder.map { $0.name }.sorted() == HabitSubcommands.names.sorted())
        #expect(HabitSubcommands.helpOrder.sorted() == HabitSubcommands.names.sorted())
        for subcommand in HabitSubcommands.all {
            let lines = help.split(separator: "\n").filter { $0.hasPrefix("  \(subcommand.usage)  ") }
            #expect(lines.count == 1, "\(subcommand)")
            #expect(lines.first?.hasSuffix(subcommand.summaryLines[0]) == true, "\(subcommand)")
            #expect(help.contains(subcommand.summaryLines.joined(separator: "\n" + String(repeating: " ", count: 41))))
        }
        #expect(
            help.contains(
                "  habit add NAME [TARGET] [since DATE]   start tracking (from today unless\n"))
    }

    @Test func messagesListTheSubcommandsInOrder() {
        let expected = Diagnostic(
            .unknownHabitSubcommand,
            "unknown habit subcommand 'zzz'; expected one of "
                + HabitSubcommands.names.joined(separator: ", "),
            at: SourceSpan(start: 6, end: 9))
        #expect(throws: expected) { try parse("habit zzz") }
    }

    @Test func habitAloneIsToday() throws {
        #expect(try parse("habit").subcommandName == "today")
        #expect(try parse("habit   # what now").subcommandName == "today")
        #expect(try parse("habit Today").subcommandName == "today")
    }

    @Test func aliasesNameTheirSubcommand() throws {
        #expect(
            try parse("habit ls all").request as? ListSubcommand.Request
                == ListSubcommand.Request(includeArchived: true))
        #expect(try parse("habit RM Read --yes").subcommandName == "delete")
        #expect(HabitSubcommands.firstArgument(after: "ls") == nil)  // Tab offers the names themselves
    }

    @Test func whatCompletionOffersAfterEachSubcommand() {
        #expect(HabitSubcommands.firstArgument(after: "export") == .word(oneOf: ["csv", "json"]))
        #expect(HabitSubcommands.firstArgument(after: "list") == .word(oneOf: ["all"]))
        #expect(HabitSubcommands.firstArgument(after: "add") == .newHabitName)
        #expect(HabitSubcommands.all.filter { $0.firstArgument == .habitName }.count == 13)
        #expect(
            HabitSubcommands.all.filter { $0.firstArgument == .habitName || $0.firstArgument == .newHabitName }
                .map { $0.name } == [
                    "add", "done", "skip", "undo", "note", "target", "describe", "move", "start", "archive", "restore",
                    "rename", "delete", "show",
                ])
    }

    @Test func whichSubcommandsTakeADateOrSeveralNames() {
        #expect(
            HabitSubcommands.names.filter(HabitSubcommands.takesDate(after:)) == [
                "done", "skip", "undo", "note", "start", "archive",
            ])
        #expect(HabitSubcommands.names.filter(HabitSubcommands.takesSeveralNames(after:)) == ["done"])
        #expect(!HabitSubcommands.takesDate(after: "zzz"))
    }
}
