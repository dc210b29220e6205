import Foundation
import Glibc
import TallyTestSupport
import Testing

/// The interactive session under stress, on a pseudo-terminal: Ctrl-C stops the
/// work itself, not only the wait for it, and a huge history file is read from its tail.
@Suite("The session under stress, at the prompt")
struct SessionInterruptionTests {
    final class Sandbox {
        let path: String
        init() { path = try! TallyUnderTest.temporaryDirectory().path }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        var historyPath: String { path + "/state/tally/history" }

        var environment: [String: String] {
            ["HOME": path, "XDG_STATE_HOME": path + "/state", "TALLY_DATA_DIR": path + "/data"]
        }

        func start() throws -> PseudoTerminal {
            let terminal = try PseudoTerminal(arguments: ["-q"], environment: environment)
            try terminal.expect("> ")
            return terminal
        }
    }

    /// A value of /proc/PID/status, in kilobytes.
    static func statusKilobytes(_ field: String, of processID: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }!
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])!
    }

    /// Ctrl-C on long number theory, with the budget raised so that it does not answer first:
    /// after half a second no thread of the session is still computing (issue 25, item 7).
    @Test(arguments: [
        "nextprime(10^3000)", "powmod(3, 10^10000, 10^10000+7)", "isprime(2^44497-1)",
        "factor(nextprime(10^29) * nextprime(3 * 10^29))",
    ])
    func controlCLeavesNoBusyThread(line: String) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start()
        terminal.type("set maxwork 1000000000000\r")
        try terminal.expect("> ")
        terminal.type(line + "\r")
        try terminal.expect(line + "\n")
        usleep(800_000)
        terminal.type(PseudoTerminal.controlC)
        try terminal.expect("interrupted\n", timeout: 10)
        try terminal.expect("> ")
        usleep(500_000)
        let before = try InteractivePromptTests.processorSeconds(of: terminal.processID)
        usleep(1_000_000)
        let used = try InteractivePromptTests.processorSeconds(of: terminal.processID) - before
        // An idle prompt uses none; a thread still computing would use most of the second.
        #expect(used < 0.15, "\(line): \(used) s of processor time in the second after the interrupt")
        terminal.type("6*7\r")
        try terminal.expect("\n42\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    /// A history file of one 64 MB line and then ordinary lines: read from its tail in bounded
    /// memory, the long line left out with one warning, and the file trimmed to what is kept.
    @Test func aHugeHistoryLineIsLeftOutAndTrimmed() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(
            atPath: sandbox.path + "/state/tally", withIntermediateDirectories: true)
        try Data("1+1\n".utf8).write(to: URL(fileURLWithPath: sandbox.historyPath))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.historyPath))
        handle.seekToEndOfFile()
        let block = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
        for _ in 0..<64 { handle.write(block) }
        handle.write(Data("\n2+2\n6*7\n".utf8))
        handle.closeFile()
        let terminal = try sandbox.start()
        #expect(try Self.statusKilobytes("VmHWM", of: terminal.processID) < 60_000)
        #expect(terminal.transcript.contains("tally: history: left out a line longer than 16 KiB in '"))
        #expect(terminal.transcript.components(separatedBy: "left out").count == 2)
        terminal.type(PseudoTerminal.upArrow + "\r")
        try terminal.expect("\n42\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: sandbox.historyPath, encoding: .utf8) == "1+1\n2+2\n6*7\n")
    }

    /// More lines than `TALLY_HISTSIZE`: the newest are kept and the file is trimmed to them.
    @Test func aLongHistoryKeepsItsNewestLines() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(
            atPath: sandbox.path + "/state/tally", withIntermediateDirectories: true)
        let lines = (1...5_000).map { "\($0) + 0" }
        try (lines.joined(separator: "\n") + "\n").write(toFile: sandbox.historyPath, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(
            arguments: ["-q"], environment: sandbox.environment.merging(["TALLY_HISTSIZE": "3"]) { $1 })
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.upArrow + PseudoTerminal.upArrow + PseudoTerminal.upArrow + "\r")
        try terminal.expect("\n4998\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(
            try String(contentsOfFile: sandbox.historyPath, encoding: .utf8)
                == "4998 + 0\n4999 + 0\n5000 + 0\n4998 + 0\n")
    }
}
