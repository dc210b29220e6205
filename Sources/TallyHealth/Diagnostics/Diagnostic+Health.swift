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
}
