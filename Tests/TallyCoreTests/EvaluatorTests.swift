import TallyDiagnostics
import Testing

@testable import TallyCore

/// The display rules of docs/language.md as a table: input → displayed result (batch form, 20 digits).
@Suite struct EvaluatorTests {
    @Test(arguments: [
        ("0.1 + 0.2", "0.3"), ("1/3*3", "1"), ("7/2", "3.5"),
        ("2^200", "1606938044258990275541962092341162602522202993782792835301376"),
        ("2^-1", "0.5"), ("-2^2", "-4"), ("2^3^2", "512"), ("(-8)^(1/3)", "-2"),
        ("sqrt(16)", "4"), ("sqrt(0.25)", "0.5"), ("1/3", "0.33333333333333333333"),
        ("7 // 2", "3"), ("-7 // 2", "-4"), ("-7 % 3", "2"), ("5!", "120"),
        ("1 - -2", "3"), ("1 * -2", "-2"), ("2 ** 3 ** 2", "512"), ("(2^3)^2", "64"),
        ("6 × 7 ÷ 2 − 1", "20"), ("−3", "-3"), ("+-+3", "-3"),
        ("9223372036854775807 + 1", "9223372036854775808"),
        ("-9223372036854775808 - 1", "-9223372036854775809"),
        ("3037000500 * 3037000500", "9223372037000250000"),
        ("(-9223372036854775807 - 1) // -1", "9223372036854775808"),
        ("(-9223372036854775807 - 1) % -1", "0"),
        ("1/9223372036854775807 + 1/9223372036854775806", "2.1684043449710088684e-19"),
        ("10^20 / 10^18", "100"), ("2^64 % 7", "2"), ("-(2^64) // 3", "-6148914691236517206"),
        ("20!", "2432902008176640000"), ("25!", "15511210043330985984000000"),
        ("1e20 + 0.5", "1e20"), ("1e19 + 0.5", "10000000000000000001"), ("123.456", "123.456"),
        ("0.000001", "0.000001"), ("0.0000001", "1e-7"),
        ("1/1024", "0.0009765625"), ("2^-20", "9.5367431640625e-7"), ("12.50", "12.5"),
        ("0.1^3", "0.001"), ("(1/3)^2", "0.11111111111111111111"), ("(2/3)^-2", "2.25"),
        ("4^0.5", "2"), ("8^(2/3)", "4"), ("(-8)^(2/3)", "4"), ("(-32)^(3/5)", "-8"), ("(27/8)^(1/3)", "1.5"),
        ("0^0", "1"), ("0^5", "0"), ("1^(10^30)", "1"), ("(-1)^(10^30+1)", "-1"),
        ("round(0.5)", "1"), ("round(-0.5)", "-1"), ("round(1.005, 2)", "1.01"), ("round(15, -1)", "20"),
        ("floor(7/2)", "3"), ("ceil(7/2)", "4"), ("trunc(-7/2)", "-3"), ("abs(-7/2)", "3.5"),
        ("min(2, -3, 1)", "-3"), ("max(1/3, 0.3)", "0.33333333333333333333"),
        ("gcd(0, 0)", "0"), ("gcd(-12, 18)", "6"), ("lcm(-4, 6)", "12"), ("lcm(0, 5)", "0"),
        ("root(1000, 3)", "10"), ("cbrt(-0.008)", "-0.2"), ("sqrt(2)", "1.4142135623730950488"),
        ("sqrt(2)^2", "2"), ("2^0.5 * 2^0.5", "2"), ("1.5!", "1.3293403881791370205"),
        ("hypot(3, 4)", "5"), ("hypot(-5, 12)", "13"), ("hypot(0.3, 0.4)", "0.5"), ("hypot(0, -7)", "7"),
        ("hypot(1, 1)", "1.4142135623730950488"), ("hypot(1/3, 1/4)", "0.41666666666666666667"),
        ("hypot(3)", "ERROR"),
    ])
    func displaysResult(_ input: String, _ expected: String) {
        let result: String
        do {
            result = try evaluate([input])
        } catch {
            result = "ERROR"
        }
        #expect(result == expected, "\(input)")
    }

    @Test func approximateResultsAreMarkedRounded() throws {
        var evaluator = Evaluator()
        guard case .value(let root) = try run("sqrt(2)", in: &evaluator) else { Issue.record("no value"); return }
        #expect(root.number == nil)
        #expect(ValueFormatter(.decimal(significantDigits: 20)).format(root).isRounded)
        guard case .value(let exact) = try run("sqrt(2.25)", in: &evaluator) else { Issue.record("no value"); return }
        #expect(exact.number != nil)
        #expect(!exact.number!.formatted(significantDigits: 20).isRounded)
        guard case .value(let third) = try run("1/3", in: &evaluator) else { Issue.record("no value"); return }
        #expect(third.number != nil)
        #expect(third.number!.formatted(significantDigits: 20).isRounded)
    }

    @Test func moreDigitsOnRequest() throws {
        #expect(try evaluate(["1/7"], digits: 50) == "0.14285714285714285714285714285714285714285714285714")
        #expect(try evaluate(["sqrt(2)"], digits: 40) == "1.41421356237309504880168872420969807857")
        #expect(try evaluate(["2^0.5"], digits: 60) == "1.41421356237309504880168872420969807856967187537694807317668")
    }

    @Test func variablesAndAns() throws {
        #expect(try evaluate(["x = 2", "y = x^10", "y + 1"]) == "1025")
        #expect(try evaluate(["3 * 4", "ans / 2"]) == "6")
        #expect(try evaluate(["키 = 175", "키 / 100"]) == "1.75")
    }

    @Test func assignmentPrintsNothingButSetsTheVariable() throws {
        var evaluator = Evaluator()
        guard case .assigned(let name, let value) = try run("rate = 0.07", in: &evaluator) else {
            Issue.record("not an assignment")
            return
        }
        #expect(name == "rate")
        #expect(value.number!.formatted(significantDigits: 20).text == "0.07")
        #expect(evaluator.lastResult == nil)
    }

    @Test func longSumsAreALoopNotDeepRecursion() throws {
        let line = "1" + String(repeating: "+1", count: 99_999)
        #expect(try evaluate([line]) == "100000")
    }
}
