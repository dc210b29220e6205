import TallyCore
import TallyTestSupport
import Testing

@testable import TallyHealth

/// Every error names the problem and covers exactly the argument (or gap) it is about; the
/// span is marked in the line with `⟨…⟩`.
@Suite struct BMICommandErrorTests {
    static let usage = "bmi HEIGHT WEIGHT [who|asia]"
    static let cm = "implausible height: the accepted range is 50–272 cm"

    @Test(arguments: [
        // Missing and extra arguments.
        ("bmi⟨⟩", "missing height: \(usage)"),
        ("bmi⟨⟩   ", "missing height: \(usage)"),
        ("bmi 175⟨⟩", "missing weight: \(usage)"),
        ("bmi 175 ⟨⟩who", "missing weight: \(usage)"),
        ("bmi 175⟨⟩ # weight later", "missing weight: \(usage)"),
        ("bmi ⟨⟩asia 175 70", "missing height: \(usage)"),
        ("bmi 175 70 ⟨80⟩", "extra argument: \(usage)"),
        ("bmi 175 70 ⟨80 kg 90⟩", "extra argument: \(usage)"),
        ("bmi 175 70 who ⟨asia⟩", "extra argument: \(usage)"),
        ("bmi 175 70 who ⟨kg⟩", "extra argument: \(usage)"),
        ("bmi 175 70 ⟨whoo⟩", "unknown standard 'whoo'; expected who or asia"),
        // Not a number.
        (
            "bmi 175 ⟨$⟩",
            "unexpected '$'; an argument is a number with an optional unit, a name, or an expression in parentheses"
        ),
        (
            "bmi 175 7⟨*⟩2",
            "unexpected '*'; an argument is a number with an optional unit, a name, or an expression in parentheses"
        ),
        (
            "bmi 175 ⟨-⟩w",
            "unexpected '-'; an argument is a number with an optional unit, a name, or an expression in parentheses"
        ),
        (
            "bmi 1.2⟨.⟩3 70",
            "unexpected '.'; an argument is a number with an optional unit, a name, or an expression in parentheses"
        ),
        (
            "bmi 175⟨,⟩ 70",
            "unexpected ','; separate the arguments with spaces (a decimal comma stands between digits: 170,5)"
        ),
        ("bmi 175 70⟨)⟩", "unexpected ')' without a matching '('"),
        ("bmi ⟨(⟩170+5 70", "this '(' is never closed"),
        ("bmi 175 ⟨x⟩", "unknown variable 'x'"),
        ("bmi ⟨키2⟩ 70", "unknown variable '키2'"),
        // Units.
        ("bmi 175⟨cmm⟩ 70", "unknown unit 'cmm'; height units are cm, m, in and ft"),
        ("bmi 175 70⟨kgs⟩", "unknown unit 'kgs'; weight units are kg, lb and st"),
        ("bmi 70⟨kg⟩ 175cm", "'kg' is a weight unit; the height comes first"),
        ("bmi 175 70⟨cm⟩", "'cm' is a height unit; the weight comes second"),
        ("bmi 175 ⟨kg⟩ 70", "'kg' is a weight unit; the height comes first"),
        ("bmi ⟨kg⟩ 70", "expected a number before the unit 'kg'"),
        ("bmi 175cm 70kg ⟨lb⟩", "expected a number before the unit 'lb'"),
        ("bmi 175cm⟨⟩70kg", "missing space between arguments"),
        ("bmi 175⟨⟩(5) 70", "missing space between arguments"),
        ("bmi 5ft⟨⟩150lb", "missing space between arguments"),
        ("bmi 5ft9in⟨⟩3 70", "missing space between arguments"),
        ("bmi 5ft9⟨cm⟩ 70", "only inches may follow feet, as in 5ft9in"),
        ("bmi 175 11st2⟨kg⟩", "only pounds may follow stones, as in 11st4lb"),
        ("bmi 5ft⟨13in⟩ 70", "inches after feet must be less than 12"),
        ("bmi 5ft ⟨(-1)in⟩ 70", "inches after feet cannot be negative"),
        ("bmi 175 11st⟨14lb⟩", "pounds after stones must be less than 14"),
        // Zero, negative and implausible values.
        ("bmi ⟨0⟩ 70", "the height must be greater than zero"),
        ("bmi 175 ⟨-70⟩", "the weight must be greater than zero"),
        ("bmi 175 ⟨−70kg⟩", "the weight must be greater than zero"),
        ("bmi 175 ⟨0 lb⟩", "the weight must be greater than zero"),
        ("bmi ⟨300⟩ 70", cm),
        ("bmi ⟨49.9 cm⟩ 70", cm),
        ("bmi ⟨1.75⟩ 70", "\(cm); did you mean 1.75m?"),
        ("bmi ⟨1,75⟩ 70", "\(cm); did you mean 1,75m?"),
        ("bmi ⟨metres⟩ 70", "\(cm); did you mean (metres)m?"),
        ("bmi ⟨(1+0.75)⟩ 70", "\(cm); did you mean (1+0.75)m?"),
        ("bmi ⟨5⟩ 70", "\(cm); did you mean 5ft?"),
        ("bmi ⟨3m⟩ 70", "implausible height: the accepted range is 0.5–2.72 m (50–272 cm)"),
        ("bmi ⟨120in⟩ 70", "implausible height: the accepted range is 19.7–107 in (50–272 cm)"),
        ("bmi ⟨9 ft⟩ 70", "implausible height: the accepted range is 1ft 7.7in–8ft 11in (50–272 cm)"),
        ("bmi ⟨8ft 11.1in⟩ 70", "implausible height: the accepted range is 1ft 7.7in–8ft 11in (50–272 cm)"),
        ("bmi 175 ⟨1⟩", "implausible weight: the accepted range is 2–650 kg"),
        ("bmi 175 ⟨650.1kg⟩", "implausible weight: the accepted range is 2–650 kg"),
        ("bmi 175 ⟨2000lb⟩", "implausible weight: the accepted range is 4.5–1433 lb (2–650 kg)"),
        ("bmi 175 ⟨200st⟩", "implausible weight: the accepted range is 0.4–102.3 st (2–650 kg)"),
        ("bmi 175 ⟨0st 4lb⟩", "implausible weight: the accepted range is 0.4–102.3 st (2–650 kg)"),
    ])
    func error(_ marked: String, _ message: String) {
        let expected = MarkedLine(marked)
        #expect {
            try runBMI(expected.text)
        } throws: { error in
            (error as? Diagnostic) == Diagnostic(message, at: expected.span)
        }
    }

    /// The limits themselves are accepted.
    @Test(arguments: ["bmi 50 2", "bmi 272 650", "bmi 0.5m 2kg", "bmi 2.72m 650"])
    func limitsAreAccepted(_ line: String) throws {
        _ = try runBMI(line)
    }

    /// A line typed after other text still gets spans into the whole line.
    @Test func spansCountFromTheStartOfTheLine() {
        let expected = MarkedLine("x = 1; bmi 175 ⟨키⟩")
        #expect(throws: Diagnostic("unknown variable '키'", at: expected.span)) {
            try BMICommand(line: expected.text, argumentsStart: argumentsStart(of: expected.text))
                .evaluate(defaultStandard: .who) { span in throw Diagnostic("unknown variable '키'", at: span) }
        }
    }
}
