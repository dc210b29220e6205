import TallyDiagnostics

extension Evaluator {
    /// Settles the shown digits of an approximate result while its line still runs, so that
    /// the work of writing them counts against the line's budget like any other: a value whose
    /// digits would take more than `maxwork` (`sin(exp(10^6))`, whose argument needs 1.4
    /// million bits of π) fails at `span` with the budget's error, rather than showing `?`.
    /// The runner's formatting afterwards finds the digits' precision already computed.
    func settleDigits(of value: Value, at span: SourceSpan) throws(EvaluationError) {
        switch value.kind {
        case .real: break
        case .quantity(let quantity): if case .real = quantity.magnitude.kind { break } else { return }
        case .number, .truth, .calendar: return
        }
        let shown = formatter.format(value)
        guard LineWork.mustStop, shown.text.contains("?") else { return }
        if LineWork.isInterrupted { throw .interrupted }
        throw .failed(settings.workStopped(at: span))
    }
}
