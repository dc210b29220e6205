import TallyDiagnostics
import Testing

@testable import TallyCore

/// Each case here is a wrong answer or a crash that differential testing or fuzzing found
/// (Tests/Differential, Fuzz/), kept so it can never come back.
@Suite("Regressions")
struct RegressionTests {
    /// The value of `line` as batch output shows it.
    private func result(_ line: String, digits: Int = 20) throws -> String {
        var evaluator = Evaluator(settings: EvaluationSettings(digits: digits))
        guard case .value(let value) = try run(line, in: &evaluator) else {
            Issue.record("no value for \(line)")
            return ""
        }
        return value.number!.formatted(significantDigits: digits).text
    }

    /// -2^63 fits a machine word but its negation does not: negating the fraction -2^63/3 kept
    /// only the numerator, so abs, subtraction and round lost the denominator.
    @Test(arguments: [
        ("abs(-9223372036854775808 / 3)", "3074457345618258602.7"),
        ("-(-9223372036854775808 / 3)", "3074457345618258602.7"),
        ("1 - (-9223372036854775808 / 3)", "3074457345618258603.7"),
        ("round(-9223372036854775808 / 3)", "-3074457345618258603"),
        ("ceil(-9223372036854775808 / 3)", "-3074457345618258602"),
        ("trunc(-9223372036854775808 / 7)", "-1317624576693539401"),
        ("(-9223372036854775808 / 3) * 3", "-9223372036854775808"),
    ])
    func negatingAFractionWhoseNumeratorIsTheSmallestWord(line: String, expected: String) throws {
        #expect(try result(line) == expected)
    }
}

/// Diagnostics never carry raw control characters, wherever the text came from.
@Suite("Regressions: terminal safety")
struct TerminalSafetyRegressionTests {
    /// A file named with an escape sequence was printed raw in the `name:line:col:` header.
    @Test func sourceNameIsEscaped() {
        let renderer = DiagnosticRenderer(useColour: false)
        let diagnostic = Diagnostic(.unmatchedParenthesis, "unexpected ')'", at: SourceSpan(start: 1, end: 2))
        let text = renderer.render(
            diagnostic, in: "1)", form: .located(sourceName: "a\u{1B}]0;x\u{07}.txt", lineNumber: 3))
        #expect(text == "a␛]0;x␇.txt:3:2: error: unexpected ')'\n    1)\n     ^\n")
    }
}

/// A line of megabytes gets a diagnostic of a few lines, promptly. (A 10 MB literal gave 10 MB
/// of '~' under it; a 10 MB name was quoted whole and took 12 s to find no suggestion.)
@Suite("Regressions: huge lines")
struct HugeLineRegressionTests {
    private func diagnostic(_ line: String) -> String {
        var evaluator = Evaluator()
        do {
            _ = try run(line, in: &evaluator)
            Issue.record("no error for a line of \(line.utf8.count) bytes")
            return ""
        } catch {
            return DiagnosticRenderer(useColour: false).render(
                error, in: line, form: .located(sourceName: "f", lineNumber: 1))
        }
    }

    @Test(arguments: [
        String(repeating: "7", count: 2_000_000),
        String(repeating: "a", count: 200_000),
        String(repeating: "키", count: 200_000),
        "0" + String(repeating: "7", count: 200_000),
        "1e" + String(repeating: "9", count: 200_000),
        "1." + String(repeating: "5", count: 100_000) + ".5",
        "0x" + String(repeating: "f", count: 100_000) + "g",
        String(repeating: "b", count: 200_000) + "(1)",
    ])
    func diagnosticOfAHugeLineIsShort(line: String) {
        let text = diagnostic(line)
        #expect(text.count < 500, "\(text.prefix(300))")
    }

    @Test func underlineStopsAtTheShownWindow() {
        let line = "1 + " + String(repeating: "9", count: 1000) + "_"
        // The window shows 100 columns of the line, then "…"; the underline stops there.
        let shown = "1 + " + String(repeating: "9", count: 96) + "…"
        let underline = "^" + String(repeating: "~", count: 96)
        #expect(
            diagnostic(line) == """
                f:1:5: error: malformed number '\(String(repeating: "9", count: 40))…': '_' must stand between digits
                    \(shown)
                        \(underline)

                """)
    }
}

/// A 10 MB line of `1+1+…` built a syntax tree of 650 MB: a line holds at most 100,000
/// operands.
@Suite("Regressions: operand limit")
struct OperandLimitRegressionTests {
    @Test func theLimitItselfIsAccepted() throws {
        var evaluator = Evaluator()
        let line = String(repeating: "1+", count: Parser.maximumOperands - 1) + "1"
        guard case .value(let value) = try run(line, in: &evaluator) else {
            Issue.record("no value")
            return
        }
        #expect(value.number?.intValue == Parser.maximumOperands)
    }

    /// The name of a call is an operand too, so in `min(1,1,…)` the error comes one sooner.
    @Test(arguments: [
        ("", "1+", "1", 2 * Parser.maximumOperands),
        ("", "x*", "1", 2 * Parser.maximumOperands),
        ("min(", "1,", "1)", 4 + 2 * (Parser.maximumOperands - 1)),
    ])
    func oneMoreIsAnErrorAtTheOperand(opening: String, repeated: String, closing: String, errorOffset: Int) {
        var evaluator = Evaluator()
        let line = opening + String(repeating: repeated, count: Parser.maximumOperands) + closing
        #expect {
            _ = try evaluator.run(line: line)
        } throws: { error in
            guard let diagnostic = (error as? EvaluationError)?.diagnostic else { return false }
            return diagnostic.message == "more than 100,000 operands in one line"
                && diagnostic.span.start == errorOffset
        }
    }
}

/// root(x, n) scaled x by n times the working precision before an integer root: at 1,000
/// digits root(2, 1048576) needed a 440 MB integer (4 GB and 385 s at 10,000 digits).
@Suite("Regressions: roots of high degree")
struct HighDegreeRootRegressionTests {
    @Test(arguments: [
        ("root(2, 1048576)", "1.00000066103688207420882892605024890137345"),
        ("root(-5, 999999)", "-1.00000160944081702210435357797676781252893"),
        ("root(3, 1000)", "1.00109921598420405292003513480946587881734"),
    ])
    func aHighDegreeRootIsPromptAtManyDigits(line: String, leadingDigits: String) throws {
        var evaluator = Evaluator(settings: EvaluationSettings(digits: 1_000))
        guard case .value(let value) = try run(line, in: &evaluator) else {
            Issue.record("no value")
            return
        }
        #expect(ValueFormatter(.decimal(significantDigits: 1_000)).format(value).text.hasPrefix(leadingDigits))
    }
}

/// A factorial of a huge integer quoted the integer in full: `(((3!)!)!)!` gave a 1,750-character
/// message, `(10^999999)!` a megabyte.
@Suite("Regressions: factorial messages")
struct FactorialMessageRegressionTests {
    @Test(arguments: [
        (
            "(((3!)!)!)!",
            "result would be astronomically large: 2.6012189435657951002e1746! is far beyond the limit of 1,000,000 digits"
        ),
        ("(10^999999)!", "result would be astronomically large: 1e999999! is far beyond the limit of 1,000,000 digits"),
        ("(-(10^999999))!", "factorial needs a non-negative integer, got -1e999999"),
        (
            "(2^64)!",
            "result would be astronomically large: 18446744073709551616! is far beyond the limit of 1,000,000 digits"
        ),
        ("(-1)!", "factorial needs a non-negative integer, got -1"),
        ("(1/3)!!", "the double factorial needs a non-negative integer, got ≈ 0.33333333333333333333"),
    ])
    func aHugeOperandIsQuotedBriefly(line: String, message: String) {
        var evaluator = Evaluator()
        #expect {
            _ = try evaluator.run(line: line)
        } throws: { error in
            (error as? EvaluationError)?.diagnostic?.message == message
        }
    }
}
