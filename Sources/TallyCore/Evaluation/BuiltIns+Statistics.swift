import TallyDiagnostics

/// The statistics built-ins over their arguments: exact when every argument is rational
/// (`mean(1, 2)` is 3/2), otherwise real with the usual bounds.
extension BuiltIns {
    static let statistics: [FunctionEntry] = [
        function("sum", .atLeast(1), "sum(a, b, ...)", "the sum of the arguments") { call throws(Diagnostic) in
            try total(call)
        },
        function("product", .atLeast(1), "product(a, b, ...)", "the product of the arguments") {
            call throws(Diagnostic) in
            try checkCombinedSize(call)
            return try call.settings.checked(call.arguments.dropFirst().reduce(call.arguments[0], *), at: call.span)
        },
        function("mean", .atLeast(1), "mean(a, b, ...)", "the arithmetic mean") { call throws(Diagnostic) in
            try call.settings.checked(try total(call) / count(call), at: call.span)
        },
        function("median", .atLeast(1), "median(a, b, ...)", "the middle value (the mean of the middle two)") {
            call throws(Diagnostic) in
            let sorted = try sortedArguments(call)
            let middle = sorted.count / 2
            if sorted.count % 2 == 1 { return sorted[middle] }
            return try call.settings.checked((sorted[middle - 1] + sorted[middle]) / .number(Number(2)), at: call.span)
        },
        function("mode", .atLeast(1), "mode(a, b, ...)", "the most frequent value (the first of equals)") {
            call throws(Diagnostic) in
            var counts: [(value: Value, count: Int)] = []
            for argument in call.arguments {
                if let index = counts.firstIndex(where: { isExactlyEqual($0.value, argument) }) {
                    counts[index].count += 1
                } else {
                    counts.append((argument, 1))
                }
            }
            var best = counts[0]
            for entry in counts.dropFirst() where entry.count > best.count { best = entry }
            return best.value
        },
        function("variance", .atLeast(2), "variance(a, b, ...)", "sample variance (divides by n - 1)") {
            call throws(Diagnostic) in
            try variance(call, sample: true)
        },
        function("stdev", .atLeast(2), "stdev(a, b, ...)", "sample standard deviation") { call throws(Diagnostic) in
            try call.result(Real.root(try variance(call, sample: true).real(at: call.span), 2))
        },
        function("pvariance", .atLeast(1), "pvariance(a, b, ...)", "population variance (divides by n)") {
            call throws(Diagnostic) in
            try variance(call, sample: false)
        },
        function("pstdev", .atLeast(1), "pstdev(a, b, ...)", "population standard deviation") {
            call throws(Diagnostic) in
            try call.result(Real.root(try variance(call, sample: false).real(at: call.span), 2))
        },
    ]

    private static func count(_ call: FunctionCall) -> Value {
        .number(Number(call.arguments.count))
    }

    /// The arguments' sum, size-checked first.
    private static func total(_ call: FunctionCall) throws(Diagnostic) -> Value {
        try checkCombinedSize(call)
        return try call.settings.checked(call.arguments.dropFirst().reduce(call.arguments[0], +), at: call.span)
    }

    /// A sum or product of rationals has at most as many digits as all of them together.
    private static func checkCombinedSize(_ call: FunctionCall, factor: Int = 1) throws(Diagnostic) {
        let digits = call.arguments.reduce(0) { $0 + ($1.number?.decimalSize ?? 0) }
        try call.settings.checkSize(Double(digits * factor), at: call.span)
    }

    /// Σ(x - mean)² / (n - 1) for a sample, / n for a population.
    private static func variance(_ call: FunctionCall, sample: Bool) throws(Diagnostic) -> Value {
        try checkCombinedSize(call, factor: 3)
        let mean = try total(call) / count(call)
        var squares = Value.number(Number(0))
        for argument in call.arguments {
            let deviation = argument - mean
            squares = squares + deviation * deviation
        }
        let divisor = Value.number(Number(call.arguments.count - (sample ? 1 : 0)))
        return try call.settings.checked(squares / divisor, at: call.span)
    }

    /// The arguments in increasing order; an error when two are too close to order.
    private static func sortedArguments(_ call: FunctionCall) throws(Diagnostic) -> [Value] {
        var failure: Diagnostic?
        let settings = call.settings
        let sorted = call.arguments.sorted { a, b in
            switch (a - b).kind {
            case .number(let difference): return difference.signum < 0
            case .truth: return false  // calls take numbers only
            case .real(let difference):
                guard let sign = difference.sign(within: settings.budget) else {
                    failure =
                        failure
                        ?? settings.undecidable(
                            "cannot decide the order of the arguments: two are within \(settings.budgetText) of each other",
                            at: call.span)
                    return false
                }
                return sign < 0
            case .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
            }
        }
        if let failure { throw failure }
        return sorted
    }

    /// Whether two values are the same exact number (approximate values are equal only to
    /// themselves as formulas, which `mode` does not guess at).
    private static func isExactlyEqual(_ a: Value, _ b: Value) -> Bool {
        guard let x = a.number, let y = b.number else { return false }
        return x == y
    }
}
