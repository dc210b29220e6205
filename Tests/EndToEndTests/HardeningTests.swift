import Foundation
import Glibc
import TallyTestSupport
import Testing

/// Attacks from the second hardening round, each run through the binary: crashes, work
/// without bounds, signals at the prompt, hostile locales and environments, and output that
/// cannot be written. Each test failed before its fix.
@Suite("Hardening through the binary")
struct HardeningTests {
    // MARK: Crashes

    /// Powers whose size estimate was 0 × ∞ (NaN) or that negated `Int.min` trapped.
    @Test(arguments: [
        ("1^(10^400+0.5)", "1"),
        ("1^(sqrt(2)*10^400)", "1"),
        ("(-1)^(10^400+1)", "-1"),
        ("(-1)^(1/3)", "-1"),
        ("1^-(2^63)", "1"),
        ("(-1)^(-2^63)", "1"),
        // A base within a double's reach of 1: the real power decides, and it is about e.
        ("(1+1e-400)^(1e400+0.5)", "2.7182818284590452354"),
    ])
    func powersThatTrappedHaveValues(line: String, value: String) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.signal == nil)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == value + "\n")
    }

    @Test func anExactPowerTooLargeForADoubleToCountSaysHowLarge() throws {
        let run = try TallyUnderTest.run(["-e", "(1+1e-400)^1e400"])
        #expect(run.signal == nil)
        #expect(run.status == 1)
        #expect(run.errorText.contains("result would have about 10^402 digits"), "\(run.errorText)")
    }

    /// Results computed before a failing line are written, in order, whatever the failure.
    @Test func resultsBeforeAFailingLineAreKept() throws {
        let run = try TallyUnderTest.run(standardInput: "1+1\n3*3\n(1+1e-400)^1e400\n4*4\n")
        #expect(run.signal == nil)
        #expect(run.status == 1)
        #expect(run.outputText == "2\n9\n16\n")
        #expect(run.errorText.hasPrefix("<stdin>:3:1: error: result would have about"))
    }

    @Test func fiftyThousandNoBreakSpaces() throws {
        let run = try TallyUnderTest.run(standardInput: "1 +" + String(repeating: "\u{A0}", count: 50_000) + "2\n")
        #expect(run.signal == nil)
        #expect(run.outputText == "3\n")
    }

    @Test func aClosedStandardInputIsAnError() throws {
        let result = try TallyUnderTest.runInShell(#""$TALLY" <&-"#)
        #expect(result.status == 2)
        #expect(result.errors == "tally: cannot read standard input: Bad file descriptor\n")
    }

    // MARK: Work without bounds

    /// "Did you mean" compares names by edit distance only up to a length a person types.
    @Test func aFortyThousandLetterNameNextToASimilarOneAnswersAtOnce() throws {
        let name = String(repeating: "a", count: 40_000)
        let run = try TallyUnderTest.run(standardInput: "\(name) = 1\n\(name)b\n", timeout: 30)
        #expect(run.signal == nil)
        #expect(run.status == 1)
        #expect(run.errorText.hasPrefix("<stdin>:2:1: error: unknown name 'aaaa"))
        #expect(run.seconds < 5, "\(run.seconds) s")
    }

    /// The line's total work is bounded, as an error at the term that crosses the bound, and
    /// `set maxdigits` raises the bound.
    @Test func theWorkOfALineIsBoundedAtTheTermThatCrossesIt() throws {
        let line = Array(repeating: "10^999990", count: 120).joined(separator: "+")
        let run = try TallyUnderTest.run(standardInput: line + "\n")
        #expect(run.status == 1)
        // Each term costs about three million digits of work (the power, and the sum of two
        // million-digit numbers): the 35th crosses 100 million.
        let column = 34 * "10^999990+".count + 1
        #expect(
            run.errorText.hasPrefix("<stdin>:1:\(column): error: too much work for one line"),
            "\(run.errorText.prefix(300))")
        // Forty terms cross the default bound (at the 35th) but not twice that; the comparison
        // keeps the sum from being printed.
        let forty = Array(repeating: "10^999990", count: 40).joined(separator: "+")
        let raised = try TallyUnderTest.run(standardInput: "set maxdigits 2000000\n" + forty + " > 0\n", timeout: 60)
        #expect(!raised.errorText.contains("too much work"), "\(raised.errorText.prefix(300))")
        #expect(raised.outputText == "true\n")
    }

    // MARK: Output that cannot be written

    @Test func aFullDiskOnStandardOutputIsAnError() throws {
        let result = try TallyUnderTest.runInShell(#""$TALLY" -e 1+1 > /dev/full"#)
        #expect(result.status == 1)
        #expect(result.errors == "tally: write error: No space left on device\n")
    }

    /// The change is stored, but its acknowledgement is lost: the status says so.
    @Test func aHabitAddedWithItsAcknowledgementLostExitsWithOne() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["TALLY_DATA_DIR": folder.path, "TALLY_TODAY": "2026-11-30"]
        let result = try TallyUnderTest.runInShell(
            #""$TALLY" -e 'habit add Read' -e 'habit add Run' > /dev/full"#, environment: environment)
        #expect(result.status == 1)
        #expect(result.errors == "tally: write error: No space left on device\n")
        // The first line's change is on disk; the session stopped before the second.
        let list = try TallyUnderTest.runInShell(#""$TALLY" -e 'habit list'"#, environment: environment)
        #expect(list.output.contains("Read"))
        #expect(!list.output.contains("Run"))
    }
}

/// The interactive session under signals, hostile locales and a damaged history file.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InteractiveHardeningTests {
    final class Sandbox {
        let path = try! TallyUnderTest.temporaryDirectory().path
        deinit { try? FileManager.default.removeItem(atPath: path) }

        var historyPath: String { path + "/state/tally/history" }

        var environment: [String: String] {
            ["HOME": path, "XDG_STATE_HOME": path + "/state", "TALLY_DATA_DIR": path + "/data"]
        }

        func start(adding variables: [String: String] = [:]) throws -> PseudoTerminal {
            let terminal = try PseudoTerminal(
                arguments: ["-q"], environment: environment.merging(variables) { $1 })
            try terminal.expect("> ")
            return terminal
        }
    }

    /// SIGTERM or SIGHUP at the prompt, where readline has the terminal in character mode
    /// without echo: the terminal is handed back, and the session ends by that signal.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalAtThePromptRestoresTheTerminal(signal: Int32) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("1+2")
        try terminal.expect("1+2")
        #expect(!terminal.isInLineModeWithEcho)
        kill(terminal.processID, signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        #expect(terminal.isInLineModeWithEcho)
    }

    /// Under `LC_ALL=C` a non-ASCII character typed first on a line was dropped.
    @Test(arguments: ["C", "POSIX"])
    func unicodeInputUnderACLocale(locale: String) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(adding: ["LC_ALL": locale, "LANG": locale])
        terminal.type("é + 1\r")
        try terminal.expect("unknown name 'é'")
        try terminal.expect("> ")
        terminal.type("키 = 175\r")
        try terminal.expect("> ")
        terminal.type("키 + 1\r")
        try terminal.expect("\n176\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    /// A line torn by a full disk or a crash does not swallow the next session's line.
    @Test func aTornHistoryLineIsNotGluedToTheNext() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(
            atPath: sandbox.path + "/state/tally", withIntermediateDirectories: true)
        try Data("1+1\n2+".utf8).write(to: URL(fileURLWithPath: sandbox.historyPath))
        let terminal = try sandbox.start()
        terminal.type("3*3\r")
        try terminal.expect("\n9\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: sandbox.historyPath, encoding: .utf8) == "1+1\n2+\n3*3\n")
    }

    /// A history path from the environment reaches the terminal escaped.
    @Test func aHistoryWarningShowsEscapeCodesEscaped() throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(adding: ["XDG_STATE_HOME": "/proc/\u{1B}[31mred"])
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.transcript.contains("tally: history: cannot create the folder for '/proc/␛[31mred"))
        #expect(!terminal.transcript.contains("\u{1B}[31m"))
    }
}
