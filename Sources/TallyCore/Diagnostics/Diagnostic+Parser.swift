import TallyDiagnostics

/// The parser's errors, each written once: a throw site names its message and passes what it
/// quotes (`described` is a token as ``Parser/describe(_:)`` shows it: `'*'`, `the end of the
/// line`); each keeps its ``DiagnosticID`` (`DiagnosticID+Core.swift`). Made only when a line
/// fails. The warnings for forms other calculators read otherwise are in
/// `Diagnostic+Dialect.swift`, the messages about what follows `to` in
/// `Diagnostic+Conversions.swift` and about units as written in `Diagnostic+Units.swift`.
///
/// Each is `@inline(never)`, as are the lexer's: a throw site in the parser's and the lexer's
/// hot functions stays one call, so the message's building does not grow them (inlined, the
/// 20,000-line corpus ran 0.26 % more instructions under callgrind than before the catalogs;
/// kept out of line, 0.17 %).
extension Diagnostic {
    // MARK: Operands and operators

    /// `2 +`, `* 3`: `previous` is the token before, when there is one.
    @inline(never)
    static func expectedOperand(after previous: String?, found described: String, at span: SourceSpan) -> Diagnostic {
        let expected = "expected a number, name or '('"
        guard let previous else {
            return Diagnostic(.expectedOperand, "\(expected), found \(described)", at: span)
        }
        return Diagnostic(.expectedOperand, "\(expected) after \(previous), found \(described)", at: span)
    }

    /// `2 3`, `x 2`: two operands side by side that do not multiply.
    @inline(never)
    static func missingOperator(between before: String, and after: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingOperator, "missing operator between \(before) and \(after)", at: span)
    }

    /// A token where the line should end.
    @inline(never)
    static func unexpectedToken(_ described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unexpectedToken, "unexpected \(described)", at: span)
    }

    /// More operands in one line than ``Parser/maximumOperands``.
    @inline(never)
    static func tooManyOperands(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.tooManyOperands, "more than \(grouped(Parser.maximumOperands)) operands in one line", at: span)
    }

    /// Parentheses or operators nested deeper than ``Parser/maximumNesting``.
    @inline(never)
    static func nestingTooDeep(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.nestingTooDeep, "nesting deeper than \(Parser.maximumNesting) levels", at: span)
    }

    /// `=` inside an expression: an assignment in the wrong place, or more likely a comparison.
    @inline(never)
    static func misplacedEquals(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .misplacedAssignment, "'=' assigns to a name and must follow it directly, as in 'x = 5'", at: span
        ).noting("did you mean '=='?")
    }

    /// `5! !`: a double factorial or a factorial of a factorial.
    @inline(never)
    static func ambiguousFactorial(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousFactorial,
            "'! !' could be a double factorial or a factorial of a factorial: write n!! for the double factorial, (n!)! for the other",
            at: span)
    }

    /// `5% 3`: `number` and `operand` as written.
    @inline(never)
    static func ambiguousPercent(_ number: String, _ operand: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousPercent,
            "'%' here could be a percentage or a remainder: write \(number) % \(operand) for the remainder, or put an operator after a percentage (\(number)% * \(operand))",
            at: span)
    }

    // MARK: Parentheses

    /// `1 + 2)`.
    @inline(never)
    static func unmatchedParenthesis(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unmatchedParenthesis, "unmatched ')'", at: span)
    }

    /// `(1 + 2`, at the `(`; `bmi` reads its arguments' parentheses with the same message.
    @inline(never)
    public static func unclosedParenthesis(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unclosedParenthesis, "this '(' is never closed", at: span)
    }

    /// `(1 + 2 3`: something else where the `)` closing the `(` at `column` should be.
    @inline(never)
    static func expectedClosingParenthesis(openedAt column: Int, found described: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(
            .unclosedParenthesis, "expected ')' to close the '(' at column \(column), found \(described)", at: span)
    }

    /// `()`.
    @inline(never)
    static func emptyParentheses(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.emptyParentheses, "empty parentheses: expected an expression inside", at: span)
    }

    /// `1,5` outside a call; `digits` is the number and the digits either side of the comma, as
    /// written, when there are digits on both sides (then a note names the decimal comma).
    @inline(never)
    static func commaOutsideCall(digits: (before: String, after: String)?, at span: SourceSpan) -> Diagnostic {
        let diagnostic = Diagnostic(.commaOutsideCall, "unexpected ',' outside a function call", at: span)
        guard let (before, after) = digits else { return diagnostic }
        // Only digits before the comma, or digits grouped by points: after an exponent or a
        // prefix (`1e3,5`, `0x1F,5`) no decimal comma reads back.
        let groups = before.split(separator: ".", omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            groups.count == 1 || groups.dropFirst().allSatisfy({ $0.count == 3 })
        else { return diagnostic }
        if groups.count > 1 {
            // `1.234,5`: points grouping the digits, then a decimal comma.
            let whole = before.filter { $0 != "." }
            return diagnostic.noting(
                "points grouping digits and a decimal comma? write \(whole).\(after); digits are grouped in threes"
                    + " (1,234,567) or with '_' (1_234_567)")
        }
        return diagnostic.noting(
            "a decimal comma? write \(before).\(after); digits are grouped in threes (1,234,567) or with '_' (1_234_567)"
        )
    }

    // MARK: Calls

    /// `if(x, 1)`: `count` arguments given.
    @inline(never)
    static func conditionalArgumentCount(_ count: Int, at span: SourceSpan) -> Diagnostic {
        let got = count == 1 ? "1 was given" : "\(count) were given"
        return Diagnostic(
            .wrongArgumentCount, "if takes 3 arguments (a condition, a value if true, a value if false), but \(got)",
            at: span)
    }

    /// A note on an error in `log(argument)`: other calculators' log of one argument is ln or
    /// log10.
    func notingLogarithmReadings(of argument: String) -> Diagnostic {
        noting("did you mean ln(\(argument)) or log10(\(argument))? log(x, b) is the logarithm to base b")
    }

    /// `max(1,000)`: no argument starts with a zero, so `before`,`after` was one number.
    @inline(never)
    static func commaBeforeLeadingZero(_ before: String, _ after: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .commaBetweenDigits,
            "',' separates arguments in a call, and \(after) is no number: write \(before)_\(after) for one number",
            at: span)
    }

    /// `sqrt 1, 2` or `if x`: a built-in `name` that cannot be called without parentheses;
    /// `arity` as ``Arity/description`` says it, `usage` as the table gives it.
    @inline(never)
    static func parenthesesNeeded(_ name: String, takes arity: String, usage: String, at span: SourceSpan) -> Diagnostic
    {
        Diagnostic(.wrongArgumentCount, "\(name) takes \(arity) in parentheses: \(usage)", at: span)
    }

    // MARK: Definitions and conversions

    /// `f(1) = 2`, `f(x,) = x`.
    @inline(never)
    static func expectedParameter(found described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.expectedParameter, "expected a parameter name, found \(described)", at: span)
    }

    /// `f(x, x) = x`.
    @inline(never)
    static func repeatedParameter(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.repeatedParameter, "parameter '\(TerminalSafeText.excerpt(name))' is named twice", at: span)
    }

    /// `to` where a line's value is not what it ends: parsing an expression alone.
    @inline(never)
    static func conversionNotHere(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.misplacedConversion, "'to' says how to show a line's value and cannot stand here", at: span)
    }

    /// `x = 5 to hex`.
    @inline(never)
    static func conversionInAssignment(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.misplacedConversion, "'to' says how to show a value, but an assignment shows nothing", at: span)
    }

    /// `f(x) = x to hex`.
    @inline(never)
    static func conversionInDefinition(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .misplacedConversion, "'to' says how to show a line's value, but a definition shows nothing", at: span)
    }

    /// `(5 to hex) + 1`: `word` is the conversion word as written (`to`, `->`).
    @inline(never)
    static func conversionInParentheses(_ word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .misplacedConversion,
            "'\(word)' says how to show the whole line's value, so it comes last and outside parentheses", at: span)
    }
}
