import Glibc

/// Values that cannot be exact: roots of non-powers and non-integer powers. They are computed in
/// binary fixed point on GMP integers to a requested number of significant bits, which the
/// evaluator sets to the displayed digits plus guard digits.
///
/// GMP provides integer roots but no logarithm or exponential; those two are series evaluated
/// with GMP integer arithmetic below.
extension Number {
    /// The nearest value with at most `bits` significant bits; exact integers that already fit
    /// are returned unchanged.
    public func roundedToSignificantBits(_ bits: Int) -> Number {
        if isZero { return self }
        if case .small = storage { return self }
        let top = numerator
        let bottom = denominator
        let shift = bits - (top.bitWidth - bottom.bitWidth)
        // round(x * 2^shift) = floor((2x * 2^shift + 1) / 2)
        let doubled = top.shifted(by: max(shift + 1, 0)).flooredDivision(by: bottom.shifted(by: max(-(shift + 1), 0)))
            .quotient
        let mantissa = (doubled + BigInteger(1)).shifted(by: -1)
        if shift >= 0 {
            return Number(numerator: mantissa, denominator: BigInteger(1).shifted(by: shift), isExact: isExact)
        }
        return Number(mantissa.shifted(by: -shift), isExact: isExact)
    }

    /// The exact `n`th root when numerator and denominator are both perfect `n`th powers.
    /// `self` must be non-negative, or `n` odd.
    public func exactRoot(_ n: Int) -> Number? {
        guard isExact else { return nil }
        let negative = signum < 0
        let (top, topExact) = numerator.magnitude.root(UInt(n))
        guard topExact else { return nil }
        let (bottom, bottomExact) = denominator.root(UInt(n))
        guard bottomExact else { return nil }
        return Number(numerator: negative ? -top : top, denominator: bottom)
    }

    /// The most bits `approximateRoot` scales a value to before taking an integer root.
    static let largestRootScaleBits = 1 << 22

    /// The `n`th root to `bits` significant bits; `self` must be non-negative, or `n` odd.
    public func approximateRoot(_ n: Int, bits: Int) -> Number {
        if isZero { return self }
        let negative = signum < 0
        let top = numerator.magnitude
        let bottom = denominator
        let resultLog2 = (top.bitWidth - bottom.bitWidth) / n
        let fractionBits = bits - resultLog2 + 2
        if n * Swift.max(fractionBits, 0) > Number.largestRootScaleBits {
            // Scaling for an integer root would take n times the precision: root(2, 1048576)
            // at 10,000 digits needed a 4 GB integer. exp(ln(x) / n) costs the same for any n.
            let value = magnitude.approximatePower(Number(numerator: 1, denominator: n), bits: bits)
            return negative ? -value : value
        }
        let scaled = top.shifted(by: max(n * fractionBits, 0))
            .flooredDivision(by: bottom.shifted(by: max(-n * fractionBits, 0))).quotient
        let root = scaled.root(UInt(n)).root
        let value =
            fractionBits >= 0
            ? Number(numerator: root, denominator: BigInteger(1).shifted(by: fractionBits), isExact: false)
            : Number(root.shifted(by: -fractionBits), isExact: false)
        return (negative ? -value : value).roundedToSignificantBits(bits)
    }

    /// `self ^ exponent` for a positive base and any real exponent, to `bits` significant bits,
    /// as exp(exponent · ln self). Callers check the size of the result first.
    public func approximatePower(_ exponent: Number, bits: Int) -> Number {
        let magnitudeLog2 = Swift.abs(estimatedLog2OfPower(exponent))
        let guardBits = bitLength(Int(magnitudeLog2) + 1) + 16
        let precision = bits + guardBits + Swift.max(0, exponent.integerBitWidth)
        let logarithm = naturalLogarithm(precision: precision)
        let scaledExponent = exponent.fixedPoint(precision: precision)
        let product = (logarithm * scaledExponent).shifted(by: -precision)
        return exponential(fixed: product, precision: precision).roundedToSignificantBits(bits)
    }

    /// log2 of |self ^ exponent|, from machine floating point (for size checks).
    public func estimatedLog2OfPower(_ exponent: Number) -> Double {
        log10Magnitude * exponent.approximateDouble * 3.321928094887362
    }

    /// A machine floating-point approximation, for estimates only.
    public var approximateDouble: Double {
        switch storage {
        case .small(let value): return Double(value)
        case .smallFraction(let numerator, let denominator): return Double(numerator) / Double(denominator)
        default:
            if isZero { return 0 }
            let magnitude = Glibc.pow(10, log10Magnitude)
            return signum < 0 ? -magnitude : magnitude
        }
    }

    /// Bits of the integer part of |self|.
    var integerBitWidth: Int { numerator.bitWidth - denominator.bitWidth + 1 }

    /// floor(self · 2^precision).
    func fixedPoint(precision: Int) -> BigInteger {
        numerator.shifted(by: precision).flooredDivision(by: denominator).quotient
    }

    /// ln(self) · 2^precision, truncated; `self` must be positive.
    func naturalLogarithm(precision: Int) -> BigInteger {
        let top = numerator
        let bottom = denominator
        let power = top.bitWidth - bottom.bitWidth
        let working = precision + bitLength(Swift.abs(power) + 1) + 8
        // self = 2^power · reduced with reduced in [0.5, 2).
        let reduced = top.shifted(by: working - power).flooredDivision(by: bottom).quotient
        let logReduced = logarithmOfReduced(reduced, precision: working)
        let logTwo = logarithmOfReduced(BigInteger(2).shifted(by: working), precision: working)
        return (logTwo * BigInteger(power) + logReduced).shifted(by: precision - working)
    }
}

/// Bits needed to write the non-negative machine word `value`.
private func bitLength(_ value: Int) -> Int {
    Int.bitWidth - value.leadingZeroBitCount
}

/// ln(x) · 2^precision for x in [0.5, 2], given as `fixed` = x · 2^precision.
///
/// k square roots bring x close to 1, where the atanh series converges fast:
/// ln x = 2^(k+1) · atanh((y − 1)/(y + 1)) with y = x^(1/2^k). Balancing the roots (each a few
/// multiplications) against the series' terms makes 100,000 digits take seconds, not minutes.
private func logarithmOfReduced(_ fixed: BigInteger, precision: Int) -> BigInteger {
    let halvings = Int((Double(precision) / 6).squareRoot()) + 1
    // The final scaling by 2^(k+1) magnifies rounding errors: carry that many extra bits.
    let working = precision + halvings + 16
    let one = BigInteger(1).shifted(by: working)
    var value = fixed.shifted(by: working - precision)
    for _ in 0..<halvings {
        if Interruption.isRequested { break }
        value = value.shifted(by: working).root(2).root
    }
    let ratio = (value - one).shifted(by: working).flooredDivision(by: value + one).quotient
    let atanh = inverseHyperbolicTangent(ratio, precision: working)
    return atanh.shifted(by: halvings + 1).shifted(by: precision - working)
}

/// atanh(x) · 2^precision for |x| ≤ 1/3, where `fixed` = x · 2^precision.
private func inverseHyperbolicTangent(_ fixed: BigInteger, precision: Int) -> BigInteger {
    let square = (fixed * fixed).shifted(by: -precision)
    var term = fixed
    var sum = fixed
    var denominator = 3
    while true {
        term = (term * square).shiftedTowardZero(by: precision)
        // Thousands of digits make this loop long: Ctrl-C cuts it short, and the evaluator
        // discards the unfinished value.
        if term.signum == 0 || Interruption.isRequested { break }
        sum = sum + term.truncatedDivision(by: BigInteger(denominator)).quotient
        denominator += 2
    }
    return sum
}

/// e^(fixed / 2^precision) as an approximate number.
///
/// value = n·ln2 + r with |r| ≤ ln2/2, so e^value = 2^n · e^r; e^r is (e^(r/2^h))^(2^h), the
/// Taylor series on r/2^h needing few terms and the h squarings few multiplications.
private func exponential(fixed: BigInteger, precision: Int) -> Number {
    let halvings = Int((Double(precision) / 2).squareRoot()) + 1
    let working = precision + halvings + 16
    let value = fixed.shifted(by: working - precision)
    let logTwo = logarithmOfReduced(BigInteger(2).shifted(by: working), precision: working)
    let n = (value + logTwo.shifted(by: -1)).flooredDivision(by: logTwo).quotient
    let remainder = (value - n * logTwo).shiftedTowardZero(by: halvings)
    let one = BigInteger(1).shifted(by: working)
    var term = one
    var sum = one
    var index = 1
    while true {
        term = (term * remainder).shiftedTowardZero(by: working).truncatedDivision(by: BigInteger(index)).quotient
        if term.signum == 0 || Interruption.isRequested { break }
        sum = sum + term
        index += 1
    }
    for _ in 0..<halvings {
        if Interruption.isRequested { break }
        sum = (sum * sum).shifted(by: -working)
    }
    let exponent = (n.intValue ?? 0) - working
    if exponent >= 0 {
        return Number(sum.shifted(by: exponent), isExact: false)
    }
    return Number(numerator: sum, denominator: BigInteger(1).shifted(by: -exponent), isExact: false)
}
