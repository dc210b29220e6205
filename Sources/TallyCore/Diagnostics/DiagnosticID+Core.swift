import TallyDiagnostics

/// The kinds of diagnostic the language itself gives: literals, syntax and evaluation.
/// Identifiers are kebab-case and never reused for another kind of message.
extension DiagnosticID {
    // MARK: Literals and characters (Lexer)

    public static let unexpectedCharacter = DiagnosticID("unexpected-character")
    public static let invalidUTF8 = DiagnosticID("invalid-utf8")
    public static let malformedNumber = DiagnosticID("malformed-number")
    public static let leadingZeros = DiagnosticID("leading-zeros")
    public static let exponentTooLarge = DiagnosticID("exponent-too-large")

    // MARK: Syntax (Parser)

    public static let unexpectedToken = DiagnosticID("unexpected-token")
    public static let expectedOperand = DiagnosticID("expected-operand")
    public static let missingOperator = DiagnosticID("missing-operator")
    public static let unmatchedParenthesis = DiagnosticID("unmatched-parenthesis")
    public static let unclosedParenthesis = DiagnosticID("unclosed-parenthesis")
    public static let emptyParentheses = DiagnosticID("empty-parentheses")
    public static let misplacedAssignment = DiagnosticID("misplaced-assignment")
    public static let commaOutsideCall = DiagnosticID("comma-outside-call")
    public static let nestingTooDeep = DiagnosticID("nesting-too-deep")
    public static let tooManyOperands = DiagnosticID("too-many-operands")
    public static let ambiguousPercent = DiagnosticID("ambiguous-percent")
    public static let misplacedConversion = DiagnosticID("misplaced-conversion")
    public static let unknownConversion = DiagnosticID("unknown-conversion")
    public static let expectedParameter = DiagnosticID("expected-parameter")
    public static let repeatedParameter = DiagnosticID("repeated-parameter")
    /// A warning: `1/2x`, `6/2(1+2)`, `x^2y` — a product written without `*` where another
    /// common reading differs.
    public static let ambiguousJuxtaposition = DiagnosticID("ambiguous-juxtaposition")
    /// A warning: `sin pi/6` — a call without parentheses followed by `/`.
    public static let ambiguousCallArgument = DiagnosticID("ambiguous-call-argument")
    /// A warning: `16#ff` — a `#` against a number starts a comment.
    public static let commentAfterNumber = DiagnosticID("comment-after-number")
    /// A warning: `max(1,234)` — a `,` between digits in a call separates arguments.
    public static let commaBetweenDigits = DiagnosticID("comma-between-digits")
    /// `5! !`: a double factorial or the factorial of a factorial.
    public static let ambiguousFactorial = DiagnosticID("ambiguous-factorial")

    // MARK: Names and calls

    public static let reservedName = DiagnosticID("reserved-name")
    public static let unknownName = DiagnosticID("unknown-name")
    public static let noLastResult = DiagnosticID("no-last-result")
    public static let functionUsedAsValue = DiagnosticID("function-used-as-value")
    public static let unknownFunction = DiagnosticID("unknown-function")
    public static let variableCalled = DiagnosticID("variable-called")
    public static let wrongArgumentCount = DiagnosticID("wrong-argument-count")
    /// A truth value where a number is needed, or a number where a truth value is.
    public static let typeMismatch = DiagnosticID("type-mismatch")
    /// User functions calling each other deeper than the evaluator allows.
    public static let recursionTooDeep = DiagnosticID("recursion-too-deep")

    // MARK: Evaluation

    public static let divisionByZero = DiagnosticID("division-by-zero")
    public static let moduloByZero = DiagnosticID("modulo-by-zero")
    public static let zeroToNegativePower = DiagnosticID("zero-to-negative-power")
    public static let noRealValue = DiagnosticID("no-real-value")
    public static let domainError = DiagnosticID("domain-error")
    public static let notAnInteger = DiagnosticID("not-an-integer")
    public static let argumentOutOfRange = DiagnosticID("argument-out-of-range")
    public static let resultTooLarge = DiagnosticID("result-too-large")
    public static let lineWorkExceeded = DiagnosticID("line-work-exceeded")
    public static let interrupted = DiagnosticID("interrupted")
    /// A question about an approximate value (its sign, its floor) that the precision budget
    /// could not settle.
    public static let undecidable = DiagnosticID("undecidable")
    /// A `to` conversion the value cannot be shown in (`0.1 to bin`, `pi to fraction`).
    public static let cannotConvert = DiagnosticID("cannot-convert")
    public static let negativeShift = DiagnosticID("negative-shift")

    // MARK: Units and quantities

    /// Adding, comparing or converting quantities of different dimensions (`1 m + 1 s`).
    public static let dimensionMismatch = DiagnosticID("dimension-mismatch")
    /// A quantity where only a plain number makes sense (`sqrt(2 m)`, `(2 m)!`).
    public static let quantityNotAllowed = DiagnosticID("quantity-not-allowed")
    /// Arithmetic on a point of a temperature scale that has no meaning (`20 °C + 10 °C`).
    public static let temperatureArithmetic = DiagnosticID("temperature-arithmetic")
    /// A unit written where it cannot stand (`°C^2`, `m^0`).
    public static let invalidUnit = DiagnosticID("invalid-unit")
}
