import TallyDiagnostics

/// Arithmetic on reals: exact while both sides are ``Combination``s and the result stays one,
/// an expression otherwise. Callers have checked the domain (a divisor that is not zero, a
/// positive base).
extension Real {
    static func + (lhs: Real, rhs: Real) -> Real {
        if let x = lhs.combination, let y = rhs.combination { return Real(x + y) }
        return Real(.add, [lhs, rhs])
    }

    static prefix func - (operand: Real) -> Real {
        if let x = operand.combination { return Real(-x) }
        if case .apply(.negate, let arguments) = operand.form { return arguments[0] }
        return Real(.negate, [operand])
    }

    static func - (lhs: Real, rhs: Real) -> Real {
        lhs + (-rhs)
    }

    static func * (lhs: Real, rhs: Real) -> Real {
        if let x = lhs.combination, let y = rhs.combination, let product = x * y { return Real(product) }
        if let factor = lhs.rational, factor.isZero { return Real(Number(0)) }
        if let factor = rhs.rational, factor.isZero { return Real(Number(0)) }
        return Real(.multiply, [lhs, rhs])
    }

    static func / (lhs: Real, rhs: Real) -> Real {
        if let x = lhs.combination, let y = rhs.combination, let quotient = x / y { return Real(quotient) }
        if let numerator = lhs.rational, numerator.isZero { return Real(Number(0)) }
        return Real(.divide, [lhs, rhs])
    }

    /// `self ^ exponent` for an exact integer exponent; `self` is not zero when the exponent is
    /// negative. Exact while the power of a combination stays small; otherwise an interval power
    /// (squaring the interval, never the exact value: `sqrt(2)^730950488` must not square its
    /// way to a number of a hundred million digits).
    func raised(to exponent: Int) -> Real {
        if let x = combination, let power = x.power(exponent) { return Real(power) }
        if exponent == 1 { return self }
        // (ᵏ√x)^(mk) = x^m, and (c·y)^n = cⁿ·yⁿ for a rational c: `gamma(1/2)^2` is π.
        if case .apply(.root(let k), let arguments) = form, exponent % k == 0 {
            return arguments[0].raised(to: exponent / k)
        }
        if case .apply(.multiply, let arguments) = form, let c = arguments[0].combination, c.rational != nil,
            let power = c.power(exponent), case .apply(.root, _) = arguments[1].form
        {
            return Real(power) * arguments[1].raised(to: exponent)
        }
        return Real(.integerPower(exponent), [self])
    }

    /// `self ^ exponent` for a positive `self` and any real exponent.
    func raisedPositive(to exponent: Real) -> Real {
        if let y = exponent.rational {
            if y.isInteger, let k = y.intValue { return raised(to: k) }
            if let p = y.numerator.intValue, let q = y.denominator.intValue, q <= Irrational.largestDegree,
                let exact = exactPower(numerator: p, denominator: q)
            {
                return exact
            }
        }
        // e^y
        if let x = combination, let (coefficient, basis) = x.single, coefficient == Number(1), case .exp(let a) = basis
        {
            return Real.exp(Real(Combination(a, .one)) * exponent)
        }
        return Real(.power, [self, exponent])
    }

    /// `self ^ (p/q)` when it stays exact: a rational's root, or a root's or exponential's power.
    private func exactPower(numerator p: Int, denominator q: Int) -> Real? {
        guard let x = combination, let (coefficient, basis) = x.single, coefficient.signum > 0 else { return nil }
        // (c · u)^(p/q) = c^(p/q) · u^(p/q), each exact when it can be.
        let raisedBasis: (Number, Irrational)?
        switch basis {
        case .one: raisedBasis = (Number(1), .one)
        case .root(let a, let n):
            guard Double(a.decimalSize) * Double(p.magnitude) <= Double(Irrational.largestRadicandDigits),
                n <= Irrational.largestDegree / q
            else { return nil }
            raisedBasis = Irrational.root(of: a.raised(to: p), degree: n * q)
        case .exp(let a):
            raisedBasis = (
                Number(1),
                a * Number(numerator: p, denominator: q) == Number(0)
                    ? .one : .exp(a * Number(numerator: p, denominator: q))
            )
        case .pi, .log: raisedBasis = nil
        }
        guard let (basisFactor, raised) = raisedBasis,
            Double(coefficient.decimalSize) * Double(p.magnitude) <= Double(Irrational.largestRadicandDigits),
            let (coefficientFactor, coefficientRoot) = Irrational.root(of: coefficient.raised(to: p), degree: q),
            let (productFactor, product) = Irrational.multiply(coefficientRoot, raised)
        else { return nil }
        return Real(Combination(basisFactor * coefficientFactor * productFactor, product))
    }
}
