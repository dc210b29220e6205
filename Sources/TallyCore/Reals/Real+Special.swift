/// The special functions on reals, exact where the value is a known form — Γ at integers and
/// half-integers (`gamma(1/2)` is √π, so `gamma(1/2)^2` is π), ζ at non-positive integers,
/// W(r·eʳ) = r — and an expression evaluated by interval arithmetic otherwise. Callers have
/// checked the domain.
extension Real {
    /// The largest integer or half-integer argument whose Γ is built exactly (a factorial of
    /// about 2,500 digits); beyond it Γ is an expression, as any other argument's.
    static let largestExactGammaArgument = 1_000

    /// Γ(x), x not a non-positive integer.
    static func gamma(_ x: Real) -> Real {
        if let q = x.rational, let exact = exactGamma(q) { return exact }
        return Real(.special(.gamma), [x])
    }

    /// Γ(q) at an integer (a factorial) or a half-integer (a rational times √π).
    private static func exactGamma(_ q: Number) -> Real? {
        if q.isInteger, let n = q.intValue, n >= 1, n <= largestExactGammaArgument {
            return Real(Number(BigInteger.factorial(UInt(n - 1))))
        }
        let twice = q * Number(2)
        guard !q.isInteger, twice.isInteger, let m = twice.intValue, abs(m) <= 2 * largestExactGammaArgument else {
            return nil
        }
        // q = n + 1/2: Γ(n + 1/2) = (2n)!/(4ⁿ n!) √π, and Γ(1/2 − n) = (−4)ⁿ n!/(2n)! √π.
        let n = abs(m - 1) / 2
        let ratio = Number(
            numerator: BigInteger.factorial(UInt(2 * n)),
            denominator: BigInteger.power(4, UInt(n)) * BigInteger.factorial(UInt(n)))
        let coefficient = m > 0 ? ratio : (n % 2 == 0 ? ratio.reciprocal : -ratio.reciprocal)
        let rootPi = Real.root(Real.pi, 2)
        return coefficient == Number(1) ? rootPi : Real(coefficient) * rootPi
    }

    /// ln|Γ(x)|, x not a non-positive integer: exact (a logarithm of a factorial) at positive
    /// integers.
    static func logGamma(_ x: Real) -> Real {
        if let q = x.rational, q.isInteger, let n = q.intValue, n >= 1, n <= largestExactGammaArgument {
            return Real.log(Real(Number(BigInteger.factorial(UInt(n - 1)))))
        }
        return Real(.special(.logGamma), [x])
    }

    /// B(a, b) = Γ(a)Γ(b)/Γ(a + b): exact when the three are.
    static func beta(_ a: Real, _ b: Real) -> Real {
        gamma(a) * gamma(b) / gamma(a + b)
    }

    /// ζ(x), x ≠ 1: exact at the non-positive integers (ζ(−n) = (−1)ⁿ Bₙ₊₁/(n + 1)), a rational
    /// times π²ᵏ at the positive even integers.
    static func zeta(_ x: Real) -> Real {
        if let q = x.rational, q.isInteger, let n = q.intValue, abs(n) <= Bernoulli.largestIndex - 1 {
            if n <= 0 {
                let m = -n
                // B₁ = −1/2 in this convention: ζ(0) = −1/2.
                let b = m == 0 ? Number(numerator: -1, denominator: 2) : Bernoulli.number(m + 1)
                let value = b / Number(m + 1)
                return Real(m % 2 == 0 ? value : -value)
            }
            if n % 2 == 0 {
                // ζ(2k) = (−1)^(k+1) B₂ₖ (2π)²ᵏ / (2 (2k)!).
                let k = n / 2
                var coefficient =
                    Bernoulli.number(n) * Number(BigInteger.power(2, UInt(n)))
                    / (Number(2) * Number(BigInteger.factorial(UInt(n))))
                if k % 2 == 0 { coefficient = -coefficient }
                return Real(coefficient) * Real.pi.raised(to: n)
            }
        }
        return Real(.special(.zeta), [x])
    }

    /// The other special functions of one real: exact at the points where they are rational.
    static func special(_ function: SpecialFunction, _ x: Real) -> Real {
        let q = x.rational
        switch function {
        case .erf, .dilogarithm, .lambertW:
            if q?.isZero == true { return x }
        case .erfc:
            if q?.isZero == true { return Real(Number(1)) }
        case .besselJ(let n):
            if q?.isZero == true { return Real(Number(n == 0 ? 1 : 0)) }
        default: break
        }
        if function == .dilogarithm, let q, q == Number(1) || q == Number(-1) {
            // Li₂(1) = π²/6, Li₂(−1) = −π²/12.
            return Real(Number(numerator: q.signum > 0 ? 1 : -1, denominator: q.signum > 0 ? 6 : 12))
                * Real.pi.raised(to: 2)
        }
        if function == .lambertW, let c = x.combination, let (r, basis) = c.single, case .exp(let a) = basis, a == r,
            Number.compare(r, Number(-1)) >= 0
        {
            // W(r·eʳ) = r for r ≥ −1: W(e) = 1, W(−1/e) = −1.
            return Real(r)
        }
        return Real(.special(function), [x])
    }
}

/// The Bernoulli numbers Bₙ (B₁ = −1/2), exactly, by the Akiyama–Tanigawa algorithm; only the
/// first few hundred, which ζ at integers needs.
enum Bernoulli {
    /// The largest n whose Bₙ is computed exactly.
    static let largestIndex = 120

    static func number(_ n: Int) -> Number { table[n] }

    private static let table: [Number] = {
        var result: [Number] = []
        var row: [Number] = []
        for m in 0...largestIndex {
            row.append(Number(numerator: 1, denominator: m + 1))
            var j = m
            while j >= 1 {
                row[j - 1] = Number(j) * (row[j - 1] - row[j])
                j -= 1
            }
            result.append(row[0])
        }
        // The algorithm gives B₁ = +1/2.
        result[1] = Number(numerator: -1, denominator: 2)
        return result
    }()
}
