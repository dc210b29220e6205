import Foundation
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// Units and quantities through the real binary: every unit's factor against its definition,
/// exact conversions both ways, dimension errors at their positions, the `min`/minute and
/// `in`/inch cases, temperatures, and the differential against GNU `units`.
@Suite struct UnitsTests {
    /// Each unit's definition as NIST SP 811 and the international yard and pound agreement
    /// give it, written in other units (so a wrong factor anywhere shows up as a mismatch).
    static let definitions: [String: String] = [
        "m": "1 m", "km": "1000 m", "cm": "0.01 m", "mm": "0.001 m", "µm": "0.001 mm", "nm": "0.001 µm",
        "in": "2.54 cm", "ft": "12 in", "yd": "3 ft", "mi": "5280 ft", "nmi": "1852 m",
        "kg": "1000 g", "g": "1 kg / 1000", "mg": "0.001 g", "µg": "0.001 mg", "t": "1000 kg",
        "lb": "0.45359237 kg", "oz": "(1/16) lb", "st": "14 lb",
        "s": "1 s", "ms": "0.001 s", "µs": "0.001 ms", "ns": "0.001 µs", "min": "60 s", "h": "60 min",
        "day": "24 h", "week": "7 day", "month": "30.436875 day", "year": "365.2425 day",
        "L": "0.001 m^3", "mL": "1 cm^3", "gal": "231 in^3", "qt": "(1/4) gal", "pt": "(1/2) qt", "cup": "(1/2) pt",
        "floz": "(1/8) cup", "tbsp": "(1/2) floz", "tsp": "(1/3) tbsp", "ha": "10000 m^2", "acre": "43560 ft^2",
        "sqm": "1 m^2", "sqkm": "1 km^2", "sqin": "1 in^2", "sqft": "1 ft^2", "sqyd": "1 yd^2", "sqmi": "1 mi^2",
        "mph": "1 mi/h", "kph": "1 km/h", "kn": "1 nmi/h", "mpg": "1 mi/gal", "L/100km": "(1 L)/(100 km)",
        "N": "1 kg*m/s^2",
        "lbf": "1 lb * 9.80665 m/s^2",
        "J": "1 N*m", "kJ": "1000 J", "cal": "4.184 J", "kcal": "1000 cal", "Wh": "1 W*h", "kWh": "1000 Wh",
        "W": "1 J/s", "kW": "1000 W", "hp": "550 ft*lbf/s",
        "Pa": "1 N/m^2", "kPa": "1000 Pa", "bar": "100000 Pa", "atm": "101325 Pa", "psi": "1 lbf/in^2",
        "mmHg": "13.5951 g/cm^3 * 9.80665 m/s^2 * 1 mm",
        "Hz": "1 s^-1", "kHz": "1000 Hz", "MHz": "1000 kHz", "GHz": "1000 MHz",
        "bit": "1 bit", "B": "8 bit", "kB": "1000 B", "MB": "1000 kB", "GB": "1000 MB", "TB": "1000 GB",
        "KiB": "1024 B", "MiB": "1024 KiB", "GiB": "1024 MiB", "TiB": "1024 GiB",
        "A": "1 A", "mol": "1 mol", "V": "1 W/A", "Ω": "1 V/A", "eV": "1.602176634e-19 J",
        "rad": "1 rad", "deg": "(pi/180) rad", "turn": "(2*pi) rad", "K": "1 K", "degC": "1 K", "degF": "(5/9) K",
    ]

    static let prefixPowers: [String: Int] = [
        "n": -9, "µ": -6, "m": -3, "c": -2, "d": -1, "h": 2, "k": 3, "M": 6, "G": 9, "T": 12,
    ]

    /// The definition of a unit: from the table above, or a prefix times its base unit.
    static func definition(of symbol: String) -> String? {
        if let text = definitions[symbol] { return text }
        for (prefix, power) in prefixPowers where symbol.hasPrefix(prefix) {
            let base = String(symbol.dropFirst(prefix.count))
            if definitions[base] != nil { return "10^(\(power)) * (1 \(base))" }
        }
        return nil
    }

    /// `1 U to si` equals the definition's `… to si`, for every unit and every spelling of it.
    @Test func everyUnitMatchesItsDefinition() throws {
        var lines: [String] = []
        var labels: [String] = []
        for entry in UnitTable.entries where !entry.unit.isAffine {
            let symbol = entry.unit.symbol
            let definition = try #require(UnitsTests.definition(of: symbol), "no definition for \(symbol)")
            lines.append("1 \(symbol) to si")
            lines.append("\(definition) to si")
            labels.append(symbol)
            for alias in entry.aliases {
                lines.append("1 \(alias) to si")
                lines.append("1 \(symbol) to si")
                labels.append("\(alias) (\(symbol))")
            }
        }
        let result = try TallyUnderTest.run(standardInput: lines.map { $0 + "\n" }.joined())
        #expect(result.errorText == "")
        let shown = result.outputText.split(separator: "\n").map(String.init)
        try #require(shown.count == lines.count)
        for (index, label) in labels.enumerated() {
            #expect(
                shown[2 * index] == shown[2 * index + 1], "\(label): \(shown[2 * index]) vs \(shown[2 * index + 1])")
        }
    }

    /// `x U to V`, then back: `ans to U` minus `x U` is exactly zero, over random exact values
    /// and random pairs of units of one dimension (temperatures included).
    @Test func conversionsAreExactBothWays() throws {
        var rng = SplitMix64(seed: 17)
        let groups = Dictionary(grouping: UnitTable.entries.map(\.unit).filter { $0.factor.number != nil }) {
            $0.dimension
        }.values.filter { $0.count > 1 }.map { Array($0) }
        var lines: [String] = []
        for _ in 0..<400 {
            let group = groups.randomElement(using: &rng)!
            let u = group.randomElement(using: &rng)!
            var v = group.randomElement(using: &rng)!
            // A point on a temperature scale never converts to a difference of degrees.
            while v == u || (u.isAffine && v.isTemperatureDifference) || (v.isAffine && u.isTemperatureDifference) {
                v = group.randomElement(using: &rng)!
            }
            let x = FormatsTests.randomValue(&rng, integer: false)
            lines += ["\(x) \(u.symbol) to \(v.symbol)", "ans to \(u.symbol)", "ans - \(x) \(u.symbol)"]
        }
        let result = try TallyUnderTest.run(standardInput: lines.map { $0 + "\n" }.joined())
        #expect(result.errorText == "")
        let shown = result.outputText.split(separator: "\n").map(String.init)
        try #require(shown.count == lines.count)
        for index in stride(from: 2, to: lines.count, by: 3) {
            #expect(shown[index].hasPrefix("0 "), "\(lines[index - 2]) → \(shown[index - 2]) → \(shown[index - 1])")
        }
    }

    @Test(arguments: [
        ("5 km", "5 km"), ("5km", "5 km"), ("2.5 h", "2.5 h"), ("3 m^2", "3 m^2"), ("9.81 m/s^2", "9.81 m/s^2"),
        ("60 km/h", "60 km/h"), ("min(1, 2)", "1"), ("5 min", "5 min"), ("5 min to s", "300 s"),
        ("min(5 min / 1 s, 2)", "2"), ("2 in", "2 in"), ("2 in to cm", "5.08 cm"), ("in = 3", ""),
        ("5 ft 9 in", "5.75 ft"), ("2 h 30 min", "2.5 h"), ("11 st 4 lb to lb", "158 lb"),
        ("3 m * 4 m", "12 m^2"), ("100 km / 2 h", "50 km/h"), ("1 km + 300 m", "1.3 km"),
        ("5 ft 9 in to cm", "175.26 cm"), ("1 mi to km", "1.609344 km"), ("150 lb to kg", "68.0388555 kg"),
        ("100 km/h to m/s", "27.777777777777777778 m/s"), ("175 cm to ft in", "5 ft 8.8976377952755905512 in"),
        ("1 J to si", "1 kg*m^2/s^2"), ("100 °F to °C", "37.777777777777777778 °C"), ("0 °C to K", "273.15 K"),
        ("100°F to °C", "37.777777777777777778 °C"), ("-40 °C to °F", "-40 °F"), ("20 °C + 10 K", "30 °C"),
        ("30 °C - 20 °C", "10 degC"), ("50 °F - 32 °F", "18 degF"), ("30°", "0.52359877559829887308"),
        ("sqrt(2) m to ft", "4.6398082755022803438 ft"), ("(sqrt(2) m)^2", "2 m^2"), ("1/3 h to exact", "0.(3) h^-1"),
        ("(1/3) h to exact", "0.(3) h"), ("10 m / 4 m", "2.5"), ("1 W * 1 s / 1 J", "1"),
        ("1 km > 900 m", "true"), ("5 ft 9 in == 175.26 cm", "true"), ("20 °C < 300 K", "true"),
    ])
    func issueExamples(_ line: String, _ expected: String) throws {
        try FormatsTests.expectOutput(line, expected)
    }

    /// Errors point at the part at fault (⟨…⟩), in the text form and in `--json`.
    @Test(arguments: [
        ("1 m ⟨+⟩ 1 s", "cannot add a time (s) to a length (m)"),
        ("3 m ⟨-⟩ 1 s", "cannot subtract a time (s) from a length (m)"),
        ("5 m ⟨+⟩ 3", "cannot add a plain number to a length (m)"),
        ("sqrt(⟨2 m⟩)", "sqrt needs plain numbers, found a length (m)"),
        ("2^⟨(3 m)⟩", "an exponent must be a plain number"),
        ("1 m ⟨to s⟩", "cannot convert a length (m) to a time (s)"),
        ("5 ⟨to km⟩", "cannot convert a plain number to a length (km)"),
        ("5 ft ⟨9 s⟩", "a time (s) cannot be added to a length (ft)"),
        ("5 m to ⟨furlong⟩", "unknown conversion 'furlong'"),
        ("1 m^⟨0⟩", "a unit's power must be"),
        ("(2 m)^⟨0.5⟩", "can be raised only to a whole power"),
        ("2 m / ⟨0 s⟩", "division by zero"),
        ("175 cm to ft ⟨s⟩", "mixed units must all measure the same thing"),
        ("2 ⟨⟩3", "missing operator"),
        ("1 m ⟨<⟩ 1 s", "cannot compare a length (m) with a time (s)"),
    ])
    func errorsPointAtTheCulprit(_ marked: String, _ message: String) throws {
        try FormatsTests.expectError(marked, message)
    }

    /// Temperatures on a scale are points: adding two, or multiplying one, is an error that
    /// says what to write instead.
    /// `in` and `min` are names except after a number; a variable named `in` wins even there,
    /// with a warning that names the unit (a name the user gave a meaning is never silently a
    /// unit).
    @Test func inAndMinAreNamesElsewhere() throws {
        let result = try TallyUnderTest.run(standardInput: "in = 3\nin * 2 in\nmin(in, 2)\n")
        #expect(result.errorText.contains("2:8: warning: 'in' is your variable here, not the unit in"))
        #expect(result.outputText == "18\n2\n")
    }

    /// A line of 90,000 quantities side by side is read in linear time (a copy of the parser
    /// per look-ahead made it quadratic), and a line of more is the operand-limit error.
    @Test func longLinesOfQuantities() throws {
        let result = try TallyUnderTest.run(standardInput: String(repeating: "1 m ", count: 90_000) + "\n")
        #expect(result.errorText == "")
        #expect(result.outputText == "90000 m\n")
        let tooMany = try TallyUnderTest.run(standardInput: String(repeating: "1 m ", count: 100_001) + "\n")
        #expect(tooMany.errorText.contains("more than 100,000 operands in one line"))
        let power = try TallyUnderTest.run(["-e", "1 m^100 * 1 m"])
        #expect(power.errorText.contains("a unit's power must stay within -100 to 100"))
    }

    @Test func temperatureArithmeticIsExplained() throws {
        let sum = try TallyUnderTest.run(["-e", "20 °C + 10 °C"])
        #expect(sum.errorText.contains("cannot add two temperatures on a scale"))
        #expect(sum.errorText.contains("20 °C + 10 degC"))
        let product = try TallyUnderTest.run(["-e", "2 * 20 °C"])
        #expect(product.errorText.contains("is a point, not an amount"))
        let compound = try TallyUnderTest.run(["-e", "1 °C/s"])
        #expect(compound.errorText.contains("use K"))
    }

    /// 2,000 random conversions agree with GNU units to its printed precision, and Tally's
    /// text is the exact value (Tests/Differential/units.py installs `units` when missing).
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func agreesWithGNUUnits() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/units.py",
            ["--tally", TallyUnderTest.executable.path, "--count", "2000", "--seed", "2026"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("2000 conversions compared"), "\(report)")
        #expect(report.contains("0 exact mismatches, 0 units mismatches"), "\(report)")
    }
}

/// `bmi` reads its units from the same table: every length and mass unit works, with the same
/// exact factors, and the everyday forms keep working.
@Suite struct BMIUnitsTests {
    @Test(arguments: [
        ("bmi 1.75 m 11 st 4 lb", "BMI 23.4"), ("bmi 69 in 70 kg", "BMI 22.8"), ("bmi 2 yd 12 st", "BMI 22.8"),
        ("bmi 5.75 ft 70000 g", "BMI 22.8"), ("bmi 1750 mm 0.07 t", "BMI 22.9"), ("bmi 175 cm 2500 oz", "BMI 23.1"),
        ("bmi 5ft9in 154lb", "BMI 22.7"), ("bmi 1.75 M 70 KG", "BMI 22.9"),
    ])
    func everyLengthAndMassUnitWorks(_ line: String, _ expected: String) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.errorText == "", "\(line)")
        #expect(result.outputText.hasPrefix(expected + "  "), "\(line): \(result.outputText)")
    }

    /// A weight in grams is not echoed in pounds; one in ounces is.
    @Test func imperialUnitsAreEchoed() throws {
        let grams = try TallyUnderTest.run(["-e", "bmi 175 cm 70000 g"])
        #expect(grams.outputText.hasSuffix("56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)\n"), "\(grams.outputText)")
        let ounces = try TallyUnderTest.run(["-e", "bmi 175 cm 2500 oz"])
        #expect(ounces.outputText.hasSuffix("(125.0–168.7 lb)\nBMI Prime 0.93 (BMI / 25)\n"), "\(ounces.outputText)")
    }
}
