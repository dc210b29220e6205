import CMPFI
import TallyDiagnostics

/// One of the numbers that exact real arithmetic multiplies by rationals: 1, a root of an
/// integer, π, e^q or ln q (q rational). A ``Combination`` is a sum of them with rational
/// coefficients, which is how Tally knows that `sqrt(8)/sqrt(2)` is 2, `sin(pi/6)` is 1/2 and
/// `log10(1000)` is 3.
///
/// Each is kept in a canonical form, so equal numbers compare equal: a root's radicand is an
/// integer with no perfect `degree`th power factor that trial division or a perfect-power test
/// finds; a logarithm's argument is greater than 1 and not a perfect power.
enum Irrational: Hashable, Sendable {
    /// The rational unit: a combination's rational part is its coefficient.
    case one
    /// ⁿ√radicand: radicand an integer ≥ 2, degree ≥ 2.
    case root(radicand: Number, degree: Int)
    case pi
    /// e^exponent, exponent rational and not zero (`e` itself is e^1).
    case exp(Number)
    /// ln argument, argument rational > 1.
    case log(Number)

    /// Every one of these is positive.
    var sign: Int { 1 }

    /// What evaluating the number costs, in products at the working precision (MPFR's π at a
    /// million digits takes some 60 products' time).
    var weight: Double {
        switch self {
        case .one: return 0
        case .root: return 5
        case .exp: return 50
        case .pi: return 60
        case .log: return 100
        }
    }

    /// The interval at `precision` bits.
    func interval(precision: Int) -> Interval {
        switch self {
        case .one:
            return Interval(Number(1), precision: precision)
        case .root(let radicand, let degree):
            return Interval(radicand, precision: precision + 8).root(degree, precision: precision)
        case .pi:
            return Interval.pi(precision: precision)
        case .exp(let exponent):
            return Interval(exponent, precision: precision + 8).exponential(precision: precision)
        case .log(let argument):
            return Irrational.logarithm(argument, precision: precision)
        }
    }

    /// ln q for a rational q > 1: ln 2 is MPFR's cached constant; the logarithm of a machine
    /// word is MPFR's `mpfr_log_ui` (binary splitting, faster than the general logarithm), of a
    /// fraction of two words the difference of two; anything else the general one.
    private static func logarithm(_ q: Number, precision: Int) -> Interval {
        guard let numerator = q.numerator.uintValue, let denominator = q.denominator.uintValue else {
            return Interval(q, precision: precision + 8).applying(RealFunction.log.pointRule!, precision: precision)
        }
        func word(_ n: UInt, _ bits: Int) -> Interval {
            n == 2
                ? Interval.value(TALLY_VALUE_LOG2, precision: bits)
                : Interval.value(TALLY_VALUE_LOG_UI, word: n, precision: bits)
        }
        if denominator == 1 { return word(numerator, precision) }
        // ln q ≈ (n − d)/d for q near 1: the difference cancels about log₂(d/(n − d)) bits.
        let cancelled = Swift.max(0, (numerator - denominator).leadingZeroBitCount - denominator.leadingZeroBitCount)
        let working = precision + 8 + cancelled
        return word(numerator, working).combine(word(denominator, working), precision: precision, mpfi_sub)
    }

    // MARK: Products

    /// The radicands and degrees beyond which roots are not combined exactly (their products
    /// and powers would grow without bound); such values are still computed, as expressions.
    static let largestRadicandDigits = 2_000
    static let largestDegree = 1 << 20

    /// `lhs × rhs` as a rational times one of these, when it is one.
    static func multiply(_ lhs: Irrational, _ rhs: Irrational) -> (Number, Irrational)? {
        switch (lhs, rhs) {
        case (.one, let other), (let other, .one):
            return (Number(1), other)
        case (.root(let a, let n), .root(let b, let m)):
            let degree = leastCommonMultiple(n, m)
            guard degree <= largestDegree,
                Double(a.decimalSize) * Double(degree / n) + Double(b.decimalSize) * Double(degree / m)
                    <= Double(largestRadicandDigits)
            else { return nil }
            return root(of: a.raised(to: degree / n) * b.raised(to: degree / m), degree: degree)
        case (.exp(let a), .exp(let b)):
            let sum = a + b
            return (Number(1), sum.isZero ? .one : .exp(sum))
        default:
            return nil
        }
    }

    /// `1 / self` as a rational times one of these, when it is one.
    var reciprocal: (Number, Irrational)? {
        switch self {
        case .one:
            return (Number(1), .one)
        case .root(let radicand, let degree):
            // 1/ⁿ√a = ⁿ√(a^(n-1)) / a
            guard Double(radicand.decimalSize) * Double(degree - 1) <= Double(Irrational.largestRadicandDigits),
                let (coefficient, basis) = Irrational.root(of: radicand.raised(to: degree - 1), degree: degree)
            else { return nil }
            return (coefficient / radicand, basis)
        case .exp(let exponent):
            return (Number(1), .exp(-exponent))
        case .pi, .log:
            return nil
        }
    }

    /// `self ^ k` for an integer k, as a rational times one of these, when it is one.
    func power(_ k: Int) -> (Number, Irrational)? {
        if k == 0 { return (Number(1), .one) }
        switch self {
        case .one:
            return (Number(1), .one)
        case .root(let radicand, let degree):
            guard Double(radicand.decimalSize) * Double(k.magnitude) <= Double(Irrational.largestRadicandDigits),
                let (coefficient, basis) = Irrational.root(of: radicand.raised(to: Int(k.magnitude)), degree: degree)
            else { return nil }
            if k > 0 { return (coefficient, basis) }
            guard let (inverseCoefficient, inverse) = basis.reciprocal else { return nil }
            return (inverseCoefficient / coefficient, inverse)
        case .exp(let exponent):
            let product = exponent * Number(k)
            return (Number(1), product.isZero ? .one : .exp(product))
        case .pi, .log:
            return nil
        }
    }

    // MARK: Canonical forms

    /// ⁿ√value for a positive rational `value`, as a rational coefficient times a canonical root
    /// (or `.one` when the root is rational).
    static func root(of value: Number, degree: Int) -> (Number, Irrational)? {
        precondition(value.signum > 0 && degree >= 1)
        if degree == 1 { return (value, .one) }
        // ⁿ√(p/q) = ⁿ√(p·q^(n-1)) / q: an integer radicand.
        let denominator = Number(value.denominator)
        var coefficient = denominator.reciprocal
        guard Double(value.decimalSize) * Double(degree) <= Double(largestRadicandDigits) * 2 else { return nil }
        var radicand = value.isInteger ? value : Number(value.numerator) * denominator.raised(to: degree - 1)
        var degree = degree
        // Perfect powers: ⁿ√(b^k) = ⁿᐟᵏ√b when k divides n.
        var changed = true
        while changed && degree > 1 {
            changed = false
            if let exact = radicand.exactRoot(degree) {
                return (coefficient * exact, .one)
            }
            for divisor in smallPrimeDivisors(of: degree) {
                if let base = radicand.exactRoot(divisor) {
                    radicand = base
                    degree /= divisor
                    changed = true
                    break
                }
            }
        }
        if degree == 1 { return (coefficient * radicand, .one) }
        // Small prime factors whose power the root can take out.
        if let small = radicand.intValue {
            var remaining = small
            var outside = 1
            for prime in smallPrimes {
                guard let power = machineWordPower(prime, UInt(degree)) else { break }
                if power > remaining { break }
                while remaining % power == 0 {
                    remaining /= power
                    outside *= prime
                }
            }
            radicand = Number(remaining)
            coefficient = coefficient * Number(outside)
        } else if let big = radicand.bigIntegerValue {
            var remaining = big
            var outside = BigInteger(1)
            for prime in smallPrimes.prefix(168) {
                let power = BigInteger.power(UInt(prime), UInt(degree))
                if power.bitWidth > remaining.bitWidth { break }
                while true {
                    let (quotient, rest) = remaining.flooredDivision(by: power)
                    guard rest.signum == 0 else { break }
                    remaining = quotient
                    outside = outside * BigInteger(prime)
                }
            }
            radicand = Number(remaining)
            coefficient = coefficient * Number(outside)
        }
        if let exact = radicand.exactRoot(degree) {
            return (coefficient * exact, .one)
        }
        return (coefficient, .root(radicand: radicand, degree: degree))
    }

    /// ln value for a positive rational `value` ≠ 1, as a rational coefficient times a canonical
    /// logarithm: ln(1/q) = −ln q, and ln(c^k) = k·ln c.
    static func logarithm(of value: Number) -> (Number, Irrational) {
        precondition(value.signum > 0)
        if Number.compare(value, Number(1)) < 0 {
            let (coefficient, basis) = logarithm(of: value.reciprocal)
            return (-coefficient, basis)
        }
        let numeratorPower = perfectPowerExponent(value.numerator)
        let denominatorPower = value.isInteger ? numeratorPower : perfectPowerExponent(value.denominator)
        let k = greatestCommonDivisor(UInt(numeratorPower), UInt(denominatorPower))
        if k > 1, let base = value.exactRoot(Int(k)) {
            return (Number(Int(k)), .log(base))
        }
        return (Number(1), .log(value))
    }

    /// The largest k such that `value` = b^k for an integer b (1 when there is none, or when the
    /// value is too long to test).
    private static func perfectPowerExponent(_ value: BigInteger) -> Int {
        let bits = value.bitWidth
        guard bits > 1, bits <= 4096 else { return 1 }
        var k = bits
        while k >= 2 {
            if value.root(UInt(k)).isExact { return k }
            k -= 1
        }
        return 1
    }
}

/// The primes below 1,000, for taking small factors out of roots.
let smallPrimes: [Int] = {
    var primes: [Int] = []
    var candidate = 2
    while candidate < 1_000 {
        if primes.allSatisfy({ candidate % $0 != 0 }) { primes.append(candidate) }
        candidate += 1
    }
    return primes
}()

/// The distinct prime divisors of a positive machine word.
func smallPrimeDivisors(of value: Int) -> [Int] {
    var divisors: [Int] = []
    var remaining = value
    var candidate = 2
    while candidate * candidate <= remaining {
        if remaining % candidate == 0 {
            divisors.append(candidate)
            while remaining % candidate == 0 { remaining /= candidate }
        }
        candidate += 1
    }
    if remaining > 1 { divisors.append(remaining) }
    return divisors
}

/// The least common multiple of two positive machine words (saturating).
func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = (a / Int(greatestCommonDivisor(UInt(a), UInt(b)))).multipliedReportingOverflow(by: b)
    return overflow ? Int.max : product
}
