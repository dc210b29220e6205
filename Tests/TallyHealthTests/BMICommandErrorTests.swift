import TallyCore
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHealth

/// Every error names the problem and covers exactly the argument (or gap) it is about; the
/// span is marked in the line with `⟨…⟩`.
@Suite struct BMICommandErrorTests {
    static let usage = BMICommand.usage
    static let height = "implausible height: the accepted range is"
    static let weight = "implausible weight: the accepted range is"
    static let cm = "\(height) 50–272 cm"
    static let options =
        "after the measurements come who, asia, nice or cdc, age AGE, on DATE, sex f|m, waist WAIST and chart"
    static let units = "lengths are mm, cm, m, in and ft, masses kg, lb and st (or any of 'help units')"
    static let tooLarge =
        "result would have about 1,000,000,000 digits, more than the limit of 1,000,000 (set maxdigits N)"

    @Test(arguments: [
        // Missing and extra arguments.
        ("bmi⟨⟩", DiagnosticID.bmiMissingArgument, "missing height: \(usage)"),
        ("bmi⟨⟩   ", .bmiMissingArgument, "missing height: \(usage)"),
        ("bmi 175⟨⟩", .bmiMissingArgument, "missing weight: \(usage)"),
        ("bmi 175 who⟨⟩", .bmiMissingArgument, "missing weight: \(usage)"),
        ("bmi 175⟨⟩ # weight later", .bmiMissingArgument, "missing weight: \(usage)"),
        ("bmi height ⟨⟩weight 70", .bmiMissingArgument, "missing height: \(usage)"),
        ("bmi 175 70 ⟨80⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        // Four measurements: reading stops at the fourth.
        ("bmi 175 70 80 kg ⟨90⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        ("bmi 175 70 who ⟨asia⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        ("bmi 175 70 cm ⟨80 cm⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        ("bmi 175 70 who ⟨kg⟩", .bmiUnitWithoutNumber, "expected a number before the unit 'kg'"),
        // Not a number: the calculator's own errors.
        ("bmi 175 ⟨$⟩", .unexpectedCharacter, "unexpected character '$'"),
        // Literals are the calculator's: an error covers the literal, as in an expression.
        ("bmi ⟨1.2.3⟩ 70", .malformedNumber, "malformed number '1.2.3': more than one decimal point"),
        ("bmi ⟨007⟩ 70", .leadingZeros, "leading zeros are not allowed; write 7, or 0o7 for octal"),
        ("bmi -⟨007⟩ 70", .leadingZeros, "leading zeros are not allowed; write 7, or 0o7 for octal"),
        ("bmi 5ft⟨09⟩in 70", .leadingZeros, "leading zeros are not allowed; write 9, or 0o9 for octal"),
        ("bmi 175 ⟨7_⟩", .malformedNumber, "malformed number '7_': '_' must stand between digits"),
        ("bmi ⟨0x1G⟩ 70", .malformedNumber, "'G' is not a hexadecimal digit in '0x1G'"),
        ("bmi 5ft⟨0x9in⟩ 70", .malformedNumber, "'i' is not a hexadecimal digit in '0x9in'"),
        ("bmi ⟨.⟩ 70", .malformedNumber, "a number cannot start with '.' alone"),
        ("bmi 175⟨,⟩ 70", .commaOutsideCall, "unexpected ',' outside a function call"),
        ("bmi 175 70⟨)⟩", .unmatchedParenthesis, "unmatched ')'"),
        ("bmi ⟨(⟩170+5 70", .unclosedParenthesis, "this '(' is never closed"),
        ("bmi 175 ⟨x⟩", .unknownName, "unknown name 'x'"),
        // Units.
        ("bmi ⟨kg⟩ 70", .bmiUnitWithoutNumber, "expected a number before the unit 'kg'"),
        ("bmi 175cm 70kg ⟨lb⟩", .bmiUnitWithoutNumber, "expected a number before the unit 'lb'"),
        ("bmi 175cm⟨⟩70kg", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 5ft⟨⟩150lb", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 5ft9in⟨⟩3 70", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 5ft9⟨cm⟩ 70", .bmiMisplacedMinorUnit, "only inches may follow feet, as in 5ft9in"),
        ("bmi 175 11st2⟨kg⟩", .bmiMisplacedMinorUnit, "only pounds may follow stones, as in 11st4lb"),
        ("bmi 5ft⟨13in⟩ 70", .bmiMinorAmountOutOfRange, "inches after feet must be less than 12"),
        ("bmi 5ft ⟨(-1)in⟩ 70", .bmiMinorAmountOutOfRange, "inches after feet cannot be negative"),
        ("bmi 175 11st⟨14lb⟩", .bmiMinorAmountOutOfRange, "pounds after stones must be less than 14"),
        (
            "bmi ⟨175 h⟩ 70", .bmiUnitOfOtherQuantity,
            "a measurement is a length (the height, the waist) or a mass (the weight); this is a time (h)"
        ),
        ("bmi height ⟨70 kg⟩ 175", .bmiUnitOfOtherQuantity, "'kg' is a mass unit; the height is a length"),
        // Zero, negative and implausible values.
        ("bmi ⟨0⟩ 70", .bmiNotPositive, "the height must be greater than zero"),
        ("bmi 175 ⟨-70⟩", .bmiNotPositive, "the weight must be greater than zero"),
        ("bmi 175 ⟨−70kg⟩", .bmiNotPositive, "the weight must be greater than zero"),
        ("bmi 175 ⟨0 lb⟩", .bmiNotPositive, "the weight must be greater than zero"),
        ("bmi ⟨300⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨49.9 cm⟩ 70", .bmiImplausibleMeasurement, cm),
        // Every literal form reads as in an expression, long ones included.
        ("bmi ⟨1e3⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨1_750⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨100_000_000_000_000_000_000⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨0xFFFF_FFFF_FFFF_FFFF_FFFF cm⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨0.000_000_000_000_000_000_175⟩ 70", .bmiImplausibleMeasurement, cm),
        (
            "bmi ⟨175.0000000000001⟩ 70", .bmiImplausibleMeasurement,
            "a measurement with this many digits cannot be worked out exactly; round it to a few decimals"
        ),
        ("bmi ⟨1e999999999⟩ 70", .resultTooLarge, tooLarge),
        ("bmi 5ft⟨1e999999999⟩in 70", .resultTooLarge, tooLarge),
        ("bmi ⟨3m⟩ 70", .bmiImplausibleMeasurement, "\(height) 0.5–2.72 m (50–272 cm)"),
        ("bmi ⟨120in⟩ 70", .bmiImplausibleMeasurement, "\(height) 19.7–107 in (50–272 cm)"),
        ("bmi ⟨9 ft⟩ 70", .bmiImplausibleMeasurement, "\(height) 1ft 7.7in–8ft 11in (50–272 cm)"),
        ("bmi ⟨8ft 11.1in⟩ 70", .bmiImplausibleMeasurement, "\(height) 1ft 7.7in–8ft 11in (50–272 cm)"),
        ("bmi 175 ⟨1⟩", .bmiImplausibleMeasurement, "\(weight) 2–650 kg"),
        ("bmi 175 ⟨650.1kg⟩", .bmiImplausibleMeasurement, "\(weight) 2–650 kg"),
        ("bmi 175 ⟨2000lb⟩", .bmiImplausibleMeasurement, "\(weight) 4.5–1433 lb (2–650 kg)"),
        ("bmi 175 ⟨200st⟩", .bmiImplausibleMeasurement, "\(weight) 0.4–102.3 st (2–650 kg)"),
        ("bmi 175 ⟨0st 4lb⟩", .bmiImplausibleMeasurement, "\(weight) 0.4–102.3 st (2–650 kg)"),
        // A measurement date needs a birth date.
        (
            "bmi 175 70 age 10 girl ⟨on 2024-01-01⟩", .bmiInvalidAge,
            "'on DATE' is the day of the measurement, counted from a birth date: age 2016-05-01 on 2024-01-01"
        ),
    ])
    func error(_ marked: String, _ id: DiagnosticID, _ message: String) {
        errorWithNotes(marked, id, message, notes: [])
    }

    /// Unknown words and units get suggestions from bmi's own words, never from function names.
    @Test(arguments: [
        (
            "bmi 175 70 ⟨whoo⟩", DiagnosticID.bmiUnknownStandard, "unknown word 'whoo'; \(options)",
            "did you mean 'who'?"
        ),
        ("bmi 175 70 ⟨agee⟩", .bmiUnknownStandard, "unknown word 'agee'; \(options)", "did you mean 'age'?"),
        ("bmi 175⟨cmm⟩ 70", .bmiUnknownUnit, "unknown unit 'cmm'; \(units)", "did you mean 'cm'?"),
        ("bmi 175 70⟨kgz⟩", .bmiUnknownUnit, "unknown unit 'kgz'; \(units)", "did you mean 'kg'?"),
        (
            "bmi 175⟨centimetrs⟩ 70", .bmiUnknownUnit, "unknown unit 'centimetrs'; \(units)",
            "did you mean 'centimetre'?"
        ),
        // `1e` is 1 times e in the calculator, so `1ecm` is a number and a unit it cannot read.
        ("bmi 1⟨ecm⟩ 70", .bmiUnknownUnit, "unknown unit 'ecm'; \(units)", "did you mean 'cm'?"),
    ])
    func suggestion(_ marked: String, _ id: DiagnosticID, _ message: String, _ note: String) {
        errorWithNotes(marked, id, message, notes: [note])
    }

    private func errorWithNotes(_ marked: String, _ id: DiagnosticID, _ message: String, notes: [String]) {
        let expected = MarkedLine(marked)
        #expect(throws: Diagnostic(id, message, at: expected.span, notes: notes.map { Diagnostic.Note($0) })) {
            try runBMI(expected.text)
        }
    }

    /// A bare height that is implausible in centimetres but plausible in metres or feet gets the
    /// argument rewritten with that unit, as a note under the error.
    @Test(arguments: [
        ("bmi ⟨1.75⟩ 70", "did you mean 1.75m?"),
        ("bmi ⟨1,75⟩ 70", "did you mean 1,75m?"),
        ("bmi ⟨metre_s⟩ 70", "did you mean (metre_s)m?"),
        ("bmi ⟨(1+0.75)⟩ 70", "did you mean (1+0.75)m?"),
        ("bmi ⟨5⟩ 70", "did you mean 5ft?"),
    ])
    func unitGuessIsANote(_ marked: String, _ note: String) {
        let expected = MarkedLine(marked)
        let error = Diagnostic(.bmiImplausibleMeasurement, Self.cm, at: expected.span)
        #expect(throws: error.noting(note)) {
            try runBMI(expected.text)
        }
    }

    /// A malformed literal gets the calculator's own diagnostic, exactly as the expression lexer
    /// gives it for the same text at the same place.
    @Test(arguments: ["007", "1__0", "0x", "0b12", "0o8", "1.2.3", "1e99999999999999999999", "7_", "."])
    func literalErrorsAreTheCalculators(_ literal: String) throws {
        let line = "bmi \(literal) 70"
        let span = SourceSpan(start: 4, end: 4 + literal.utf8.count)
        var expected: Diagnostic?
        do {
            _ = try testEvaluator.evaluate(line: line, in: span)
        } catch EvaluationError.failed(let diagnostic) {
            expected = diagnostic
        }
        let diagnostic = try #require(expected)
        #expect(throws: diagnostic) {
            try runBMI(line)
        }
    }

    /// The limits themselves are accepted.
    @Test(arguments: ["bmi 50 2.5", "bmi 272 650", "bmi 0.5m 2.5kg", "bmi 2.72m 650", "bmi 210 650"])
    func limitsAreAccepted(_ line: String) throws {
        _ = try runBMI(line)
    }

    /// A line typed after other text still gets spans into the whole line.
    @Test func spansCountFromTheStartOfTheLine() {
        let expected = MarkedLine("x = 1; bmi 175 ⟨nosuch⟩")
        #expect(throws: Diagnostic.self) { try runBMI(expected.text) }
        do {
            _ = try runBMI(expected.text)
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.span == expected.span)
        } catch {
            Issue.record("\(error)")
        }
    }
}
