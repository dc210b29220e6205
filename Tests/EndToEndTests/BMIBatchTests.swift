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
            ("\(justBelow)49", justBelow, bound.below),  // shown to one decimal below it
            // Below the bound, where one decimal would round onto it: the digits that decide it.
            ("\(justBelow)5", "\(justBelow)5", bound.below),
        ]
        let lines = cases.map { "bmi 100 \($0.weight) \(bound.standard)" }
        let result = try TallyUnderTest.run(lines.flatMap { ["-e", $0] })
        #expect(result.status == 0, "\(result.errorText)")
        let firstLines = result.outputText.split(separator: "\n").enumerated().filter { $0.offset % 3 == 0 }.map(
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
        let reports = result.outputText.split(separator: "\n").enumerated().filter { $0.offset % 3 == 0 }.map(
            \.element)
        #expect(Set(reports).count == 1, "\(reports)")
        #expect(reports.first == "BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)")
    }

    @Test(arguments: [
        ("bmi 1.75 70", 5, "did you mean 1.75m?"),
        ("bmi 70kg 175cm 80", 16, "extra argument"),
        ("bmi 175", 8, "missing weight"),
        ("bmi 175 70 80", 12, "extra argument"),
        ("bmi 175 0", 9, "the weight must be greater than zero"),
        ("bmi 300 70", 5, "implausible height"),
        ("bmi 175 x", 9, "unknown name 'x'"),
    ])
    func errorsPointAtTheArgument(_ line: String, _ column: Int, _ message: String) throws {
        try Self.expectError(line, column: column, message)
    }

    /// `tally -e line` fails with an error at the 1-based character `column` whose message
    /// contains `message`.
    static func expectError(_ line: String, column: Int, _ message: String) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.status == 1)
        #expect(result.errorText.hasPrefix("<eval>:1:\(column): error: "), "\(result.errorText)")
        #expect(result.errorText.contains(message), "\(result.errorText)")
    }

    @Test func resultBecomesAnsAndStandardIsASetting() throws {
        let result = try TallyUnderTest.run(["-e", "set standard asia", "-e", "bmi 100 23", "-e", "ans * 2"])
        let lines = result.outputText.split(separator: "\n")
        #expect(lines[0] == "bmi now classifies adults by asia: Asia-Pacific, Korean Society for the Study of Obesity")
        #expect(
            lines[1] == "BMI 23.0  pre-obese  (Asia-Pacific, Korean Society for the Study of Obesity, ages 20 and over)"
        )
        #expect(lines[4] == "46")
    }
}

/// `bmi` in files and pipes, through the binary: each input the issue measured gives the
/// intended result or an error at the argument that leads there; BMI-for-age against an
/// independent computation; a megabyte line fails fast.
@Suite struct BMIBatchInputTests {
    static let adult = "(WHO adult classification, ages 20 and over)"

    /// Inputs that succeed: the whole output, and any warning with its column.
    @Test(arguments: [
        (
            "bmi 5'9\" 154lb",
            "BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 1m75 70",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 175 cm 70 pounds",
            "BMI 10.4  underweight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg (125.0–168.7 lb)\nBMI Prime 0.41 (BMI / 25)",
            ""
        ),
        (
            "bmi 175 centimeters 70 kgs",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 175 Centimetres 70 KILOS",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 69 inches 154 lb",
            "BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 5ft 9 154lb",
            "BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (125.3–169.2 lb)\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 5 feet 9 inches 11 stone",
            "BMI 22.7  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 5ft 9in (175.3 cm): 56.9–76.7 kg (8st 13.3lb–12st 1.2lb)\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi １７５ｃｍ ７０",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 1_750mm 0x46",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 1.75e2 7e1kg",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)",
            ""
        ),
        (
            "bmi 120 25",
            "BMI 17.4  underweight  (WHO adult classification, ages 20 and over)\nhealthy weight at 120 cm: 26.7–35.9 kg\nBMI Prime 0.69 (BMI / 25)",
            ""
        ),
        (
            "bmi 120 25 age 8 sex f",
            "BMI 17.4  normal  (WHO 2007 growth reference, BMI-for-age 5–19 years)\ngirl, 8 years: z-score +0.84, percentile 80.0\nhealthy weight at 120 cm: 18.6–25.5 kg",
            ""
        ),
        // The z-score is just above +2: obesity, shown with the digit that decides it.
        (
            "bmi 4ft 7in 90lb age 9y6m boy",
            "BMI 20.9  obesity  (WHO 2007 growth reference, BMI-for-age 5–19 years)\nboy, 9 years 6 months: z-score +2.0004, percentile 97.7\nhealthy weight at 4ft 7in (139.7 cm): 26.6–35.4 kg (58.6–78.2 lb)",
            ""
        ),
    ])
    func succeeds(_ line: String, _ output: String, _ warnings: String) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.outputText == output + "\n")
        #expect(result.errorText == warnings)
    }

    /// Inputs that fail: the message at its column, and the notes that lead to the fix.
    @Test(arguments: [
        ("bmi 5'9\" 154", 10, "give the unit of 154", ["1:10: note: write 154lb or 154kg"]),
        ("bmi 69 154lb", 5, "give the unit of 69", ["1:5: note: write 69in or 69cm"]),
        ("bmi 69 in 160", 11, "give the unit of 160", ["1:11: note: write 160lb or 160kg"]),
        (
            "bmi 69 154", 5, "implausible BMI 323.5",
            ["1:5: note: did you mean 69in 154lb (inches and pounds)? (BMI 22.7)"]
        ),
        (
            "bmi 70 175", 5, "implausible BMI 357.1",
            ["1:5: note: the height comes first: did you mean bmi 175 70? (BMI 22.9)"]
        ),
        ("bmi .5m 70", 5, "implausible BMI 280.0", ["1:5: note: read as a height of 50 cm and a weight of 70 kg"]),
        (
            "bmi 5 9 154", 5, "'5 9' looks like 5 feet 9 inches, but a bare height is in centimetres",
            ["1:5: note: write 5ft9in or 5'9\""]
        ),
        ("bmi hcm 70", 5, "unknown word 'hcm'", ["1:5: note: did you mean 'cm'?"]),
        (
            "bmi 175,70", 8, "missing weight: '175,70' is one number with a decimal comma",
            [
                "note: for a height and a weight, separate them with a space: bmi 175 70",
                "note: for a decimal height, write the weight after a space: bmi 175,7 70",
            ]
        ),
        // With units the order is free: 175 kg is the weight, so 70 is the height in cm.
        ("bmi 175 kg 70", 5, "implausible BMI 357.1", ["1:5: note: read as a height of 70 cm and a weight of 175 kg"]),
        ("bmi 175 70 feet", 9, "implausible height", []),
        ("bmi 175 70 lbs kg", 16, "expected a number before the unit 'kg'", []),
        (
            "bmi 80 10 age 18 months boy", 15,
            "BMI-for-age starts at 2 years (WHO and CDC alike); this age is 1 year 6 months",
            ["note: under 2 years BMI is not used to classify a child: weight-for-length is"]
        ),
        ("bmi 140 35 age 10", 16, "BMI-for-age depends on the sex", []),
        ("bmi 140 35 age 10 sex x", 23, "the sex is f or m", []),
        ("bmi 140 35 asia age 10 girl", 12, "'asia' classifies adults", []),
        ("bmi 140 35 age 10y13m girl", 19, "an age is years (10, 3.5, 2y), years, months and days (10y6m6d", []),
        ("bmi 140 35 age 2015-02-30 girl", 16, "no such date", []),
        ("bmi 175 70 sqr", 12, "unknown word 'sqr'", []),
        ("bmi 175 centimeters", 20, "missing weight", []),
        ("bmi 1.75cm 70", 5, "implausible height", ["1:5: note: did you mean 1.75m?"]),
        (
            "bmi 175m 70", 5, "implausible height: the accepted range is 0.5–2.72 m (50–272 cm)",
            ["1:5: note: did you mean 175cm?"]
        ),
    ])
    func fails(_ line: String, _ column: Int, _ message: String, _ notes: [String]) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.status == 1)
        #expect(result.errorText.hasPrefix("<eval>:1:\(column): error: \(message)"), "\(result.errorText)")
        for note in notes {
            #expect(result.errorText.contains(note), "\(result.errorText)")
        }
        #expect(!result.errorText.contains("sqrt") && !result.errorText.contains("lcm"))
    }

    /// A birth date counts whole months up to TALLY_TODAY.
    @Test func birthDate() throws {
        let result = try TallyUnderTest.run(
            ["-e", "bmi 140 35 age 2016-03-30 girl", "-e", "bmi 140 35 age 2026-12-01 girl"],
            environment: ["TALLY_TODAY": "2026-11-29"])
        #expect(
            result.outputText.split(separator: "\n").dropFirst().first
                == "girl, 10 years 7 months: z-score +0.39, percentile 65.2")
        #expect(result.errorText.contains("<eval>:2:16: error: this birth date is after today (2026-11-29)"))
    }

    /// BMI-for-age against WHO's method computed independently from the published LMS values:
    /// 672 cases, both sexes, every 7th month from 61 to 228, on both sides of every boundary.
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func bmiForAgeMatchesTheReference() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/bmi_for_age.py", ["--tally", TallyUnderTest.executable.path])
        #expect(status == 0, "\(report)")
        #expect(report.contains("672 BMI-for-age cases, 0 failures"), "\(report)")
    }

    /// The compiled table is the data file's: regenerating it changes nothing.
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func generatedTableMatchesTheDataFile() throws {
        let (status, report) = try runPythonScript("Data/bmi_for_age.py", ["check"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("(2252, 336 and 438 rows)"), "\(report)")
    }

    /// A megabyte `bmi` line is an error in under a second of processor time, even in this debug
    /// build, whatever it is made of: the words are read one at a time and reading stops at the
    /// first problem. (Wall-clock time on two shared cores says little; Benchmarks/bmi_lines.py
    /// times the release build.)
    @Test(arguments: [
        String(repeating: "1e5 ", count: 250_000), "175 70 " + String(repeating: "1 ", count: 500_000),
        String(repeating: "5 ft ", count: 200_000), String(repeating: "(", count: 1_000_000),
        "175 70 age " + String(repeating: "1", count: 1_000_000), String(repeating: "x", count: 1_000_000),
        // The lexer goes on after a unit glued to the next value, after marks, through groups
        // of characters it cannot read, and over full-width text folded first.
        "5" + String(repeating: "ft1", count: 333_333), String(repeating: "5' ", count: 330_000),
        "(" + String(repeating: "$", count: 1_000_000), "(" + String(repeating: "\u{2032}", count: 330_000),
        String(repeating: "\u{FF11}", count: 340_000) + " 70",
        "175 70 " + String(repeating: "\u{FF58} ", count: 200_000),
    ])
    func megabyteLineFailsFast(_ arguments: String) throws {
        let file = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        let path = file.appendingPathComponent("long.tally")
        try Data(("bmi " + arguments + "\n").utf8).write(to: path)
        let result = try TallyUnderTest.run([path.path], timeout: 30)
        #expect(result.status == 1)
        #expect(result.errorText.contains("error:"))
        #expect(result.processorSeconds < 1, "\(result.processorSeconds) s of processor time")
    }
}

/// `bmi` in the interactive session: the warning's caret stands under the line as typed, before
/// the result.
@Suite(.timeLimit(.minutes(1)))
struct BMIInteractiveTests {
    /// A warning is drawn under the typed line, pointing at what it is about: here the
    /// measurements of a child whose z-score no child has (WHO flags |z| > 5).
    @Test func warningPointsAtTheMeasurements() throws {
        let home = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let terminal = try PseudoTerminal(
            arguments: ["-q"],
            environment: ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TALLY_DATA_DIR": home.path])
        try terminal.expect("> ")
        terminal.type("bmi 100 40 age 4 girl\r")
        try terminal.expect("bmi 100 40 age 4 girl\n")
        try terminal.expect("      ^~~~~~\nwarning: z-score +12.43 is outside the plausible range (WHO flags |z| > 5)")
        try terminal.expect("BMI 40.0  obesity  (WHO 2006 child growth standards, BMI-for-age under 5 years)")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    /// At the prompt a chart is as wide as the window: 50 and 100 columns.
    @Test(arguments: [50, 100])
    func chartIsAsWideAsTheWindow(_ columns: Int) throws {
        let home = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let terminal = try PseudoTerminal(
            arguments: ["-q"],
            environment: ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TALLY_DATA_DIR": home.path],
            columns: columns)
        try terminal.expect("> ")
        terminal.type("bmi 175 70 chart\r")
        try terminal.expect("normal weight, WHO adult classification\n")
        let chart = try terminal.expect("> ")
        let rows = chart.split(separator: "\n").map(String.init).dropLast()
        #expect(rows.count >= 4, "\(rows)")
        // The bar of bands fills the window's width exactly.
        let bar = rows.first { $0.hasPrefix("░") }
        #expect(bar?.count == columns, "\(rows)")
        #expect(rows.allSatisfy { $0.count <= columns }, "\(rows)")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }
}
