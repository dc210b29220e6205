import Foundation
import TallyDiagnostics
import TallyTestSupport

@testable import TallyCore

/// Evaluates lines in order with one evaluator and returns the last line's displayed result.
func evaluate(_ lines: [String], digits: Int = 20) throws(Diagnostic) -> String {
    var evaluator = Evaluator(settings: EvaluationSettings(digits: digits))
    var last = ""
    for line in lines {
        if case .value(let value) = try run(line, in: &evaluator) {
            last = ValueFormatter(.decimal(significantDigits: digits)).format(value).text
        }
    }
    return last
}

/// Runs one line; nothing interrupts a test, so every failure is a diagnostic.
func run(_ line: String, in evaluator: inout Evaluator) throws(Diagnostic) -> StatementResult {
    do {
        return try evaluator.run(line: line)
    } catch {
        switch error {
        case .failed(let diagnostic): throw diagnostic
        case .interrupted: preconditionFailure("nothing interrupts a test")
        }
    }
}

/// The diagnostic a line produces, if any.
func diagnostic(of line: String) -> Diagnostic? {
    var evaluator = Evaluator()
    return diagnostic(of: line, in: &evaluator)
}

/// The diagnostic a line produces in `evaluator`, if any.
func diagnostic(of line: String, in evaluator: inout Evaluator) -> Diagnostic? {
    do {
        _ = try run(line, in: &evaluator)
        return nil
    } catch {
        return error
    }
}
