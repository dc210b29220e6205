import TallyDiagnostics

/// The messages of `bmi` about its arguments, each written once: a throw site names its message
/// and never spells it. Each keeps its ``DiagnosticID`` (`DiagnosticID+Health.swift`).
extension Diagnostic {
    // MARK: Arguments

    /// `bmi 175`: `what` is the missing quantity's name.
    public static func bmiMissingArgument(_ what: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMissingArgument, "missing \(what): \(BMICommand.usage)", at: span)
    }

    /// `bmi 175 70 waist`.
    public static func bmiMissingWaist(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMissingArgument, "missing waist after 'waist': waist 80cm, waist 31.5in", at: span)
    }

    /// `bmi 175 70 80`.
    public static func bmiExtraArgument(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiExtraArgument, "extra argument: \(BMICommand.usage)", at: span)
    }

    /// `bmi 175 70 furlongs`.
    public static func bmiUnknownWord(_ word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiUnknownStandard, "unknown word '\(TerminalSafeText.excerpt(word))'; \(BMICommand.optionsText)",
            at: span)
    }

    /// `bmi cm 70`.
    public static func bmiUnitWithoutNumber(_ unit: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiUnitWithoutNumber, "expected a number before the unit '\(unit)'", at: span)
    }

    // MARK: Age and sex

    /// An age not in one of the forms `bmi` reads.
    public static func bmiInvalidAge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, BMICommand.ageForms, at: span)
    }

    /// `age` with nothing after it.
    public static func bmiMissingAge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "missing age after 'age': \(BMICommand.ageForms)", at: span)
    }

    /// `age 10 weeks`.
    public static func bmiUnknownAgeUnit(_ unit: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "unknown unit '\(unit)' in an age; \(BMICommand.ageForms)", at: span)
    }

    /// `age 300`.
    public static func bmiImplausibleAge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "implausible age: \(BMICommand.ageForms)", at: span)
    }

    /// `age 2015-04-12` without a known today.
    public static func bmiNoTodayForBirthDate(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "today's date is unknown, so a birth date gives no age", at: span)
    }

    /// A birth date after today (`today` as written).
    public static func bmiBornAfterToday(_ today: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "this birth date is after today (\(today))", at: span)
    }

    /// `sex` with nothing after it.
    public static func bmiMissingSex(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidSex, "missing sex after 'sex': \(BMICommand.sexForms)", at: span)
    }

    /// `sex x`.
    public static func bmiInvalidSex(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidSex, "the sex is \(BMICommand.sexForms)", at: span)
    }

    /// `age 10` without a sex.
    public static func bmiSexNeeded(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidSex, "BMI-for-age depends on the sex: add sex f or sex m after the age", at: span)
    }

    /// `sex f` without an age: `childWord` is the sex as a child's (girl, boy).
    public static func bmiSexWithoutAge(_ childWord: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiInvalidSex, "the sex matters only for a child's BMI-for-age; add the age: age 10 sex \(childWord)",
            at: span)
    }

    // MARK: Reading the arguments

    /// `bmi 175cm70kg`, at the start of the second argument.
    public static func bmiMissingSpace(at offset: Int) -> Diagnostic {
        Diagnostic(.bmiMissingSpace, "missing space between arguments", at: SourceSpan(at: offset))
    }

    /// `age 2015-02-30`: `written` as typed.
    public static func bmiNoSuchDate(_ written: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiInvalidDate, "no such date: '\(written)'; a date is written year-month-day, as 2015-04-12", at: span)
    }

    /// `bmi 175,70`: the decimal comma made one number, `written`, of the height and the
    /// weight, `whole` and `fraction` either side of the comma.
    public static func bmiDecimalCommaWithoutWeight(
        _ written: String, whole: String, fraction: String, at span: SourceSpan
    )
        -> Diagnostic
    {
        let diagnostic = Diagnostic(
            .bmiMissingArgument,
            "missing weight: '\(written)' is one number with a decimal comma; a decimal comma needs a weight after it",
            at: span
        ).noting("for a height and a weight, separate them with a space: bmi \(whole) \(fraction)")
        guard fraction.count > 1 else { return diagnostic }
        return diagnostic.noting(
            "for a decimal height, write the weight after a space: bmi \(whole),\(fraction.prefix(1)) \(fraction)")
    }

    /// `bmi 5 9`: feet and inches written as two bare numbers.
    public static func bmiFeetAndInchesAsTwoNumbers(feet: String, inches: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiExtraArgument,
            "'\(feet) \(inches)' looks like \(feet) feet \(inches) inches, but a bare height is in centimetres",
            at: span
        ).noting("write \(feet)ft\(inches)in or \(feet)'\(inches)\"")
    }

    // MARK: Measurements

    /// `bmi 2015-04-12 70`: `quantity` is the argument's ("height").
    public static func bmiDateAsMeasurement(_ quantity: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiUnexpectedDate, "a date is not a \(quantity); a birth date stands after age, as in age 2015-04-12",
            at: span)
    }

    /// `bmi 175kg 70`: `position` says where the argument's units go.
    public static func bmiUnitOfOtherQuantity(
        _ unit: String, measures other: String, position: String, at span: SourceSpan
    )
        -> Diagnostic
    {
        Diagnostic(.bmiUnitOfOtherQuantity, "'\(unit)' is a \(other) unit; \(position)", at: span)
    }

    /// `bmi 175h 70`: a unit of the calculator's that measures `dimension`; `symbols` are the
    /// quantity's own units.
    public static func bmiCalculatorUnit(
        _ unit: String, measures dimension: String, not article: String, quantity: String, symbols: [String],
        at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .bmiUnitOfOtherQuantity,
            "'\(TerminalSafeText.excerpt(unit))' measures \(dimension), not \(article); \(quantity) units are \(listed(symbols))",
            at: span)
    }

    /// `bmi 175 70 stoneage`: the nearest of `bmi`'s unit words is the caller's note.
    public static func bmiUnknownUnit(_ unit: String, quantity: String, symbols: [String], at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(
            .bmiUnknownUnit,
            "unknown unit '\(TerminalSafeText.excerpt(unit))'; \(quantity) units are \(listed(symbols))", at: span)
    }

    /// `a, b and c`.
    private static func listed(_ symbols: [String]) -> String {
        "\(symbols.dropLast().joined(separator: ", ")) and \(symbols[symbols.count - 1])"
    }

    /// `5ft 9cm`: `rule` says which units may follow (`only inches may follow feet`),
    /// `example` shows one.
    public static func bmiMisplacedMinorUnit(_ rule: String, example: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMisplacedMinorUnit, "\(rule), as in \(example)", at: span)
    }

    /// `bmi 0 70`.
    public static func bmiNotPositive(_ quantity: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiNotPositive, "the \(quantity) must be greater than zero", at: span)
    }

    /// `bmi 17500 70`: `range` as the user's unit and the base unit show it; `guess` is the
    /// argument rewritten in a unit that would be plausible (`1.75m`), when there is one.
    public static func bmiImplausibleMeasurement(_ quantity: String, range: String, guess: String?, at span: SourceSpan)
        -> Diagnostic
    {
        let implausible = Diagnostic(
            .bmiImplausibleMeasurement, "implausible \(quantity): the accepted range is \(range)", at: span)
        // Shown as it would be typed (1.75m), not quoted as `suggesting` quotes a name.
        return guess.map { implausible.noting("did you mean \($0)?") } ?? implausible
    }

    /// `5ft -2in`: `minor` after `major`, as their plural names.
    public static func bmiNegativeMinorAmount(_ minor: String, after major: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMinorAmountOutOfRange, "\(minor) after \(major) cannot be negative", at: span)
    }

    /// `5ft 14in`: `limit` is how many of `minor` make one of `major`.
    public static func bmiMinorAmountTooLarge(_ minor: String, after major: String, limit: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(.bmiMinorAmountOutOfRange, "\(minor) after \(major) must be less than \(limit)", at: span)
    }

    // MARK: The result

    /// A BMI no person has, `bmi` as shown, read from `height` and `weight` as shown; the
    /// readings that would be plausible are the caller's notes.
    public static func bmiImplausibleResult(
        _ bmi: String, range: (lowest: String, highest: String), height: String, weight: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .bmiImplausibleResult,
            "implausible BMI \(bmi): a person's BMI lies between \(range.lowest) and \(range.highest); check the units and the order",
            at: span
        ).noting("read as a height of \(height) and a weight of \(weight)")
    }

    /// A note on ``bmiImplausibleResult(_:range:height:weight:at:)``: the arguments swapped,
    /// `swapped` as they would be typed, give a likely `bmi`.
    public func notingHeightFirst(_ swapped: String, bmi: String, at span: SourceSpan) -> Diagnostic {
        noting("the height comes first: did you mean bmi \(swapped)? (BMI \(bmi))", at: span)
    }

    /// A note on ``bmiImplausibleResult(_:range:height:weight:at:)``: the arguments with
    /// units, `rewritten`, whose plural names are `units` (`inches and pounds`), give a likely
    /// `bmi`.
    public func notingPlausibleUnits(_ rewritten: String, units: String, bmi: String, at span: SourceSpan?)
        -> Diagnostic
    {
        noting("did you mean \(rewritten) (\(units))? (BMI \(bmi))", at: span)
    }

    /// A note on an unknown unit (`bmi 175 xkg`) that is a variable, `variable`, written
    /// against a unit word, `unit`.
    public func notingVariableBeforeUnit(_ variable: String, unit: String) -> Diagnostic {
        noting("did you mean (\(variable))\(unit)? a unit after a variable needs parentheses")
    }
    /// `bmi 69 in 160`, at the bare measurement, `quantity`, beside `beside`: its value
    /// `value` could be `read` (the default unit) or `meant`, and both readings are plausible.
    public static func bmiUnitGuess(
        _ quantity: String, beside: String, value: String, read: String, meant: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .bmiUnitGuess,
            "give the unit of \(TerminalSafeText.excerpt(value)): a \(quantity) without a unit beside \(beside) "
                + "could be \(read) or \(meant)", at: span
        ).noting("write \(value)\(meant) or \(value)\(read)")
    }

    /// A value of the calculator that is no length or mass where a measurement stands;
    /// `described` says what it is (`time (h)`, `a date`).
    public static func bmiNotAMeasurement(_ described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiUnitOfOtherQuantity,
            "a measurement is a length (the height, the waist) or a mass (the weight); this is \(described)", at: span)
    }

    /// `age 1`: BMI-for-age starts at 2 years; `age` as shown.
    public static func bmiAgeBelowTwo(_ age: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiAgeNotCovered, "BMI-for-age starts at 2 years (WHO and CDC alike); this age is \(age)", at: span
        ).noting(
            "under 2 years BMI is not used to classify a child: weight-for-length is (WHO Child Growth "
                + "Standards, 2006), with a health professional")
    }

    /// `age 19.5`: past the growth reference, under 20.
    public static func bmiAgePastGrowthReference(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiAgeNotCovered,
            "the WHO 2007 growth reference ends at 19 years; the adult classification is used, "
                + "whose cut-offs it meets there",
            at: span, severity: .warning)
    }

    /// `age 10 sex f asia`: `word` is the adults' standard as written.
    public static func bmiStandardForAdults(_ word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiStandardForAdults,
            "'\(word)' classifies adults; a child's BMI is read against the WHO growth "
                + "references, or the CDC 2000 charts with cdc", at: span)
    }

    /// A height and weight whose exact fraction has more digits than any measurement: the BMI
    /// is worked out exactly, and such a value would not fit.
    public static func bmiTooPrecise(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiImplausibleMeasurement,
            "a measurement with this many digits cannot be worked out exactly; round it to a few decimals",
            at: span)
    }

    /// `on 2024-01-01` without a birth date after `age`.
    public static func bmiDateWithoutBirthDate(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiInvalidAge,
            "'on DATE' is the day of the measurement, counted from a birth date: age 2016-05-01 on 2024-01-01",
            at: span)
    }

    /// A child's z-score beyond ±5, `z` as shown: WHO flags such values as implausible.
    public static func bmiImplausibleZScore(_ z: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiImplausibleResult,
            "z-score \(z) is outside the plausible range (WHO flags |z| > 5): check the measurements",
            at: span, severity: .warning)
    }

    /// `bmi 175 70kgz`: letters after a number that name no unit of the calculator's table.
    public static func bmiUnknownMeasurementUnit(_ unit: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiUnknownUnit,
            "unknown unit '\(TerminalSafeText.excerpt(unit))'; lengths are mm, cm, m, in and ft, masses kg, lb and st "
                + "(or any of 'help units')", at: span)
    }
}
