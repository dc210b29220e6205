import TallyDiagnostics

/// The elementary functions on reals, exact where the result is a known form: `exp(0)`,
/// `ln(exp(3))`, `exp(ln(5))`, `log10(1000)`, `sin(pi/6)`, `tan(pi/4)`, `asin(1/2)` and the like;
/// an expression to evaluate otherwise. Callers have checked the domain.
extension Real {
    static let pi = Real(Combination(Number(1), .pi))
    static let e = Real(Combination(Number(1), .exp(Number(1))))
    /// π/180, exactly: one degree in radians.
    static let radiansPerDegree = Real(Combination(Number(numerator: 1, denominator: 180), .pi))

    /// An angle in radians, in degrees: times 180, then over π, so that a multiple of π comes
    /// out exact (`deg(pi/6)` is 30).
    static func degrees(fromRadians x: Real) -> Real { x * Real(Number(180)) / pi }

    /// e^x.
    static func exp(_ x: Real) -> Real {
        if let c = x.combination {
            // exp(Σ rᵢuᵢ) = Π exp(rᵢuᵢ): exact for rational terms (e^r) and for logarithm terms
            // with rational coefficients (q^r).
            var product = Combination(Number(1))
            var exact = true
            for (basis, coefficient) in c.terms {
                let factor: Combination?
                switch basis {
                case .one:
                    factor = Combination(Number(1), .exp(coefficient))
                case .log(let q):
                    factor = rationalPower(q, coefficient)
                default:
                    factor = nil
                }
                guard let factor, let next = product * factor else {
                    exact = false
                    break
                }
                product = next
            }
            if exact { return Real(product) }
        }
        return Real(.exp, [x])
    }

    /// q^r for rationals q > 0 and r, when it is a known form.
    private static func rationalPower(_ q: Number, _ r: Number) -> Combination? {
        guard let p = r.numerator.intValue, let n = r.denominator.intValue, n <= Irrational.largestDegree,
            Double(q.decimalSize) * Double(p.magnitude) <= Double(Irrational.largestRadicandDigits),
            let (coefficient, basis) = Irrational.root(of: q.raised(to: p), degree: n)
        else { return nil }
        return Combination(coefficient, basis)
    }

    /// ln x for x > 0.
    static func log(_ x: Real) -> Real {
        if let c = x.combination, let (coefficient, basis) = c.single, coefficient.signum > 0 {
            // ln(c·u) = ln c + ln u, each exact when known.
            var sum = logarithm(of: coefficient)
            switch basis {
            case .one: break
            case .exp(let a): sum = sum + Combination(a)
            case .root(let a, let n): sum = sum + logarithm(of: a).scaled(by: Number(numerator: 1, denominator: n))
            case .pi, .log: return Real(.log, [x])
            }
            return Real(sum)
        }
        return Real(.log, [x])
    }

    /// ln q for a positive rational, exactly.
    private static func logarithm(of q: Number) -> Combination {
        if q == Number(1) { return Combination() }
        let (coefficient, basis) = Irrational.logarithm(of: q)
        return Combination(coefficient, basis)
    }

    /// log_base x for x > 0 and base > 0, base ≠ 1: exact when both logarithms are multiples of
    /// one (`log(8, 2)` is 3).
    static func log(_ x: Real, base: Real) -> Real {
        log(x) / log(base)
    }

    // MARK: Trigonometry

    /// The angle `x` as a rational multiple of π, when it is one (0 included).
    private static func multipleOfPi(_ x: Real) -> Number? {
        guard let c = x.combination else { return nil }
        if c.terms.isEmpty { return Number(0) }
        if let (coefficient, basis) = c.single, basis == .pi { return coefficient }
        return nil
    }

    /// sin(tπ) for a rational t whose sine is a known form: multiples of 1/6 and 1/4.
    private static func sineOfMultipleOfPi(_ t: Number) -> Combination? {
        // t mod 2, in [0, 2).
        let reduced = t - Number(2) * (t / Number(2)).floor
        let sign = Number.compare(reduced, Number(1)) >= 0 ? -1 : 1
        let s = sign < 0 ? reduced - Number(1) : reduced  // in [0, 1)
        // sin(sπ) = sin((1 − s)π): fold onto [0, 1/2].
        let folded = Number.compare(s, Number(numerator: 1, denominator: 2)) > 0 ? Number(1) - s : s
        let value: Combination?
        switch (folded.numerator.intValue, folded.denominator.intValue) {
        case (0, _): value = Combination()
        case (1, 6): value = Combination(Number(numerator: 1, denominator: 2))
        case (1, 4): value = Combination(Number(numerator: 1, denominator: 2), .root(radicand: Number(2), degree: 2))
        case (1, 3): value = Combination(Number(numerator: 1, denominator: 2), .root(radicand: Number(3), degree: 2))
        case (1, 2): value = Combination(Number(1))
        case (1, 12):
            // (√6 − √2)/4
            value =
                Combination(Number(numerator: 1, denominator: 4), .root(radicand: Number(6), degree: 2))
                + Combination(Number(numerator: -1, denominator: 4), .root(radicand: Number(2), degree: 2))
        case (5, 12):
            // (√6 + √2)/4
            value =
                Combination(Number(numerator: 1, denominator: 4), .root(radicand: Number(6), degree: 2))
                + Combination(Number(numerator: 1, denominator: 4), .root(radicand: Number(2), degree: 2))
        default: value = nil
        }
        return sign < 0 ? value.map { -$0 } : value
    }

    static func sin(_ x: Real) -> Real {
        if let t = multipleOfPi(x), let exact = sineOfMultipleOfPi(t) { return Real(exact) }
        return Real(.sin, [x])
    }

    static func cos(_ x: Real) -> Real {
        // cos(tπ) = sin((t + 1/2)π)
        if let t = multipleOfPi(x), let exact = sineOfMultipleOfPi(t + Number(numerator: 1, denominator: 2)) {
            return Real(exact)
        }
        return Real(.cos, [x])
    }

    /// Whether tan has a pole at x: x = (k + 1/2)π exactly. (An approximate x is decided by
    /// the caller from cos x.)
    static func isExactPoleOfTangent(_ x: Real) -> Bool {
        guard let t = multipleOfPi(x) else { return false }
        let shifted = t - Number(numerator: 1, denominator: 2)
        return shifted.isInteger
    }

    static func tan(_ x: Real) -> Real {
        if let t = multipleOfPi(x), let sine = sineOfMultipleOfPi(t),
            let cosine = sineOfMultipleOfPi(t + Number(numerator: 1, denominator: 2)), cosine.rational != Number(0),
            let quotient = sine / cosine
        {
            return Real(quotient)
        }
        return Real(.tan, [x])
    }

    /// The arcsine of the special values: 0, ±1/2, ±√2/2, ±√3/2, ±1, as multiples of π.
    private static func arcsineMultipleOfPi(_ x: Real) -> Number? {
        guard let c = x.combination else { return nil }
        for t in specialAngles {
            guard let value = sineOfMultipleOfPi(t) else { continue }
            if value == c { return t }
            if -value == c { return -t }
        }
        return nil
    }

    /// The angles in [0, π/2], as multiples of π, whose sine, cosine and tangent are known forms.
    private static let specialAngles: [Number] = [
        Number(0), Number(numerator: 1, denominator: 12), Number(numerator: 1, denominator: 6),
        Number(numerator: 1, denominator: 4), Number(numerator: 1, denominator: 3),
        Number(numerator: 5, denominator: 12), Number(numerator: 1, denominator: 2),
    ]

    static func asin(_ x: Real) -> Real {
        if let t = arcsineMultipleOfPi(x) { return Real(Combination(t, .pi)) }
        return Real(.asin, [x])
    }

    static func acos(_ x: Real) -> Real {
        // acos x = π/2 − asin x
        if let t = arcsineMultipleOfPi(x) { return Real(Combination(Number(numerator: 1, denominator: 2) - t, .pi)) }
        return Real(.acos, [x])
    }

    static func atan(_ x: Real) -> Real {
        // The angles in (−π/2, π/2) whose tangent is a known form.
        if let c = x.combination {
            for t in specialAngles where t != Number(numerator: 1, denominator: 2) {
                guard let tangent = tan(Real(Combination(t, .pi))).combination else { continue }
                if tangent == c { return Real(Combination(t, .pi)) }
                if -tangent == c { return Real(Combination(-t, .pi)) }
            }
        }
        return Real(.atan, [x])
    }

    /// The angle of the point (x, y); not both zero.
    static func atan2(_ y: Real, _ x: Real, signs: (y: Int, x: Int)) -> Real {
        switch (signs.y, signs.x) {
        case (0, 1): return Real(Number(0))
        case (0, -1): return pi
        case (1, 0): return Real(Combination(Number(numerator: 1, denominator: 2), .pi))
        case (-1, 0): return Real(Combination(Number(numerator: -1, denominator: 2), .pi))
        default:
            if signs.x > 0 { return atan(y / x) }
            return Real(.atan2, [y, x])
        }
    }

    static func hypot(_ x: Real, _ y: Real) -> Real {
        let squares = x * x + y * y
        if squares.combination != nil { return Real.root(squares, 2) }
        return Real(.hypot, [x, y])
    }

    /// ⁿ√x for x ≥ 0 (or odd n): exact for rationals and single roots.
    static func root(_ x: Real, _ n: Int) -> Real {
        if let q = x.rational {
            if q.isZero { return x }
            let negative = q.signum < 0
            if let (coefficient, basis) = Irrational.root(of: q.magnitude, degree: n) {
                let value = Real(Combination(coefficient, basis))
                return negative ? -value : value
            }
        }
        if let c = x.combination, let (coefficient, basis) = c.single, coefficient.signum > 0,
            let exact = Real(Combination(coefficient, basis)).raisedExactly(numerator: 1, denominator: n)
        {
            return exact
        }
        return Real(.root(n), [x])
    }

    /// `self ^ (p/q)`, only when exact.
    private func raisedExactly(numerator p: Int, denominator q: Int) -> Real? {
        let result = raisedPositive(to: Real(Number(numerator: p, denominator: q)))
        return result.combination != nil ? result : nil
    }

    // MARK: Hyperbolic functions (exact at zero; the rest are expressions)

    static func sinh(_ x: Real) -> Real { x.rational?.isZero == true ? x : Real(.sinh, [x]) }
    static func cosh(_ x: Real) -> Real { x.rational?.isZero == true ? Real(Number(1)) : Real(.cosh, [x]) }
    static func tanh(_ x: Real) -> Real { x.rational?.isZero == true ? x : Real(.tanh, [x]) }
    static func asinh(_ x: Real) -> Real { x.rational?.isZero == true ? x : Real(.asinh, [x]) }
    static func acosh(_ x: Real) -> Real { x.rational == Number(1) ? Real(Number(0)) : Real(.acosh, [x]) }
    static func atanh(_ x: Real) -> Real { x.rational?.isZero == true ? x : Real(.atanh, [x]) }
}
