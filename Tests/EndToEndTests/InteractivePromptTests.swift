import Foundation
import TallyTestSupport
import Testing

/// The prompt's second round, through a pseudo-terminal: prefix search, the suggestion and the
/// preview drawn beside the line, `history` and `_N`, shortened results, the pager, and text
/// fitted to the window.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InteractivePromptTests {
    typealias Terminal = PseudoTerminal
    static let dim = "\u{1B}[2m"
    static let rightArrow = "\u{1B}[C"

    /// A fresh home for one test.
    final class Sandbox {
        let path: String
        init() { path = try! TallyUnderTest.temporaryDirectory().path }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        var environment: [String: String] {
            ["HOME": path, "XDG_STATE_HOME": path + "/state", "TALLY_DATA_DIR": path + "/data", "PAGER": "cat"]
        }

        /// A quiet session at its first prompt; `decorated` gives it a terminal that can dim
        /// text (TERM=xterm, no NO_COLOR).
        func start(
            decorated: Bool = false, columns: Int = 100, environment extra: [String: String] = [:]
        ) throws -> Terminal {
            var environment = self.environment
            if decorated {
                environment["TERM"] = "xterm"
                environment["NO_COLOR"] = ""
            }
            environment.merge(extra) { $1 }
            let terminal = try Terminal(arguments: ["-q"], environment: environment, columns: columns)
            try terminal.expect("> ")
            return terminal
        }
    }

    private func enter(_ line: String, in terminal: Terminal, expecting result: String? = nil) throws {
        terminal.type(line + "\r")
        // Where readline uses bracketed paste, its escape stands between the newline and the
        // result.
        if let result {
            try terminal.expect("\n")
            try terminal.expect(result + "\n")
        }
        try terminal.expect("> ")
    }

    private func leave(_ terminal: Terminal) throws {
        terminal.type(Terminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func upArrowSearchesForLinesStartingWithWhatIsTyped() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter(
            "bmi 180 75", in: terminal,
            expecting: "BMI 23.1  normal weight  (WHO adult classification, ages 20 and over)")
        try enter("3*3", in: terminal, expecting: "9")
        try enter(
            "bmi" + Terminal.upArrow, in: terminal,
            expecting: "BMI 23.1  normal weight  (WHO adult classification, ages 20 and over)")
        // An empty line walks all the history, as before.
        try enter(Terminal.upArrow + Terminal.upArrow, in: terminal, expecting: "9")
        try leave(terminal)
    }

    @Test func aBindingInTheUsersInputrcWins() throws {
        let sandbox = Sandbox()
        let inputrc = sandbox.path + "/inputrc"
        try "$if tally\n\"\\e[A\": previous-history\n$endif\n".write(toFile: inputrc, atomically: true, encoding: .utf8)
        let terminal = try sandbox.start(environment: ["INPUTRC": inputrc])
        try enter("6*7", in: terminal, expecting: "42")
        try enter("3*3", in: terminal, expecting: "9")
        // previous-history replaces the line with the last one, whatever was typed.
        try enter("6" + Terminal.upArrow, in: terminal, expecting: "9")
        try leave(terminal)
    }

    @Test func theSuggestionIsDrawnDimmedAndTakenWithTheRightArrow() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        try enter("12345*2", in: terminal, expecting: "24690")
        terminal.type("123")
        try terminal.expect(Self.dim + "45*2")
        try enter(Self.rightArrow, in: terminal, expecting: "24690")
        // Typing on ignores it.
        terminal.type("1239")
        try terminal.expect("9")
        try enter("", in: terminal, expecting: "1239")
        try leave(terminal)
    }

    @Test func noSuggestionOrPreviewOnADumbTerminalOrUnderNoColor() throws {
        let sandbox = Sandbox()
        for environment in [["TERM": "dumb", "NO_COLOR": ""], ["TERM": "xterm", "NO_COLOR": "1"]] {
            let terminal = try sandbox.start(environment: environment)
            terminal.type("12345*2\r")
            try terminal.expect("24690\n")
            try terminal.expect("> ")
            terminal.type("123")
            let shown = terminal.collect(for: 0.4)
            #expect(!shown.contains("\u{1B}[2m"), "\(environment)")
            #expect(!shown.contains("45*2"), "\(environment)")
            terminal.type("\r")
            try terminal.expect("123\n")
            try terminal.expect("> ")
            try leave(terminal)
        }
    }

    @Test func setSuggestOffStopsSuggestions() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        try enter("12345*2", in: terminal, expecting: "24690")
        try enter("set suggest off", in: terminal)
        terminal.type("123")
        #expect(!terminal.collect(for: 0.4).contains("45*2"))
        try enter("", in: terminal, expecting: "123")
        try leave(terminal)
    }

    @Test func thePreviewShowsTheValueAndGoesWhenTheLineIsEntered() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type("2+3*4")
        try terminal.expect(Self.dim + "   = 14")
        terminal.type("\r")
        // Enter clears it before the line goes up: the rest of the row is erased.
        let beforeResult = try terminal.expect("14\n")
        #expect(beforeResult.contains("\u{1B}[K"))
        try terminal.expect("> ")
        terminal.type("sqrt(2")
        try terminal.expect(Self.dim + "   …")
        try enter(")", in: terminal, expecting: "≈ 1.4142135623730950488")
        try leave(terminal)
    }

    @Test(arguments: ["x = 5", "f(y) = y + 1", "habit add Read", "set digits 5", "bmi 180 75"])
    func aLineWithSideEffectsIsNeverPreviewed(line: String) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type(line)
        let shown = terminal.collect(for: 0.5)
        #expect(!shown.contains(Self.dim), "\(shown.debugDescription)")
        // Nothing was run: no variable, no habit.
        terminal.type("\u{15}vars\r")
        try terminal.expect("no variables yet")
        try terminal.expect("> ")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/data/habits.sqlite3"))
        try leave(terminal)
    }

    @Test func aSlowLineIsNotPreviewedAndTypingGoesOn() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type("nextprime(10^400)")
        terminal.type("\u{15}1+1")
        try terminal.expect(Self.dim + "   = 2", timeout: 5)
        try enter("", in: terminal, expecting: "2")
        try leave(terminal)
    }

    @Test func historyListsNumberedLinesAndFilters() throws {
        let sandbox = Sandbox()
        let first = try sandbox.start()
        try enter("6*7", in: first, expecting: "42")
        try leave(first)
        let terminal = try sandbox.start()
        try enter("bmi 180 75", in: terminal)
        try enter("2+2", in: terminal, expecting: "4")
        try enter("history", in: terminal, expecting: "  ·  6*7\n  1  bmi 180 75\n  2  2+2\n  3  history")
        try enter("history bmi", in: terminal, expecting: "  1  bmi 180 75")
        try enter("history 2", in: terminal, expecting: "  4  history bmi\n  5  history 2")
        try leave(terminal)
    }

    @Test func anEarlierResultIsReachedByItsLineNumber() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("6*7", in: terminal, expecting: "42")
        try enter("x = 2", in: terminal)
        try enter("bmi 180 75", in: terminal)
        try enter("_1 + 1", in: terminal, expecting: "43")
        try enter("_3", in: terminal, expecting: "≈ 23.148148148148148148")
        try enter("_1 * _4", in: terminal, expecting: "1806")
        // Line 2 had no value.
        terminal.type("_2\r")
        try terminal.expect("error: unknown name '_2'")
        try terminal.expect("> ")
        // The numbered results stay out of vars.
        try enter("vars", in: terminal, expecting: "x = 2\nans = 1806")
        try leave(terminal)
    }

    @Test func onlyTheLastHundredResultsAreKept() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        for number in 1...101 { try enter("\(number) * 2", in: terminal, expecting: "\(number * 2)") }
        terminal.type("_1\r")
        try terminal.expect("error: unknown name '_1'")
        try terminal.expect("> ")
        try enter("_2 + _101", in: terminal, expecting: "206")
        try leave(terminal)
    }

    @Test func aHugeResultIsShortenedAtThePromptAndWholeInAPipe() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("100000!\r")
        let shown = try terminal.expect(" (456,574 digits; 'full' shows all)\n", timeout: 20)
        #expect(shown.hasSuffix("\n28242294079603478742934215780245355184774949260912248…0000000000"))
        try terminal.expect("> ")
        terminal.type("full\r")
        try terminal.expect("0000000000\n> ", timeout: 20)
        #expect(terminal.transcript.count > 456_574)
        try leave(terminal)
        let piped = try TallyUnderTest.run(standardInput: "100000!\n")
        #expect(piped.outputText.count == 456_575)
    }

    @Test func tallHelpGoesThroughThePager() throws {
        let sandbox = Sandbox()
        let paged = sandbox.path + "/paged"
        let terminal = try sandbox.start(environment: ["PAGER": "cat > '\(paged)'; echo PAGED"])
        try enter("help units", in: terminal, expecting: "PAGED")
        let text = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(text.split(separator: "\n").count > 50)
        // A short topic is printed as it is.
        try enter("help", in: terminal)
        #expect(!terminal.transcript.hasSuffix("PAGED\n> "))
        try leave(terminal)
    }

    @Test func atFiftyColumnsHelpWrapsAtWordsAndTheCaretStandsUnderTheWord() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true, columns: 50)
        // 2 + 56 columns: the line wraps; `nope` starts at column 54, column 4 of row two.
        let line = String(repeating: "1 + ", count: 13) + "nope"
        terminal.type(line + "\r")
        try terminal.expect("    \u{1B}[1;32m^~~~")
        try terminal.expect("unknown name 'nope'")
        try terminal.expect("> ")
        terminal.type("help\r")
        try terminal.expect("help")
        let help = try terminal.expect("> ").replacingOccurrences(of: "\u{1B}[?2004l", with: "")
            .replacingOccurrences(of: "\u{1B}[?2004h", with: "")
        #expect(help.contains("Commands:"))
        for row in help.split(separator: "\n") {
            #expect(row.count <= 50, "\(row)")
        }
        try leave(terminal)
    }

    @Test func aNoteNamesTheLineOfThisSession() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("1", in: terminal, expecting: "1")
        try enter("f(x) = x / 0", in: terminal)
        terminal.type("f(3)\r")
        try terminal.expect("defined at line 2 of this session")
        try terminal.expect("> ")
        #expect(!terminal.transcript.contains("<stdin>"))
        try leave(terminal)
    }

    @Test func aBMIWarningIsDrawnUnderTheTypedLine() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("bmi 100 40 age 4 girl\r")
        try terminal.expect("bmi 100 40 age 4 girl\n      ^~~~~~\nwarning: z-score +12.43")
        try terminal.expect("BMI 40.0")
        try terminal.expect("> ")
        try leave(terminal)
    }

    /// Not a timed test: prints the time from a key to its echo (and drawing) with 10,000
    /// history entries, with the suggestion and preview on and with them off.
    @Test func costOfAKeyWithTenThousandHistoryEntries() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(
            atPath: sandbox.path + "/state/tally", withIntermediateDirectories: true)
        let lines = (0..<10_000).map { "\($0) * 12345 + sqrt(\($0))" }.joined(separator: "\n") + "\n"
        try lines.write(toFile: sandbox.path + "/state/tally/history", atomically: true, encoding: .utf8)
        for decorated in [true, false] {
            let terminal = try sandbox.start(
                decorated: decorated, environment: ["TALLY_HISTSIZE": "20000", "TERM": "xterm"])
            // The processor time the session spends, per key, over 100 rounds of typing a
            // 7-key line and Ctrl-U: readline's redisplay, the suggestion, the preview's thread.
            let before = try Self.processorSeconds(of: terminal.processID)
            for round in 0..<100 {
                for key in "9999 * " {
                    terminal.type(String(key))
                    usleep(300)
                }
                terminal.type("\u{15}\(round % 10)\r")
                try terminal.expect("> ")
            }
            let used = try Self.processorSeconds(of: terminal.processID) - before
            print(
                "processor time per key, 10,000 history entries, decorations \(decorated ? "on" : "off"): \(used / 900 * 1000) ms"
            )
            terminal.type("\u{15}")
            try leave(terminal)
        }
    }

    /// User and system time of a running process, from /proc (clock ticks of 10 ms).
    static func processorSeconds(of processID: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return (Double(fields[11])! + Double(fields[12])!) / 100
    }

    @Test func clearClearsTheScreen() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("clear\r")
        try terminal.expect("\u{1B}[H\u{1B}[2J")
        try terminal.expect("> ")
        try leave(terminal)
    }
}
