import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// The lexer's fast reading of plain literals (eight digits at a time, 19- and 20-digit
/// integers kept in a word) gives the value the full literal rules give: each random literal
/// equals itself written with an exponent (`…e0`), which the full rules read.
@Suite struct PlainLiteralTests {
    static func literal(using generator: inout SplitMix64) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        let integerLength = Int.random(in: 0...26, using: &generator)
        var integer = digits(integerLength)
        // No leading zero: those are refused (`007`), by both readings.
        if let first = integer.first, first == "0", integer.count > 1 {
            integer = String(Int.random(in: 1...9, using: &generator)) + integer.dropFirst()
        }
        // Sometimes the largest word's digits, or one past them, where the 20-digit test decides.
        if Int.random(in: 0..<8, using: &generator) == 0 {
            integer = ["18446744073709551615", "18446744073709551616", "18446744073709551614", "9223372036854775808"]
                .randomElement(using: &generator)!
        }
        let fractionLength = Int.random(in: 0...24, using: &generator)
        if fractionLength == 0 || Bool.random(using: &generator) { return integer.isEmpty ? "0" : integer }
        return "\(integer).\(digits(fractionLength))"
    }

    @Test func plainLiteralsReadAsTheFullRulesReadThem() throws {
        var generator = SplitMix64(seed: 808)
        var evaluator = Evaluator(settings: EvaluationSettings(digits: 20))
        var mismatches: [String] = []
        for _ in 0..<4000 {
            let text = Self.literal(using: &generator)
            let result = try run("\(text) == \(text)e0", in: &evaluator)
            if case .value(let value) = result, case .truth(true) = value.kind { continue }
            mismatches.append(text)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Every integer of 19 or 20 digits near 2^64 and 2^63 shows as it was written.
    @Test(arguments: [
        "9223372036854775807", "9223372036854775808", "9999999999999999999", "10000000000000000000",
        "18446744073709551614", "18446744073709551615", "18446744073709551616", "18446744073709551625",
        "18446744073709551705", "19446744073709551615", "99999999999999999999", "12345678123456781234",
    ])
    func wordSizedIntegersShowAsWritten(_ text: String) throws {
        #expect(try evaluate([text]) == text)
    }
}
