import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// Real numbers: every shown digit correct, exact results recognised, decisions from the
/// bounds, and errors where the bounds cannot decide.
@Suite struct RealTests {
    /// The value of the last line as an interactive session shows it (`≈ ` when rounded).
    private func shown(_ lines: [String], digits: Int = 20, angle: AngleUnit = .radians) throws -> String {
        var evaluator = Evaluator(settings: EvaluationSettings(digits: digits, angle: angle))
        var last = ""
        for line in lines {
            if case .value(let value) = try run(line, in: &evaluator) {
                let output = ValueFormatter(settings: evaluator.settings).format(value)
                last = (output.isRounded ? "≈ " : "") + output.text
            }
        }
        return last
    }

    /// The rows of the issue that found wrong digits: each now prints the true value.
    @Test(arguments: [
        ("10^100 + sqrt(2) - 10^100", "≈ 1.4142135623730950488"),
        ("floor(sqrt(5)*sqrt(5))", "5"),
        ("sqrt(5)*sqrt(5) % 5", "0"),
        ("sqrt(2) - 1.4142135623730950488", "≈ 1.6887242096980785697e-21"),
        ("sqrt(10^40 + 1) - 10^20", "≈ 5e-21"),
        ("(1 + 10^-30)^0.5 - 1", "≈ 5e-31"),
        ("floor(sqrt(2)*10^40) - 14142135623730950488016887242096980785696", "0"),
    ])
    func formerlyWrongDigits(_ line: String, _ expected: String) throws {
        #expect(try shown([line]) == expected, "\(line)")
    }

    @Test func fewDigitsKeepTheSign() throws {
        #expect(try shown(["sqrt(2) - 1.4142135623730950488"], digits: 5) == "≈ 1.6887e-21")
        #expect(try shown(["sqrt(10^40 + 1) - 10^20 - 5*10^-21"], digits: 5) == "≈ -1.25e-61")
    }

    @Test func moreDigitsLaterAreStillCorrect() throws {
        var evaluator = Evaluator()
        _ = try run("x = sqrt(2)", in: &evaluator)
        evaluator.settings.digits = 60
        guard case .value(let value) = try run("x", in: &evaluator) else {
            Issue.record("no value")
            return
        }
        #expect(
            ValueFormatter(settings: evaluator.settings).format(value).text
                == "1.41421356237309504880168872420969807856967187537694807317668")
    }

    /// Results known exactly are shown without ≈.
    @Test(arguments: [
        ("sqrt(2)*sqrt(2)", "2"), ("sqrt(2)^2", "2"), ("root(5, 3)^3", "5"), ("sqrt(8)/sqrt(2)", "2"),
        ("(2^(1/2))^2", "2"), ("exp(0)", "1"), ("ln(1)", "0"), ("ln(e)", "1"), ("ln(exp(3))", "3"),
        ("exp(ln(5))", "5"), ("log10(1000)", "3"), ("log2(1024)", "10"), ("log(8, 2)", "3"),
        ("sin(0)", "0"), ("sin(pi)", "0"), ("cos(pi)", "-1"), ("tan(pi/4)", "1"), ("sin(pi/6)", "0.5"),
        ("cos(pi/3)", "0.5"), ("sin(30°)", "0.5"), ("pi - pi", "0"), ("e^0", "1"), ("(1 + sqrt(2))*(sqrt(2) - 1)", "1"),
        ("log10(0.001)", "-3"), ("ln(e^3)", "3"), ("deg(pi/6)", "30"), ("rad(180)/pi", "1"),
        ("asin(1/2)/pi", "≈ 0.16666666666666666667"),
        ("hypot(3, 4)", "5"), ("cbrt(-27)", "-3"), ("exp(2*ln(3))", "9"), ("atan(1)*4/pi", "1"),
        ("sqrt(12)/sqrt(3)", "2"),
    ])
    func exactResultsAreRecognised(_ line: String, _ expected: String) throws {
        #expect(try shown([line]) == expected, "\(line)")
    }

    @Test(arguments: [
        ("pi", "≈ 3.1415926535897932385"), ("e", "≈ 2.7182818284590452354"), ("ln(2)", "≈ 0.69314718055994530942"),
        ("sin(1)", "≈ 0.84147098480789650665"), ("atan(1)", "≈ 0.78539816339744830962"),
        ("exp(sqrt(2))", "≈ 4.1132503787829275172"), ("sqrt(2)", "≈ 1.4142135623730950488"),
        ("cbrt(2)", "≈ 1.2599210498948731648"), ("2^0.5", "≈ 1.4142135623730950488"),
        ("log2(3)", "≈ 1.5849625007211561815"),
        ("tan(1)", "≈ 1.5574077246549022305"), ("acos(0.3)", "≈ 1.2661036727794991113"),
        ("atan2(-1, -1)", "≈ -2.3561944901923449288"),
        ("sinh(1)", "≈ 1.1752011936438014569"), ("acosh(2)", "≈ 1.3169578969248167086"),
        ("atanh(0.5)", "≈ 0.5493061443340548457"),
        ("pi^pi", "≈ 36.462159607207911771"), ("(-8)^(1/3)", "-2"), ("(-2)^(1/3)", "≈ -1.2599210498948731648"),
        ("exp(-1000)", "≈ 5.0759588975494567653e-435"), ("round(pi, 4)", "3.1416"), ("round(-e)", "-3"),
        ("floor(-pi)", "-4"), ("ceil(pi)", "4"), ("trunc(-e)", "-2"), ("min(pi, 3.15, e)", "≈ 2.7182818284590452354"),
        ("pi // 1", "3"), ("-pi % 1", "≈ 0.85840734641020676154"), ("sqrt(2) * 0", "0"),
        ("abs(-sqrt(3))", "≈ 1.7320508075688772935"),
    ])
    func realValuesToTwentyDigits(_ line: String, _ expected: String) throws {
        #expect(try shown([line]) == expected, "\(line)")
    }

    @Test func degreesModeTakesAndGivesDegrees() throws {
        #expect(try shown(["sin(30)"], angle: .degrees) == "0.5")
        #expect(try shown(["sin(30°)"], angle: .degrees) == "0.5")
        #expect(try shown(["asin(0.5)"], angle: .degrees) == "30")
        #expect(try shown(["atan2(1, 1)"], angle: .degrees) == "45")
        #expect(try shown(["x = 90°", "x"]) == "≈ 1.5707963267948966192")
    }

    @Test(arguments: [
        ("ln(⟨0⟩)", DiagnosticID.domainError), ("ln(⟨-1⟩)", .domainError), ("asin(⟨2⟩)", .domainError),
        ("acosh(⟨0.5⟩)", .domainError), ("atanh(⟨1⟩)", .domainError), ("log(5, ⟨1⟩)", .domainError),
        ("tan(⟨pi/2⟩)", .domainError), ("sqrt(⟨-sqrt(2)⟩)", .domainError),
        ("1 / ⟨(sqrt(2) - sqrt(2))⟩", .divisionByZero),
        ("⟨(-pi)^0.5⟩", .noRealValue), ("⟨pi⟩!!", .notAnInteger), ("gcd(⟨sqrt(2)⟩, 4)", .notAnInteger),
        ("⟨floor(tan(atan(2)))⟩", .undecidable), ("⟨floor(2 + sin(1) - sin(1))⟩", .undecidable),
        ("⟨exp(10^30)⟩", .resultTooLarge), ("⟨pi⟩ = 3", .reservedName),
    ])
    func errorsArePositioned(_ marked: String, _ id: DiagnosticID) {
        let line = MarkedLine(marked)
        let found = diagnostic(of: line.text)
        #expect(found?.id == id, "\(line.text): \(found?.message ?? "no error")")
        #expect(found?.span == line.span, "\(line.text)")
    }

    @Test func constantsCannotBeAssigned() {
        #expect(diagnostic(of: "e = 3")?.message == "cannot assign to 'e': it is a built-in constant")
    }
}
