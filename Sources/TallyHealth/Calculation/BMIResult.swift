import TallyDiagnostics

/// A computed BMI: the exact value, the one-decimal value shown, its category and the
/// healthy-weight range for the height.
public struct BMIResult: Sendable {
    /// The exact BMI in kg/m², as a fraction: the value the shell stores in `ans`.
    public let value: Rational
    /// The BMI as shown: one decimal, ties away from zero, and more where one decimal would put
    /// it across a boundary of its table (`24.98`), so the number and the category agree.
    public let shownText: String
    /// The category of the exact value.
    public let band: BMIBand
    /// The table the category was read from.
    public let standard: BMIStandard
    /// The height the BMI was computed from, in centimetres.
    public let heightInCentimetres: Rational
    /// The weight the BMI was computed from, in kilograms.
    public let weightInKilograms: Rational
    /// The weights whose shown BMI is in the standard's normal band at this height.
    public let healthyWeightRange: HealthyWeightRange

    /// The unit the height was written in, for echoing it in the user's units.
    public internal(set) var heightUnit: MeasurementUnit = .centimetre
    /// The unit the weight was written in: the healthy range is shown in it as well.
    public internal(set) var weightUnit: MeasurementUnit = .kilogram
    /// The age in completed months, when the line gave one.
    public internal(set) var ageInMonths: Int?
    /// For a child or teenager (2 to 19 years), the reading against a growth reference (WHO 2006,
    /// WHO 2007 or CDC 2000), which then replaces the adult category.
    public internal(set) var childAssessment: BMIForAgeAssessment?
    /// The waist after `waist`, in centimetres, for the waist-to-height ratio.
    public internal(set) var waistInCentimetres: Rational?
    /// The sex, when the line gave one (for the waist cut-offs of an adult).
    public internal(set) var sex: Sex?
    /// Warnings about how the line was read (a unit guessed), shown beside the result.
    public internal(set) var warnings: [Diagnostic] = []

    /// Computes the BMI of a positive height and weight, classified by `standard`.
    public init(heightInCentimetres: Rational, weightInKilograms: Rational, standard: BMIStandard) {
        precondition(heightInCentimetres.signum > 0 && weightInKilograms.signum > 0, "measurements must be positive")
        let metres = heightInCentimetres / Rational(100)
        value = weightInKilograms / (metres * metres)
        band = standard.band(containing: value)
        shownText = DecidingDigits.text(value, places: 1, boundaries: standard.boundaries)
        self.standard = standard
        self.heightInCentimetres = heightInCentimetres
        self.weightInKilograms = weightInKilograms
        healthyWeightRange = HealthyWeightRange(heightInCentimetres: heightInCentimetres, band: standard.normalBand)
    }
}
