import Foundation

@testable import TallyCore

/// A line written with a `⟨…⟩` marker around the span a diagnostic must cover (`⟨⟩` for an
/// empty span), so nobody counts columns by hand.
struct MarkedLine {
    let text: String
    let span: SourceSpan

    init(_ marked: String) {
        let open = marked.range(of: "⟨")!
        let close = marked.range(of: "⟩")!
        let before = marked[..<open.lowerBound]
        let inside = marked[open.upperBound..<close.lowerBound]
        let after = marked[close.upperBound...]
        text = String(before) + String(inside) + String(after)
        let start = before.utf8.count
        span = SourceSpan(start: start, end: start + inside.utf8.count)
    }
}

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
