import Foundation
import Glibc
import TallyTestSupport
import Testing

/// The prompt as a terminal shows it, through a pseudo-terminal and a model of the screen:
/// resizing, pasting several lines, the cursor after a prefix search, Ctrl-Z and Ctrl-D, input
/// that holds escape sequences, a preview that must be stopped, and text wrapped at words.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InteractiveTerminalTests {
    typealias Terminal = PseudoTerminal

    /// A fresh home for one test.
    final class Sandbox {
        let path: String
        init() {
            path = try! TallyUnderTest.temporaryDirectory().path
            try! FileManager.default.createDirectory(atPath: path + "/state/tally", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// A session at its first prompt on a terminal that is not dumb (bracketed paste on);
        /// `decorated` lets it draw the preview, the suggestion and colours (no NO_COLOR).
        func start(decorated: Bool, columns: Int = 100, quiet: Bool = true) throws -> Terminal {
            let environment = [
                "HOME": path, "XDG_STATE_HOME": path + "/state", "TALLY_DATA_DIR": path + "/data", "TERM": "xterm",
                "NO_COLOR": decorated ? "" : "1", "PAGER": "",
            ]
            let terminal = try Terminal(arguments: quiet ? ["-q"] : [], environment: environment, columns: columns)
            try terminal.expect("> ")
            return terminal
        }
    }

    private func screen(of terminal: Terminal, columns: Int = 100) -> TerminalScreen {
        TerminalScreen(terminal.rawOutput, columns: columns)
    }

    private func leave(_ terminal: Terminal) throws {
        terminal.type(Terminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    // MARK: Resizing

    @Test(arguments: [true, false])
    func aResizeRedrawsThePromptInPlace(decorated: Bool) throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: decorated)
        terminal.type("2+3")
        if decorated { try terminal.expect("= 5") } else { try terminal.expect("2+3") }
        for columns in [60, 100] {
            terminal.resize(columns: columns)
            _ = terminal.collect(for: 0.3)
        }
        var shown = screen(of: terminal)
        #expect(shown.lines.filter { $0.contains(">") }.count == 1, "\(shown.lines)")
        #expect(shown.cursorLine == (decorated ? "> 2+3   = 5" : "> 2+3"))
        // An empty prompt stays one prompt, however often the window changes.
        terminal.type("\u{15}")
        for columns in [60, 100, 70, 100] {
            terminal.resize(columns: columns)
            _ = terminal.collect(for: 0.2)
        }
        shown = screen(of: terminal)
        #expect(shown.cursorLine == ">", "\(shown.lines)")
        terminal.type("6*7\r")
        try terminal.expect("42\n")
        try terminal.expect("> ")
        try leave(terminal)
    }

    // MARK: Pasting

    @Test(arguments: [true, false])
    func aPasteOfSeveralLinesRunsEachInTurn(decorated: Bool) throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: decorated)
        terminal.type("\u{1B}[200~1+1\r2+2\r\u{1B}[201~")
        try terminal.expect("2\n")
        try terminal.expect("4\n")
        try terminal.expect("> ")
        _ = terminal.collect(for: 0.3)
        let rows = screen(of: terminal).lines.filter { !$0.isEmpty }
        #expect(rows == ["> 1+1", "2", "> 2+2", "4", ">"], "\(rows)")
        // A partial last line stays on the prompt to be finished; blank lines are skipped.
        terminal.type("\u{1B}[200~5*5\r\r6*\u{1B}[201~")
        try terminal.expect("25\n")
        terminal.type("7\r")
        try terminal.expect("42\n")
        try terminal.expect("> ")
        // Each pasted line is in the history, as if typed.
        terminal.type("history\r")
        try terminal.expect("1  1+1\n  2  2+2\n  3  5*5\n  4  6*7\n  5  history")
        try terminal.expect("> ")
        try leave(terminal)
    }

    @Test func ctrlCDuringAPastedLineDropsTheRestOfThePaste() throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: false)
        terminal.type("set maxwork 1000000000000\r")
        try terminal.expect("> ")
        terminal.type("\u{1B}[200~nextprime(10^3000)\r1+1\r\u{1B}[201~")
        try terminal.expect("nextprime(10^3000)")
        usleep(300_000)
        terminal.type(Terminal.controlC)
        try terminal.expect("interrupted\n", timeout: 20)
        try terminal.expect("> ")
        #expect(!terminal.collect(for: 0.5).contains("1+1"))
        try leave(terminal)
    }

    // MARK: Recall

    @Test func upLeavesTheCursorAtTheEndOfTheLineFound() throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: false)
        for line in ["12+1", "15+1", "3"] {
            terminal.type(line + "\r")
            try terminal.expect("> ")
        }
        // `1` and Up finds 15+1; typing goes on at its end.
        terminal.type("1" + Terminal.upArrow + "0\r")
        try terminal.expect("25\n")
        try terminal.expect("> ")
        // Up again goes on searching with the same prefix, however far the cursor moved.
        terminal.type("1" + Terminal.upArrow + Terminal.upArrow + Terminal.upArrow + "0\r")
        try terminal.expect("22\n")
        try terminal.expect("> ")
        try leave(terminal)
    }

    // MARK: Ctrl-Z and Ctrl-D

    @Test func ctrlZTakesThePreviewAwayAndTheLineIsRedrawnOnResuming() throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: true)
        terminal.type("6*7")
        try terminal.expect("= 42")
        terminal.type("\u{1A}")
        // The session is not stopped here (no shell controls its process group), so it goes
        // on at once, as after `fg`.
        try terminal.expect("^Z")
        _ = terminal.collect(for: 0.3)
        kill(terminal.processID, SIGCONT)
        _ = terminal.collect(for: 0.3)
        let shown = screen(of: terminal)
        #expect(shown.lines.filter { $0.contains("= 42") }.count == 1, "\(shown.lines)")
        #expect(shown.cursorLine == "> 6*7   = 42", "\(shown.lines)")
        terminal.type("\r")
        try terminal.expect("42\n")
        try terminal.expect("> ")
        try leave(terminal)
    }

    @Test(arguments: ["xterm", "dumb"])
    func ctrlDLeavesNoEmptyRowBehind(term: String) throws {
        let sandbox = Sandbox()
        let terminal = try Terminal(
            arguments: ["-q"], environment: ["HOME": sandbox.path, "TERM": term, "NO_COLOR": "1"])
        try terminal.expect("> ")
        terminal.type(Terminal.controlD)
        #expect(try terminal.waitForExit() == 0)
        // What the child wrote before it ended may still wait in the terminal to be read.
        _ = terminal.collect(for: 0.2)
        let rows = screen(of: terminal).lines
        #expect(rows == [">", ""], "\(rows)")
    }

    // MARK: Escape sequences in the input

    /// Ctrl-V makes the next key (Escape, Ctrl-G) part of the line.
    static let literalEscape = "\u{16}\u{1B}"
    static let literalBell = "\u{16}\u{07}"

    @Test(arguments: [
        "1 # \(literalEscape)]0;pwned\(literalBell)",
        "help \(literalEscape)[2J",
        "habit done \"\(literalEscape)]52;c;aGk=\(literalBell)\"",
        "2 + \(literalEscape)[5;7m",
    ])
    func noByteOfTheInputReachesTheTerminalAsAControlCharacter(line: String) throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: true)
        terminal.type(line)
        _ = terminal.collect(for: 0.4)
        terminal.type("\r")
        try terminal.expect("> ")
        // Recalled from the history, and pasted.
        terminal.type(Terminal.upArrow)
        _ = terminal.collect(for: 0.3)
        terminal.type("\u{15}")
        let pasted = line.replacingOccurrences(of: "\u{16}", with: "")
        terminal.type("\u{1B}[200~" + pasted + "\r\u{1B}[201~")
        try terminal.expect("> ")
        _ = terminal.collect(for: 0.3)
        let output = String(decoding: terminal.rawOutput, as: UTF8.self)
        for forbidden in ["\u{1B}]", "\u{1B}[2J", "\u{1B}[5;7m"] {
            #expect(!output.contains(forbidden), "\(forbidden.debugDescription) in \(output.debugDescription)")
        }
        #expect(output.contains("^["))
        try leave(terminal)
    }

    // MARK: The preview's work

    @Test func aPreviewOverItsBudgetIsStoppedAndLaterLinesArePreviewed() throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: true)
        terminal.type("set maxwork 1000000000000\r")
        try terminal.expect("> ")
        // Typed and left: stopped at its budget.
        terminal.type("factor(2^512+1)")
        usleep(300_000)
        var before = try InteractivePromptTests.processorSeconds(of: terminal.processID)
        usleep(1_500_000)
        #expect(try InteractivePromptTests.processorSeconds(of: terminal.processID) - before < 0.3)
        // Erased: nothing goes on working, and the next line gets its preview.
        terminal.type("\u{15}")
        before = try InteractivePromptTests.processorSeconds(of: terminal.processID)
        usleep(1_500_000)
        #expect(try InteractivePromptTests.processorSeconds(of: terminal.processID) - before < 0.3)
        terminal.type("1+1")
        try terminal.expect("= 2", timeout: 5)
        // Erased at once, before its budget: the same.
        terminal.type("\u{15}factor(2^512+3)\u{15}")
        usleep(300_000)
        before = try InteractivePromptTests.processorSeconds(of: terminal.processID)
        usleep(1_000_000)
        #expect(try InteractivePromptTests.processorSeconds(of: terminal.processID) - before < 0.3)
        terminal.type("2+2")
        try terminal.expect("= 4", timeout: 5)
        terminal.type("\u{15}")
        try leave(terminal)
    }

    // MARK: Wrapping at words

    static let banner = "Tally 0.1.0: exact arithmetic, bmi and habits. Type help to start, Ctrl-D to leave."

    @Test(arguments: [50, 100])
    func theBannerAndTheSetListingWrapAtWords(columns: Int) throws {
        let sandbox = Sandbox()
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = try sandbox.start(decorated: false, columns: columns, quiet: false)
        terminal.type("set\r")
        try terminal.expect("highlight")
        try terminal.expect("> ")
        let rows = screen(of: terminal, columns: columns).lines.filter { !$0.isEmpty }
        for row in rows { #expect(row.count <= columns, "\(row)") }
        let bannerRows = rows.prefix { !$0.hasPrefix(">") }
        #expect(bannerRows.joined(separator: " ") == Self.banner)
        #expect(bannerRows.count == (columns < Self.banner.count ? 2 : 1))
        // Each setting's meaning goes on under itself.
        let listing = rows.drop { !$0.hasPrefix("> set") }.dropFirst().prefix { !$0.hasPrefix(">") }
        let meaningColumn = 23
        for row in listing where row.hasPrefix(" ") {
            #expect(row.prefix { $0 == " " }.count == meaningColumn, "\(row)")
        }
        let grouping = Array(listing.drop { !$0.hasPrefix("grouping") })
        let groupingRows = grouping.prefix(1) + grouping.dropFirst().prefix { $0.hasPrefix(" ") }
        let meaning = groupingRows.map { $0.dropFirst(meaningColumn) }.joined(separator: " ")
        #expect(meaning == "group digits in threes: on (1_234_567), \",\" (1,234,567) or off; each reads back")
        try leave(terminal)
    }
}
