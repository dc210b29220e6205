import Foundation
import TallyTestSupport
import Testing

/// `bmi` through the real binary: every band boundary of both standards (height 100 cm makes
/// the BMI equal to the weight), and the same person in metric and imperial units.
@Suite struct BMIBatchTests {
    static let bounds: [(standard: String, lower: Int, category: String, below: String)] = [
        ("who", 185, "normal weight", "underweight"),
        ("who", 250, "pre-obese", "normal weight"),
        ("who", 300, "obesity class I", "pre-obese"),
        ("who", 350, "obesity class II", "obesity class I"),
        ("who", 400, "obesity class III", "obesity class II"),
        ("asia", 185, "normal weight", "underweight"),
        ("asia", 230, "pre-obese", "normal weight"),
        ("asia", 250, "obesity class 1", "pre-obese"),
        ("asia", 300, "obesity class 2", "obesity class 1"),
        ("asia", 350, "obesity class 3", "obesity class 2"),
    ]

    @Test(arguments: bounds.indices)
    func bandBoundary(_ index: Int) throws {
        let bound = BMIBatchTests.bounds[index]
        let lower = "\(bound.lower / 10).\(bound.lower % 10)"
        let justBelow = "\((bound.lower - 1) / 10).\((bound.lower - 1) % 10)"
        let cases: [(weight: String, shown: String, category: String)] = [
            (lower, lower, bound.category),  // the exact lower bound belongs to the band
            ("\(justBelow)49", justBelow, bound.below),  // the largest value shown below it
            ("\(justBelow)5", lower, bound.category),  // rounds up onto the bound
        ]
        let lines = cases.map { "bmi 100 \($0.weight) \(bound.standard)" }
        let result = try TallyUnderTest.run(lines.flatMap { ["-e", $0] })
        #expect(result.status == 0, "\(result.errorText)")
        let firstLines = result.outputText.split(separator: "\n").enumerated().filter { $0.offset % 2 == 0 }.map(
            \.element)
        #expect(firstLines.count == cases.count)
        for (line, expected) in zip(firstLines, cases) {
            #expect(
                line.hasPrefix("BMI \(expected.shown)  \(expected.category)  ("), "weight \(expected.weight): \(line)")
        }
    }

    @Test func metricAndImperialAgree() throws {
        let lines = ["bmi 175.26 69.853225", "bmi 5ft9in 154lb", "bmi 69in 11st", "bmi 1.7526m 154lb"]
        let result = try TallyUnderTest.run(lines.flatMap { ["-e", $0] })
        let reports = result.outputText.split(separator: "\n").enumerated().filter { $0.offset % 2 == 0 }.map(
            \.element)
        #expect(Set(reports).count == 1, "\(reports)")
        #expect(reports.first == "BMI 22.7  normal weight  (WHO adult classification)")
    }

    @Test(arguments: [
        ("bmi 1.75 70", 5, "did you mean 1.75m?"),
        ("bmi 70kg 175cm", 7, "'kg' is a weight unit; the height comes first"),
        ("bmi 175", 8, "missing weight"),
        ("bmi 175 70 80", 12, "extra argument"),
        ("bmi 175 0", 9, "the weight must be greater than zero"),
        ("bmi 300 70", 5, "implausible height"),
        ("bmi 175 x", 9, "unknown name 'x'"),
    ])
    func errorsPointAtTheArgument(_ line: String, _ column: Int, _ message: String) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.status == 1)
        #expect(result.errorText.hasPrefix("<eval>:1:\(column): error: "), "\(result.errorText)")
        #expect(result.errorText.contains(message))
    }

    @Test func resultBecomesAnsAndStandardIsASetting() throws {
        let result = try TallyUnderTest.run(["-e", "set standard asia", "-e", "bmi 100 23", "-e", "ans * 2"])
        let lines = result.outputText.split(separator: "\n")
        #expect(lines[0] == "BMI 23.0  pre-obese  (Asia-Pacific, Korean Society for the Study of Obesity)")
        #expect(lines[2] == "46")
    }
}
