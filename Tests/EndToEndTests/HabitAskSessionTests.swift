import Foundation
import TallyTestSupport
import Testing

/// `habit ask` and the sized views at the prompt, through a pseudo-terminal: the question is the
/// prompt and the answer is typed; `habit log` fills the terminal's width, 50 or 100 columns.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct HabitAskSessionTests {
    private func session(columns: Int = 100) throws -> (PseudoTerminal, String) {
        let directory = try TallyUnderTest.temporaryDirectory().path
        let terminal = try PseudoTerminal(
            arguments: ["-q"],
            environment: [
                "HOME": directory, "XDG_STATE_HOME": directory + "/state", "TALLY_DATA_DIR": directory + "/data",
                "TALLY_TODAY": "2026-11-29", "TERM": "dumb", "INPUTRC": "/dev/null", "NO_COLOR": "1",
            ],
            columns: columns)
        try terminal.expect("> ")
        return (terminal, directory)
    }

    @Test func askTakesTheAnswersTypedAtItsQuestions() throws {
        let (terminal, directory) = try session()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        terminal.type("habit add Walk since 2026-11-28\r")
        try terminal.expect("> ")
        terminal.type("habit ask\r")
        try terminal.expect("Walk (daily), today: done, skip or not yet? [d/s/n] ")
        terminal.type("d\r")
        // An answer that is none of the choices is asked again.
        try terminal.expect("Walk (daily), yesterday (2026-11-28): done, skip or not yet? [d/s/n] ")
        terminal.type("maybe\r")
        try terminal.expect("please answer d (done), s (skip), n (not yet) or q (quit): ")
        terminal.type("s\r")
        try terminal.expect("'Walk' done on 2026-11-29 (current streak: 1 day)")
        try terminal.expect("'Walk' skipped on 2026-11-28 (current streak: 2 days)")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(arguments: [50, 100])
    func logFillsTheTerminal(columns: Int) throws {
        let (terminal, directory) = try session(columns: columns)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        terminal.type("habit add Walk since 2026-01-01\r")
        try terminal.expect("> ")
        terminal.type("habit log\r")
        // "Walk" and "habit" take 5 columns and 2 spaces: the rest are days.
        try terminal.expect("log, \(columns - 7) days, ")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }
}
