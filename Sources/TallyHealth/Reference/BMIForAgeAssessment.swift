import Glibc
import TallyCore
import TallyDiagnostics

/// A child's BMI read against the WHO 2007 growth reference (5–19 years): the z-score for the
/// age and sex, its percentile, WHO's category, and the weights that would be normal.
public struct BMIForAgeAssessment: Sendable {
    /// The sex the reference was read for.
    public let sex: Sex
    /// The age in completed months (61 to 228).
    public let months: Int
    /// The z-score (WHO's method, linear beyond ±3 SD).
    public let zScore: Double
    /// The z-score rounded to two decimals, ties away from zero: shown and classified.
    public let shownZScore: Double
    /// The share of the reference population with a lower BMI, in percent.
    public let percentile: Double
    /// WHO's category of the shown z-score.
    public let category: BMIForAgeCategory
    /// The BMIs whose z-score shows as normal, from −2.00 to +1.00: from where it shows −2.00
    /// (−2.005) to below where it shows +1.01 (+1.005).
    let normalBMIs: (lowest: Double, limit: Double)

    /// The assessment of `bmi` for a child of `sex` aged `months` completed months, or nil when
    /// the reference does not cover that age.
    init?(bmi: Number, heightInCentimetres: Number, sex: Sex, months: Int) {
        guard let lms = BMIForAgeTable.parameters(for: sex, atMonths: months) else { return nil }
        self.sex = sex
        self.months = months
        zScore = lms.zScore(of: bmi.doubleValue)
        shownZScore = (zScore * 100).rounded(.toNearestOrAwayFromZero) / 100
        percentile = 50 * erfc(-zScore / 2.0.squareRoot())
        category = BMIForAgeCategory(shownZScore: shownZScore)
        normalBMIs = (lms.measurement(atZ: -2.005), lms.measurement(atZ: 1.005))
    }

    /// The weights to 0.1 of `unit` (kilograms or pounds) whose BMI at this height has a normal
    /// z-score.
    func healthyWeights(heightInCentimetres: Number, unit: MeasurementUnit) -> (lowest: Number, highest: Number) {
        let metres = heightInCentimetres.doubleValue / 100
        let scale = metres * metres / unit.sizeInBaseUnit.doubleValue * 10
        let lowest = (normalBMIs.lowest * scale).rounded(.up)
        let highest = (normalBMIs.limit * scale).rounded(.up) - 1
        return (Number.tenths(Int(lowest)), Number.tenths(Int(highest)))
    }

    /// The z-score as printed: `+1.23`, `-0.52`, `0.00`.
    var zScoreText: String {
        let hundredths = Int(shownZScore * 100 + (shownZScore < 0 ? -0.5 : 0.5))
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        let sign = hundredths > 0 ? "+" : hundredths < 0 ? "-" : ""
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The percentile as printed: one decimal, `<0.1` and `>99.9` at the ends.
    var percentileText: String {
        if percentile < 0.05 { return "below 0.1" }
        if percentile >= 99.95 { return "above 99.9" }
        let tenths = Int((percentile * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The name of the reference, printed after every child's result.
    static let sourceName = "WHO 2007 growth reference, BMI-for-age 5–19 years"
}
