import TallyCore
import TallyDiagnostics

/// A parsed `bmi HEIGHT WEIGHT [who|asia|cdc] [age AGE sex f|m] [waist WAIST]` line, ready to evaluate.
///
/// Parsing needs only the text; evaluating asks the caller for the value of each variable or
/// parenthesised expression, so this library needs no evaluator of its own:
///
/// ```swift
/// let command = try BMICommand(line: line, argumentsStart: 3)
/// let result = try command.evaluate(defaultStandard: session.standard, today: today) { span in
///     try evaluator.evaluate(line, in: span)   // throws a Diagnostic on failure
/// }
/// print(result.report); ans = result.value
/// ```
public struct BMICommand: Sendable {
    /// The form of the command, quoted in messages about missing or extra arguments.
    public static let usage = "bmi HEIGHT WEIGHT [who|asia|cdc] [age AGE sex f|m] [waist WAIST]"

    /// The words a `bmi` line reads besides numbers and variables, for completion: the
    /// standards, `age`, `sex`, `girl`, `boy`, and the unit words of more than one letter.
    public static let vocabulary: [String] = BMICommandParser.keywords + MeasurementUnit.suggestedWords

    /// The first argument.
    public let height: MeasurementArgument
    /// The second argument.
    public let weight: MeasurementArgument
    /// The standard named on the line, or `nil` to use the session's default.
    public internal(set) var standard: BMIStandard?
    /// Where the standard was named.
    var standardSpan: SourceSpan?
    /// The age after `age`, and where it stands; nil for an adult.
    public internal(set) var age: (ChildAge, SourceSpan)?
    /// The sex after `sex` (or `girl`, `boy`), and where it stands.
    public internal(set) var sex: (Sex, SourceSpan)?
    /// The waist after `waist`, for the waist-to-height ratio.
    public internal(set) var waist: MeasurementArgument?

    init(height: MeasurementArgument, weight: MeasurementArgument) {
        self.height = height
        self.weight = weight
    }

    /// Parses the arguments of a `bmi` line.
    ///
    /// - Parameters:
    ///   - line: the whole input line, so that every span is an offset into it.
    ///   - argumentsStart: the 0-based UTF-8 byte offset where the arguments begin, right after
    ///     the word `bmi`. Parsing stops at the end of the line or at a `#` comment.
    /// - Throws: a ``Diagnostic`` at the offending argument: missing (an empty span where it
    ///   should be), extra, not a number, an unknown unit or one of the wrong quantity.
    public init(line: String, argumentsStart: Int) throws(Diagnostic) {
        var parser = BMICommandParser(reader: try ArgumentReader(line: line, argumentsStart: argumentsStart))
        self = try parser.parse()
    }

    /// Computes the BMI and classifies it: for an adult by the standard, for a child or
    /// teenager (from 2 years to 19) by WHO's growth standards and reference (2006 under 5
    /// years, 2007 from 5 years 1 month) or, with `cdc`, by the CDC 2000 growth charts.
    ///
    /// - Parameters:
    ///   - defaultStandard: the standard when the line names none (`set standard`).
    ///   - today: the day a birth date is measured to; needed only for `age 2015-04-12`.
    ///   - resolve: called with the span of each variable name or parenthesised expression (the
    ///     parentheses included; for `max(a,b)` the whole call), height first; returns its value
    ///     or throws. Never called for a line made only of literals.
    /// - Throws: whatever `resolve` throws, or a ``Diagnostic`` at an argument that is zero,
    ///   negative or implausible, a BMI no person has (with the readings that would make sense),
    ///   or an age the reference does not cover.
    public func evaluate(
        defaultStandard: BMIStandard, today: CalendarDate? = nil, resolve: (SourceSpan) throws -> Number
    ) throws -> BMIResult {
        let centimetres = try height.amountInBaseUnit(resolve: resolve)
        let kilograms = try weight.amountInBaseUnit(resolve: resolve)
        let check = PlausibilityCheck(height: height, weight: weight)
        try check.checkBMI(heightInCentimetres: centimetres, weightInKilograms: kilograms)
        var warnings = check.unitGuessWarnings(heightInCentimetres: centimetres, weightInKilograms: kilograms)
        var result = BMIResult(
            heightInCentimetres: centimetres, weightInKilograms: kilograms, standard: standard ?? defaultStandard)
        result.heightUnit = height.units[0]
        result.weightUnit = weight.units[0]
        if let (sex, sexSpan) = sex, age == nil {
            throw Diagnostic.bmiSexWithoutAge(sex.childWord, at: sexSpan)
        }
        if let (age, ageSpan) = age {
            let exact: ExactAge
            switch age {
            case .written(let written):
                exact = written
            case .born(let birth):
                guard let today else {
                    throw Diagnostic.bmiNoTodayForBirthDate(at: ageSpan)
                }
                guard let lived = ChildAge.born(birth).exactAge(on: today) else {
                    throw Diagnostic.bmiBornAfterToday(today.text, at: ageSpan)
                }
                exact = lived
            }
            let months = exact.months
            if months < CDCBMITable.firstMonth {
                throw Diagnostic.bmiAgeBelowTwo(exact.textWithDays, at: ageSpan)
            }
            let childStandard = standard ?? (defaultStandard == .cdc ? .cdc : .who)
            let lastMonth = childStandard == .cdc ? CDCBMITable.lastMonth : BMIForAgeTable.lastMonth
            if months > lastMonth {
                result.ageInMonths = months
                if months < 240 {
                    warnings.append(Diagnostic.bmiAgePastGrowthReference(at: ageSpan))
                }
            } else {
                guard let (sex, _) = sex else {
                    throw Diagnostic.bmiSexNeeded(at: ageSpan)
                }
                if let standard, let standardSpan, standard == .asia {
                    throw Diagnostic.bmiStandardForAdults(standard.word, at: standardSpan)
                }
                result.ageInMonths = months
                result.childAssessment = BMIForAgeAssessment(
                    bmi: result.value, sex: sex, age: exact, reference: childStandard.childReference(months: months))
            }
        }
        if let waist {
            result.waistInCentimetres = try waist.amountInBaseUnit(resolve: resolve)
        }
        result.warnings = warnings
        return result
    }
}
