import Foundation
import TallyCore
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyShell

/// A batch session leaves an expression's value to its runner, which writes an exact number
/// straight from its digits (``ValueFormatter/withNumberText(_:_:)``) and any other value as
/// its text: the digits must be exactly the text ``ValueFormatter/format(_:)`` gives.
@Suite struct BatchValueTextTests {
    /// Runs `lines` through a batch session and compares, for every value, the digits the
    /// runner writes with the value's text.
    func expectDigitsMatchText(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        var session = Session(style: .batch)
        for (number, line) in lines.enumerated() {
            let outcome = session.handle(line, origin: LineOrigin(sourceName: "test", lineNumber: number + 1))
            guard let value = outcome.value else { continue }
            let formatter = session.formatter
            var digits: String?
            let rounded = formatter.withNumberText(value) { digits = String(decoding: $0, as: UTF8.self) }
            let text = formatter.format(value)
            if let digits {
                #expect(digits == text.text, "digits of \(line)", sourceLocation: sourceLocation)
                #expect(rounded == text.isRounded, "exactness of \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Every line of the grammar's examples, in order (definitions and settings carry over);
    /// not the habit example, whose commands would open a store.
    @Test func theGrammarExamplesWriteTheirText() throws {
        let directory = TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".tally") && $0 != "habit.tally" }
        #expect(files.count >= 10)
        for file in files.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            expectDigitsMatchText(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// Random arithmetic, the everyday batch line.
    @Test func randomArithmeticWritesItsText() {
        var generator = SystemRandomNumberGenerator()
        let atoms = ["0", "1", "7", "2.5", "0.125", "1e3", "0x1f", "1_000", "99999999999999999999", "(2 - 3)", "ans"]
        let operators = [" + ", " - ", " * ", " / ", " % ", "^", " // "]
        let lines = (0..<500).map { _ in
            (0..<Int.random(in: 1...5, using: &generator)).map { index in
                (index == 0 ? "" : operators.randomElement(using: &generator)!) + atoms.randomElement(
                    using: &generator)!
            }.joined()
        }
        expectDigitsMatchText(lines)
    }

    /// An interactive session shows the value itself; a line of invalid UTF-8 is repaired once,
    /// at the door, and reported as the repaired text.
    @Test func interactiveSessionsShowValuesAndInvalidBytesAreRepaired() {
        var interactive = Session(style: .interactive)
        let shown = interactive.shown("1/3")
        #expect(shown.outcome.value == nil)
        #expect(shown.output == "≈ 0.33333333333333333333")
        var batch = Session(style: .batch)
        let bytes: [UInt8] = [UInt8(ascii: "1"), UInt8(ascii: "+"), 0xFF]
        let outcome = bytes.withUnsafeBufferPointer { batch.handle(lineBytes: $0) }
        #expect(outcome.diagnostic?.span == SourceSpan(start: 2, end: 5))
    }
}
