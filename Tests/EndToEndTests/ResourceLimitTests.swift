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
        .astronomical("(((3!)!)!)!"),
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
            what: "a literal of 1,040,000 digits", line: String(repeating: "7", count: 1_040_000),
            message: "more than the limit of 1,000,000"),
        Pathology(what: "set digits 100000000", line: "set digits 100000000", message: "digits must be a whole number"),
        Pathology(
            what: "set maxdigits 1000000000", line: "set maxdigits 1000000000",
            message: "maxdigits must be a whole number"),
        Pathology(
            what: "500,000 terms", line: String(repeating: "1+", count: 500_000) + "1",
            message: "more than 100,000 operands"),
        Pathology(
            what: "a ten-megabyte line", line: String(repeating: "1", count: 10_000_000), message: "line too long"),
        // The work of a whole line is bounded, not only each operation's size.
        Pathology(
            what: "1,000 terms of 10^999990", line: Array(repeating: "10^999990", count: 1_000).joined(separator: "+"),
            message: "too much work for one line"),
        Pathology(
            what: "100 squares of a half-million-digit number",
            line: Array(repeating: "(3^1000000)^2", count: 100).joined(separator: "+"),
            message: "too much work for one line"),
        Pathology(
            what: "100 gcds of million-digit numbers",
            line: Array(repeating: "gcd(3^2000000, 2^3000000+1)", count: 100).joined(separator: "+"),
            message: "too much work for one line"),
        Pathology(
            what: "30,000 remainders of a million-digit number",
            line: Array(repeating: "3^2000000 // 7", count: 30_000).joined(separator: "+"),
            message: "too much work for one line"),
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
