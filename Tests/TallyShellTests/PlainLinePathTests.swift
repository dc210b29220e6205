import Foundation
import TallyCore
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyShell

/// A batch session runs an ASCII expression line from its bytes
/// (``Session/handle(plainLine:origin:write:)``) without making its text, and writes an exact
/// result as bytes. Every such line must come out exactly as its text would through
/// ``Session/handle(_:origin:)``: the same output, the same error at the same place, the same
/// warnings, and the same state for the lines after it.
@Suite struct PlainLinePathTests {
    /// Runs `lines` through two fresh batch sessions, one by bytes where it takes the line and
    /// one by text, and compares every outcome.
    func expectBothPathsAgree(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        var byBytes = Session(style: .batch)
        var byText = Session(style: .batch)
        for (number, line) in lines.enumerated() {
            let origin = LineOrigin(sourceName: "test", lineNumber: number + 1)
            var copy = line
            // An exact result is written as bytes, the outcome then printing nothing.
            var written: String?
            let plain = copy.withUTF8 { bytes in
                byBytes.handle(plainLine: bytes, origin: origin) { written = String(decoding: $0, as: UTF8.self) }
            }
            let fromBytes = plain ?? byBytes.handle(line, origin: origin)
            let fromText = byText.handle(line, origin: origin)
            if written != nil { #expect(fromBytes.output == nil, "\(line) printed twice", sourceLocation: sourceLocation) }
            #expect((written ?? fromBytes.output) == fromText.output, "output of \(line)", sourceLocation: sourceLocation)
            #expect(fromBytes.diagnostic == fromText.diagnostic, "error of \(line)", sourceLocation: sourceLocation)
            #expect(fromBytes.warnings == fromText.warnings, "warnings of \(line)", sourceLocation: sourceLocation)
            if written == nil {
                #expect(fromBytes.isExact == fromText.isExact, "exactness of \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Every line of the grammar's examples, in order (definitions and settings carry over);
    /// not the habit example, whose commands would open a store and are never plain lines.
    @Test func theGrammarExamplesComeOutAlike() throws {
        let directory = TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".tally") && $0 != "habit.tally" }
        #expect(files.count >= 10)
        for file in files.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            expectBothPathsAgree(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// Errors at every stage, definitions that keep their line, and lines the bytes path leaves
    /// to the text (commands, non-ASCII).
    @Test func errorsDefinitionsAndTheLinesItLeavesAlone() {
        expectBothPathsAgree([
            "1 +", "2 3", "(1", "1/0", "007", "1..2", "a\u{0}b", "$", "x", "f(2)", "f(x) = 1/x", "f(0)",
            "f(2) + 1", "g(a, a) = a", "y = 4", "y * f(4)", "1 < 2 < 3", "1 = 2", "15% 3", "5 ft 9 in to cm",
            "1 to ft", "3^4^2 % 7", "2^100", "1/3", "sqrt(2)", "set digits 5", "1/3", "bmi 175 70", "vars",
            "1 + é", "−3", "\t1 + 1\t", "1e400000000000000000000", "  # only a comment", "",
        ])
    }

    /// Random arithmetic, the everyday batch line.
    @Test func randomArithmeticComesOutAlike() {
        var generator = SystemRandomNumberGenerator()
        let atoms = ["0", "1", "7", "2.5", "0.125", "1e3", "0x1f", "1_000", "99999999999999999999", "(2 - 3)", "ans"]
        let operators = [" + ", " - ", " * ", " / ", " % ", "^", " // "]
        let lines = (0..<500).map { _ in
            (0..<Int.random(in: 1...5, using: &generator)).map { index in
                (index == 0 ? "" : operators.randomElement(using: &generator)!) + atoms.randomElement(using: &generator)!
            }.joined()
        }
        expectBothPathsAgree(lines)
    }
}
