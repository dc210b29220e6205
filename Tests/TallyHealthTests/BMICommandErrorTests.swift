import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHealth

/// Every error names the problem and covers exactly the argument (or gap) it is about; the
/// span is marked in the line with `⟨…⟩`.
@Suite struct BMICommandErrorTests {
    static let usage = "bmi HEIGHT WEIGHT [who|asia|cdc] [age AGE sex f|m] [waist WAIST]"
    static let height = "implausible height: the accepted range is"
    static let weight = "implausible weight: the accepted range is"
    static let cm = "\(height) 50–272 cm"
    static let argument = "an argument is a number with an optional unit, a name, or an expression in parentheses"

    @Test(arguments: [
        // Missing and extra arguments.
        ("bmi⟨⟩", DiagnosticID.bmiMissingArgument, "missing height: \(usage)"),
        ("bmi⟨⟩   ", .bmiMissingArgument, "missing height: \(usage)"),
        ("bmi 175⟨⟩", .bmiMissingArgument, "missing weight: \(usage)"),
        ("bmi 175 ⟨⟩who", .bmiMissingArgument, "missing weight: \(usage)"),
        ("bmi 175⟨⟩ # weight later", .bmiMissingArgument, "missing weight: \(usage)"),
        ("bmi ⟨⟩asia 175 70", .bmiMissingArgument, "missing height: \(usage)"),
        ("bmi 175 70 ⟨80⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        ("bmi 175 70 ⟨80 kg 90⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        ("bmi 175 70 who ⟨asia⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        ("bmi 175 70 who ⟨kg⟩", .bmiExtraArgument, "extra argument: \(usage)"),
        // Not a number.
        ("bmi 175 ⟨$⟩", .unexpectedCharacter, "unexpected '$'; \(argument)"),
        ("bmi 175 7⟨*⟩2", .unexpectedToken, "unexpected '*'; \(argument)"),
        ("bmi 175 ⟨-⟩w", .unexpectedToken, "unexpected '-'; \(argument)"),
        // Literals are the calculator's: an error covers the literal, as in an expression.
        ("bmi ⟨1.2.3⟩ 70", .malformedNumber, "malformed number '1.2.3': more than one decimal point"),
        ("bmi ⟨007⟩ 70", .leadingZeros, "leading zeros are not allowed; write 7, or 0o7 for octal"),
        ("bmi -⟨007⟩ 70", .leadingZeros, "leading zeros are not allowed; write 7, or 0o7 for octal"),
        ("bmi 5ft⟨09⟩in 70", .leadingZeros, "leading zeros are not allowed; write 9, or 0o9 for octal"),
        ("bmi 175 ⟨7_⟩", .malformedNumber, "malformed number '7_': '_' must stand between digits"),
        ("bmi ⟨0x1G⟩ 70", .malformedNumber, "'G' is not a hexadecimal digit in '0x1G'"),
        // Letters after a hexadecimal literal are its digits or an error, as in an expression.
        ("bmi 5ft⟨0x9in⟩ 70", .malformedNumber, "'i' is not a hexadecimal digit in '0x9in'"),
        ("bmi ⟨.⟩ 70", .malformedNumber, "a number cannot start with '.' alone"),
        ("bmi 175 ⟨'⟩", .unexpectedCharacter, "unexpected '''; \(argument)"),
        ("bmi 175 ⟨-⟩$", .unexpectedToken, "unexpected '-'; \(argument)"),
        (
            "bmi 175⟨,⟩ 70",
            .unexpectedToken,
            "unexpected ','; separate the arguments with spaces (a decimal comma stands between digits: 170,5)"
        ),
        ("bmi 175 70⟨)⟩", .unmatchedParenthesis, "unexpected ')' without a matching '('"),
        ("bmi ⟨(⟩170+5 70", .unclosedParenthesis, "this '(' is never closed"),
        ("bmi 175 ⟨x⟩", .unknownName, "unknown variable 'x'"),
        ("bmi ⟨키2⟩ 70", .unknownName, "unknown variable '키2'"),
        // Units.
        ("bmi 70⟨kg⟩ 175cm", .bmiUnitOfOtherQuantity, "'kg' is a weight unit; the height comes first"),
        ("bmi 175 70⟨cm⟩", .bmiUnitOfOtherQuantity, "'cm' is a height unit; the weight comes second"),
        ("bmi 175 ⟨kg⟩ 70", .bmiUnitOfOtherQuantity, "'kg' is a weight unit; the height comes first"),
        ("bmi ⟨kg⟩ 70", .bmiUnitWithoutNumber, "expected a number before the unit 'kg'"),
        ("bmi 175cm 70kg ⟨lb⟩", .bmiUnitWithoutNumber, "expected a number before the unit 'lb'"),
        ("bmi 175cm⟨⟩70kg", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 175⟨⟩(5) 70", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 5ft⟨⟩150lb", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 5ft9in⟨⟩3 70", .bmiMissingSpace, "missing space between arguments"),
        ("bmi 5ft9⟨cm⟩ 70", .bmiMisplacedMinorUnit, "only inches may follow feet, as in 5ft9in"),
        ("bmi 175 11st2⟨kg⟩", .bmiMisplacedMinorUnit, "only pounds may follow stones, as in 11st4lb"),
        ("bmi 5ft⟨13in⟩ 70", .bmiMinorAmountOutOfRange, "inches after feet must be less than 12"),
        ("bmi 5ft ⟨(-1)in⟩ 70", .bmiMinorAmountOutOfRange, "inches after feet cannot be negative"),
        ("bmi 175 11st⟨14lb⟩", .bmiMinorAmountOutOfRange, "pounds after stones must be less than 14"),
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
        ("bmi ⟨1e999999999⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨1e-999999999⟩ 70", .bmiImplausibleMeasurement, cm),
        ("bmi ⟨0e999999999⟩ 70", .bmiNotPositive, "the height must be greater than zero"),
        ("bmi 175 ⟨-1e999999999⟩", .bmiNotPositive, "the weight must be greater than zero"),
        ("bmi 5ft⟨1e999999999in⟩ 70", .bmiMinorAmountOutOfRange, "inches after feet must be less than 12"),
        ("bmi ⟨3m⟩ 70", .bmiImplausibleMeasurement, "\(height) 0.5–2.72 m (50–272 cm)"),
        ("bmi ⟨120in⟩ 70", .bmiImplausibleMeasurement, "\(height) 19.7–107 in (50–272 cm)"),
        ("bmi ⟨9 ft⟩ 70", .bmiImplausibleMeasurement, "\(height) 1ft 7.7in–8ft 11in (50–272 cm)"),
        ("bmi ⟨8ft 11.1in⟩ 70", .bmiImplausibleMeasurement, "\(height) 1ft 7.7in–8ft 11in (50–272 cm)"),
        ("bmi 175 ⟨1⟩", .bmiImplausibleMeasurement, "\(weight) 2–650 kg"),
        ("bmi 175 ⟨650.1kg⟩", .bmiImplausibleMeasurement, "\(weight) 2–650 kg"),
        ("bmi 175 ⟨2000lb⟩", .bmiImplausibleMeasurement, "\(weight) 4.5–1433 lb (2–650 kg)"),
        ("bmi 175 ⟨200st⟩", .bmiImplausibleMeasurement, "\(weight) 0.4–102.3 st (2–650 kg)"),
        ("bmi 175 ⟨0st 4lb⟩", .bmiImplausibleMeasurement, "\(weight) 0.4–102.3 st (2–650 kg)"),
    ])
    func error(_ marked: String, _ id: DiagnosticID, _ message: String) {
        errorWithNotes(marked, id, message, notes: [])
    }

    /// Unknown words and units get suggestions from bmi's own words, never from function names.
    @Test(arguments: [
        (
            "bmi 175 70 ⟨whoo⟩", DiagnosticID.bmiUnknownStandard,
            "unknown word 'whoo'; after the weight come who, asia or cdc, age AGE, sex f|m and waist WAIST",
            "did you mean 'who'?"
        ),
        (
            "bmi 175 70 ⟨agee⟩", .bmiUnknownStandard,
            "unknown word 'agee'; after the weight come who, asia or cdc, age AGE, sex f|m and waist WAIST",
            "did you mean 'age'?"
        ),
        (
            "bmi 175⟨cmm⟩ 70", .bmiUnknownUnit, "unknown unit 'cmm'; height units are mm, cm, m, in and ft",
            "did you mean 'cm'?"
        ),
        (
            "bmi 175 70⟨kgz⟩", .bmiUnknownUnit, "unknown unit 'kgz'; weight units are kg, lb and st",
            "did you mean 'kg'?"
        ),
        (
            "bmi 175⟨centimetrs⟩ 70", .bmiUnknownUnit,
            "unknown unit 'centimetrs'; height units are mm, cm, m, in and ft",
            "did you mean 'centimetre'?"
        ),
        // `1e` is 1 times e in the calculator, so `1ecm` is a number and a unit it cannot read.
        (
            "bmi 1⟨ecm⟩ 70", .bmiUnknownUnit, "unknown unit 'ecm'; height units are mm, cm, m, in and ft",
            "did you mean 'cm'?"
        ),
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
        var lexer = Lexer(line, startingAt: argumentsStart(of: line))
        let expected = try #require(#expect(throws: Diagnostic.self) { try lexer.next() })
        #expect(throws: expected) {
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
        let expected = MarkedLine("x = 1; bmi 175 ⟨키⟩")
        #expect(throws: Diagnostic(.unknownName, "unknown variable '키'", at: expected.span)) {
            try BMICommand(line: expected.text, argumentsStart: argumentsStart(of: expected.text))
                .evaluate(defaultStandard: .who) { span in
                    throw Diagnostic(.unknownName, "unknown variable '키'", at: span)
                }
        }
    }
}
