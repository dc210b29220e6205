import TallyCore
import TallyDiagnostics

/// A computed BMI: the exact value, the one-decimal value shown, its category and the
/// healthy-weight range for the height.
public struct BMIResult: Sendable {
    /// The exact BMI in kg/m², as a fraction: the value the shell stores in `ans`.
    public let value: Number
    /// The BMI rounded once to one decimal, ties away from zero: the value shown and classified.
    public let shownValue: Number
    /// The category of `shownValue`, so the number and the category never disagree.
    public let band: BMIBand
    /// The table the category was read from.
    public let standard: BMIStandard
    /// The height the BMI was computed from, in centimetres.
    public let heightInCentimetres: Number
    /// The weight the BMI was computed from, in kilograms.
    public let weightInKilograms: Number
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
    public internal(set) var waistInCentimetres: Number?
    /// Warnings about how the line was read (a unit guessed), shown beside the result.
    public internal(set) var warnings: [Diagnostic] = []

    /// Computes the BMI of a positive height and weight, classified by `standard`.
    public init(heightInCentimetres: Number, weightInKilograms: Number, standard: BMIStandard) {
        precondition(heightInCentimetres.signum > 0 && weightInKilograms.signum > 0, "measurements must be positive")
        let metres = heightInCentimetres / Number(100)
        value = weightInKilograms / (metres * metres)
        // Rounded once, from the exact value: rounding a rounded intermediate could move a
        // value across a band boundary.
        shownValue = value.rounded(toPlaces: 1)
        band = standard.band(containing: shownValue)
        self.standard = standard
        self.heightInCentimetres = heightInCentimetres
        self.weightInKilograms = weightInKilograms
        healthyWeightRange = HealthyWeightRange(heightInCentimetres: heightInCentimetres, band: standard.normalBand)
    }
}
