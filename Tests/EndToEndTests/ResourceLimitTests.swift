import Foundation
import TallyTestSupport
import Testing

/// Pathological inputs, each an error at a position, promptly and in little memory: never a
/// crash, a hang or memory exhaustion, however large the number, the nesting or the line.
/// Tests/Differential/LIMITS.md has the times and peak memory of a release build for the same
/// inputs.
@Suite("Resource limits through the binary")
struct ResourceLimitTests {
    /// One pathological line, described briefly (test names would otherwise print it).
    struct Pathology: CustomTestStringConvertible, Sendable {
        var what: String
        var line: String
        var message: String

        var testDescription: String { what }

        /// A line whose result would pass `maxdigits`, named by itself.
        static func tooLarge(_ line: String) -> Pathology {
            Pathology(what: line, line: line, message: "more than the limit of 1,000,000")
        }

        /// A factorial of an integer too large for a machine word, named by itself.
        static func astronomical(_ line: String) -> Pathology {
            Pathology(what: line, line: line, message: "astronomically large")
        }

        static func nested(_ what: String, _ opening: String, _ middle: String, _ closing: String = "") -> Pathology {
            Pathology(
                what: what,
                line: String(repeating: opening, count: 100_000) + middle + String(repeating: closing, count: 100_000),
                message: "nesting deeper than 256 levels")
        }
    }

    static let pathologies: [Pathology] = [
        .nested("100,000 parentheses", "(", "1", ")"),
        .nested("100,000 unary minus signs", "-", "1"),
        .nested("a power tower 100,000 high", "2^", "2"),
        .nested("100,000 nested calls", "abs(", "1", ")"),
        .nested("100,000 factorial marks", "", "3" + String(repeating: "!", count: 100_000)),
        .nested("100,000 levels of -(2^abs(", "-(2^abs(", "1", "))"),
        .astronomical("3!!!!"),
        .astronomical("(10^100)!"),
        .astronomical("(10^999999)!"),
        .tooLarge("10^-10^9"),
        .tooLarge("2^2^2^30"),
        .tooLarge("9^9^9"),
        .tooLarge("1e1000000000"),
        .tooLarge("0.1^1000000000"),
        .tooLarge("100000000!"),
        .tooLarge("1000000!"),
        .tooLarge("round(1/3, 1000000)"),
        Pathology(
            what: "a literal of ten million digits", line: String(repeating: "7", count: 10_000_000),
            message: "more than the limit of 1,000,000"),
        Pathology(what: "set digits 100000000", line: "set digits 100000000", message: "digits must be a whole number"),
        Pathology(
            what: "set maxdigits 1000000000", line: "set maxdigits 1000000000",
            message: "maxdigits must be a whole number"),
        Pathology(
            what: "five million terms", line: String(repeating: "1+", count: 5_000_000) + "1",
            message: "more than 100,000 operands"),
    ]

    @Test(arguments: pathologies)
    func anErrorPromptlyAndInLittleMemory(pathology: Pathology) throws {
        let run = try TallyUnderTest.run(standardInput: pathology.line + "\n")
        #expect(run.signal == nil)
        #expect(run.status == 1)
        #expect(run.errorText.hasPrefix("<stdin>:1:"))
        #expect(run.errorText.contains(pathology.message), "\(run.errorText.prefix(300))")
        #expect(run.standardError.count < 2_000)
        #expect(run.measurablePeakMegabytes < 100, "\(run.peakMegabytes) MB")
        #expect(run.seconds < 60, "\(run.seconds) s: hung?")
    }
}
