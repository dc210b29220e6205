import TallyDiagnostics
import Testing

@testable import TallyHealth

/// One row of the boundary table: at 100 cm the BMI equals the weight in kilograms, so each
/// weight below is exactly the BMI under test.
struct BoundaryCase: Sendable, CustomTestStringConvertible {
    var standard: BMIStandard
    var bmi: String
    var shown: String
    var category: String

    var testDescription: String { "\(standard.word) \(bmi) → \(shown) \(category)" }
}

/// For every lower bound L of every table: L − 0.1 and L − 0.051 (shown to one decimal below
/// L), L − 0.05 and L − 0.001 (below L, which one decimal would round onto L: shown with the
/// digits that decide them) and L itself. The category is always the exact value's.
let boundaryCases: [BoundaryCase] = {
    var cases: [BoundaryCase] = []
    for standard in BMIStandard.allCases {
        let bands = standard.bands
        for index in bands.indices.dropFirst() {
            guard let lower = bands[index].lowerBoundInTenths else { continue }
            let below = bands[index - 1].category
            let above = bands[index].category
            let bound = Rational.tenths(lower)
            let belowText = Rational.tenths(lower - 1).fixedText(places: 1)
            let boundText = bound.fixedText(places: 1)
            cases += [
                BoundaryCase(standard: standard, bmi: belowText, shown: belowText, category: below),
                BoundaryCase(
                    standard: standard, bmi: (bound - decimal("0.051")).fixedText(places: 3),
                    shown: belowText, category: below),
                BoundaryCase(
                    standard: standard, bmi: (bound - decimal("0.05")).fixedText(places: 2),
                    shown: (bound - decimal("0.05")).fixedText(places: 2), category: below),
                BoundaryCase(
                    standard: standard, bmi: (bound - decimal("0.001")).fixedText(places: 3),
                    shown: (bound - decimal("0.001")).fixedText(places: 3), category: below),
                BoundaryCase(standard: standard, bmi: boundText, shown: boundText, category: above),
            ]
        }
    }
    return cases
}()

@Suite struct BMIResultTests {
    @Test(arguments: boundaryCases)
    func boundary(_ row: BoundaryCase) {
        let result = BMIResult(
            heightInCentimetres: Rational(100), weightInKilograms: decimal(row.bmi), standard: row.standard)
        #expect(same(result.value, decimal(row.bmi)))
        #expect(result.shownText == row.shown)
        #expect(result.band.category == row.category)
    }

    /// The table above is derived from the bands; this pins the bands themselves to the
    /// published WHO and KSSO tables.
    @Test(arguments: [
        (
            BMIStandard.who,
            [
                "below 18.5 underweight", "18.5–24.9 normal weight", "25.0–29.9 pre-obese",
                "30.0–34.9 obesity class I", "35.0–39.9 obesity class II", "40.0 and over obesity class III",
            ]
        ),
        (
            BMIStandard.asia,
            [
                "below 18.5 underweight", "18.5–22.9 normal weight", "23.0–24.9 pre-obese",
                "25.0–29.9 obesity class 1", "30.0–34.9 obesity class 2", "35.0 and over obesity class 3",
            ]
        ),
    ])
    func bandTable(_ standard: BMIStandard, _ expected: [String]) {
        #expect(standard.bands.map { "\($0.rangeText) \($0.category)" } == expected)
    }

    /// The shown value rounds ties away from zero, once, from the exact value, with more digits
    /// only where one decimal would cross a boundary (99.8 kg at 2 m is 24.95, normal weight).
    @Test(arguments: [
        ("100", "22.849", "22.8"), ("100", "22.85", "22.9"), ("175", "70", "22.9"), ("200", "99.8", "24.95"),
        ("175", "76.5", "24.98"), ("175", "56.6", "18.48"),
    ])
    func shownValueRoundsOnce(_ height: String, _ weight: String, _ shown: String) {
        let result = BMIResult(heightInCentimetres: decimal(height), weightInKilograms: decimal(weight), standard: .who)
        #expect(result.shownText == shown)
    }

    @Test func exactValue() {
        let result = BMIResult(heightInCentimetres: Rational(175), weightInKilograms: Rational(70), standard: .who)
        // 70 / 1.75² = 70 / (49/16) = 160/7
        #expect(same(result.value, Rational(numerator: 160, denominator: 7)))
    }

    @Test(arguments: [
        (BMIStandard.who, "175", "56.7", "76.5"),
        (BMIStandard.asia, "175", "56.7", "70.4"),
        (BMIStandard.who, "100", "18.5", "24.9"),
        (BMIStandard.asia, "100", "18.5", "22.9"),
        (BMIStandard.who, "50", "4.7", "6.2"),
        (BMIStandard.who, "272", "136.9", "184.9"),
    ])
    func healthyWeightRange(_ standard: BMIStandard, _ height: String, _ lowest: String, _ highest: String) {
        let range = HealthyWeightRange(heightInCentimetres: decimal(height), band: standard.normalBand)
        #expect(range.lowestInKilograms.fixedText(places: 1) == lowest)
        #expect(range.highestInKilograms.fixedText(places: 1) == highest)
    }

    /// The ends of the range are normal, and one tenth of a kilogram beyond either end is not:
    /// the range and the category agree at every height.
    @Test(arguments: BMIStandard.allCases, ["50", "100", "150", "162.5", "175", "175.26", "199.9", "272"])
    func healthyWeightRangeAgreesWithCategory(_ standard: BMIStandard, _ height: String) {
        let centimetres = decimal(height)
        let range = HealthyWeightRange(heightInCentimetres: centimetres, band: standard.normalBand)
        func category(_ weight: Rational) -> String {
            BMIResult(heightInCentimetres: centimetres, weightInKilograms: weight, standard: standard).band.category
        }
        let normal = standard.normalBand.category
        let tenth = Rational.tenths(1)
        #expect(category(range.lowestInKilograms) == normal)
        #expect(category(range.highestInKilograms) == normal)
        #expect(category(range.lowestInKilograms - tenth) != normal)
        #expect(category(range.highestInKilograms + tenth) != normal)
    }

    @Test(arguments: [
        (
            BMIStandard.who, "175", "70",
            """
            BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)
            healthy weight at 175 cm: 56.7–76.5 kg
            BMI Prime 0.91 (BMI / 25)
            """
        ),
        (
            BMIStandard.asia, "175", "70",
            """
            BMI 22.9  normal weight  (Asia-Pacific, Korean Society for the Study of Obesity, ages 20 and over)
            healthy weight at 175 cm: 56.7–70.4 kg
            BMI Prime 0.99 (BMI / 23, Asia-Pacific)
            """
        ),
        (
            BMIStandard.asia, "100", "23",
            """
            BMI 23.0  pre-obese  (Asia-Pacific, Korean Society for the Study of Obesity, ages 20 and over)
            healthy weight at 100 cm: 18.5–22.9 kg
            BMI Prime 1.00 (BMI / 23, Asia-Pacific)
            """
        ),
        (
            BMIStandard.who, "175.26", "69.85322498",
            """
            BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)
            healthy weight at 175.3 cm: 56.9–76.7 kg
            BMI Prime 0.91 (BMI / 25)
            """
        ),
    ])
    func report(_ standard: BMIStandard, _ height: String, _ weight: String, _ expected: String) {
        let result = BMIResult(
            heightInCentimetres: decimal(height), weightInKilograms: decimal(weight), standard: standard)
        #expect(result.report == expected)
    }
}
