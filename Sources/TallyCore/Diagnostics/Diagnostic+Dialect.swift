import TallyDiagnostics

/// The warnings for forms other calculators write and read otherwise, each written once: the
/// parser reads the form one way and the warning names the other reading. Every argument is
/// text as written on the line. Made only when the form comes.
extension Diagnostic {
    /// `sin pi/6`: read as `name(argument)/divisor`, `slash` being `/` or `//`.
    static func bareArgumentBeforeDivision(
        _ name: String, argument: String, slash: String, divisor: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .ambiguousCallArgument,
            "read as \(name)(\(argument))\(slash)\(divisor); write \(name)(\(argument)\(slash)\(divisor)) for the other reading",
            at: span, severity: .warning)
    }

    /// `log(8; 2)`: SpeedCrunch, whose users separate arguments by `;`, puts the base first.
    static func logarithmBaseSecond(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousCallArgument,
            "read as log(x; base), the logarithm of the first argument to the base of the second; SpeedCrunch writes the base first",
            at: span, severity: .warning)
    }

    /// `1,234` outside a call: `written` read as digits grouped in threes, where some
    /// calculators read a decimal comma.
    static func oneCommaGroup(_ written: String, at span: SourceSpan) -> Diagnostic {
        let grouped = String(written.filter { $0 != "," })
        let decimal = String(written.map { $0 == "," ? "." : $0 })
        return Diagnostic(
            .commaBetweenDigits, "read as \(grouped) (digits grouped in threes); for a decimal comma write \(decimal)",
            at: span, severity: .warning)
    }

    /// `5 m in ft`: fend's conversion word, but here the inch.
    static func inchNotConversion(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousJuxtaposition, "'in' is the inch here, so units side by side multiply; to convert, write 'to'",
            at: span, severity: .warning)
    }

    /// `2³!`: the superscript is the power of what it is written against, then the factorial;
    /// `2^3!` is `2^(3!)`.
    static func superscriptBeforeFactorial(base: String, written: String, power: Int, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(
            .ambiguousJuxtaposition,
            "read as (\(base)\(written))!, the factorial of the power; write \(base)^(\(power)!) for the other reading",
            at: span, severity: .warning)
    }

    /// `15%-3`: a percentage, then the sign as an operator; the remainder by `-3` is the other
    /// reading.
    static func percentBeforeSign(_ number: String, sign: String, operand: String, at span: SourceSpan) -> Diagnostic {
        let rest = String(operand.dropFirst(sign.count))
        return Diagnostic(
            .ambiguousPercent,
            "read as \(number)% \(sign) \(rest), a percentage then \(sign == "+" ? "an addition" : "a subtraction");"
                + " write \(number) % \(operand) for the remainder",
            at: span, severity: .warning)
    }

    /// `sin 2 pi`: a call without parentheses of the product written after it.
    static func bareCallOfProduct(_ name: String, argument: String, first: String, rest: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(
            .ambiguousJuxtaposition,
            "read as \(name)(\(argument)); write \(name)(\(first)) \(rest) for the other reading",
            at: span, severity: .warning)
    }

    /// `m = 5` then `2m`: the variable, not the unit of the same name.
    static func variableNotUnit(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousJuxtaposition,
            "'\(name)' is your variable here, not the unit \(name): write the unit's long name, or unset \(name), for the unit",
            at: span, severity: .warning)
    }

    /// `2^3x`: read as `(base^exponent)*factor`.
    static func powerBeforeProduct(base: String, exponent: String, factor: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousJuxtaposition,
            "read as (\(base)^\(exponent))*\(factor); write \(base)^(\(exponent)*\(factor)) for the other reading",
            at: span, severity: .warning)
    }

    /// `1/2x`: read as `dividend/(divisor)`, the divisor being the product `first` `rest` side by
    /// side; `symbol` is the division as written.
    static func productAsDivisor(
        _ dividend: String, symbol: String, divisor: String, first: String, rest: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .ambiguousJuxtaposition,
            "read as \(dividend)\(symbol)(\(divisor)); write (\(dividend)\(symbol)\(first))*\(rest) for the other reading",
            at: span, severity: .warning)
    }

    /// `16#ff`: the line is `number`, a comment after it; `digits` is what follows `#` up to
    /// the first character no digit of any base is (empty when nothing does).
    static func commentAfterNumber(_ number: String, digits: Substring, at span: SourceSpan) -> Diagnostic {
        var advice = "put a space before '#' for a comment"
        if !digits.isEmpty { advice = "write \(number)r\(digits) for a number in base \(number), or " + advice }
        return Diagnostic(
            .commentAfterNumber, "'#' starts a comment, so this line is \(number); \(advice)", at: span,
            severity: .warning)
    }
}
