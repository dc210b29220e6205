import TallyCore
import TallyDiagnostics
import TallyHealth

/// `bmi`: its arguments read as the language's own quantities (``BMIRunner``), its result
/// recorded as `ans`.
extension Session {
    mutating func runBMI(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let today = try? environment.today()
        guard
            let (result, report) = try BMIRunner.run(
                line: line, argumentsStart: argumentsStart, evaluator: evaluator, standard: standard, today: today,
                chartWidth: style == .interactive ? TerminalSize.current.columns : 80,
                asciiChart: environment.glyphs == .ascii)
        else { return .interrupted }
        evaluator.recordResult(.number(BMIRunner.number(result.value)))
        return LineOutcome(.text(report, data: JSONMember("bmi", result.jsonObject)), warnings: result.warnings)
    }
}
