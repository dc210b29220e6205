import TallyDiagnostics

/// Exact arithmetic. Each operation first tries machine words and falls back to GMP on overflow.
/// Callers check for zero divisors and size limits before calling.
extension Number {
    public static func + (lhs: Number, rhs: Number) -> Number {
        switch (lhs.storage, rhs.storage) {
        case (.small(let a), .small(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            if !overflow { return Number(storage: .small(sum)) }
        case (.small, .smallFraction), (.smallFraction, .small), (.smallFraction, .smallFraction):
            if let sum = smallFractionSum(lhs.smallParts, rhs.smallParts) {
                return sum
            }
        default:
            break
        }
        if let a = lhs.bigIntegerValue, let b = rhs.bigIntegerValue {
            return Number(a + b)
        }
        return Number(lhs.rational + rhs.rational)
    }

    public static prefix func - (operand: Number) -> Number {
        switch operand.storage {
        case .small(let value) where value != .min:
            return Number(storage: .small(-value))
        case .smallFraction(let numerator, let denominator) where numerator != .min:
            return Number(storage: .smallFraction(-numerator, denominator))
        case .bigFraction(let value):
            return Number(-value)
        case .smallFraction(let numerator, let denominator):
            // The numerator is Int.min: its negation needs GMP, and the denominator stays.
            return Number(
                numerator: -BigInteger(numerator), denominator: BigInteger(denominator))
        case .small, .bigInteger:
            return Number(-operand.numerator)
        }
    }

    public static func - (lhs: Number, rhs: Number) -> Number {
        if case (.small(let a), .small(let b)) = (lhs.storage, rhs.storage) {
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            if !overflow {
                return Number(storage: .small(difference))
            }
        }
        return lhs + (-rhs)
    }

    public static func * (lhs: Number, rhs: Number) -> Number {
        switch (lhs.storage, rhs.storage) {
        case (.small(let a), .small(let b)):
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            if !overflow { return Number(storage: .small(product)) }
        case (.small, .smallFraction), (.smallFraction, .small), (.smallFraction, .smallFraction):
            if let product = smallFractionProduct(lhs.smallParts, rhs.smallParts) {
                return product
            }
        default:
            break
        }
        if let a = lhs.bigIntegerValue, let b = rhs.bigIntegerValue {
            return Number(a * b)
        }
        return Number(lhs.rational * rhs.rational)
    }

    /// The exact quotient; `rhs` must not be zero.
    public static func / (lhs: Number, rhs: Number) -> Number {
        lhs * rhs.reciprocal
    }

    /// 1 / self; `self` must not be zero.
    public var reciprocal: Number {
        switch storage {
        case .small(let value) where value != .min && value != 0:
            if value == 1 || value == -1 { return self }
            return Number(storage: .smallFraction(value.signum(), Int(value.magnitude)))
        case .smallFraction(let numerator, let denominator) where numerator != .min:
            let sign = numerator.signum()
            let magnitude = Int(numerator.magnitude)
            if magnitude == 1 { return Number(storage: .small(sign * denominator)) }
            return Number(storage: .smallFraction(sign * denominator, magnitude))
        default:
            return Number(
                numerator: denominator * BigInteger(signum), denominator: numerator.magnitude)
        }
    }

    /// The quotient rounded toward negative infinity; `rhs` must not be zero.
    public func flooredQuotient(dividingBy rhs: Number) -> Number {
        if case (.small(let a), .small(let b)) = (storage, rhs.storage), !(a == .min && b == -1) {
            var quotient = a / b
            if (a % b != 0) && ((a < 0) != (b < 0)) { quotient -= 1 }
            return Number(storage: .small(quotient))
        }
        // floor((a/b) / (c/d)) = floor(a*d / (b*c)), in machine words when they hold it.
        if let (a, b) = smallPartsIfAny, let (c, d) = rhs.smallPartsIfAny {
            let (top, o1) = a.multipliedReportingOverflow(by: d)
            let (bottom, o2) = b.multipliedReportingOverflow(by: c)
            if !o1 && !o2 && !(top == .min && bottom == -1) {
                var quotient = top / bottom
                if (top % bottom != 0) && ((top < 0) != (bottom < 0)) { quotient -= 1 }
                return Number(storage: .small(quotient))
            }
        }
        let top = numerator * rhs.denominator
        let bottom = denominator * rhs.numerator
        return Number(top.flooredDivision(by: bottom).quotient)
    }

    /// The remainder of floored division: it takes the sign of `rhs`; `rhs` must not be zero.
    public func flooredRemainder(dividingBy rhs: Number) -> Number {
        if case (.small(let a), .small(let b)) = (storage, rhs.storage), b != -1 {
            var remainder = a % b
            if remainder != 0 && ((remainder < 0) != (b < 0)) { remainder += b }
            return Number(storage: .small(remainder))
        }
        return self - rhs * flooredQuotient(dividingBy: rhs)
    }

    /// The exact value raised to an integer power (negative allowed when `self` is not zero).
    /// Callers check the size of the result first.
    public func raised(to exponent: Int) -> Number {
        // The magnitude, not the negation: -Int.min does not fit in an Int.
        let result = raised(toMagnitude: exponent.magnitude)
        return exponent < 0 ? result.reciprocal : result
    }

    private func raised(toMagnitude power: UInt) -> Number {
        switch storage {
        case .small(let base):
            if let result = machineWordPower(base, power) {
                return Number(storage: .small(result))
            }
            return Number(BigInteger(base).power(power))
        case .bigInteger(let base):
            return Number(base.power(power))
        case .smallFraction(let numerator, let denominator):
            // Powers of coprime numbers stay coprime: the result is already in lowest terms.
            if let top = machineWordPower(numerator, power), let bottom = machineWordPower(denominator, power) {
                return Number(storage: bottom == 1 ? .small(top) : .smallFraction(top, bottom))
            }
            return Number(
                numerator: self.numerator.power(power), denominator: self.denominator.power(power))
        case .bigFraction:
            return Number(numerator: numerator.power(power), denominator: denominator.power(power))
        }
    }

    /// Three-way comparison of the values.
    public static func compare(_ lhs: Number, _ rhs: Number) -> Int {
        switch (lhs.storage, rhs.storage) {
        case (.small(let a), .small(let b)):
            return a < b ? -1 : (a > b ? 1 : 0)
        default:
            if let a = lhs.bigIntegerValue, let b = rhs.bigIntegerValue {
                return BigInteger.compare(a, b)
            }
            return BigRational.compare(lhs.rational, rhs.rational)
        }
    }

    /// The absolute value.
    public var magnitude: Number { signum < 0 ? -self : self }

    /// Numerator and denominator of a machine-word value.
    fileprivate var smallParts: (Int, Int) {
        guard let parts = smallPartsIfAny else { preconditionFailure("smallParts of a big number") }
        return parts
    }

    /// Numerator and denominator when the value lives in machine words; nil for big values.
    fileprivate var smallPartsIfAny: (Int, Int)? {
        switch storage {
        case .small(let value): return (value, 1)
        case .smallFraction(let numerator, let denominator): return (numerator, denominator)
        case .bigInteger, .bigFraction: return nil
        }
    }
}

/// base^power by square-and-multiply in machine words, or nil when anything overflows.
func machineWordPower(_ base: Int, _ power: UInt) -> Int? {
    var result = 1
    var overflow = false
    var remaining = power
    var factor = base
    while remaining > 0 && !overflow {
        if remaining & 1 == 1 {
            (result, overflow) = result.multipliedReportingOverflow(by: factor)
        }
        remaining >>= 1
        if remaining > 0 && !overflow {
            (factor, overflow) = factor.multipliedReportingOverflow(by: factor)
        }
    }
    return overflow ? nil : result
}

/// a/b + c/d in machine words, or nil on overflow.
private func smallFractionSum(_ lhs: (Int, Int), _ rhs: (Int, Int)) -> Number? {
    let (a, b) = lhs
    let (c, d) = rhs
    let (ad, o1) = a.multipliedReportingOverflow(by: d)
    let (cb, o2) = c.multipliedReportingOverflow(by: b)
    let (top, o3) = ad.addingReportingOverflow(cb)
    let (bottom, o4) = b.multipliedReportingOverflow(by: d)
    if o1 || o2 || o3 || o4 { return nil }
    return Number.smallFraction(top, bottom)
}

/// (a/b) * (c/d) in machine words, or nil on overflow. Cross-reduces first to stay small.
private func smallFractionProduct(_ lhs: (Int, Int), _ rhs: (Int, Int)) -> Number? {
    var (a, b) = lhs
    var (c, d) = rhs
    if a == .min || c == .min { return nil }
    let g1 = Int(greatestCommonDivisor(a.magnitude, d.magnitude))
    if g1 > 1 { a /= g1; d /= g1 }
    let g2 = Int(greatestCommonDivisor(c.magnitude, b.magnitude))
    if g2 > 1 { c /= g2; b /= g2 }
    let (top, o1) = a.multipliedReportingOverflow(by: c)
    let (bottom, o2) = b.multipliedReportingOverflow(by: d)
    if o1 || o2 { return nil }
    // Both operands are in lowest terms with positive denominators, and the cross factors are
    // gone: so is the product, with no further division.
    if top == 0 { return Number(storage: .small(0)) }
    return Number(storage: bottom == 1 ? .small(top) : .smallFraction(top, bottom))
}

extension Number: Hashable {
    public static func == (lhs: Number, rhs: Number) -> Bool { compare(lhs, rhs) == 0 }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .small(let value):
            hasher.combine(value)
            hasher.combine(1)
        case .smallFraction(let numerator, let denominator):
            hasher.combine(numerator)
            hasher.combine(denominator)
        case .bigInteger, .bigFraction:
            // Values are normalised (machine words whenever they fit), so equal values have
            // equal storage kinds and equal digits.
            hasher.combine(numerator.description())
            hasher.combine(denominator.description())
        }
    }
}
