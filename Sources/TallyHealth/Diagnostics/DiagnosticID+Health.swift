import TallyCore

/// The kinds of diagnostic the `bmi` command gives about its own arguments. Each starts with
/// `bmi-`, so that a shell importing several command modules never sees two identifiers of the
/// same name.
///
/// What the calculator's own rules decide keeps the calculator's identifiers: a malformed
/// literal (`leading-zeros`, `malformed-number`), a character no token starts with
/// (`unexpected-character`), a token out of place (`unexpected-token`) and unbalanced
/// parentheses (`unclosed-parenthesis`, `unmatched-parenthesis`).
extension DiagnosticID {
    // MARK: Arguments

    /// The height or the weight is not on the line.
    public static let bmiMissingArgument = DiagnosticID("bmi-missing-argument")
    /// More words than a height, a weight and a standard.
    public static let bmiExtraArgument = DiagnosticID("bmi-extra-argument")
    /// A third word that is a name but not `who` or `asia`.
    public static let bmiUnknownStandard = DiagnosticID("bmi-unknown-standard")
    /// Two values run together, as in `175cm70kg`.
    public static let bmiMissingSpace = DiagnosticID("bmi-missing-space")

    // MARK: Units

    /// Letters after a value that name no unit.
    public static let bmiUnknownUnit = DiagnosticID("bmi-unknown-unit")
    /// A weight unit on the height or a height unit on the weight.
    public static let bmiUnitOfOtherQuantity = DiagnosticID("bmi-unit-of-other-quantity")
    /// A unit word with no value before it.
    public static let bmiUnitWithoutNumber = DiagnosticID("bmi-unit-without-number")
    /// A second unit other than inches after feet or pounds after stones (`5ft9cm`).
    public static let bmiMisplacedMinorUnit = DiagnosticID("bmi-misplaced-minor-unit")

    // MARK: Values

    /// Inches after feet or pounds after stones that are negative, or a whole foot or stone or
    /// more.
    public static let bmiMinorAmountOutOfRange = DiagnosticID("bmi-minor-amount-out-of-range")
    /// A height or weight of zero or less.
    public static let bmiNotPositive = DiagnosticID("bmi-not-positive")
    /// A height or weight outside what any adult measures; often a value in the wrong unit.
    public static let bmiImplausibleMeasurement = DiagnosticID("bmi-implausible-measurement")
}
