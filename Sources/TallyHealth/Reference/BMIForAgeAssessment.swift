import Glibc
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
    /// The share of the reference population with a lower BMI, in percent.
    public let percentile: Double
    /// For the CDC, the BMI as a percentage of the 95th percentile; nil for WHO.
    public let percentOfP95: Double?
    /// The category of the values themselves (not of their rounded figures): the z-score for
    /// WHO; for the CDC the percentile, the percentage of the 95th percentile and the BMI (AAP
    /// 2023: severe obesity class 2 from 120 % or a BMI of 35, class 3 from 140 % or 40).
    public let category: BMIForAgeCategory
    /// The BMIs whose category is normal (WHO: z from −2.00 to +1.00 as shown) or healthy weight
    /// (CDC: percentile from 5.0 to 84.9 as shown): from the lowest to below the limit.
    let normalBMIs: (lowest: Double, limit: Double)

    /// The largest CDC percentile shown below 100, as the CDC's own program caps it, so the
    /// extended z-score stays finite: 1 - 1e-16.
    static let smallestUpperTail = 1e-16

    /// The assessment of `bmi` for a child of `sex` and `age` against `reference`, or nil when
    /// the reference does not cover that age.
    init?(bmi: Rational, sex: Sex, age: ExactAge, reference: GrowthReference) {
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
            percentile = 100 * NormalDistribution.cumulative(zScore)
            percentOfP95 = nil
            category =
                reference == .who2006
                ? BMIForAgeCategory(underFiveZScore: zScore) : BMIForAgeCategory(zScore: zScore)
            normalBMIs = (lms.measurement(atZ: -2), lms.measurement(atZ: 1))
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
            let percent = 100 * value / p95
            percentOfP95 = percent
            category = BMIForAgeCategory(
                cdcPercentile: percentile, percentOfP95: percent,
                bmiAtLeast35: Rational.compare(bmi, Rational(35)) >= 0,
                bmiAtLeast40: Rational.compare(bmi, Rational(40)) >= 0)
            normalBMIs = (
                lms.measurement(atZ: NormalDistribution.quantile(0.05)),
                lms.measurement(atZ: NormalDistribution.quantile(0.85))
            )
        }
    }

    /// Whether the CDC's extended method gave the percentile (at or above the 95th).
    public var isExtended: Bool {
        percentOfP95.map { $0 >= 100 } ?? false
    }

    /// The weights to 0.1 of `unit` (kilograms or pounds) whose BMI at this height is in the
    /// normal (or healthy weight) category.
    func healthyWeights(heightInCentimetres: Rational, unit: MeasurementUnit) -> (lowest: Rational, highest: Rational) {
        let metres = heightInCentimetres.doubleValue / 100
        let scale = metres * metres / unit.sizeInBaseUnit.doubleValue * 10
        let lowest = (normalBMIs.lowest * scale).rounded(.up)
        let highest = (normalBMIs.limit * scale).rounded(.up) - 1
        return (Rational.tenths(Int(lowest)), Rational.tenths(Int(highest)))
    }

    /// The z-score as printed: `+1.23`, `-0.52`, `0.00`; for WHO with the digits that put it
    /// on the same side of each cut-off as the z-score itself (`+2.004`, never `+2.00` beside
    /// obesity).
    var zScoreText: String {
        let boundaries: [Double] = reference == .cdc2000 ? [] : [-3, -2, 1, 2, 3]
        let text = DecidingDigits.text(zScore, places: 2, boundaries: boundaries)
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "-" }
        if isZero { return text.filter { $0 != "-" } }
        return zScore > 0 ? "+" + text : text
    }

    /// The percentile as printed: one decimal, `below 0.1` and `above 99.9` at the ends; for the
    /// CDC with the digits that put it on the same side of 5, 85 and 95 as the percentile
    /// itself (`94.95`).
    var percentileText: String {
        let boundaries: [Double] = reference == .cdc2000 ? [5, 85, 95] : []
        let text = DecidingDigits.text(percentile, places: 1, boundaries: boundaries)
        if text == "0.0" || percentile < 0.05 { return "below 0.1" }
        if text == "100.0" || (percentile >= 99.95 && text.hasPrefix("100")) { return "above 99.9" }
        return text
    }

    /// The percentage of the 95th percentile as printed, to one decimal (more where one would
    /// cross 120 or 140): `104.3%`.
    var percentOfP95Text: String? {
        guard let percentOfP95 else { return nil }
        return DecidingDigits.text(percentOfP95, places: 1, boundaries: [120, 140]) + "%"
    }

    /// The age as the report shows it: by day for WHO 2006, which reads the table by day
    /// (`3 years 6 months 6 days`), in completed months otherwise.
    var ageText: String {
        reference == .who2006 ? age.textWithDays : ChildAge.text(months: age.months)
    }
}
