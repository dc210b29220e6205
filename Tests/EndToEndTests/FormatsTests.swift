import Foundation
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// Percentages, `to` conversions, bits, number theory, statistics and `--json` through the real
/// binary: the paste-back property of every readable format, error positions, and the JSON
/// schema.
@Suite struct FormatsTests {
    /// A random exact value written as Tally reads it: an integer of up to 40 digits or a
    /// fraction whose denominator mixes 2s and 5s with other primes (so expansions terminate,
    /// repeat at once, or repeat after a prefix).
    static func randomValue(_ rng: inout SplitMix64, integer: Bool) -> String {
        let digits = Int.random(in: 1...40, using: &rng)
        var numerator = String(Int.random(in: 1...9, using: &rng))
        for _ in 1..<digits { numerator += String(Int.random(in: 0...9, using: &rng)) }
        if Bool.random(using: &rng) { numerator = "-" + numerator }
        if integer { return "(\(numerator))" }
        let twos = Int.random(in: 0...6, using: &rng)
        let fives = Int.random(in: 0...4, using: &rng)
        let other = [1, 3, 7, 11, 13, 17, 37, 41, 101, 9901].randomElement(using: &rng)!
        let denominator = (1 << twos) * Int(pow(5.0, Double(fives))) * other
        return "(\(numerator)/\(denominator))"
    }

    /// For every format whose text reads back, `x to F` pasted back as input equals `x`, over
    /// random exact values: 200 per format, checked by a second run that subtracts `x`.
    @Test(arguments: [
        "hex", "bin", "oct", "base 2", "base 7", "base 36", "fraction", "sci", "%", "exact", "grouped", "factors",
    ])
    func pasteBackGivesTheSameValue(_ format: String) throws {
        var rng = SplitMix64(seed: UInt64(format.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        let integerOnly = ["hex", "bin", "oct", "base 2", "base 7", "base 36", "factors"].contains(format)
        var values: [String] = []
        for _ in 0..<200 {
            var value = FormatsTests.randomValue(&rng, integer: integerOnly)
            // Factoring stays quick for integers of up to 12 digits.
            if format == "factors" {
                value = "(\(Int.random(in: -999_999_999_999...999_999_999_999, using: &rng)) + 0)"
            }
            if value.contains("(0 + 0)") { continue }
            values.append(value)
        }
        let shown = try TallyUnderTest.run(standardInput: values.map { "\($0) to \(format)\n" }.joined())
        #expect(shown.errorText == "", "\(format): \(shown.errorText)")
        let texts = shown.outputText.split(separator: "\n").map(String.init)
        try #require(texts.count == values.count)
        let readBack = zip(texts, values).map { "(\($0)) - \($1)\n" }.joined()
        let checked = try TallyUnderTest.run(standardInput: readBack)
        #expect(checked.errorText == "", "\(format): \(checked.errorText)")
        let differences = checked.outputText.split(separator: "\n")
        #expect(differences.count == values.count)
        for (index, difference) in differences.enumerated() where difference != "0" {
            Issue.record("\(values[index]) to \(format) printed \(texts[index]), which reads back \(difference) off")
        }
    }

    /// Every example of the issue, with the exact text printed.
    @Test(arguments: [
        ("15%", "0.15"), ("80 + 15%", "92"), ("80 - 20%", "64"), ("15% of 80", "12"), ("12/80 to %", "15%"),
        ("17 % 5", "2"), ("15%80", "15"), ("17 mod 5", "2"), ("255 to hex", "0xff"), ("-255 to hex", "-0xff"),
        ("1/7 to exact", "0.(142857)"), ("1/12 to exact", "0.08(3)"), ("11/12 to fraction", "11/12"),
        ("-7/2 to fraction", "-7/2"), ("3.5 to mixed", "3 1/2"), ("2^(10^18) % (10^9+7)", "719476260"),
        ("2^(10^18) mod (10^9+7)", "719476260"), ("powmod(2, 10^18, 10^9+7)", "719476260"),
        ("10^999999 % 7", "6"), ("10^999999 // 10^999998", "10"), ("factor(360)", "2^3 × 3^2 × 5"),
        ("-6 & 7", "2"), ("-6 >> 1", "-3"), ("~0", "-1"), ("mean(1, 2, 3, 4)", "2.5"), ("median(5, 1, 3)", "3"),
        ("1e6 to grouped", "1_000_000"), ("2/3 to 3 digits", "0.667"), ("1/8 to 2 places", "0.13"),
    ])
    func issueExamples(_ line: String, _ expected: String) throws {
        try FormatsTests.expectOutput(line, expected)
    }

    /// Modular powers on words up to 2^64 - 1 (the machine-word paths: Montgomery form for an
    /// odd modulus, a 128-bit remainder for an even one) and literals just past `Int`, against
    /// Python's `pow(a, b, m)`; both spellings.
    @Test(arguments: [
        ("18446744073709551615", "18446744073709551615", "18446744073709551615", "0"),
        ("18446744073709551614", "3", "18446744073709551615", "18446744073709551614"),
        ("3", "18446744073709551615", "9223372036854775809", "7591615666979567760"),
        ("12345678901234567890", "6531711741328785130", "18446744073709551557", "10478824130366066945"),
        ("7", "3", "9223372036854775808", "343"),
        ("5", "0", "7", "1"), ("0", "5", "7", "0"), ("10", "20", "1", "0"),
        ("18446744073709551615", "2", "18446744073709551614", "1"),
        ("(-3)", "5", "18446744073709551557", "18446744073709551314"),
        ("18446744073709551616", "2", "18446744073709551615", "1"),
    ])
    func modularPowersOnMachineWords(_ a: String, _ b: String, _ m: String, _ expected: String) throws {
        let result = try TallyUnderTest.run(["-e", "powmod(\(a), \(b), \(m))", "-e", "\(a)^\(b) % \(m)"])
        #expect(result.errorText == "")
        #expect(result.outputText == expected + "\n" + expected + "\n")
    }

    /// A 20-digit literal is read straight into a word when it fits, and still passes the size
    /// limit a long literal does.
    @Test func literalsJustPastIntAreExactAndSized() throws {
        let exact = try TallyUnderTest.run(
            ["-e", "18446744073709551615 + 1", "-e", "18446744073709551616 - 1", "-e", "9223372036854775808 * 2"])
        #expect(exact.outputText == "18446744073709551616\n18446744073709551615\n18446744073709551616\n")
        let limited = try TallyUnderTest.run([
            "-e", "set digits 5", "-e", "set maxdigits 19", "-e", "18446744073709551615",
        ])
        #expect(limited.outputText == "")
        #expect(limited.errorText.contains("more than the limit of 19"))
    }

    /// Errors point at the part at fault (⟨…⟩), in the text form and in `--json`.
    @Test(arguments: [
        ("80 + 15⟨%⟩ 3", "could be a percentage or a remainder"),
        ("15⟨%⟩ -3", "write 15 % -3 for the remainder, or put an operator after a percentage (15% * -3)"),
        ("⟨0.1⟩ to bin", "only integers can be shown in binary"),
        ("⟨pi⟩ to exact", "not known to be a rational number"),
        ("(5 ⟨to⟩ hex)", "comes last and outside parentheses"),
        ("x = 2 ⟨to hex⟩", "an assignment shows nothing"),
        ("5 to ⟨hexx⟩", "unknown conversion 'hexx'"),
        ("5 to base ⟨40⟩", "a base from 2 to 36"),
        ("1 << ⟨-1⟩", "a shift count cannot be negative"),
        ("⟨2.5⟩ & 1", "'&' needs integers, got 2.5"),
        ("3 xor ⟨sqrt(2)⟩", "'xor' needs integers"),
        ("~⟨(1/2)⟩", "'~' needs an integer"),
        ("factor(⟨0⟩)", "0 has no prime factorization"),
        ("powmod(2, 3, ⟨0⟩)", "modulo by zero"),
        ("2^(10^18) % ⟨0⟩", "modulo by zero"),
        ("⟨7r8⟩", "'8' is not a base-7 digit"),
        ("⟨0.(3⟩", "expected ')' to end the repeating digits"),
        ("⟨variance(1)⟩", "variance takes at least 2 arguments"),
        ("fib(⟨1.5⟩)", "fib needs integers"),
    ])
    func errorsPointAtTheCulprit(_ marked: String, _ message: String) throws {
        try FormatsTests.expectError(marked, message)
    }

    /// Runs `line` and expects exactly `expected` on standard output (nothing when it is empty)
    /// and nothing on standard error.
    static func expectOutput(_ line: String, _ expected: String) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.errorText == "", "\(line)")
        #expect(result.outputText == (expected.isEmpty ? "" : expected + "\n"), "\(line)")
    }

    /// Runs the line marked with ⟨…⟩ and expects an error with `message` at the marked span, in
    /// the text form and in `--json`.
    static func expectError(_ marked: String, _ message: String) throws {
        let line = MarkedLine(marked)
        let result = try TallyUnderTest.run(["-e", line.text])
        #expect(result.status == 1)
        #expect(result.errorText.hasPrefix("<eval>:1:\(line.span.start + 1): error: "), "\(result.errorText)")
        #expect(result.errorText.contains(message), "\(result.errorText)")

        let json = try TallyUnderTest.run(["--json", "-e", line.text])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["column"] as? Int == line.span.start + 1)
        #expect(error["end_column"] as? Int == line.span.end + 1)
        #expect((error["message"] as? String)?.contains(message) == true)
    }

    /// `--json`: one object per input line, in order, with the documented fields and types.
    @Test func jsonLinesFollowTheSchema() throws {
        let input = [
            "1/3", "x = 5", "# a comment", "", "x * 2", "sqr(4)", "255 to hex", "set digits 5", "2/3", "help syntax",
            "1 + \"é\"", "1/0",
        ]
        let result = try TallyUnderTest.run(["--json"], standardInput: input.joined(separator: "\n") + "\n")
        #expect(result.errorText == "")
        #expect(result.status == 1)
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == input.count)
        var objects: [[String: Any]] = []
        for (index, line) in lines.enumerated() {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "line \(index + 1)")
            #expect(object["source"] as? String == "<stdin>")
            #expect(object["line"] as? Int == index + 1)
            #expect(object["input"] as? String == input[index])
            let outcomes = ["value", "output", "error", "interrupted"].filter { object[$0] != nil }
            #expect(outcomes.count == 1, "exactly one outcome on line \(index + 1): \(object)")
            objects.append(object)
        }
        func value(_ index: Int) -> String? { objects[index]["value"] as? String }
        func exact(_ index: Int) -> Bool? { objects[index]["exact"] as? Bool }
        #expect(value(0) == "0.33333333333333333333" && exact(0) == false)
        for silent in [1, 2, 3, 7] {
            #expect(objects[silent]["value"] is NSNull, "line \(silent + 1) prints nothing: value null")
            #expect(objects[silent]["exact"] == nil)
        }
        #expect(value(4) == "10" && exact(4) == true)
        let unknown = try #require(objects[5]["error"] as? [String: Any])
        #expect(unknown["id"] as? String == "unknown-function")
        #expect(unknown["severity"] as? String == "error")
        #expect(unknown["message"] as? String == "unknown function 'sqr'")
        #expect(unknown["line"] as? Int == 6)
        #expect(unknown["column"] as? Int == 1 && unknown["end_column"] as? Int == 4)
        let notes = try #require(unknown["notes"] as? [[String: Any]])
        #expect(notes.first?["message"] as? String == "did you mean 'sqrt'?")
        #expect(notes.first?["column"] as? Int == 1)
        #expect(value(6) == "0xff" && exact(6) == true)
        #expect(value(8) == "0.66667" && exact(8) == false)
        #expect((objects[9]["output"] as? String)?.contains("Operators") == true)
        #expect(objects[9]["exact"] == nil)
        // Columns count characters, as the text form does: the quote after "1 + " is column 5.
        let quote = try #require(objects[10]["error"] as? [String: Any])
        #expect(quote["column"] as? Int == 5 && quote["end_column"] as? Int == 6)
        let division = try #require(objects[11]["error"] as? [String: Any])
        #expect(division["id"] as? String == "division-by-zero")
        #expect(division["column"] as? Int == 3)
    }

    /// The JSON text escapes what JSON requires and nothing a reader must undo twice.
    @Test func jsonStringsAreEscaped() throws {
        let line = "1 + \"tab\there\\ \u{1B}[31m"
        let result = try TallyUnderTest.run(["--json", "-e", line])
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["input"] as? String == line)
        #expect(!result.outputText.contains("\u{1B}"))
        #expect(result.outputText.split(separator: "\n").count == 1)
    }

    /// Plain arithmetic reads the same: `%` with an operand after it is still the remainder,
    /// and the operator words cannot be assigned.
    @Test func parsesAsBefore() throws {
        #expect(try Parser.parseExpression("7 % -3").disassembled == "7 3 neg %")
        #expect(try Parser.parseExpression("80 + 15%").disassembled == "80 15 % +%")
        #expect(try Parser.parseExpression("2^10 % 7").disassembled == "2 10 7 ^%")
        #expect(try Parser.parseExpression("(2^10) % 7").disassembled == "2 10 ^ () 7 %")
        #expect(try Parser.parseExpression("1 | 2 xor 3 & 4 << 1 + 1").disassembled == "1 2 3 4 1 1 + << & xor |")
        #expect(try Parser.parseExpression("15% of 80").disassembled == "15 % 80 *")
    }

    /// Percentages and modular powers are read from how the line is written: parentheses make
    /// an ordinary operand, and a power under `*` is not the left operand of the remainder.
    @Test func percentAndModularPowerFollowTheSyntax() throws {
        #expect(try Parser.parseExpression("80 + (15%)").disassembled == "80 15 % () +")
        #expect(try Parser.parseExpression("15% - 3").disassembled == "15 % 3 -")
        #expect(try Parser.parseExpression("15%-3").disassembled == "15 % 3 -")
        #expect(try Parser.parseExpression("80 + 15% - 3").disassembled == "80 15 % +% 3 -")
        #expect(try Parser.parseExpression("2^10 mod 7").disassembled == "2 10 7 ^%")
        #expect(try Parser.parseExpression("2 * 3^2 % 5").disassembled == "2 3 2 ^ * 5 %")
        #expect(try Parser.parseExpression("-2^3 % 5").disassembled == "2 3 ^ neg 5 %")
        #expect(try Parser.parseExpression("2^3^2 % 7").disassembled == "2 3 2 ^ 7 ^%")
        #expect(try Parser.parseExpression("2^3%").disassembled == "2 3 % ^")
    }
}
