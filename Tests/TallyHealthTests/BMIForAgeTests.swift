import TallyCalendar
import TallyDiagnostics
import Testing

@testable import TallyHealth

/// BMI-for-age in the library: the LMS arithmetic, WHO's categories and their boundaries, the
/// table's range, ages and dates. The whole reference is checked against an independent
/// computation through the binary (EndToEndTests/BMIBatchInputTests).
@Suite struct BMIForAgeTests {
    /// The boys' row for 10 years 6 months (126 months) as the data file has it: L −1.771,
    /// M 16.6786, S 0.10823; its median has z 0 and its SD curves z ±1, ±2.
    @Test func tableRowAndItsCurves() throws {
        let lms = try #require(BMIForAgeTable.parameters(for: .male, atMonths: 126))
        #expect(lms == LMS(l: -1.771, m: 16.6786, s: 0.10823))
        #expect(abs(lms.zScore(of: lms.m)) < 1e-12)
        for z in [-2.0, -1, 1, 2, 2.9] {
            #expect(abs(lms.zScore(of: lms.measurement(atZ: z)) - z) < 1e-9)
        }
    }

    /// Beyond ±3 SD WHO continues linearly: one SD is the distance between the 2 and 3 SD
    /// curves on that side.
    @Test func beyondThreeStandardDeviations() throws {
        let lms = try #require(BMIForAgeTable.parameters(for: .female, atMonths: 100))
        let sd2 = lms.measurement(atZ: 2)
        let sd3 = lms.measurement(atZ: 3)
        #expect(abs(lms.zScore(of: sd3 + (sd3 - sd2) / 2) - 3.5) < 1e-9)
        let low2 = lms.measurement(atZ: -2)
        let low3 = lms.measurement(atZ: -3)
        #expect(abs(lms.zScore(of: low3 - (low2 - low3)) - -4) < 1e-9)
    }

    @Test func tableCoversFiveYearsOneMonthToNineteenYears() {
        #expect(BMIForAgeTable.boys.count == 168 && BMIForAgeTable.girls.count == 168)
        #expect(BMIForAgeTable.parameters(for: .female, atMonths: 60) == nil)
        #expect(BMIForAgeTable.parameters(for: .female, atMonths: 61) != nil)
        #expect(BMIForAgeTable.parameters(for: .male, atMonths: 228) != nil)
        #expect(BMIForAgeTable.parameters(for: .male, atMonths: 229) == nil)
    }

    /// The category is read from the z-score itself: each boundary belongs where WHO puts it
    /// (below −3, below −2, above +1, above +2).
    @Test(arguments: [
        (-3.001, BMIForAgeCategory.severeThinness), (-3.0, .thinness), (-2.001, .thinness), (-2.0, .normal),
        (1.0, .normal), (1.001, .overweight), (2.0, .overweight), (2.0001, .obesity),
    ])
    func categoryBoundaries(_ z: Double, _ category: BMIForAgeCategory) {
        #expect(BMIForAgeCategory(zScore: z) == category)
    }

    @Test(arguments: [
        ("f", Sex.female), ("F", .female), ("girl", .female), ("Female", .female), ("m", .male), ("BOY", .male),
        ("male", .male),
    ])
    func sexWords(_ word: String, _ sex: Sex) {
        #expect(Sex(word: word) == sex)
    }

    /// Completed months between a birth date and today, month ends included.
    @Test(arguments: [
        ((2016, 3, 1), (2026, 11, 29), 128), ((2016, 3, 30), (2026, 11, 29), 127),
        ((2016, 1, 31), (2016, 2, 29), 1), ((2016, 1, 31), (2016, 2, 28), 0), ((2020, 5, 5), (2020, 5, 5), 0),
    ])
    func completedMonths(_ birth: (Int, Int, Int), _ today: (Int, Int, Int), _ months: Int) throws {
        let born = try #require(CivilDate(year: birth.0, month: birth.1, day: birth.2))
        let now = try #require(CivilDate(year: today.0, month: today.1, day: today.2))
        #expect(ChildAge.born(born).completedMonths(on: now) == months)
    }

    @Test func impossibleDatesAreNone() {
        #expect(CivilDate(year: 2015, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2016, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2015, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2015, month: 4, day: 31) == nil)
    }

    /// Every way of writing ten and a half years is 126 months.
    @Test(arguments: [
        "age 10y6m", "age 10y 6m", "age 10 years 6 months", "age 10 y 6 mo", "age 126m", "age 126 months",
        "age 10.5", "AGE 10Y6M",
    ])
    func ageForms(_ age: String) throws {
        let result = try runBMI("bmi 140 35 \(age) sex f")
        #expect(result.childAssessment?.age.months == 126)
    }

    /// The healthy weights are those whose z-score is normal: the lightest is at −2 or above
    /// and one tenth less below; the heaviest at +1 or below, one tenth more above.
    @Test(arguments: [("f", 61, "110"), ("m", 126, "140"), ("f", 200, "160"), ("m", 228, "180")])
    func healthyWeightsAgreeWithTheCategory(_ sex: String, _ months: Int, _ height: String) throws {
        let years = months / 12
        let rest = months % 12
        let line = "bmi \(height) 40 age \(years)y\(rest)m sex \(sex)"
        let child = try #require(runBMI(line).childAssessment)
        let range = child.healthyWeights(heightInCentimetres: decimal(height), unit: .kilogram)
        func category(_ weight: Rational) throws -> BMIForAgeCategory? {
            try runBMI("bmi \(height) \(weight.fixedText(places: 1)) age \(years)y\(rest)m sex \(sex)")
                .childAssessment?.category
        }
        let tenth = Rational(numerator: 1, denominator: 10)
        #expect(try category(range.lowest) == .normal)
        #expect(try category(range.lowest - tenth) == .thinness)
        #expect(try category(range.highest) == .normal)
        #expect(try category(range.highest + tenth) == .overweight)
    }
}
