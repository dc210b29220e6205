import TallyDiagnostics

/// The built-in functions and constants, in the order `help functions` lists them. Each is one
/// entry: its name, arity, help text and implementation. Errors point at the argument at fault
/// (`call.argumentSpans`) or at the whole call (`call.span`).
///
/// Exact arguments give exact results where the result is rational or a known irrational form
/// (``Real``); domain questions about approximate arguments (is it negative? is it 1?) are
/// decided from their bounds, and an error says so when the precision budget cannot.
enum BuiltIns {
    static let all: [FunctionEntry] = elementary + special + numberTheory + statistics + everyday + calendar

    /// What a call of a built-in function runs: its name (for messages) and implementation,
    /// without the entry's help texts to copy.
    struct Callable: Sendable {
        let name: String
        let implementation: @Sendable (FunctionCall) throws(Diagnostic) -> Value
        /// Whether its arguments may be truth values (a conditional's condition).
        let takesTruthValues: Bool
        /// Whether it takes an angle quantity in radians.
        let takesAngle: Bool
        /// Whether it takes dates and times.
        let takesCalendarValues: Bool
        /// How a line that is one call of it shows its value.
        let shownAs: ConversionTarget?
    }

    /// The built-in functions by their index in ``FunctionTable/builtIn`` (nil for a constant).
    static let callables: [Callable?] = FunctionTable.builtIn.entries.map { entry in
        guard case .function(_, let implementation) = entry.kind else { return nil }
        return Callable(
            name: entry.name, implementation: implementation, takesTruthValues: entry.evaluation == .conditional,
            takesAngle: entry.takesAngle, takesCalendarValues: entry.takesCalendarValues, shownAs: entry.shownAs)
    }

    private static let elementary: [FunctionEntry] = [
        constant("pi", "π = 3.14159…, the ratio of a circle's circumference to its diameter", aliases: ["π"]) {
            _ throws(Diagnostic) in .real(Real.pi)
        },
        constant("e", "e = 2.71828…, the base of the natural logarithm") { _ throws(Diagnostic) in .real(Real.e) },
        constant("tau", "τ = 2π = 6.28318…, a full turn in radians", aliases: ["τ"]) { _ throws(Diagnostic) in
            .real(Real(Combination(Number(2), .pi)))
        },
        constant("phi", "φ = (1 + √5)/2 = 1.61803…, the golden ratio, kept exact", aliases: ["φ"]) {
            _ throws(Diagnostic) in .real((Real(Number(1)) + Real.root(Real(Number(5)), 2)) / Real(Number(2)))
        },
        constant("true", "the truth value of a comparison that holds") { _ throws(Diagnostic) in .truth(true) },
        constant("false", "the truth value of a comparison that fails") { _ throws(Diagnostic) in .truth(false) },
        function(
            "if", .exactly(3), "if(c, a, b)", "a when c is true, b when false; only that one is evaluated",
            evaluation: .conditional
        ) { call throws(Diagnostic) in
            // The parser compiles `if(…)` to a jump, so that one branch runs; this is its meaning.
            guard case .truth(let condition) = call.arguments[0].kind else {
                throw Diagnostic.expectedTruth(at: call.argumentSpans[0])
            }
            return call.arguments[condition ? 1 : 2]
        },
        function("abs", .exactly(1), "abs(x)", "absolute value") { call throws(Diagnostic) in
            switch call.arguments[0].kind {
            case .number(let x): return .number(x.magnitude)
            case .real(let x):
                // Exact when the sign is known; otherwise |x| is an interval function of its own.
                guard let sign = x.sign(within: call.settings.budget) else { return try call.result(Real(.abs, [x])) }
                return .real(sign < 0 ? -x : x)
            case .truth:
                preconditionFailure("a truth value reached a function of numbers: calls check their arguments")
            case .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
            }
        },
        function("sqrt", .exactly(1), "sqrt(x)", "square root; exact when x is a perfect square", aliases: ["√"]) {
            call throws(Diagnostic) in
            try requireNonNegative(call, 0, "square root of a negative number")
            return try call.result(Real.root(try call.real(0), 2))
        },
        function("cbrt", .exactly(1), "cbrt(x)", "cube root; negative x allowed", aliases: ["∛"]) {
            call throws(Diagnostic) in
            try call.result(Real.root(try call.real(0), 3))
        },
        function("root", .exactly(2), "root(x, n)", "n-th root; negative x allowed for odd n") {
            call throws(Diagnostic) in
            let n = try rootDegree(call.arguments[1], at: call.argumentSpans[1])
            if n % 2 == 0 { try requireNonNegative(call, 0, "even root of a negative number") }
            return try call.result(Real.root(try call.real(0), n))
        },
        function("hypot", .exactly(2), "hypot(x, y)", "sqrt(x^2 + y^2); exact when that is a perfect square") {
            call throws(Diagnostic) in
            if let x = call.arguments[0].number, let y = call.arguments[1].number {
                // The squares have at most twice the digits of the larger argument.
                try call.settings.checkSize(Double(2 * Swift.max(x.decimalSize, y.decimalSize) + 1), at: call.span)
            }
            return try call.result(Real.hypot(try call.real(0), try call.real(1)))
        },
        function("exp", .exactly(1), "exp(x)", "e^x") { call throws(Diagnostic) in
            try call.result(Real.exp(try call.real(0)))
        },
        function("ln", .exactly(1), "ln(x)", "natural logarithm, x > 0") { call throws(Diagnostic) in
            try requirePositive(call, 0)
            return try call.result(Real.log(try call.real(0)))
        },
        function("log10", .exactly(1), "log10(x)", "logarithm to base 10, x > 0", aliases: ["lg"]) {
            call throws(Diagnostic) in
            try requirePositive(call, 0)
            return try call.result(Real.log(try call.real(0), base: Real(Number(10))))
        },
        function("log2", .exactly(1), "log2(x)", "logarithm to base 2, x > 0", aliases: ["lb", "ld"]) {
            call throws(Diagnostic) in
            try requirePositive(call, 0)
            return try call.result(Real.log(try call.real(0), base: Real(Number(2))))
        },
        function("log", .exactly(2), "log(x, base)", "logarithm to any base > 0 other than 1") {
            call throws(Diagnostic) in
            try requirePositive(call, 0)
            try requirePositive(call, 1, what: "the base")
            if try call.settings.compare(
                call.arguments[1], with: Number(1), at: call.argumentSpans[1], question: "whether the base is 1") == 0
            {
                throw Diagnostic.logarithmBaseOne(at: call.argumentSpans[1])
            }
            return try call.result(Real.log(try call.real(0), base: try call.real(1)))
        },
        function("sin", .exactly(1), "sin(x)", "sine; x in radians (set angle deg for degrees)", takesAngle: true) {
            call throws(Diagnostic) in
            try call.result(Real.sin(try call.angle(0)))
        },
        function("cos", .exactly(1), "cos(x)", "cosine", takesAngle: true) { call throws(Diagnostic) in
            try call.result(Real.cos(try call.angle(0)))
        },
        function("tan", .exactly(1), "tan(x)", "tangent; not at odd multiples of a right angle", takesAngle: true) {
            call throws(Diagnostic) in
            let x = try call.angle(0)
            let pole = Diagnostic.tangentPole(at: call.argumentSpans[0])
            if Real.isExactPoleOfTangent(x) { throw pole }
            if x.rational == nil,
                try call.settings.sign(
                    of: .from(Real.cos(x)), at: call.argumentSpans[0],
                    question: "whether the angle is a pole of tan (where its cosine is 0)") == 0
            {
                throw pole
            }
            return try call.result(Real.tan(x))
        },
        function("asin", .exactly(1), "asin(x)", "inverse sine, -1 ≤ x ≤ 1", aliases: ["arcsin"]) {
            call throws(Diagnostic) in
            try requireWithinUnit(call, "asin")
            return try call.angleResult(Real.asin(try call.real(0)))
        },
        function("acos", .exactly(1), "acos(x)", "inverse cosine, -1 ≤ x ≤ 1", aliases: ["arccos"]) {
            call throws(Diagnostic) in
            try requireWithinUnit(call, "acos")
            return try call.angleResult(Real.acos(try call.real(0)))
        },
        function("atan", .exactly(1), "atan(x)", "inverse tangent", aliases: ["arctan"]) { call throws(Diagnostic) in
            try call.angleResult(Real.atan(try call.real(0)))
        },
        function("atan2", .exactly(2), "atan2(y, x)", "the angle of the point (x, y), -pi < angle ≤ pi") {
            call throws(Diagnostic) in
            let y = try call.settings.sign(of: call.arguments[0], at: call.argumentSpans[0], question: "the sign of y")
            let x = try call.settings.sign(of: call.arguments[1], at: call.argumentSpans[1], question: "the sign of x")
            if x == 0 && y == 0 {
                throw Diagnostic.atan2OfOrigin(at: call.span)
            }
            return try call.angleResult(Real.atan2(try call.real(0), try call.real(1), signs: (y, x)))
        },
        function("sinh", .exactly(1), "sinh(x)", "hyperbolic sine") { call throws(Diagnostic) in
            try call.result(Real.sinh(try call.real(0)))
        },
        function("cosh", .exactly(1), "cosh(x)", "hyperbolic cosine") { call throws(Diagnostic) in
            try call.result(Real.cosh(try call.real(0)))
        },
        function("tanh", .exactly(1), "tanh(x)", "hyperbolic tangent") { call throws(Diagnostic) in
            try call.result(Real.tanh(try call.real(0)))
        },
        function("asinh", .exactly(1), "asinh(x)", "inverse hyperbolic sine", aliases: ["arsinh", "arcsinh"]) {
            call throws(Diagnostic) in
            try call.result(Real.asinh(try call.real(0)))
        },
        function("acosh", .exactly(1), "acosh(x)", "inverse hyperbolic cosine, x ≥ 1", aliases: ["arcosh", "arccosh"]) {
            call throws(Diagnostic) in
            if try call.settings.compare(
                call.arguments[0], with: Number(1), at: call.argumentSpans[0],
                question: "whether the argument is below 1")
                < 0
            {
                throw Diagnostic.acoshBelowOne(got: call.settings.briefly(call.arguments[0]), at: call.argumentSpans[0])
            }
            return try call.result(Real.acosh(try call.real(0)))
        },
        function(
            "atanh", .exactly(1), "atanh(x)", "inverse hyperbolic tangent, -1 < x < 1", aliases: ["artanh", "arctanh"]
        ) {
            call throws(Diagnostic) in
            let question = "whether the argument is within (-1, 1)"
            let settings = call.settings
            let above = try settings.compare(
                call.arguments[0], with: Number(1), at: call.argumentSpans[0], question: question)
            let below = try settings.compare(
                call.arguments[0], with: Number(-1), at: call.argumentSpans[0], question: question)
            if above >= 0 || below <= 0 {
                throw Diagnostic.atanhOutsideOpenUnit(
                    got: settings.briefly(call.arguments[0]), at: call.argumentSpans[0])
            }
            return try call.result(Real.atanh(try call.real(0)))
        },
        function("deg", .exactly(1), "deg(x)", "radians to degrees: deg(pi) = 180", aliases: ["degrees"]) {
            call throws(Diagnostic) in
            try call.result(Real.degrees(fromRadians: try call.real(0)))
        },
        function("rad", .exactly(1), "rad(x)", "degrees to radians: rad(180) = pi", aliases: ["radians"]) {
            call throws(Diagnostic) in
            try call.result(try call.real(0) * Real.radiansPerDegree)
        },
        function(
            "round", .range(1...2), "round(x), round(x, places)",
            "nearest integer or multiple of 10^-places, ties away from zero"
        ) { call throws(Diagnostic) in
            let maxDigits = call.settings.maxDigits
            var places = 0
            if call.arguments.count == 2 {
                guard let requested = call.arguments[1].number, requested.isInteger, let p = requested.intValue,
                    p.magnitude <= UInt(maxDigits)
                else {
                    throw Diagnostic.roundPlacesOutOfRange(maxDigits: maxDigits, at: call.argumentSpans[1])
                }
                places = p
            }
            switch call.arguments[0].kind {
            case .number(let x):
                try call.settings.checkSize(Double(x.decimalSize + Swift.max(places, 0)), at: call.span)
                return .number(x.rounded(toPlaces: places))
            case .real(let x):
                return .number(try call.settings.rounded(x, toPlaces: places, at: call.span))
            case .truth:
                preconditionFailure("a truth value reached a function of numbers: calls check their arguments")
            case .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
            }
        },
        function("floor", .exactly(1), "floor(x)", "largest integer not above x") { call throws(Diagnostic) in
            .number(
                try integerPart(call, "floor") {
                    $0.floor
                } real: {
                    $0
                })
        },
        function("ceil", .exactly(1), "ceil(x)", "smallest integer not below x") { call throws(Diagnostic) in
            // ceil x = −floor(−x)
            .number(
                -(try integerPart(call, "ceil") {
                    (-$0).floor
                } real: {
                    -$0
                }))
        },
        function("trunc", .exactly(1), "trunc(x)", "integer part, toward zero", aliases: ["int"]) {
            call throws(Diagnostic) in
            // A value too close to zero for its sign to be known truncates to zero.
            guard
                let sign = call.arguments[0].kind.sign(within: call.settings.budget)
            else { return .number(Number(0)) }
            if sign >= 0 {
                return .number(
                    try integerPart(call, "trunc") {
                        $0.floor
                    } real: {
                        $0
                    })
            }
            return .number(
                -(try integerPart(call, "trunc") {
                    (-$0).floor
                } real: {
                    -$0
                }))
        },
        function("min", .atLeast(1), "min(a, b, ...)", "smallest argument") { call throws(Diagnostic) in
            try extreme(call, keeping: -1)
        },
        function("max", .atLeast(1), "max(a, b, ...)", "largest argument") { call throws(Diagnostic) in
            try extreme(call, keeping: 1)
        },
        function("gcd", .atLeast(1), "gcd(a, b, ...)", "greatest common divisor of integers") {
            call throws(Diagnostic) in
            let integers = try integers(of: call)
            return .number(Number(integers.dropFirst().reduce(integers[0].magnitude, BigInteger.gcd)))
        },
        function("lcm", .atLeast(1), "lcm(a, b, ...)", "least common multiple of integers") {
            call throws(Diagnostic) in
            let integers = try integers(of: call)
            try call.settings.checkSize(Double(integers.reduce(0) { $0 + $1.decimalDigitsEstimate }), at: call.span)
            return .number(Number(integers.dropFirst().reduce(integers[0].magnitude, BigInteger.lcm)))
        },
    ]

    static func function(
        _ name: String, _ arity: Arity, _ usage: String, _ summary: String,
        evaluation: FunctionEntry.Evaluation = .eager, takesAngle: Bool = false, takesCalendarValues: Bool = false,
        shownAs: ConversionTarget? = nil, aliases: [String] = [],
        _ implementation: @escaping @Sendable (FunctionCall) throws(Diagnostic) -> Value
    ) -> FunctionEntry {
        let also = aliases.isEmpty ? "" : " (also \(aliases.joined(separator: ", ")))"
        return FunctionEntry(
            name: name, usage: usage, summary: summary + also, kind: .function(arity, implementation),
            evaluation: evaluation, takesAngle: takesAngle, takesCalendarValues: takesCalendarValues, shownAs: shownAs,
            aliases: aliases)
    }

    private static func constant(
        _ name: String, _ summary: String, aliases: [String] = [],
        _ value: @escaping @Sendable (EvaluationSettings) throws(Diagnostic) -> Value
    ) -> FunctionEntry {
        let also = aliases.isEmpty ? "" : " (also \(aliases.joined(separator: ", ")))"
        return FunctionEntry(
            name: name, usage: name, summary: summary + also, kind: .constant(value), aliases: aliases)
    }

    // MARK: Domains

    private static func requireNonNegative(_ call: FunctionCall, _ index: Int, _ message: String) throws(Diagnostic) {
        if try call.settings.sign(
            of: call.arguments[index], at: call.argumentSpans[index], question: "whether the argument is negative") < 0
        {
            throw Diagnostic.outsideDomain(message, at: call.argumentSpans[index])
        }
    }

    private static func requirePositive(_ call: FunctionCall, _ index: Int, what: String = "the argument")
        throws(Diagnostic)
    {
        let sign = try call.settings.sign(
            of: call.arguments[index], at: call.argumentSpans[index], question: "whether \(what) is positive")
        if sign == 0 {
            throw Diagnostic.logarithmOfZero(at: call.argumentSpans[index])
        }
        if sign < 0 {
            throw Diagnostic.logarithmNeedsPositive(
                what == "the argument" ? "a positive argument" : "a positive base",
                got: call.settings.briefly(call.arguments[index]), at: call.argumentSpans[index])
        }
    }

    /// Fails unless -1 ≤ x ≤ 1.
    private static func requireWithinUnit(_ call: FunctionCall, _ name: String) throws(Diagnostic) {
        let question = "whether the argument is within [-1, 1]"
        let settings = call.settings
        let x = call.arguments[0]
        let above = try settings.compare(x, with: Number(1), at: call.argumentSpans[0], question: question)
        let below = try settings.compare(x, with: Number(-1), at: call.argumentSpans[0], question: question)
        if above > 0 || below < 0 {
            throw Diagnostic.outsideUnitInterval(name, got: settings.briefly(x), at: call.argumentSpans[0])
        }
    }

    // MARK: Helpers

    /// The floor of the argument (or of its transform), exact for rationals and decided from
    /// the bounds for reals.
    private static func integerPart(
        _ call: FunctionCall, _ name: String, exact: (Number) -> Number, real: (Real) -> Real
    ) throws(Diagnostic) -> Number {
        switch call.arguments[0].kind {
        case .number(let x):
            return exact(x)
        case .real(let x):
            try call.settings.checkIntegerSize(of: x, scaledBy: 0, at: call.span)
            let transformed = real(x)
            guard let floor = transformed.floor(within: call.settings.budget, largestDigits: call.settings.maxDigits)
            else {
                throw Diagnostic.undecidable(name, the: "value", is: call.settings.nearness(of: x), at: call.span)
            }
            return Number(floor)
        case .truth:
            preconditionFailure("a truth value reached a function of numbers: calls check their arguments")
        case .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
        }
    }

    /// The argument whose comparison with every other argument is `keeping` (-1 for the
    /// smallest, 1 for the largest); the first of equals.
    private static func extreme(_ call: FunctionCall, keeping: Int) throws(Diagnostic) -> Value {
        var best = call.arguments[0]
        for argument in call.arguments.dropFirst() {
            switch (argument - best).kind {
            case .number(let difference):
                if difference.signum == keeping { best = argument }
            case .real(let difference):
                if let order = difference.sign(within: call.settings.budget) {
                    if order == keeping { best = argument }
                } else {
                    // Too close to tell apart: the bounds of the smaller (or larger) are the
                    // smaller (larger) bounds, whichever it is.
                    let pair = [try best.real(at: call.span), try argument.real(at: call.span)]
                    best = try call.result(Real(keeping < 0 ? .minimum : .maximum, pair))
                }
            case .truth:
                preconditionFailure("a truth value reached a function of numbers: calls check their arguments")
            case .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
            }
        }
        return best
    }

    /// The arguments of `gcd` or `lcm`, which must be integers.
    static func integers(of call: FunctionCall) throws(Diagnostic) -> [BigInteger] {
        var integers: [BigInteger] = []
        for (argument, span) in zip(call.arguments, call.argumentSpans) {
            let integer = try call.settings.integer(
                argument, at: span, purpose: Diagnostic.integersNeeded(by: call.name))
            integers.append(integer.bigIntegerValue!)
        }
        return integers
    }

    /// A root's degree: a whole number from 1 to 2^20.
    private static func rootDegree(_ value: Value, at span: SourceSpan) throws(Diagnostic) -> Int {
        guard let number = value.number, let n = number.intValue, n >= 1, n <= 1 << 20 else {
            throw Diagnostic.rootDegreeOutOfRange(at: span)
        }
        return n
    }
}

extension FunctionCall {
    /// Argument `index` as a real (an exact rational included).
    func real(_ index: Int) throws(Diagnostic) -> Real {
        try arguments[index].real(at: argumentSpans[index])
    }

    /// Argument `index` as an angle in radians, whatever `set angle` says.
    func angle(_ index: Int) throws(Diagnostic) -> Real {
        let x = try real(index)
        return settings.angle == .degrees ? x * Real.radiansPerDegree : x
    }

    /// A real result as a value, checked.
    func result(_ real: Real) throws(Diagnostic) -> Value {
        try settings.checked(.from(real), at: span)
    }

    /// An angle result in radians, given in the unit of `set angle`.
    func angleResult(_ radians: Real) throws(Diagnostic) -> Value {
        try result(settings.angle == .degrees ? Real.degrees(fromRadians: radians) : radians)
    }
}
