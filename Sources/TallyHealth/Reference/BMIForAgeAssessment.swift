import Glibc
import TallyCore
import TallyDiagnostics

/// A child's BMI read against a growth reference: the z-score for the age and sex, its
/// percentile, the reference's category, and the weights that would be normal (WHO) or healthy
/// (CDC).
public struct BMIForAgeAssessment: Sendable {
    /// The table the BMI was read against.
    public let reference: GrowthReference
    /// The sex the reference was read for.
    public let sex: Sex
    /// The age, in completed months and days.
    public let age: ExactAge
    /// The z-score: WHO's (linear beyond ±3 SD), or the CDC's (the extended one above the 95th
    /// percentile).
    public let zScore: Double
    /// The z-score rounded to two decimals, ties away from zero: shown, and classified by WHO.
    public let shownZScore: Double
    /// The share of the reference population with a lower BMI, in percent.
    public let percentile: Double
    /// For the CDC, the BMI as a percentage of the 95th percentile; nil for WHO.
    public let percentOfP95: Double?
    /// The category of the value shown: the z-score for WHO, the percentile (and the percentage
    /// of the 95th) for the CDC.
    public let category: BMIForAgeCategory
    /// The BMIs whose category is normal (WHO: z from −2.00 to +1.00 as shown) or healthy weight
    /// (CDC: percentile from 5.0 to 84.9 as shown): from the lowest to below the limit.
    let normalBMIs: (lowest: Double, limit: Double)

    /// The largest CDC percentile shown below 100, as the CDC's own program caps it, so the
    /// extended z-score stays finite: 1 - 1e-16.
    static let smallestUpperTail = 1e-16

    /// The assessment of `bmi` for a child of `sex` and `age` against `reference`, or nil when
    /// the reference does not cover that age.
    init?(bmi: Number, sex: Sex, age: ExactAge, reference: GrowthReference) {
        let value = bmi.doubleValue
        self.reference = reference
        self.sex = sex
        self.age = age
        switch reference {
        case .who2006, .who2007:
            let table =
                reference == .who2006
                ? UnderFiveBMITable.parameters(for: sex, atDays: max(age.days, UnderFiveBMITable.firstDay))
                : BMIForAgeTable.parameters(for: sex, atMonths: age.months)
            guard let lms = table else { return nil }
            zScore = lms.zScore(of: value)
            shownZScore = Self.shown(zScore)
            percentile = 100 * NormalDistribution.cumulative(zScore)
            percentOfP95 = nil
            category =
                reference == .who2006
                ? BMIForAgeCategory(underFiveShownZScore: shownZScore) : BMIForAgeCategory(shownZScore: shownZScore)
            normalBMIs = (lms.measurement(atZ: -2.005), lms.measurement(atZ: 1.005))
        case .cdc2000:
            guard let entry = CDCBMITable.entry(for: sex, atMonths: age.months) else { return nil }
            let lms = entry.lms
            let p95 = lms.measurement(atZ: NormalDistribution.quantile(0.95))
            if value < p95 {
                zScore = lms.plainZScore(of: value)
                percentile = 100 * NormalDistribution.cumulative(zScore)
            } else {
                // The CDC's extended method (2022): above the 95th percentile the percentile is
                // 90 + 10 Φ((BMI − P95) / σ), and the z-score that percentile's. The upper tail
                // is computed directly, so no digits are lost near 100.
                let tail = max(0.05 * erfc((value - p95) / entry.sigma / 2.0.squareRoot()), Self.smallestUpperTail)
                zScore = -NormalDistribution.quantile(tail)
                percentile = 100 * (1 - tail)
            }
            shownZScore = Self.shown(zScore)
            let percent = 100 * value / p95
            percentOfP95 = percent
            category = BMIForAgeCategory(
                cdcPercentileTenths: Int((percentile * 10).rounded()), percentOfP95Tenths: Int((percent * 10).rounded())
            )
            normalBMIs = (
                lms.measurement(atZ: NormalDistribution.quantile(0.0495)),
                lms.measurement(atZ: NormalDistribution.quantile(0.8495))
            )
        }
    }

    private static func shown(_ z: Double) -> Double {
        (z * 100).rounded(.toNearestOrAwayFromZero) / 100
    }

    /// Whether the CDC's extended method gave the percentile (at or above the 95th).
    public var isExtended: Bool {
        percentOfP95.map { $0 >= 100 } ?? false
    }

    /// The weights to 0.1 of `unit` (kilograms or pounds) whose BMI at this height is in the
    /// normal (or healthy weight) category.
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

    /// The percentile as printed: one decimal, `below 0.1` and `above 99.9` at the ends.
    var percentileText: String {
        if percentile < 0.05 { return "below 0.1" }
        if percentile >= 99.95 { return "above 99.9" }
        let tenths = Int((percentile * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The percentage of the 95th percentile as printed, to one decimal: `104.3%`.
    var percentOfP95Text: String? {
        guard let percentOfP95 else { return nil }
        let tenths = Int((percentOfP95 * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The age as the report shows it: by day for WHO 2006, which reads the table by day
    /// (`3 years 6 months 6 days`), in completed months otherwise.
    var ageText: String {
        reference == .who2006 ? age.textWithDays : ChildAge.text(months: age.months)
    }
}
