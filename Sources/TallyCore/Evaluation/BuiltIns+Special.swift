import CMPFI
import TallyDiagnostics

/// The special functions: Γ and its relatives, the error functions, ζ, the Bessel functions of
/// integer order, Lambert's W, Ei and Li₂ — MPFR's correctly rounded functions, bounded on
/// intervals by `Interval+Special.swift`, so every digit shown is proven; exact at the points
/// where the value is a known form (`Real+Special.swift`).
extension BuiltIns {
    static let special: [FunctionEntry] = [
        function("gamma", .exactly(1), "gamma(x)", "Γ(x), x not 0, -1, -2, …; gamma(n) = (n-1)!", aliases: ["Γ"]) {
            call throws(Diagnostic) in
            try requireNoPole(call, "gamma")
            return try call.special(Real.gamma(try call.real(0)))
        },
        function("lgamma", .exactly(1), "lgamma(x)", "ln|Γ(x)|, x not 0, -1, -2, …", aliases: ["lngamma"]) {
            call throws(Diagnostic) in
            try requireNoPole(call, "lgamma")
            return try call.special(Real.logGamma(try call.real(0)))
        },
        function("digamma", .exactly(1), "digamma(x)", "ψ(x) = Γ′(x)/Γ(x), x not 0, -1, -2, …", aliases: ["psi", "ψ"]) {
            call throws(Diagnostic) in
            try requireNoPole(call, "digamma")
            return try call.special(Real.special(.digamma, try call.real(0)))
        },
        function("factorial", .exactly(1), "factorial(x)", "x!, through Γ(x + 1) for non-integers") {
            call throws(Diagnostic) in
            // The integers' factorial, with its size check, is the postfix operator's.
            guard let x = try call.settings.nonIntegerReal(call.arguments[0], at: call.argumentSpans[0]) else {
                let n = try call.settings.integer(
                    call.arguments[0], at: call.argumentSpans[0], purpose: "factorial needs a number")
                return .number(try call.settings.factorial(of: n, operandSpan: call.argumentSpans[0], span: call.span))
            }
            return try call.special(Real.gamma(x + Real(Number(1))))
        },
        function("beta", .exactly(2), "beta(a, b)", "B(a, b) = Γ(a)Γ(b)/Γ(a+b), a and b positive") {
            call throws(Diagnostic) in
            for index in 0..<2 {
                if try call.settings.sign(
                    of: call.arguments[index], at: call.argumentSpans[index],
                    question: "whether the argument is positive")
                    <= 0
                {
                    throw Diagnostic.outsideDomain("beta needs positive arguments", at: call.argumentSpans[index])
                }
            }
            return try call.special(Real.beta(try call.real(0), try call.real(1)))
        },
        function("erf", .exactly(1), "erf(x)", "the error function") { call throws(Diagnostic) in
            try call.special(Real.special(.erf, try call.real(0)))
        },
        function("erfc", .exactly(1), "erfc(x)", "1 - erf(x), without the cancellation") { call throws(Diagnostic) in
            try call.special(Real.special(.erfc, try call.real(0)))
        },
        function("zeta", .exactly(1), "zeta(x)", "Riemann's ζ(x), x ≠ 1", aliases: ["ζ"]) { call throws(Diagnostic) in
            if try call.settings.compare(
                call.arguments[0], with: Number(1), at: call.argumentSpans[0], question: "whether the argument is 1")
                == 0
            {
                throw Diagnostic.outsideDomain("zeta has a pole at 1", at: call.argumentSpans[0])
            }
            return try call.special(Real.zeta(try call.real(0)))
        },
        function("besselj", .exactly(2), "besselj(n, x)", "Bessel function of the first kind Jₙ(x), n an integer") {
            call throws(Diagnostic) in
            let n = try besselOrder(call)
            return try call.special(Real.special(.besselJ(n), try call.real(1)))
        },
        function("bessely", .exactly(2), "bessely(n, x)", "Bessel function of the second kind Yₙ(x), x > 0") {
            call throws(Diagnostic) in
            let n = try besselOrder(call)
            if try call.settings.sign(
                of: call.arguments[1], at: call.argumentSpans[1], question: "whether the argument is positive") <= 0
            {
                throw Diagnostic.outsideDomain("bessely needs x > 0", at: call.argumentSpans[1])
            }
            return try call.special(Real.special(.besselY(n), try call.real(1)))
        },
        function("lambertw", .exactly(1), "lambertw(x)", "W(x), the w ≥ -1 with w·e^w = x (x ≥ -1/e)") {
            call throws(Diagnostic) in
            let x = try call.real(0)
            // x + 1/e ≥ 0.
            let offset = Value.from(x + Real.exp(Real(Number(-1))))
            if try call.settings.sign(
                of: offset, at: call.argumentSpans[0], question: "whether the argument is at least -1/e") < 0
            {
                throw Diagnostic.outsideDomain(
                    "lambertw needs x ≥ -1/e (the principal branch)", at: call.argumentSpans[0])
            }
            return try call.special(Real.special(.lambertW, x))
        },
        function("ei", .exactly(1), "ei(x)", "the exponential integral Ei(x), x ≠ 0") { call throws(Diagnostic) in
            if try call.settings.sign(
                of: call.arguments[0], at: call.argumentSpans[0], question: "whether the argument is 0") == 0
            {
                throw Diagnostic.outsideDomain("ei has a pole at 0", at: call.argumentSpans[0])
            }
            return try call.special(Real.special(.exponentialIntegral, try call.real(0)))
        },
        function("li2", .exactly(1), "li2(x)", "the dilogarithm Li₂(x), x ≤ 1", aliases: ["dilog"]) {
            call throws(Diagnostic) in
            if try call.settings.compare(
                call.arguments[0], with: Number(1), at: call.argumentSpans[0],
                question: "whether the argument is above 1")
                > 0
            {
                throw Diagnostic.outsideDomain("li2 needs x ≤ 1 (a real value)", at: call.argumentSpans[0])
            }
            return try call.special(Real.special(.dilogarithm, try call.real(0)))
        },
    ]

    /// The largest order of a Bessel function: MPFR's time grows with it.
    static let largestBesselOrder = 1_000

    /// The order, checked: an integer of at most ``largestBesselOrder``, and not in the
    /// region where MPFR's series takes seconds (an order over 30, x below its square and
    /// their product above two million: `besselj(1000, 10^5/3)` takes 18 s).
    private static func besselOrder(_ call: FunctionCall) throws(Diagnostic) -> Int {
        let order = try besselOrderValue(call)
        let bound = try call.real(1).interval(precision: 64)
        let x = Swift.max(abs(mpfr_get_d(bound.lower, MPFR_RNDU)), abs(mpfr_get_d(bound.upper, MPFR_RNDU)))
        let n = Double(abs(order))
        if n > 30, x < n * n, n * x > 2e6 {
            throw Diagnostic.outsideDomain(
                "a Bessel function of order \(order) at this argument takes too long (|n|·|x| above 2,000,000 with |x| below n²)",
                at: call.span)
        }
        return order
    }

    private static func besselOrderValue(_ call: FunctionCall) throws(Diagnostic) -> Int {
        let n = try call.settings.integer(
            call.arguments[0], at: call.argumentSpans[0], purpose: "a Bessel function's order must be an integer")
        guard let order = n.intValue, abs(order) <= largestBesselOrder else {
            throw Diagnostic.outsideDomain(
                "a Bessel function's order must be within ±\(largestBesselOrder)", at: call.argumentSpans[0])
        }
        return order
    }

    /// Fails when argument 0 is a pole of Γ (0, -1, -2, …), or when its bounds cannot tell.
    private static func requireNoPole(_ call: FunctionCall, _ name: String) throws(Diagnostic) {
        let x = call.arguments[0]
        let span = call.argumentSpans[0]
        if try call.settings.compare(x, with: Number(0), at: span, question: "whether the argument is a pole") > 0 {
            return
        }
        let purpose = "\(name) has a pole at every integer ≤ 0"
        do {
            _ = try call.settings.integer(x, at: span, purpose: purpose)
        } catch {
            if error.id == .notAnInteger { return }
            throw error
        }
        throw Diagnostic.outsideDomain("\(purpose), got \(call.settings.briefly(x))", at: span)
    }
}

extension FunctionCall {
    /// A special function's result, checked: an interval that stays NaN as the precision
    /// rises (bounds around a pole, or beyond the pieces the function is proven on) is "cannot
    /// decide", never a value shown as `?`.
    func special(_ real: Real) throws(Diagnostic) -> Value {
        if real.combination == nil {
            let known: Bool? = real.refine(startingBits: 64, limitBits: 4 * 64 + settings.budget.bits / 4) {
                interval in interval.isNaN ? .needsPrecision : .decided(true)
            }
            if known == nil {
                if LineWork.mustStop { throw settings.workStopped(at: span) }
                throw Diagnostic.specialFunctionUndecided(name, at: span)
            }
        }
        return try result(real)
    }
}
