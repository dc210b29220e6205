import Foundation
import TallyTestSupport
import Testing

/// The preview drawn beside the line is the session's own entry run as a dry run, so it shows
/// what Enter prints for every line: full-width forms, other calculators' glyphs and `;`
/// statements included.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LivePreviewTests {
    typealias Sandbox = InteractivePromptTests.Sandbox

    @Test(arguments: [
        ("（１＋２）×３", "= 9", "9"), ("6×7", "= 42", "42"), ("2**10", "= 1024", "1024"),
        ("a = 4; a²", "= 16", "16"),
    ])
    func thePreviewIsWhatEnterPrints(line: String, preview: String, result: String) throws {
        let sandbox = Sandbox()
        let terminal = try sandbox.start(decorated: true)
        terminal.type(line)
        try terminal.expect(InteractivePromptTests.dim + "   " + preview)
        terminal.type("\r")
        try terminal.expect(result + "\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }
}
