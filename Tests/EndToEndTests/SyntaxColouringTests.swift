import Foundation
import TallyTestSupport
import Testing

/// The line coloured as it is typed (`set highlight`), through a pseudo-terminal: numbers,
/// known names, units and operators in their colours, an unknown name in red; none with the
/// setting off, on a dumb terminal or under NO_COLOR; and the line entered is the line typed.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SyntaxColouringTests {
    typealias Terminal = PseudoTerminal
    typealias Sandbox = InteractivePromptTests.Sandbox

    static func coloured(_ text: String, _ colour: String) -> String { "\u{1B}[\(colour)m\(text)\u{1B}[0m" }

    private func leave(_ terminal: Terminal) throws {
        terminal.type(Terminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func numbersNamesUnitsAndOperatorsAreColouredAndAnUnknownNameIsRed() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type("x = 4\r")
        try terminal.expect("> ")
        terminal.type("2 * sqrt(x) + y")
        let shown = try terminal.expect(Self.coloured("y", "31"))
        #expect(shown.contains(Self.coloured("2", "36")))
        #expect(shown.contains(Self.coloured("*", "33")))
        #expect(shown.contains(Self.coloured("sqrt", "34")))
        #expect(shown.contains(Self.coloured("x", "34")))
        terminal.type("\u{15}3 km to m")
        let units = try terminal.expect(Self.coloured("m", "32"))
        #expect(units.contains(Self.coloured("km", "32")))
        #expect(units.contains(Self.coloured("to", "35")))
        // A command line: only its word is coloured, the rest is the command's.
        terminal.type("\u{15}help units")
        let command = try terminal.expect(Self.coloured("help", "35"))
        #expect(!terminal.collect(for: 0.3).contains(Self.coloured("units", "31")))
        #expect(!command.contains("\u{1B}[31m"))
        terminal.type("\u{15}")
        try leave(terminal)
    }

    @Test func theLineEnteredIsTheLineTyped() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type("12 * 3.5e1")
        try terminal.expect(Self.coloured("3.5e1", "36"))
        terminal.type("\r")
        // Where readline uses bracketed paste, its escape stands between the newline and the
        // result.
        try terminal.expect("\n")
        try terminal.expect("420\n")
        try terminal.expect("> ")
        let history = try String(contentsOfFile: sandbox.path + "/state/tally/history", encoding: .utf8)
        #expect(history.contains("12 * 3.5e1\n"))
        #expect(!history.contains("\u{1B}"))
        try leave(terminal)
    }

    @Test func setHighlightOffStopsTheColours() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type("set highlight off\r")
        try terminal.expect("> ")
        terminal.type("2 + y")
        let shown = terminal.collect(for: 0.4)
        #expect(!shown.contains("\u{1B}[36m") && !shown.contains("\u{1B}[31m"))
        terminal.type("\u{15}")
        try leave(terminal)
    }

    @Test func noColoursOnADumbTerminalOrUnderNoColor() throws {
        let sandbox = Sandbox()
        for environment in [["TERM": "dumb", "NO_COLOR": ""], ["TERM": "xterm", "NO_COLOR": "1"]] {
            let terminal = try sandbox.start(environment: environment)
            terminal.type("2 + y")
            let shown = terminal.collect(for: 0.4)
            #expect(!shown.contains("\u{1B}[36m") && !shown.contains("\u{1B}[31m"), "\(environment)")
            terminal.type("\u{15}")
            try leave(terminal)
        }
    }
}
