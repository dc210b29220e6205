import Foundation

import TallyTestSupport

@testable import TallyCore

/// Evaluates lines in order with one evaluator and returns the last line's displayed result.
func evaluate(_ lines: [String], digits: Int = 20) throws(Diagnostic) -> String {
    var evaluator = Evaluator(settings: EvaluationSettings(digits: digits))
    var last = ""
    for line in lines {
        if case .value(let value) = try evaluator.run(line: line) {
            last = value.formatted(significantDigits: digits).text
        }
    }
    return last
}

/// The diagnostic a line produces, if any.
func diagnostic(of line: String) -> Diagnostic? {
    var evaluator = Evaluator()
    do {
        _ = try evaluator.run(line: line)
        return nil
    } catch {
        return error
    }
}
