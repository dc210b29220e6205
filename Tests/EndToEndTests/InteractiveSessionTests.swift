import Foundation
import TallyTestSupport
import Testing

/// The interactive session as a person meets it, through a pseudo-terminal: history recall,
/// Ctrl-C, Ctrl-D, Tab, the caret after wide characters, and the history file.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InteractiveSessionTests {
    typealias Terminal = PseudoTerminal

    /// A fresh home for one test: history, habit data and `HOME` all live under it.
    final class Sandbox {
        let path: String
        init() {
            path = try! TallyUnderTest.temporaryDirectory().path
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Where the session keeps history by default under this sandbox.
        var historyPath: String { path + "/state/tally/history" }

        var environment: [String: String] {
            ["HOME": path, "XDG_STATE_HOME": path + "/state", "TALLY_DATA_DIR": path + "/data"]
        }

        /// A quiet session in this sandbox, at its first prompt.
        func start(_ arguments: [String] = []) throws -> PseudoTerminal {
            let terminal = try PseudoTerminal(arguments: ["-q"] + arguments, environment: environment)
            try terminal.expect("> ")
            return terminal
        }

        func history() throws -> String {
            try String(contentsOfFile: historyPath, encoding: .utf8)
        }
    }

    /// Types `line` and Enter, then waits for `result` on a line of its own and the next prompt.
    private func enter(_ line: String, in terminal: Terminal, expecting result: String? = nil) throws {
        terminal.type(line + "\r")
        if let result { try terminal.expect("\n" + result + "\n") }
        try terminal.expect("> ")
    }

    /// Types `line` and Enter, presses Ctrl-C `delay` microseconds later, and waits for
    /// "interrupted" and the next prompt; returns the seconds from the key to "interrupted".
    private func interrupt(_ line: String, in terminal: Terminal, after delay: UInt32 = 300_000) throws -> Double {
        terminal.type(line + "\r")
        try terminal.expect(line + "\n")
        usleep(delay)
        let pressed = Date()
        terminal.type(Terminal.controlC)
        try terminal.expect("interrupted\n", timeout: 20)
        let seconds = Date().timeIntervalSince(pressed)
        try terminal.expect("> ")
        return seconds
    }

    private func leave(_ terminal: Terminal) throws {
        terminal.type(Terminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func bannerNamesTheVersionAndHelpUnlessQuiet() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(environment: sandbox.environment)
        let banner = try terminal.expect("> ")
        #expect(banner.hasPrefix("Tally 0.1.0"))
        #expect(banner.contains("help"))
        try leave(terminal)
        let quiet = try sandbox.start()
        try leave(quiet)
        #expect(!quiet.transcript.contains("Tally"))
    }

    @Test func upArrowRecallsThePreviousLine() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("6*7", in: terminal, expecting: "42")
        try enter(Terminal.upArrow + "+1", in: terminal, expecting: "43")
        try leave(terminal)
    }

    @Test func upArrowRecallsALineFromThePreviousSession() throws {
        let sandbox = Sandbox()
        let first = try sandbox.start()
        try enter("123*2", in: first, expecting: "246")
        try leave(first)
        let second = try sandbox.start()
        try enter(Terminal.upArrow, in: second, expecting: "246")
        try leave(second)
    }

    @Test func controlCClearsAHalfTypedLine() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("1+2")
        try terminal.expect("1+2")
        terminal.type(Terminal.controlC)
        try terminal.expect("> ")
        try enter("5*5", in: terminal, expecting: "25")
        try leave(terminal)
        #expect(!terminal.transcript.contains("126"))
    }

    @Test func controlCStopsALongComputationAndTheSessionGoesOn() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("set maxdigits 10000000", in: terminal)
        try enter("set digits 2000000", in: terminal)
        // Beyond the work budget, which would refuse the line before Ctrl-C could stop it.
        try enter("set maxwork 1000000000000", in: terminal)
        // Two million digits of a sine and a cosine take many seconds, most of them inside
        // single MPFR operations that cannot be stopped part-way: Ctrl-C must not wait for them.
        let seconds = try interrupt("sin(1) + cos(1)", in: terminal)
        // Not a speed target: a bound far below what finishing the chain would take.
        #expect(seconds < 15)
        try enter("1+1", in: terminal, expecting: "2")
        try leave(terminal)
    }

    @Test func controlCStopsAFactorizationAndTheSessionGoesOn() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        // Two 30-digit primes: Pollard's rho would need on the order of 10^15 steps.
        let line = "factor(nextprime(10^29) * nextprime(3 * 10^29))"
        try enter("set maxwork 1000000000000", in: terminal)
        terminal.type(line + "\r")
        try terminal.expect(line + "\n")
        usleep(300_000)
        terminal.type(Terminal.controlC)
        try terminal.expect("interrupted\n", timeout: 5)
        try terminal.expect("> ")
        try enter("factor(360)", in: terminal, expecting: "2^3 × 3^2 × 5")
        try leave(terminal)
    }

    @Test func controlCStopsALongPrintAndTheSessionGoesOn() throws {
        let sandbox = Sandbox()
        // At the prompt a long result is shortened; `full` prints it whole (with no pager).
        let terminal = try PseudoTerminal(
            arguments: ["-q"], environment: sandbox.environment.merging(["PAGER": ""]) { $1 })
        try terminal.expect("> ")
        try enter("set maxdigits 100000000", in: terminal)
        terminal.type("10^5000000\r")
        try terminal.expect("…0000000000 (5,000,001 digits; 'full' shows all)\n", timeout: 20)
        try terminal.expect("> ")
        terminal.type("full\r")
        try terminal.expect("full\n")
        try terminal.expect("1000000000", timeout: 20)
        // Stop reading: the terminal's buffer fills and the print blocks part-way.
        terminal.pauseReading(for: 0.3)
        terminal.type(Terminal.controlC)
        let printed = try terminal.expect("interrupted\n", timeout: 10)
        #expect(printed.count < 5_000_000)
        try terminal.expect("> ")
        try enter("3*3", in: terminal, expecting: "9")
        try leave(terminal)
    }

    @Test(arguments: [PseudoTerminal.controlD, "exit\r", "quit\r"])
    func endsWithStatusZero(keys: String) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("1/0", in: terminal)
        terminal.type(keys)
        #expect(try terminal.waitForExit() == 0)
    }

    /// Tab on a function name gives `sqrt(` (no space: the argument follows); on a variable,
    /// the name and a space.
    @Test(
        arguments: [
            ([], "sq", "sqrt(", "16)", "4"),
            (["alpha = 3"], "alp", "alpha ", "* 2", "6"),
        ] as [([String], String, String, String, String)])
    func tabCompletes(setUp: [String], typed: String, completed: String, rest: String, result: String) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        for line in setUp { try enter(line, in: terminal) }
        terminal.type(typed + "\t")
        try terminal.expect(completed)
        try enter(rest, in: terminal, expecting: result)
        try leave(terminal)
    }

    /// Tab after a subcommand that takes a habit name lists the stored names, but never
    /// creates the habit database to find there are none.
    @Test func tabAfterAHabitSubcommandNeverCreatesTheStore() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("habit done \t\t")
        usleep(300_000)
        terminal.type(Terminal.controlC)
        try terminal.expect("> ")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/data"))
        try enter("habit add Read", in: terminal, expecting: "added 'Read' (since \(Self.today()))")
        terminal.type("habit done R\t")
        try terminal.expect("Read")
        try enter("", in: terminal)
        try leave(terminal)
    }

    /// A line stopped by Ctrl-C changes nothing: no variable, no `ans`.
    @Test func anInterruptedAssignmentLeavesNoValue() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("7*6", in: terminal, expecting: "42")
        try enter("set maxdigits 10000000", in: terminal)
        try enter("set maxwork 1000000000000", in: terminal)
        // Deciding the floor needs two million digits of sin(1): many seconds of MPFR.
        _ = try interrupt("x = floor(sin(1) * 10^2000000)", in: terminal)
        try enter("ans", in: terminal, expecting: "42")
        terminal.type("x\r")
        try terminal.expect("unknown name 'x'")
        try terminal.expect("> ")
        try leave(terminal)
    }

    /// Today's date as the session sees it, `YYYY-MM-DD`.
    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    @Test func caretStandsUnderTheRightCharacterAfterKoreanText() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("키 = 175", in: terminal)
        terminal.type("키 + * 2\r")
        // "> " is 2 columns and 키 is 2 wide: the * is in column 7 (0-based).
        try terminal.expect("키 + * 2\n")
        let diagnostic = try terminal.expect("> ")
        #expect(diagnostic == "       ^\nerror: expected a number, name or '(' after '+', found '*'\n")
        try leave(terminal)
    }

    @Test func historyFileIsPrivateWithoutRepeatsOrSpacePrefixedLines() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        for line in ["1+1", "1+1", " 2+2", "3+3", ""] {
            try enter(line, in: terminal)
        }
        try leave(terminal)
        #expect(try sandbox.history() == "1+1\n3+3\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.historyPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func twoSessionsAtOnceKeepBothTheirLines() throws {
        let sandbox = Sandbox()
        let first = try sandbox.start()
        let second = try sandbox.start()
        try enter("1+1", in: first, expecting: "2")
        try enter("2+2", in: second, expecting: "4")
        try enter("3+3", in: first, expecting: "6")
        try leave(first)
        try leave(second)
        #expect(try sandbox.history() == "1+1\n2+2\n3+3\n")
    }
}

/// User functions in the interactive session: Ctrl-C during a deep recursion, the init file
/// before the first prompt, and Tab offering a defined function with its parenthesis.
extension InteractiveSessionTests {
    /// Fifty thousand calls deep, then 2^40 more: Ctrl-C stops it at once, and the line
    /// leaves nothing behind (no variable, `ans` as before).
    @Test func controlCStopsADeepRecursionAndLeavesNoPartialState() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        try enter("6*7", in: terminal, expecting: "42")
        try enter("spin(n) = if(n == 0, 0, spin(n - 1) + spin(n - 1))", in: terminal)
        try enter("down(n, k) = if(n == 0, spin(k), down(n - 1, k) + 1)", in: terminal)
        #expect(try interrupt("x = down(50000, 40)", in: terminal, after: 500_000) < 5)
        try enter("ans", in: terminal, expecting: "42")
        terminal.type("x\r")
        try terminal.expect("unknown name 'x'")
        try terminal.expect("> ")
        try enter("down(3, 2)", in: terminal, expecting: "3")
        try leave(terminal)
    }

    @Test func theInitFileRunsBeforeTheFirstPromptAndItsErrorsDoNotStopTheSession() throws {
        let sandbox = Sandbox()
        let directory = sandbox.path + "/config/tally"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "cube(x) = x^3\nrate = (1\n".write(toFile: directory + "/init.tally", atomically: true, encoding: .utf8)
        var environment = sandbox.environment
        environment["XDG_CONFIG_HOME"] = sandbox.path + "/config"
        let terminal = try PseudoTerminal(arguments: ["-q"], environment: environment)
        let before = try terminal.expect("> ")
        #expect(before.contains("\(directory)/init.tally:2:8: error: this '(' is never closed"))
        try enter("cube(3)", in: terminal, expecting: "27")
        terminal.type("cu\t")
        try terminal.expect("cube(")
        try enter("2)", in: terminal, expecting: "8")
        try leave(terminal)

        let skipped = try PseudoTerminal(arguments: ["-q", "--no-init"], environment: environment)
        try skipped.expect("> ")
        skipped.type("cube(3)\r")
        try skipped.expect("unknown function 'cube'")
        try skipped.expect("> ")
        try leave(skipped)
    }
}
