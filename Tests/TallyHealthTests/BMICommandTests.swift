import TallyDiagnostics
import Testing

@testable import TallyHealth
@testable import TallyShell

@Suite struct BMICommandTests {
    static let reference = """
        BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)
        healthy weight at 175 cm: 56.7–76.5 kg
        BMI Prime 0.91 (BMI / 25)
        """

    /// Every way of writing 175 cm and 70 kg gives the same report, word for word.
    @Test(arguments: [
        "bmi 175 70", "bmi 175cm 70kg", "bmi 175 cm 70 kg", "bmi 1.75m 70", "bmi 1,75m 70", "bmi 175,0 70,0",
        "bmi 1.75 m 70 KG", "bmi 175 70 who", "bmi 175 70 WHO", "bmi 175 70 # after dinner", "bmi\t175\t70",
        "  bmi   175   70   ", "bmi h w", "bmi 키 몸무게", "bmi (170+5) 70", "bmi (170+5)cm 70",
        "bmi (170 + 5) cm 70", "bmi max(170,175) 70", "bmi (h)cm (w)kg", "bmi (metre_s)m 70", "bmi h 70kg",
        "bmi +175 +70", "bmi 175 70#after dinner",
        // Literals as in an expression, and Unicode spaces between the arguments.
        "bmi 0xAF 70", "bmi 1.75e2 70", "bmi 17_5 70", "bmi 0b1010_1111 0o106", "bmi 1750e-1 7e1", "bmi 175. 70",
        "bmi 17500000000000000000000e-20 70", "bmi 175.000000000000000000000 70.0e0",
        "bmi\u{00A0}175\u{3000}70", "bmi 175\u{2003}cm\u{2009}70\u{00A0}kg",
    ])
    func sameAsTheReference(_ line: String) throws {
        let result = try runBMI(line)
        #expect(result.report == Self.reference)
        #expect(same(result.value, Rational(numerator: 160, denominator: 7)))
    }

    /// One person measured in every unit: the exact BMI and the output are identical.
    @Test(arguments: [
        "bmi 175.26 69.85322498", "bmi 175,26 69,85322498", "bmi 1.7526m 69.85322498kg", "bmi 69in 154lb",
        "bmi 5ft9in 154lb", "bmi 5ft 9in 154 lb", "bmi 5 ft 9 in 154 lb", "bmi 5'9\" 11st", "bmi 5′9″ 11st0lb",
        "bmi 5ft9 11 st", "bmi 5' 9\" 11st 0lb", "bmi 175.26 cm 154LBS", "bmi (170+5.26)cm 154lbs",
        "bmi 5FT9IN 11St", "bmi 0x45 in 0x9A lb", "bmi 5.75e0ft 1.54e2lb", "bmi 154 lb 5 ft 9 in",
        "bmi weight 154 lb height 69 in", "bmi 11 stone 5 foot 9", "bmi 69 inches 154 pounds",
    ])
    func imperialAndMetricAgree(_ line: String) throws {
        let result = try runBMI(line)
        let metric = try runBMI("bmi 175.26 69.85322498")
        #expect(same(result.value, metric.value))
        // The second line speaks the user's units (BMIUserUnitsTests); the first is the same.
        #expect(
            result.report.split(separator: "\n").first
                == "BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)")
    }

    /// The standard comes from the line when it names one, else from the session.
    @Test(arguments: [
        ("bmi 175 70", BMIStandard.who, BMIStandard.who), ("bmi 175 70", .asia, .asia),
        ("bmi 175 70 who", .asia, .who), ("bmi 175 70 asia", .who, .asia), ("bmi 175 70 Asia", .who, .asia),
    ])
    func standard(_ line: String, _ sessionDefault: BMIStandard, _ used: BMIStandard) throws {
        #expect(try runBMI(line, defaultStandard: sessionDefault).standard == used)
    }

    @Test func asiaReport() throws {
        #expect(
            try runBMI("bmi 170 70 asia").report == """
                BMI 24.2  pre-obese  (Asia-Pacific, Korean Society for the Study of Obesity, ages 20 and over)
                healthy weight at 170 cm: 53.5–66.4 kg
                BMI Prime 1.05 (BMI / 23, Asia-Pacific)
                """)
    }

    /// A measurement's span covers its value and its unit.
    @Test func measurementSpans() throws {
        let line = "bmi (170 + 5)cm w"
        var reader = BMIArgumentReader(line: line, argumentsStart: argumentsStart(of: line), evaluator: testEvaluator)
        let (request, _) = try reader.read()
        #expect(text(of: request.height.span, in: line) == "(170 + 5)cm")
        #expect(text(of: request.weight.span, in: line) == "w")
    }

    /// At 100 cm the BMI is the weight, so the boundary table reads the same through the command.
    @Test(arguments: boundaryCases)
    func boundaryThroughTheCommand(_ row: BoundaryCase) throws {
        let result = try runBMI("bmi 100 \(row.bmi) \(row.standard.word)")
        #expect(result.report.hasPrefix("BMI \(row.shown)  \(row.category)  ("))
    }
}
