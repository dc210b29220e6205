import TallyDiagnostics

/// The statistics built-ins over their arguments: exact when every argument is rational
/// (`mean(1, 2)` is 3/2), otherwise real with the usual bounds.
extension BuiltIns {
    static let statistics: [FunctionEntry] = [
        // sum(expr, k, from, to) and product(…) over a bound variable are read by the parser
        // (Parser+Series.swift): the form is told apart by its shape.
        function(
            "sum", .atLeast(1), "sum(a, b, ...), sum(expr, k, from, to)", "the sum of the arguments, or of expr over k",
            aliases: ["∑"]
        ) { call throws(Diagnostic) in
            try total(call)
        },
        function(
            "product", .atLeast(1), "product(a, b, ...), product(expr, k, from, to)",
            "the product of the arguments, or of expr over k", aliases: ["prod", "∏"]
        ) {
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
            try mode(call)
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
        try checkSumSize(call, squared: false)
        return try call.settings.checked(call.arguments.dropFirst().reduce(call.arguments[0], +), at: call.span)
    }

    /// A product of rationals has at most as many digits as all of them together.
    private static func checkCombinedSize(_ call: FunctionCall) throws(Diagnostic) {
        let digits = call.arguments.reduce(0) { $0 + ($1.number?.decimalSize ?? 0) }
        try call.settings.checkSize(Double(digits), at: call.span)
    }

    /// The size check of a sum (`squared` false) or of a sum of squared deviations from the
    /// mean, before either is computed, from a bound that is close for the arguments people
    /// give: every term over the arguments' common denominator (found exactly, stopping once it
    /// is too long), whose numerators are at most the longest argument's digits more. For
    /// 60,000 six-digit integers a variance is sized at about 27 digits, not 1,080,000.
    private static func checkSumSize(_ call: FunctionCall, squared: Bool) throws(Diagnostic) {
        var longest = 0
        var common = BigInteger(1)
        var commonDigits = 1
        for argument in call.arguments {
            guard let number = argument.number else { continue }
            longest = Swift.max(longest, number.decimalSize)
            if number.isInteger { continue }
            try call.settings.chargeWork(Double(commonDigits + number.decimalSize), at: call.span)
            common = BigInteger.lcm(common, number.denominator)
            commonDigits = common.decimalDigitsEstimate
            // The mean's denominator is this one times n at most; past the limit, stop.
            if commonDigits > call.settings.maxDigits { break }
        }
        let countDigits = Double(String(call.arguments.count).utf8.count)
        // Σx: each numerator over the common denominator, plus the digits of n terms; a
        // deviation x - Σx/n sits over n × the common denominator; its square doubles that.
        let sum = Double(longest + commonDigits) + countDigits + 1
        let estimate = squared ? 2 * (sum + countDigits) + countDigits + 1 : sum
        try call.settings.checkSize(estimate, at: call.span)
    }

    /// Σ(x - mean)² / (n - 1) for a sample, / n for a population.
    private static func variance(_ call: FunctionCall, sample: Bool) throws(Diagnostic) -> Value {
        try checkSumSize(call, squared: true)
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
                        ?? Diagnostic.undecidable(
                            "the order of the arguments", "two", areWithin: settings.distanceText(.real(difference)),
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
}
