import TallyCalendar
import TallyCore
import TallyDiagnostics
import TallyHealth

/// Runs a `bmi` line: reads its arguments with the language (``BMIArgumentReader``), hands the
/// typed request to TallyHealth, and gives the result and the text to print.
enum BMIRunner {
    /// The result of the `bmi` line `line` whose arguments start at `argumentsStart` (a 0-based
    /// UTF-8 offset), and its report; nil when Ctrl-C stopped it.
    ///
    /// - Parameters:
    ///   - standard: the session's standard, for a line that names none.
    ///   - today: the day a birth date is counted to when the line has no `on DATE`.
    ///   - chartWidth: the columns a chart (`bmi … chart`) may take.
    ///   - asciiChart: whether a chart draws with ASCII characters only (`--ascii`).
    static func run(
        line: String, argumentsStart: Int, evaluator: Evaluator, standard: BMIStandard, today: CivilDate?,
        chartWidth: Int = 80, asciiChart: Bool = false
    ) throws(Diagnostic) -> (BMIResult, String)? {
        do {
            var reader = BMIArgumentReader(line: line, argumentsStart: argumentsStart, evaluator: evaluator)
            let (request, chart) = try reader.read()
            let result = try request.evaluate(defaultStandard: standard, today: today)
            guard chart else { return (result, result.report) }
            return (result, result.report + "\n" + BMIChart(result).text(width: chartWidth, ascii: asciiChart))
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch EvaluationError.failed(let diagnostic) {
            throw diagnostic
        } catch EvaluationError.interrupted {
            return nil
        } catch {
            throw Diagnostic.bmiFailed("\(error)", at: SourceSpan(start: argumentsStart, end: line.utf8.count))
        }
    }

    /// The exact BMI as the calculator's number, for `ans`.
    static func number(_ value: Rational) -> Number {
        guard let numerator = BigInteger(String(value.numerator)),
            let denominator = BigInteger(String(value.denominator))
        else { preconditionFailure("a fraction's digits read back") }
        return Number(numerator: numerator, denominator: denominator)
    }
}
