import TallyDiagnostics
import Testing

@testable import TallyCore

/// A name the user gave a meaning wins over a unit of the same name: a parameter in its
/// function's body, silently (the definition says so), and a variable of the session, with a
/// warning that names the unit.
struct UnitShadowingTests {
    func run(_ lines: [String]) throws -> (Value?, [Diagnostic]) {
        var evaluator = Evaluator()
        var last: StatementResult = .nothing
        for line in lines { last = try evaluator.run(line: line) }
        guard case .value(let value) = last else { return (nil, evaluator.lineWarnings) }
        return (value, evaluator.lineWarnings)
    }

    @Test(arguments: [
        (["f(t) = 2t", "f(3)"], "6"), (["g(s) = 3s", "g(2)"], "6"), (["area(d) = 2d", "area(4)"], "8"),
    ])
    func aParameterWinsInItsBody(lines: [String], shown: String) throws {
        let (value, warnings) = try run(lines)
        #expect(value.map { ValueFormatter(settings: EvaluationSettings()).format($0).text } == shown)
        #expect(warnings.isEmpty)
    }

    @Test func aVariableWinsWithAWarningAndUnsetGivesTheUnitBack() throws {
        let (value, warnings) = try run(["m = 5", "2m"])
        #expect(value.map { ValueFormatter(settings: EvaluationSettings()).format($0).text } == "10")
        #expect(warnings.map(\.id) == [.ambiguousJuxtaposition])
        #expect(warnings.first?.message.contains("'m' is your variable here, not the unit m") == true)
        var evaluator = Evaluator()
        _ = try evaluator.run(line: "m = 5")
        try evaluator.unset("m", at: SourceSpan(at: 0))
        guard case .value(let unit) = try evaluator.run(line: "2m") else {
            Issue.record("no value")
            return
        }
        #expect(ValueFormatter(settings: EvaluationSettings()).format(unit).text == "2 m")
        #expect(evaluator.lineWarnings.isEmpty)
    }
}
