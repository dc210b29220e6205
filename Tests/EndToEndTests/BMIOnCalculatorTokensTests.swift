import Foundation
import TallyTestSupport
import Testing

/// `bmi` read with the calculator's own tokens and unit table, through the real binary: unit
/// spellings in any case and width, the marks, quantities side by side as in an expression,
/// and errors at their columns (counted in characters, as the caret is drawn).
@Suite struct BMIOnCalculatorTokensTests {
    static let adult = "(WHO adult classification, ages 20 and over)"

    @Test(arguments: [
        (
            "bmi 175 cms 70 kgs",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 175cm 70 KILOGRAMMES",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi \u{FF11}\u{FF17}\u{FF15}\u{FF43}\u{FF4D} \u{FF17}\u{FF10}\u{FF4B}\u{FF47}",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 1 m 75 cm 70",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 1m75 70",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 1,75 m 70",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 1_750 mm 7e1",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi (170 + 5) cm 70 # after dinner",
            "BMI 22.9  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 1 yd 2 ft 9 in 70 kg",
            "BMI 22.8  normal weight  \(adult)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 5 FT 9 IN 154 Lb",
            "BMI 22.7  normal weight  \(adult)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 5'9\" 154lb",
            "BMI 22.7  normal weight  \(adult)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 5'9'' 154 lb",
            "BMI 22.7  normal weight  \(adult)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 5\u{2032}9\u{2033} 11 stone",
            "BMI 22.7  normal weight  \(adult)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (8st 13.3lb–12st 1.2lb)\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 69 ins 154 LBS",
            "BMI 22.7  normal weight  \(adult)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 175 11 st 4 lb 8 oz",
            "BMI 23.5  normal weight  \(adult)\nhealthy weight at 175 cm: 56.7–76.5 kg (8st 13lb–12st 0.7lb)\nBMI Prime 0.94 (BMI / 25)"
        ),
    ])
    func reads(_ line: String, _ expected: String) throws {
        try FormatsTests.expectOutput(line, expected)
    }

    @Test(arguments: [
        ("bmi 1yd 3ft 70", 9, "feet after yards must be less than 3"),
        ("bmi 5ft9cm 70", 9, "only inches may follow feet, as in 5ft9in"),
        ("bmi 1yd2ft9in 70", 11, "missing space between arguments"),
        ("bmi 5 ft 9 cm 70", 12, "only inches may follow feet, as in 5ft9in"),
        ("bmi 1 yd 9 cm 70", 12, "only smaller imperial units may follow yards, as in 1yd 2ft 9in"),
        ("bmi 175 cm 180 cm", 12, "extra argument"),
        ("bmi 1 km 70", 5, "implausible height: the accepted range is 0.0005–0.00272 km (50–272 cm)"),
        ("bmi 175 1 t", 9, "implausible weight: the accepted range is 0.002–0.65 t (2–650 kg)"),
        (
            "bmi 175 \u{FF17}\u{FF10}\u{FF4B}\u{FF47}\u{FF5A}", 9,
            "unknown name 'kgz'"
        ),
        ("bmi 175 5'", 5, "give the unit of 175: a weight without a unit beside a height in feet or inches"),
        ("bmi 175 (70 $)", 13, "unexpected character '$'"),
        ("bmi 175 70 furlongs", 12, "unknown word 'furlongs'"),
        (
            "bmi 175h 70", 5,
            "a measurement is a length (the height, the waist) or a mass (the weight); this is a time (h)"
        ),
        (
            "bmi 175 70J", 9,
            "a measurement is a length (the height, the waist) or a mass (the weight); this is an energy (J)"
        ),
        (
            "bmi 175 1 h", 9,
            "a measurement is a length (the height, the waist) or a mass (the weight); this is a time (h)"
        ),
    ])
    func errors(_ line: String, _ column: Int, _ message: String) throws {
        try BMIBatchTests.expectError(line, column: column, message)
    }
}
