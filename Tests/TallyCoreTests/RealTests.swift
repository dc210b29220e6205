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

    // MARK: One MPFR evaluation at a point

    /// The functions of the accuracy table, each at a point (1/2), a narrow interval (1/3: not
    /// a binary fraction) and an exact irrational (√2/2): the one-evaluation interval at 100
    /// bits holds MPFI's at 400, and at a point it is at most one unit of its last place wide.
    @Test(arguments: [
        RealFunction.exp, .log, .sin, .cos, .tan, .asin, .acos, .atan, .sinh, .cosh, .tanh, .asinh, .atanh,
        .root(2), .root(3),
    ])
    func onePointEvaluationHoldsTheValue(_ function: RealFunction) throws {
        Interval.prepareExponentRange()
        let rule = try #require(function.pointRule)
        let arguments = [
            Real(Number(numerator: 1, denominator: 2)), Real(Number(numerator: 1, denominator: 3)),
            Real.root(Real(Number(numerator: 1, denominator: 2)), 2),
        ]
        for argument in arguments {
            let fast = argument.interval(precision: 100).applying(rule, precision: 100)
            let precise = argument.interval(precision: 400).map(precision: 400, rule.interval)
            #expect(
                precise.isInside(fast), "\(function) of \(argument.interval(precision: 64).decimalBounds(count: 8))")
            if argument.interval(precision: 100).isPoint, let width = fast.widthExponent {
                #expect(width <= fast.magnitudeExponent - 99, "\(function): one unit at most")
            }
        }
        // acosh wants an argument above 1.
        let acosh = try #require(RealFunction.acosh.pointRule)
        for argument in [Real(Number(3)), Real(Number(numerator: 7, denominator: 3))] {
            #expect(
                argument.interval(precision: 400).map(precision: 400, acosh.interval)
                    .isInside(argument.interval(precision: 100).applying(acosh, precision: 100)))
        }
    }

    /// A function known only within a few units in the last place is widened by them.
    @Test func documentedBoundsWiden() {
        Interval.prepareExponentRange()
        let one = Interval(Number(1), precision: 100)
        let sine = RealFunction.sin.pointRule!.number
        let rounded = one.mapPoint(precision: 100, sine, accuracy: .correctlyRounded)
        let bounded = one.mapPoint(precision: 100, sine, accuracy: .withinUnits(3))
        #expect(rounded.isInside(bounded))
        #expect(bounded.widthExponent! > rounded.widthExponent! + 2)
    }

    /// Logarithms of words and of fractions of words, and the constants, from MPFR's own
    /// routines, hold the general logarithm's value.
    @Test(arguments: [
        Number(2), Number(10), Number(3), Number(numerator: 3, denominator: 2), Number(1_000_003),
        Number(numerator: 1_000_001, denominator: 1_000_000),
    ])
    func logarithmsOfWordsHoldTheValue(_ q: Number) {
        Interval.prepareExponentRange()
        let fast = Irrational.log(q).interval(precision: 200)
        let precise = Interval(q, precision: 600).map(precision: 600, RealFunction.log.pointRule!.interval)
        #expect(precise.isInside(fast), "ln \(q)")
        #expect(fast.widthExponent! <= fast.magnitudeExponent - 190)
    }

    @Test func constantsFromMPFR() {
        Interval.prepareExponentRange()
        let euler = Interval.euler(precision: 140)
        #expect(
            euler.decimalBounds(count: 40).lower.digits
                == "5772156649015328606065120900824024310421".map { UInt8(String($0))! })
        #expect(
            Interval.pi(precision: 100).decimalBounds(count: 25).lower.digits
                == "3141592653589793238462643".map { UInt8(String($0))! })
    }

    /// The bounds of one decimal conversion hold those of two.
    @Test(arguments: ["pi", "-pi", "sin(1/3)", "-exp(sqrt(2))", "10^40*pi", "pi/10^400", "1 - 10^-19*pi"])
    func oneConversionBoundsTheValue(_ line: String) throws {
        var evaluator = Evaluator()
        guard case .value(let value) = try run(line, in: &evaluator), case .real(let real) = value.kind else {
            Issue.record("\(line): no real")
            return
        }
        let interval = real.interval(precision: 200)
        let (lower, upper) = interval.decimalBounds(count: 62)
        let endpoints = interval.endpointDecimals(count: 62)
        // The bound nearer zero is that endpoint's conversion; the other reaches at least as
        // far out as the other endpoint's.
        let (inner, outer) = lower.isNegative ? (upper, lower) : (lower, upper)
        let (innerEndpoint, reference) = lower.isNegative ? (endpoints.upper, endpoints.lower) : endpoints
        #expect(inner == innerEndpoint, "\(line)")
        #expect(outer.digits.count == 62 && outer.exponent == reference.exponent, "\(line)")
        #expect(!outer.digits.lexicographicallyPrecedes(reference.digits), "\(line)")
    }
}
