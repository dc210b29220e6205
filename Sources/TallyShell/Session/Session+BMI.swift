import TallyCore
import TallyDiagnostics
import TallyHealth

/// `bmi`: its arguments read and evaluated, its result recorded as `ans`.
extension Session {
    // MARK: bmi

    mutating func runBMI(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let command = try BMICommand(line: line, argumentsStart: argumentsStart)
        let evaluator = self.evaluator
        let result: BMIResult
        // Only a birth date needs today; an unusable TALLY_TODAY matters only then.
        let today = (try? environment.today()).flatMap {
            CalendarDate(year: $0.year, month: $0.month, day: $0.day)
        }
        do {
            result = try command.evaluate(defaultStandard: standard, today: today) { span in
                let value = try evaluator.evaluate(line: line, in: span)
                if value.isTruth { throw Diagnostic.expectedNumber(at: span) }
                guard let number = value.number else {
                    throw Diagnostic.inexactMeasurement(evaluator.formatter.format(value).text, at: span)
                }
                return number
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch EvaluationError.failed(let diagnostic) {
            throw diagnostic
        } catch EvaluationError.interrupted {
            return .interrupted
        } catch {
            throw Diagnostic.bmiFailed("\(error)", at: SourceSpan(start: argumentsStart, end: line.utf8.count))
        }
        self.evaluator.recordResult(.number(result.value))
        return LineOutcome(.text(result.report, data: JSONMember("bmi", result.jsonObject)), warnings: result.warnings)
    }
}
