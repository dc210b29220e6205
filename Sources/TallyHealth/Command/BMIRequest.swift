import TallyCalendar
import TallyDiagnostics

/// What a `bmi` line asks, as typed values: a height, a weight, and what may come with them (a
/// standard, an age or a birth date, a sex, a waist, the day of the measurement).
///
/// The shell reads the line (TallyShell's `BMIArgumentReader`, with the calculator's own
/// quantities) and hands this over; TallyHealth checks and classifies it:
///
/// ```swift
/// let request = BMIRequest(height: height, weight: weight)
/// let result = try request.evaluate(defaultStandard: .who, today: today)
/// print(result.report)
/// ```
public struct BMIRequest: Sendable {
    /// The height, in centimetres.
    public var height: BodyMeasurement
    /// The weight, in kilograms.
    public var weight: BodyMeasurement
    /// The standard named on the line and where, or nil for the session's default.
    public var standard: (BMIStandard, SourceSpan)?
    /// The age or birth date after `age`, and where it stands; nil for an adult.
    public var age: (ChildAge, SourceSpan)?
    /// The day the measurements were taken (`on DATE`), and where; today when nil.
    public var measuredOn: (CivilDate, SourceSpan)?
    /// The sex after `sex` (or `girl`, `boy`), and where it stands.
    public var sex: (Sex, SourceSpan)?
    /// The waist after `waist`, for the waist-to-height ratio and the waist cut-offs.
    public var waist: BodyMeasurement?

    /// A request for an adult's BMI from a height and a weight.
    public init(height: BodyMeasurement, weight: BodyMeasurement) {
        self.height = height
        self.weight = weight
    }

    /// Checks the measurements and computes the BMI: for an adult by the standard, for a child
    /// or teenager (from 2 years to 19) by WHO's growth standards and reference (2006 under 5
    /// years, 2007 from 5 years 1 month) or, with `cdc`, by the CDC 2000 growth charts.
    ///
    /// - Parameters:
    ///   - defaultStandard: the standard when the line names none (`set standard`).
    ///   - today: the day a birth date is measured to when the line gives no `on DATE`.
    /// - Throws: a ``Diagnostic`` at a measurement that is zero, negative or implausible, a BMI
    ///   no person has (with the readings that would make sense), or an age the reference does
    ///   not cover.
    public func evaluate(defaultStandard: BMIStandard, today: CivilDate? = nil) throws(Diagnostic) -> BMIResult {
        try height.check()
        try weight.check()
        if let waist { try waist.check() }
        let check = PlausibilityCheck(height: height, weight: weight)
        try check.checkBMI()
        try check.checkUnitGuess()
        var warnings: [Diagnostic] = []
        let standard = self.standard?.0 ?? defaultStandard
        var result = BMIResult(heightInCentimetres: height.amount, weightInKilograms: weight.amount, standard: standard)
        guard result.value.isRepresentable, result.healthyWeightRange.highestInKilograms.isRepresentable else {
            throw Diagnostic.bmiTooPrecise(at: height.span.union(weight.span))
        }
        result.heightUnit = height.unit
        result.weightUnit = weight.unit
        result.sex = sex?.0
        if let measuredOn, age == nil {
            throw Diagnostic.bmiDateWithoutBirthDate(at: measuredOn.1)
        }
        if let (age, ageSpan) = age {
            let exact: ExactAge
            switch age {
            case .written(let written):
                if let measuredOn { throw Diagnostic.bmiDateWithoutBirthDate(at: measuredOn.1) }
                exact = written
            case .born(let birth):
                guard let day = measuredOn?.0 ?? today else {
                    throw Diagnostic.bmiNoTodayForBirthDate(at: ageSpan)
                }
                guard let lived = ChildAge.born(birth).exactAge(on: day) else {
                    throw Diagnostic.bmiBornAfterToday(day.description, at: ageSpan)
                }
                exact = lived
            }
            let months = exact.months
            if months < CDCBMITable.firstMonth {
                throw Diagnostic.bmiAgeBelowTwo(exact.textWithDays, at: ageSpan)
            }
            let childStandard: BMIStandard =
                (self.standard?.0 ?? (defaultStandard == .cdc ? .cdc : .who)) == .cdc ? .cdc : .who
            let lastMonth = childStandard == .cdc ? CDCBMITable.lastMonth : BMIForAgeTable.lastMonth
            result.ageInMonths = months
            if months > lastMonth {
                if months < 240 {
                    warnings.append(Diagnostic.bmiAgePastGrowthReference(at: ageSpan))
                }
            } else {
                guard let (sex, _) = sex else {
                    throw Diagnostic.bmiSexNeeded(at: ageSpan)
                }
                if let (named, span) = self.standard, named == .asia || named == .nice {
                    throw Diagnostic.bmiStandardForAdults(named.word, at: span)
                }
                result.childAssessment = BMIForAgeAssessment(
                    bmi: result.value, sex: sex, age: exact, reference: childStandard.childReference(months: months))
                if let child = result.childAssessment, abs(child.zScore) > 5 {
                    warnings.append(
                        Diagnostic.bmiImplausibleZScore(child.zScoreText, at: height.span.union(weight.span)))
                }
            }
        }
        if let waist {
            result.waistInCentimetres = waist.amount
        }
        result.warnings = warnings
        return result
    }
}
