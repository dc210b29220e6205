/// The built-in functions and constants, in the order `help functions` lists them. Each is one
/// entry: its name, arity, help text and implementation. Errors point at the argument at fault
/// (`call.argumentSpans`) or at the whole call (`call.span`).
enum BuiltIns {
    static let all: [FunctionEntry] = [
        function("abs", .exactly(1), "abs(x)", "absolute value") { call throws(Diagnostic) in
            .number(try call.number(0).magnitude)
        },
        function("sqrt", .exactly(1), "sqrt(x)", "square root; exact when x is a perfect square") {
            call throws(Diagnostic) in
            let x = try call.number(0)
            if x.signum < 0 {
                throw Diagnostic(.domainError, "square root of a negative number", at: call.argumentSpans[0])
            }
            return .number(call.settings.root(x, 2))
        },
        function("cbrt", .exactly(1), "cbrt(x)", "cube root; negative x allowed") { call throws(Diagnostic) in
            .number(call.settings.root(try call.number(0), 3))
        },
        function("root", .exactly(2), "root(x, n)", "n-th root; negative x allowed for odd n") {
            call throws(Diagnostic) in
            let x = try call.number(0)
            let n = try rootDegree(try call.number(1), at: call.argumentSpans[1])
            if n % 2 == 0 && x.signum < 0 {
                throw Diagnostic(.domainError, "even root of a negative number", at: call.argumentSpans[0])
            }
            return .number(call.settings.root(x, n))
        },
        function("hypot", .exactly(2), "hypot(x, y)", "sqrt(x^2 + y^2); exact when that is a perfect square") {
            call throws(Diagnostic) in
            let x = try call.number(0)
            let y = try call.number(1)
            // The squares have at most twice the digits of the larger argument.
            try call.settings.checkSize(Double(2 * Swift.max(x.decimalSize, y.decimalSize) + 1), at: call.span)
            return .number(call.settings.root(call.settings.settled(x * x + y * y), 2))
        },
        function(
            "round", .range(1...2), "round(x), round(x, places)",
            "nearest integer or multiple of 10^-places, ties away from zero"
        ) { call throws(Diagnostic) in
            let x = try call.number(0)
            let maxDigits = call.settings.maxDigits
            var places = 0
            if call.arguments.count == 2 {
                let requested = try call.number(1)
                guard requested.isInteger, let p = requested.intValue, p.magnitude <= UInt(maxDigits) else {
                    throw Diagnostic(
                        .argumentOutOfRange, "round's places must be an integer within ±\(grouped(maxDigits))",
                        at: call.argumentSpans[1])
                }
                places = p
            }
            try call.settings.checkSize(Double(x.decimalSize + Swift.max(places, 0)), at: call.span)
            return .number(x.rounded(toPlaces: places))
        },
        function("floor", .exactly(1), "floor(x)", "largest integer not above x") { call throws(Diagnostic) in
            .number(try call.number(0).floor)
        },
        function("ceil", .exactly(1), "ceil(x)", "smallest integer not below x") { call throws(Diagnostic) in
            .number(try call.number(0).ceiling)
        },
        function("trunc", .exactly(1), "trunc(x)", "integer part, toward zero") { call throws(Diagnostic) in
            .number(try call.number(0).truncated)
        },
        function("min", .atLeast(1), "min(a, b, ...)", "smallest argument") { call throws(Diagnostic) in
            .number(extreme(try call.numbers(), keeping: { $0 < 0 }))
        },
        function("max", .atLeast(1), "max(a, b, ...)", "largest argument") { call throws(Diagnostic) in
            .number(extreme(try call.numbers(), keeping: { $0 > 0 }))
        },
        function("gcd", .atLeast(1), "gcd(a, b, ...)", "greatest common divisor of integers") {
            call throws(Diagnostic) in
            let integers = try integers(of: call)
            return .number(Number(integers.dropFirst().reduce(integers[0].magnitude, BigInteger.gcd)))
        },
        function("lcm", .atLeast(1), "lcm(a, b, ...)", "least common multiple of integers") {
            call throws(Diagnostic) in
            let integers = try integers(of: call)
            try call.settings.checkSize(Double(try call.numbers().reduce(0) { $0 + $1.decimalSize }), at: call.span)
            return .number(Number(integers.dropFirst().reduce(integers[0].magnitude, BigInteger.lcm)))
        },
    ]

    private static func function(
        _ name: String, _ arity: Arity, _ usage: String, _ summary: String,
        _ implementation: @escaping @Sendable (FunctionCall) throws(Diagnostic) -> Value
    ) -> FunctionEntry {
        FunctionEntry(name: name, usage: usage, summary: summary, kind: .function(arity, implementation))
    }

    /// The argument whose comparison with each other argument satisfies `keeping` (the first
    /// of equals).
    private static func extreme(_ values: [Number], keeping: (Int) -> Bool) -> Number {
        var best = values[0]
        for value in values.dropFirst() where keeping(Number.compare(value, best)) {
            best = value
        }
        return best
    }

    /// The arguments of `gcd` or `lcm`, which must be exact integers.
    private static func integers(of call: FunctionCall) throws(Diagnostic) -> [BigInteger] {
        var integers: [BigInteger] = []
        for (index, span) in call.argumentSpans.enumerated() {
            guard case let value = try call.number(index), value.isExact, let integer = value.bigIntegerValue else {
                throw Diagnostic(.notAnInteger, "\(call.name) needs integers", at: span)
            }
            integers.append(integer)
        }
        return integers
    }

    /// A root's degree: a whole number from 1 to 2^20.
    private static func rootDegree(_ value: Number, at span: SourceSpan) throws(Diagnostic) -> Int {
        guard value.isExact, let n = value.intValue, n >= 1, n <= 1 << 20 else {
            throw Diagnostic(
                .argumentOutOfRange, "the root's degree must be a whole number from 1 to \(grouped(1 << 20))", at: span)
        }
        return n
    }
}
