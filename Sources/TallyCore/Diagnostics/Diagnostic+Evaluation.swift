import TallyDiagnostics

/// The evaluator's messages, each written once: a throw site names its message
/// (`throw Diagnostic.moduloByZero(at: span)`) and never spells it, so the same error reads the
/// same wherever it is raised (`x % 0`, `a^b % 0`, `powmod(a, b, 0)`). Each keeps its
/// ``DiagnosticID`` (`DiagnosticID+Core.swift`), which tests may assert. The lexer's and the
/// parser's messages are written where they are raised, in `Syntax/`.
extension Diagnostic {
    // MARK: Arithmetic

    /// `x / 0`, `x // 0`.
    static func divisionByZero(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.divisionByZero, "division by zero", at: span)
    }

    /// `x % 0`, `a^b % 0`, `powmod(a, b, 0)`.
    static func moduloByZero(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.moduloByZero, "modulo by zero", at: span)
    }

    /// `0^-1`.
    static func zeroToNegativePower(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.zeroToNegativePower, "zero cannot be raised to a negative power", at: span)
    }

    /// `(-8)^(1/2)`.
    static func negativeToFractionalPower(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .noRealValue,
            "a negative number to this power has no real value (that needs an exponent with an odd denominator, like 1/3)",
            at: span)
    }

    /// `(-1)!`, `0.5!!`: `name` is "factorial" or "the double factorial", `shown` the operand as
    /// messages quote it.
    static func factorialOfNonNatural(_ name: String, _ shown: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.notAnInteger, "\(name) needs a non-negative integer, got \(shown)", at: span)
    }

    /// `(10^30)!`: `mark` is `!` or `!!`.
    static func factorialTooLarge(_ shown: String, mark: String, maxDigits: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .resultTooLarge,
            "result would be astronomically large: \(shown)\(mark) is far beyond the limit of \(grouped(maxDigits)) digits",
            at: span)
    }

    /// `1 << -1`.
    static func negativeShift(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.negativeShift, "a shift count cannot be negative", at: span)
    }

    /// An operand that must be an integer and is not: "`purpose`, got `shown`".
    static func notAnInteger(_ purpose: String, got shown: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.notAnInteger, "\(purpose), got \(shown)", at: span)
    }

    /// The purpose of an operand of `name` (`'&'`, `gcd`) that must be an integer, as
    /// ``notAnInteger(_:got:at:)`` and the "cannot decide" and quantity errors quote it. Pass it
    /// where it is made only on failure (an `@autoclosure`).
    static func integersNeeded(by name: String) -> String {
        "\(name) needs integers"
    }

    /// `perm(-1, 2)`.
    static func permutationOfNegative(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.notAnInteger, "perm needs non-negative integers n and k", at: span)
    }

    // MARK: Kinds of value

    /// A truth value where a number is needed.
    public static func expectedNumber(at span: SourceSpan) -> Diagnostic {
        expectedNumber(found: "a truth value", at: span)
    }

    /// A date or time where a number is needed: `found` is the value as messages describe it.
    static func expectedNumber(found described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.typeMismatch, "expected a number, found \(described)", at: span)
    }

    /// `2026-12-25 * 2`: `symbol` is the operator's.
    static func operatorMeaningless(_ symbol: String, for described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.calendarMismatch, "'\(symbol)' has no meaning for \(described)", at: span)
    }

    /// `5 to weekday`, `5 to unix`: `what` is "weekday" or "Unix time".
    static func onlyCalendarValuesHave(_ what: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.calendarMismatch, "only a date or date-time has a \(what)", at: span)
    }

    /// A number where a truth value is needed.
    static func expectedTruth(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.typeMismatch, "expected a truth value, found a number", at: span)
    }

    /// A quantity where a plain number is needed; `purpose` replaces "expected a plain number".
    public static func expectedPlainNumber(_ quantity: Quantity, at span: SourceSpan, purpose: String? = nil)
        -> Diagnostic
    {
        Diagnostic(
            .quantityNotAllowed,
            "\(purpose ?? "expected a plain number"), found \(quantity.described): divide by a unit for a plain number, as in x / (1 \(quantity.unit.text))",
            at: span)
    }

    // MARK: Names

    /// `pi = 3`: `reason` says what the name is ("a built-in constant").
    static func cannotAssign(_ name: String, because reason: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot assign to '\(name)': it is \(reason)", at: span)
    }

    /// `f = 3` after `f(x) = …`.
    static func cannotAssignToFunction(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot assign to '\(name)': it is a function (unset \(name) first)", at: span)
    }

    /// `sqrt(x) = x`.
    static func cannotDefine(_ name: String, because reason: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot define '\(name)': it is \(reason)", at: span)
    }

    /// `x(t) = t` after `x = 1`.
    static func cannotDefineVariable(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot define '\(name)': it is a variable (unset \(name) first)", at: span)
    }

    /// `g(pi) = pi`.
    static func cannotNameParameter(_ name: String, because reason: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot name a parameter '\(name)': it is \(reason)", at: span)
    }

    /// `unset sqrt`.
    static func cannotUnsetBuiltIn(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot unset '\(name)': it is built in", at: span)
    }

    /// `unset ans`.
    static func cannotUnsetLastResult(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.reservedName, "cannot unset 'ans': it is the last result", at: span)
    }

    /// A note on an error inside user functions: the call of `definition` (its text, from
    /// `origin`) it happened in, `nestedCalls` deep when the function called itself.
    func notingCall(
        of definition: String, definedAt origin: LineOrigin, nestedCalls: Int, at span: SourceSpan,
        in source: NoteSource
    ) -> Diagnostic {
        let depth = nestedCalls > 1 ? " (\(grouped(nestedCalls)) nested calls)" : ""
        return noting("in \(definition), defined at \(origin)\(depth)", at: span, in: source)
    }

    /// A note in place of the middle of a long chain of calls: `count` calls not shown.
    func notingSkippedCalls(_ count: Int) -> Diagnostic {
        noting("… \(grouped(count)) more calls …")
    }

    /// `unset nothing`.
    static func nothingToUnset(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unknownName, "no variable or function named '\(TerminalSafeText.excerpt(name))'", at: span)
    }

    /// A name no variable, constant or function has.
    static func unknownName(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unknownName, "unknown name '\(TerminalSafeText.excerpt(name))'", at: span)
    }

    /// `ans` before any result.
    static func noLastResult(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.noLastResult, "'ans' has no value yet: it holds the last result", at: span)
    }

    /// `sqrt + 1`.
    static func functionUsedAsValue(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.functionUsedAsValue, "'\(name)' is a function: call it as \(name)(…)", at: span)
    }

    /// A literal the evaluator cannot read (the lexer lets none through; a guard).
    static func malformedNumber(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.malformedNumber, "malformed number", at: span)
    }

    // MARK: Calls

    /// `x(2)` where `x` is a variable or constant (`what`: "a variable", "a constant"); at the
    /// place between the name and `(`. A name and `(` is a call, whatever the name; a product
    /// is written with `*`.
    static func notAFunction(_ shownName: String, is what: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .variableCalled,
            "missing operator between '\(shownName)' and '(': '\(shownName)' is \(what), not a function",
            at: span
        ).noting("write \(shownName)*(…) to multiply")
    }

    /// `sqr(2)`; without a suggestion, it points at `help functions`.
    static func unknownFunction(_ shownName: String, hasSuggestion: Bool, at span: SourceSpan) -> Diagnostic {
        let help = hasSuggestion ? "" : " (see 'help functions')"
        return Diagnostic(.unknownFunction, "unknown function '\(shownName)'\(help)", at: span)
    }

    /// `sqrt(1, 2)`: "sqrt takes 1 argument, but 2 were given".
    static func wrongArgumentCount(_ name: String, takes arity: String, given count: Int, at span: SourceSpan)
        -> Diagnostic
    {
        let got = count == 1 ? "1 was given" : "\(count) were given"
        return Diagnostic(.wrongArgumentCount, "\(name) takes \(arity), but \(got)", at: span)
    }

    /// A recursion deeper than ``Evaluator/maximumCallDepth``.
    static func recursionTooDeep(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .recursionTooDeep,
            "calls of functions nested more than \(grouped(Evaluator.maximumCallDepth)) deep (does the recursion reach its end?)",
            at: span)
    }

    // MARK: Limits

    /// Ctrl-C stopped the line.
    static func interrupted(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.interrupted, "interrupted", at: span)
    }

    /// The line's work went past `set maxwork`.
    static func lineWorkExceeded(maxWork: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .lineWorkExceeded, "too much work for one line: more than \(grouped(maxWork)) steps (set maxwork N)",
            at: span)
    }

    /// A result of about `count` digits (already written: "1,000,000", "10^20") over `set
    /// maxdigits`.
    static func tooManyDigits(_ count: String, maxDigits: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .resultTooLarge,
            "result would have about \(count) digits, more than the limit of \(grouped(maxDigits)) (set maxdigits N)",
            at: span)
    }

    /// A real whose formula would be deeper than ``Real/largestDepth``.
    static func formulaTooDeep(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .resultTooLarge,
            "this value would be a formula of more than \(grouped(Real.largestDepth)) steps on approximate values (steps made in earlier lines count too)",
            at: span)
    }

    /// A real beyond the largest (or smallest) floating-point numbers.
    static func notRepresentable(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.resultTooLarge, "result is too large (or too small) to represent", at: span)
    }

    /// A question about an approximate value that the precision budget could not settle.
    private static func undecidable(_ message: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.undecidable, message, at: span)
    }

    /// "cannot decide `question`: it is within `distance` of `target`": a value the bounds
    /// cannot tell from `target` (`sign(x)`, `x == 0` as a divisor).
    static func undecidable(
        _ question: String, itIsWithin distance: String, of target: String = "0", at span: SourceSpan
    )
        -> Diagnostic
    {
        undecidable("cannot decide \(question): it is within \(distance) of \(target)", at: span)
    }

    /// "cannot decide `question`: the `subject` is `nearness`" (`round`, `floor`, `//`, `to ft in`).
    static func undecidable(_ question: String, the subject: String, is nearness: String, at span: SourceSpan)
        -> Diagnostic
    {
        undecidable("cannot decide \(question): the \(subject) is \(nearness)", at: span)
    }

    /// "cannot decide `question`: `subjects` are within `distance` of each other" (`==`, `mode`,
    /// `median`).
    static func undecidable(
        _ question: String, _ subjects: String, areWithin distance: String, at span: SourceSpan
    ) -> Diagnostic {
        undecidable("cannot decide \(question): \(subjects) are within \(distance) of each other", at: span)
    }

    /// A real operand that must be an integer and may be one: "`purpose`: cannot decide whether
    /// `shown` is one (it is `nearness`)".
    static func undecidableInteger(_ purpose: String, shown: String, nearness: String, at span: SourceSpan)
        -> Diagnostic
    {
        undecidable("\(purpose): cannot decide whether \(shown) is one (it is \(nearness))", at: span)
    }
}
