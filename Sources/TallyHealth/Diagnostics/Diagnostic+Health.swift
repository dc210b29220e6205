import TallyDiagnostics

/// The messages of `bmi` about its arguments, each written once: a throw site names its message
/// and never spells it. Each keeps its ``DiagnosticID`` (`DiagnosticID+Health.swift`).
extension Diagnostic {
    // MARK: Arguments

    /// `bmi 175`: `what` is the missing quantity's name.
    static func bmiMissingArgument(_ what: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMissingArgument, "missing \(what): \(BMICommand.usage)", at: span)
    }

    /// `bmi 175 70 waist`.
    static func bmiMissingWaist(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMissingArgument, "missing waist after 'waist': waist 80cm, waist 31.5in", at: span)
    }

    /// `bmi 175 70 80`.
    static func bmiExtraArgument(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiExtraArgument, "extra argument: \(BMICommand.usage)", at: span)
    }

    /// `bmi 175 70 furlongs`.
    static func bmiUnknownWord(_ word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiUnknownStandard, "unknown word '\(TerminalSafeText.excerpt(word))'; \(BMICommandParser.optionsText)",
            at: span)
    }

    /// `bmi cm 70`.
    static func bmiUnitWithoutNumber(_ unit: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiUnitWithoutNumber, "expected a number before the unit '\(unit)'", at: span)
    }

    // MARK: Age and sex

    /// An age not in one of the forms `bmi` reads.
    static func bmiInvalidAge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, BMICommandParser.ageForms, at: span)
    }

    /// `age` with nothing after it.
    static func bmiMissingAge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "missing age after 'age': \(BMICommandParser.ageForms)", at: span)
    }

    /// `age 10 weeks`.
    static func bmiUnknownAgeUnit(_ unit: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "unknown unit '\(unit)' in an age; \(BMICommandParser.ageForms)", at: span)
    }

    /// `age 300`.
    static func bmiImplausibleAge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "implausible age: \(BMICommandParser.ageForms)", at: span)
    }

    /// `age 2015-04-12` without a known today.
    static func bmiNoTodayForBirthDate(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "today's date is unknown, so a birth date gives no age", at: span)
    }

    /// A birth date after today (`today` as written).
    static func bmiBornAfterToday(_ today: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidAge, "this birth date is after today (\(today))", at: span)
    }

    /// `sex` with nothing after it.
    static func bmiMissingSex(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidSex, "missing sex after 'sex': \(BMICommandParser.sexForms)", at: span)
    }

    /// `sex x`.
    static func bmiInvalidSex(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidSex, "the sex is \(BMICommandParser.sexForms)", at: span)
    }

    /// `age 10` without a sex.
    static func bmiSexNeeded(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiInvalidSex, "BMI-for-age depends on the sex: add sex f or sex m after the age", at: span)
    }

    /// `sex f` without an age: `childWord` is the sex as a child's (girl, boy).
    static func bmiSexWithoutAge(_ childWord: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiInvalidSex, "the sex matters only for a child's BMI-for-age; add the age: age 10 sex \(childWord)",
            at: span)
    }

    // MARK: Reading the arguments

    /// `bmi 175cm70kg`, at the start of the second argument.
    static func bmiMissingSpace(at offset: Int) -> Diagnostic {
        Diagnostic(.bmiMissingSpace, "missing space between arguments", at: SourceSpan(at: offset))
    }

    /// Text that cannot stand where it does: a character, a token out of place, or a mark with
    /// no value before it; `id` says which.
    static func bmiUnexpected(_ text: String, id: DiagnosticID, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            id,
            "unexpected '\(TerminalSafeText.excerpt(text))'; an argument is a number with an optional unit, a name, "
                + "or an expression in parentheses",
            at: span)
    }

    /// `bmi 175)`.
    static func bmiUnmatchedParenthesis(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unmatchedParenthesis, "unexpected ')' without a matching '('", at: span)
    }

    /// `bmi 175, 70`.
    static func bmiCommaBetweenArguments(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .unexpectedToken,
            "unexpected ','; separate the arguments with spaces (a decimal comma stands between digits: 170,5)",
            at: span)
    }

    /// `age 2015-02-30`: `written` as typed.
    static func bmiNoSuchDate(_ written: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiInvalidDate, "no such date: '\(written)'; a date is written year-month-day, as 2015-04-12", at: span)
    }

    /// `bmi 175,70`: the decimal comma made one number, `written`, of the height and the
    /// weight, `whole` and `fraction` either side of the comma.
    static func bmiDecimalCommaWithoutWeight(_ written: String, whole: String, fraction: String, at span: SourceSpan)
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
    static func bmiFeetAndInchesAsTwoNumbers(feet: String, inches: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiExtraArgument,
            "'\(feet) \(inches)' looks like \(feet) feet \(inches) inches, but a bare height is in centimetres",
            at: span
        ).noting("write \(feet)ft\(inches)in or \(feet)'\(inches)\"")
    }

    // MARK: Measurements

    /// `bmi 2015-04-12 70`: `quantity` is the argument's ("height").
    static func bmiDateAsMeasurement(_ quantity: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiUnexpectedDate, "a date is not a \(quantity); a birth date stands after age, as in age 2015-04-12",
            at: span)
    }

    /// `bmi 175kg 70`: `position` says where the argument's units go.
    static func bmiUnitOfOtherQuantity(_ unit: String, measures other: String, position: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(.bmiUnitOfOtherQuantity, "'\(unit)' is a \(other) unit; \(position)", at: span)
    }

    /// `bmi 175h 70`: a unit of the calculator's that measures `dimension`; `symbols` are the
    /// quantity's own units.
    static func bmiCalculatorUnit(
        _ unit: String, measures dimension: String, not article: String, quantity: String, symbols: [String],
        at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .bmiUnitOfOtherQuantity,
            "'\(TerminalSafeText.excerpt(unit))' measures \(dimension), not \(article); \(quantity) units are \(listed(symbols))",
            at: span)
    }

    /// `bmi 175 70 stoneage`: the nearest of `bmi`'s unit words is the caller's note.
    static func bmiUnknownUnit(_ unit: String, quantity: String, symbols: [String], at span: SourceSpan) -> Diagnostic {
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
    static func bmiMisplacedMinorUnit(_ rule: String, example: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMisplacedMinorUnit, "\(rule), as in \(example)", at: span)
    }

    /// `bmi 0 70`.
    static func bmiNotPositive(_ quantity: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiNotPositive, "the \(quantity) must be greater than zero", at: span)
    }

    /// `bmi 17500 70`: `range` as the user's unit and the base unit show it; `guess` is the
    /// argument rewritten in a unit that would be plausible (`1.75m`), when there is one.
    static func bmiImplausibleMeasurement(_ quantity: String, range: String, guess: String?, at span: SourceSpan)
        -> Diagnostic
    {
        let implausible = Diagnostic(
            .bmiImplausibleMeasurement, "implausible \(quantity): the accepted range is \(range)", at: span)
        // Shown as it would be typed (1.75m), not quoted as `suggesting` quotes a name.
        return guess.map { implausible.noting("did you mean \($0)?") } ?? implausible
    }

    /// `5ft -2in`: `minor` after `major`, as their plural names.
    static func bmiNegativeMinorAmount(_ minor: String, after major: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiMinorAmountOutOfRange, "\(minor) after \(major) cannot be negative", at: span)
    }

    /// `5ft 14in`: `limit` is how many of `minor` make one of `major`.
    static func bmiMinorAmountTooLarge(_ minor: String, after major: String, limit: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(.bmiMinorAmountOutOfRange, "\(minor) after \(major) must be less than \(limit)", at: span)
    }

    // MARK: The result

    /// A BMI no person has, `bmi` as shown, read from `height` and `weight` as shown; the
    /// readings that would be plausible are the caller's notes.
    static func bmiImplausibleResult(
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
    func notingHeightFirst(_ swapped: String, bmi: String, at span: SourceSpan) -> Diagnostic {
        noting("the height comes first: did you mean bmi \(swapped)? (BMI \(bmi))", at: span)
    }

    /// A note on ``bmiImplausibleResult(_:range:height:weight:at:)``: the arguments with
    /// units, `rewritten`, whose plural names are `units` (`inches and pounds`), give a likely
    /// `bmi`.
    func notingPlausibleUnits(_ rewritten: String, units: String, bmi: String, at span: SourceSpan?) -> Diagnostic {
        noting("did you mean \(rewritten) (\(units))? (BMI \(bmi))", at: span)
    }

    /// A note on an unknown unit (`bmi 175 xkg`) that is a variable, `variable`, written
    /// against a unit word, `unit`.
    func notingVariableBeforeUnit(_ variable: String, unit: String) -> Diagnostic {
        noting("did you mean (\(variable))\(unit)? a unit after a variable needs parentheses")
    }

    /// `bmi 69 154`, at a bare argument, `quantity`, read in its default unit `read` beside
    /// `beside`: `value` written `before` a unit would be `meant` (`154lb for pounds`).
    static func bmiUnitGuess(
        _ quantity: String, beside: String, value: String, read: String, rewritten: String, meant: String,
        at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(.bmiUnitGuess, "a \(quantity) without a unit beside \(beside)", at: span, severity: .warning)
            .noting("\(value) was read as \(read); write \(rewritten) for \(meant)")
    }

    /// `age 1`: BMI-for-age starts at 2 years; `age` as shown.
    static func bmiAgeBelowTwo(_ age: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiAgeNotCovered, "BMI-for-age starts at 2 years (WHO and CDC alike); this age is \(age)", at: span
        ).noting(
            "under 2 years BMI is not used to classify a child: weight-for-length is (WHO Child Growth "
                + "Standards, 2006), with a health professional")
    }

    /// `age 19.5`: past the growth reference, under 20.
    static func bmiAgePastGrowthReference(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiAgeNotCovered,
            "the WHO 2007 growth reference ends at 19 years; the adult classification is used, "
                + "whose cut-offs it meets there",
            at: span, severity: .warning)
    }

    /// `age 10 sex f asia`: `word` is the adults' standard as written.
    static func bmiStandardForAdults(_ word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .bmiStandardForAdults,
            "'\(word)' classifies adults; a child's BMI is read against the WHO growth "
                + "references, or the CDC 2000 charts with cdc", at: span)
    }
}
