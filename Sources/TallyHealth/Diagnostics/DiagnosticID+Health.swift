import TallyDiagnostics

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
    /// A word after the weight that is a name but no standard, `age`, `sex`, `girl` or `boy`.
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

    /// A BMI outside what any person has (below 10 or above 150): a unit left off or the
    /// arguments swapped.
    public static let bmiImplausibleResult = DiagnosticID("bmi-implausible-result")
    /// A warning: a plausible result that rests on reading a bare number in the default unit
    /// beside an imperial one.
    public static let bmiUnitGuess = DiagnosticID("bmi-unit-guess")

    // MARK: Age and sex

    /// An age that is not years, years and months or a birth date, or a birth date after today.
    public static let bmiInvalidAge = DiagnosticID("bmi-invalid-age")
    /// A date that does not exist (`2015-02-30`).
    public static let bmiInvalidDate = DiagnosticID("bmi-invalid-date")
    /// A date where a height or a weight should be.
    public static let bmiUnexpectedDate = DiagnosticID("bmi-unexpected-date")
    /// A sex that is not f or m, a sex without an age, or an age without a sex.
    public static let bmiInvalidSex = DiagnosticID("bmi-invalid-sex")
    /// An age the growth reference does not cover (under 5 years 1 month), or the gap to 20.
    public static let bmiAgeNotCovered = DiagnosticID("bmi-age-not-covered")
    /// `who` or `asia` named for a child.
    public static let bmiStandardForAdults = DiagnosticID("bmi-standard-for-adults")
}
