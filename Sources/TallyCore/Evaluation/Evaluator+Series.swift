import TallyDiagnostics

/// Sums and products over a bound variable (``Series``): the term run once for each integer
/// between the bounds, on a stack of its own, its variable (and the enclosing function's
/// parameters) passed as a body's arguments are.
extension Evaluator {
    /// The most terms a series may have, whatever the budget.
    static let largestSeriesLength = 100_000_000

    /// Replaces the two bounds on top of `stack` by the series' value. The work is charged
    /// before the first term (the term's instructions times the number of terms), so a series
    /// beyond `maxwork` is refused before it starts.
    func runSeries(_ series: Series, span: SourceSpan, on stack: inout OperandStack, base: Int) throws(Diagnostic) {
        let upper = stack.removeLast()
        let lower = stack.removeLast()
        let what = series.isProduct ? "a product's bounds" : "a sum's bounds"
        let first = try settings.integer(lower.value, at: lower.span, purpose: "\(what) must be integers")
        let last = try settings.integer(upper.value, at: upper.span, purpose: "\(what) must be integers")
        let identity = Value.number(Number(series.isProduct ? 1 : 0))
        guard Number.compare(first, last) <= 0 else {
            stack.append(Operand(value: identity, span: span))
            return
        }
        let count = last - first + Number(1)
        guard let length = count.intValue, length <= Evaluator.largestSeriesLength else {
            throw Diagnostic.seriesTooLong(settings.briefly(count), largest: Evaluator.largestSeriesLength, at: span)
        }
        let perTerm = 2 * Evaluator.stepsPerInstruction * Double(series.term.instructions.count + 8)
        try settings.chargeWork(Double(length) * perTerm, at: span)
        var arguments = (0..<series.outerParameterCount).map { stack[base + $0] }
        arguments.append(Operand(value: .number(first), span: lower.span))
        // Pairwise: partial[i] holds 2^i terms, so a long real series stays shallow.
        var partials: [Value?] = []
        var k = first
        for _ in 0..<length {
            arguments[arguments.count - 1].value = .number(k)
            let term: Value
            do {
                term = try evaluate(series.term, meter: meter, arguments: arguments)
            } catch {
                switch error {
                case .failed(let diagnostic): throw diagnostic
                case .interrupted: throw settings.workStopped(at: span)
                }
            }
            switch term.kind {
            case .number, .real: break
            default: throw Diagnostic.seriesTermNotNumber(series.variable, at: series.term.span)
            }
            var carry = term
            var level = 0
            while level < partials.count, let partial = partials[level] {
                // Exact fractions grow (the sum of 1/k² has a denominator of thousands of
                // digits): each step is charged as the products and gcd its sizes cost
                // (measured: a gcd of fractions this long takes some twelve products).
                if let a = partial.number, let b = carry.number {
                    let digits = Double(Swift.max(a.decimalSize, b.decimalSize))
                    if digits > 40 { try settings.chargeWork(12 * WorkCost.multiplication(digits: digits), at: span) }
                }
                carry = series.isProduct ? partial * carry : partial + carry
                partials[level] = nil
                level += 1
            }
            if level == partials.count { partials.append(carry) } else { partials[level] = carry }
            if LineWork.mustStop { throw settings.workStopped(at: span) }
            k = k + Number(1)
        }
        var result = identity
        for partial in partials.reversed() {
            guard let partial else { continue }
            result = series.isProduct ? result * partial : result + partial
        }
        stack.append(Operand(value: try settings.checked(result, at: span), span: span))
    }
}
