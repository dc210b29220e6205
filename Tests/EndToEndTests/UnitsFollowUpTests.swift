import Foundation
import TallyTestSupport
import Testing

/// The second round of units through the real binary: angles in trigonometric functions,
/// mixed units written out of order or twice, and temperature differences (`degC`, `degF`,
/// `Δ°C`, `Δ°F`), with exact output and error columns.
@Suite struct UnitsFollowUpTests {
    @Test(arguments: [
        // An angle quantity is taken in radians, exactly, whatever `set angle` says.
        ("sin(30 deg)", "0.5"), ("cos(90 deg)", "0"), ("tan(45 deg)", "1"), ("sin(0.5 turn)", "0"),
        ("cos(1 turn)", "1"), ("sin(1 rad)", "0.84147098480789650665"), ("cos(60 degrees) * 2", "1"),
        ("sin(30°)", "0.5"),
        // An angle alone stays in its unit; `to rad` shows the radians, a real.
        ("30 deg", "30 deg"), ("30 deg to rad", "0.52359877559829887308 rad"), ("1 turn to deg", "360 deg"),
        // Mixed units, largest first.
        ("5 m to ft in", "16 ft 4.8503937007874015748 in"), ("1 turn to rad deg", "6 rad 16.225322921506074739 deg"),
        ("3725 s to h min s", "1 h 2 min 5 s"),
        // Temperature differences.
        ("100 °F - 32 °F", "68 degF"), ("100 °F - 32 °F to K", "37.777777777777777778 K"),
        ("100 °F - 32 °F to degC", "37.777777777777777778 degC"), ("30 °C - 20 °C to K", "10 K"),
        ("10 degF to K", "5.5555555555555555556 K"), ("10 ΔF to K", "5.5555555555555555556 K"),
        ("10 Δ°F to K", "5.5555555555555555556 K"), ("9 degF to degC", "5 degC"), ("5 Δ°C to degF", "9 degF"),
        ("20 °C + 10 degF", "25.555555555555555556 °C"),
        ("20 °C + 10 Δ°C", "30 °C"), ("70 °F - 5 degF", "65 °F"), ("20 °C - 50 °F", "10 degC"),
        ("2 * 10 degC", "20 degC"), ("10 degF to K degF", "5 K 1 degF"), ("1 degC/s to K/min", "60 K/min"),
        ("10 degC < 11 K", "true"),
    ])
    func results(_ line: String, _ expected: String) throws {
        try FormatsTests.expectOutput(line, expected)
    }

    /// A point and a difference never convert into each other; the columns count characters.
    @Test(arguments: [
        (
            "10 degF to °C", 9,
            "cannot convert a temperature difference (degF) to a point on the °C scale: add it to a point instead, as in 20 °C + 10 degF"
        ),
        (
            "20 °C to degC", 7,
            "cannot convert a temperature on the °C scale to a difference (degC): a point is not an amount"
        ),
        ("70 °F to K degF", 7, "cannot convert a temperature on the °F scale to a difference (degF)"),
        ("10 degC < 20 °C", 11, "cannot convert a temperature on the °C scale to a difference (degC)"),
        (
            "20 °C + 10 °C", 7,
            "cannot add two temperatures on a scale (°C + °C): add a difference instead, as in 20 °C + 10 degC"
        ),
    ])
    func pointsAndDifferences(_ line: String, _ column: Int, _ message: String) throws {
        try BMIBatchTests.expectError(line, column: column, message)
    }

    /// `set angle deg` changes what a plain number means to `sin`, never an angle quantity.
    @Test func angleQuantitiesIgnoreSetAngle() throws {
        let result = try TallyUnderTest.run(
            standardInput: "set angle deg\nsin(30)\nsin(30 deg)\nsin(0.5 turn)\nsin(1 rad)\n")
        #expect(result.errorText == "")
        #expect(result.outputText.hasSuffix("0.5\n0.5\n0\n0.84147098480789650665\n"), "\(result.outputText)")
    }

    @Test(arguments: [
        ("sin(⟨2 m⟩)", "sin needs plain numbers, found a length (m)"),
        ("max(⟨2 deg⟩, 1)", "max needs plain numbers, found an angle (deg)"),
        ("tan(⟨90 deg⟩)", "tan is not defined at odd multiples of a right angle"),
        ("5 m to ft ⟨ft⟩", "ft is already in these mixed units: each unit stands once"),
        ("5 m to ft ⟨ft⟩ in", "ft is already in these mixed units"),
        ("5 m to ft in ⟨ft⟩", "ft is already in these mixed units"),
        ("5 m to ft in ⟨in⟩", "in is already in these mixed units"),
        (
            "5 m to in ⟨ft⟩",
            "mixed units go from the largest to the smallest, but ft is no smaller than in: write 'to ft in'"
        ),
        ("1 h to s ⟨min⟩ h", "but min is no smaller than s: write 'to h min s'"),
        ("1 h to min ⟨minutes⟩", "min is already in these mixed units"),
        ("1 degC to K ⟨degC⟩", "mixed units go from the largest to the smallest, but degC is no smaller than K"),
    ])
    func errors(_ marked: String, _ message: String) throws {
        try FormatsTests.expectError(marked, message)
    }
}
